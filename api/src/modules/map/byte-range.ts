/**
 * The one HTTP Range form a map archive reader sends (RFC 9110 14.1.2): a single byte range, closed
 * (bytes=0-16383), open (bytes=512-) or a suffix (bytes=-1024). Several ranges in one request are
 * answered with the whole file, which the RFC allows and no PMTiles reader asks for.
 */
export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/** The inclusive byte range to send, 'unsatisfiable' for a range outside the file, null for the whole file. */
export function byteRangeOf(header: string | undefined, size: number): ByteRange {
  const match = header ? SINGLE_RANGE.exec(header.trim()) : null;
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  return end < start ? null : { start, end };
}
