/**
 * A guarded file (a photo, a thumbnail) as a blob address the browser can show: an <img src> to the API
 * would go without the caller's token, and the API guards each file as it guards its owner. The download
 * is dropped and the address revoked when the caller goes or asks for another file.
 */
import { useEffect, useState } from 'react';
import { api } from '@meridian/shared/http/api';

export function useFileUrl(path: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    const controller = new AbortController();
    api.download(path, { signal: controller.signal }).then(
      (blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => setUrl(null),
    );
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return url;
}
