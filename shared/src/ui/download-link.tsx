/**
 * A file of the API offered as a link. Downloads need the access token, which lives in memory and goes in a
 * header (never in an address): a plain `<a href>` would be refused. The file is fetched through the one
 * http client and handed to the browser to save; a refusal (gone, no longer the user's) is said in a toast.
 */
import { useState } from 'react';
import { App, Button } from 'antd';
import { api } from '@meridian/shared/http/api';
import { errorText } from '../http/api-errors';
import { saveFile } from '../http/save-file';

export function DownloadLink({ path, fileName }: { path: string; fileName: string }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await api.download(path), fileName);
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" size="small" loading={busy} onClick={() => void download()} style={{ padding: 0 }}>
      {fileName}
    </Button>
  );
}
