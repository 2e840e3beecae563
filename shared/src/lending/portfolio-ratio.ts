/**
 * Ratios of money (PAR30, the on-time rate) as exact decimal text: a percentage with two decimals, i.e. whole
 * basis points, rounded half to even as the schedules round money. Computed on bigint, never on floats, so a
 * report's figure is the same on every machine and a screen shows it as written.
 */
export const RATIO_PLACES = 2;

/** `part / whole` as a percentage with RATIO_PLACES decimals ("12.35"), or null when `whole` is zero. */
export function percentText(part: bigint, whole: bigint): string | null {
  if (whole === 0n) return null;
  if (whole < 0n) return percentText(-part, -whole);
  const scaled = part * 100n * 10n ** BigInt(RATIO_PLACES);
  const negative = scaled < 0n;
  const magnitude = negative ? -scaled : scaled;
  let units = magnitude / whole;
  const twiceRest = (magnitude % whole) * 2n;
  if (twiceRest > whole || (twiceRest === whole && units % 2n === 1n)) units += 1n;
  const digits = units.toString().padStart(RATIO_PLACES + 1, '0');
  const text = `${digits.slice(0, -RATIO_PLACES)}.${digits.slice(-RATIO_PLACES)}`;
  return negative && units !== 0n ? `-${text}` : text;
}
