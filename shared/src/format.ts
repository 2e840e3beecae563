/** How every screen writes names, days, times and money, in the browser's language. */
import { MONEY } from './constants';

export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** A day, e.g. "3 Mar 2025", in the browser's language; an empty value is a dash. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** A moment, e.g. "3 Mar 2025, 14:05", in the browser's language. */
export function formatMoment(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? '—'
    : date.toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** A time of day, e.g. "14:05"; an empty value is an empty text, for lines that leave it out. */
export function formatTimeOfDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** Money with 2 decimals and the default currency prefix R (spec section 9); none is a dash. */
export function formatMoney(amount: number | null | undefined, prefix: string = MONEY.defaultCurrencyPrefix): string {
  if (amount === null || amount === undefined) return '—';
  return `${prefix}${amount.toLocaleString('en-ZA', { minimumFractionDigits: MONEY.decimals, maximumFractionDigits: MONEY.decimals })}`;
}
