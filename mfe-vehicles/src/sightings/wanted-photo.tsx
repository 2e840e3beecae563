/** A wanted vehicle's photo, fetched with the caller's token (the API serves it only while the vehicle is on their list). */
import { useFileUrl } from '@meridian/shared/ui/use-file-url';

export function WantedPhoto({ path, alt }: { path: string; alt: string }) {
  const url = useFileUrl(path);
  return url ? <img src={url} alt={alt} style={{ width: '100%', maxHeight: 200, objectFit: 'cover' }} /> : null;
}
