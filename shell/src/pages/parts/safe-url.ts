/**
 * Document addresses taken from the query string (?url=) are shown only when they belong to this
 * application: a relative path or an absolute address of the same origin. Anything else could frame a
 * foreign page as if it were ours, or run script (javascript:, data:).
 */
export function sameOriginUrl(raw: string | null | undefined, origin: string = window.location.origin): string | null {
  const text = raw?.trim();
  if (!text) return null;
  // Browsers strip control characters before parsing, which could turn a harmless-looking value into another address.
  if (/[\u0000-\u001f\u007f]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** http(s) only: an address the server hands us to leave for (single sign-on) must not be a script. */
export function isWebAddress(raw: unknown): raw is string {
  if (typeof raw !== 'string') return false;
  try {
    const { protocol } = new URL(raw);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|bmp|svg|avif)$/i;
export const looksLikeImage = (path: string) => IMAGE_EXTENSIONS.test(path.split(/[?#]/)[0] ?? '');
export const looksLikePdf = (path: string) => /\.pdf$/i.test(path.split(/[?#]/)[0] ?? '');
