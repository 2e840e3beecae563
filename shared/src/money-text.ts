/**
 * Money as integer minor units (cents) with its ISO 4217 currency, typed and shown without a float: the
 * text a user types ("219 900,50" or "219900.50") becomes 21990050 by its digits alone, and minor units
 * are written from their decimal text ("219900.50") in the currency's own locale. The one place every
 * screen parses and writes such amounts (vehicles, rewards, bids, the public listing). Two decimals, as
 * every currency the product holds (MONEY.decimals). No React here: the contract uses it too.
 */
import { MONEY } from './constants';
import { currencyLocaleOf } from './format';

const DECIMALS = MONEY.decimals;
const EMPTY = '—';

/** An amount as the API answers it: whole minor units with their currency. */
export interface MinorAmount {
  amountMinor: number;
  currency: string;
}

/** Integer minor units as a decimal text with its decimals: 21990050 → "219900.50", -5 → "-0.05". */
export function minorToDecimalText(minor: number): string {
  if (!Number.isSafeInteger(minor)) return '';
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(DECIMALS + 1, '0');
  const whole = digits.slice(0, digits.length - DECIMALS);
  return `${negative ? '-' : ''}${whole}.${digits.slice(digits.length - DECIMALS)}`;
}

const AMOUNT = new RegExp(`^(\\d+)(?:\\.(\\d{1,${DECIMALS}}))?$`);

/**
 * A typed amount in major units as minor units. Spaces group digits. With both '.' and ',' the last one
 * is the decimal mark and the other groups ("1,234,567.89", "1.234,50"); one kind used once is the
 * decimal mark ("219900,50"); one kind used several times groups ("1,000,000"). Null for text that is no
 * amount or has more decimals than the currency: "1,000" and "1.005" are refused, not guessed at.
 */
export function minorFromText(text: string): number | null {
  const compact = text.replace(/[\s\u00a0']/g, '');
  const mark = Math.max(compact.lastIndexOf('.'), compact.lastIndexOf(','));
  const separators = compact.match(/[.,]/g) ?? [];
  const groupsOnly = new Set(separators).size === 1 && separators.length > 1;
  const normal =
    mark < 0 || groupsOnly ? compact.replace(/[.,]/g, '') : `${compact.slice(0, mark).replace(/[.,]/g, '')}.${compact.slice(mark + 1)}`;
  const match = AMOUNT.exec(normal);
  if (!match) return null;
  const minor = Number(`${match[1]}${(match[2] ?? '').padEnd(DECIMALS, '0')}`);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Intl formats a decimal text digit for digit (ES2023); the ES2022 typings only name numbers. */
type ExactNumberFormat = Intl.NumberFormat & { format(value: number | string): string };

const formatters = new Map<string, ExactNumberFormat>();
function currencyFormatter(currency: string): ExactNumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat(currencyLocaleOf(currency), {
      style: 'currency',
      currency,
      minimumFractionDigits: DECIMALS,
      maximumFractionDigits: DECIMALS,
    }) as ExactNumberFormat;
    formatters.set(currency, formatter);
  }
  return formatter;
}

/**
 * An amount of integer minor units in its own currency, written as the currency's locale writes it
 * ("R 219 900,00", "$1.23"); an amount that is no safe integer, or a currency Intl does not know, is a dash.
 */
export function formatMinor(minor: number, currency: string): string {
  const text = minorToDecimalText(minor);
  if (!text) return EMPTY;
  try {
    // A decimal text is formatted digit for digit: no float in between.
    return currencyFormatter(currency).format(text);
  } catch {
    return EMPTY;
  }
}

/** Several sums (one a currency, e.g. rewards earned) on one line, or `none` when there are none. */
export const formatMinorList = (sums: readonly MinorAmount[], none: string) =>
  sums.length ? sums.map((sum) => formatMinor(sum.amountMinor, sum.currency)).join(', ') : none;
