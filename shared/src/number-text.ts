/**
 * What a number field makes of the text typed into it. The text is never rewritten: a number is read
 * from it when it is one, and otherwise the text itself is kept, so the user sees what they typed and a
 * message saying why it is not accepted (a field that dropped or clamped characters would change the
 * value behind the user's back).
 */

/** Plain decimal notation, optionally signed: "12", "-500", "0.25", ".5", "3.". No grouping, no exponent. */
const DECIMAL_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

export const NOT_A_NUMBER_MESSAGE = 'Enter a number.';

/** The form value of a number field's text: null when blank, the number it writes, or the text itself when it is not a number. */
export const numberFromText = (text: string): number | string | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return DECIMAL_NUMBER.test(trimmed) ? Number(trimmed) : text;
};

/** The text a number field shows for a form value it did not type itself (a loaded record, a map click). */
export const textOfNumber = (value: unknown): string => {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return typeof value === 'string' ? value : '';
};

/** A form value that holds text which is not a number: the field shows NOT_A_NUMBER_MESSAGE for it. */
export const isUnreadNumberText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** The value one step up or down from `value`, rounded to the step's decimals so 0.1 + 0.2 stays 0.3. */
export const steppedNumber = (value: number, step: number, direction: 1 | -1) => {
  const decimals = (String(step).split('.')[1] ?? '').length;
  return Number((value + direction * step).toFixed(decimals));
};
