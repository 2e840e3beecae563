/**
 * Interest rates as exact fractions, and rounding of exact fractions to whole minor units.
 *
 * A rate is typed as a decimal percentage ("24.5" a year); it becomes a fraction of bigints so that
 * instalments are computed without floating point and rounded once, to the currency's minor unit.
 */

/** numerator / denominator, denominator > 0. */
export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

export const RATE_DECIMAL_PLACES = 4;
const RATE_PATTERN = /^\d{1,3}(\.\d{1,4})?$/;

export const isRateText = (text: string) => RATE_PATTERN.test(text);

/** "24.5" (percent) → 245000 / 1000000 (a fraction of one); refuses anything that is not a plain decimal. */
export function percentToFraction(percent: string): Fraction {
  if (!isRateText(percent)) throw new RangeError(`A rate is a percentage with at most ${RATE_DECIMAL_PLACES} decimal places.`);
  const [whole, decimals = ''] = percent.split('.');
  const scaled = BigInt(whole + decimals.padEnd(RATE_DECIMAL_PLACES, '0'));
  return { numerator: scaled, denominator: 100n * 10n ** BigInt(RATE_DECIMAL_PLACES) };
}

export const divideFraction = (f: Fraction, by: bigint): Fraction => ({ numerator: f.numerator, denominator: f.denominator * by });

/**
 * Rounds numerator / denominator to a whole number, half to even (banker's rounding, Fineract's default
 * HALF_EVEN): over many instalments the halves fall up as often as down, so no side gains a cent.
 */
export function roundHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('The denominator must be positive.');
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const quotient = n / denominator;
  const twiceRemainder = (n % denominator) * 2n;
  let rounded = quotient;
  if (twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n)) rounded += 1n;
  return negative ? -rounded : rounded;
}

/** amount × rate, rounded half to even. */
export const applyRate = (amount: bigint, rate: Fraction) => roundHalfEven(amount * rate.numerator, rate.denominator);
