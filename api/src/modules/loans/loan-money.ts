/**
 * Money between the database and JSON. bigint columns are read as text (the drivers would make them
 * floats) and become bigint for arithmetic; an answer carries them as JSON integers, once known to be
 * exact (the contract caps every amount far below 2^53), as bluebook values are answered.
 */
export function exactMinor(value: string | bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`amount ${String(value)} is past exact integers`);
  return n;
}

/** A rate as stored (numeric(7,4), read as text: "24.5000") in its shortest form ("24.5"). */
export const rateText = (stored: string) => (stored.includes('.') ? stored.replace(/0+$/, '').replace(/\.$/, '') : stored);
