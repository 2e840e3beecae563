/** How the sales screens write names, days, moments and money. */
import { MONEY } from '@meridian/shared/constants';

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

/** Money with 2 decimals and the default currency prefix R (spec section 9); none is a dash. */
export function formatMoney(amount: number | null | undefined, prefix: string = MONEY.defaultCurrencyPrefix): string {
  if (amount === null || amount === undefined) return '—';
  return `${prefix}${amount.toLocaleString('en-ZA', { minimumFractionDigits: MONEY.decimals, maximumFractionDigits: MONEY.decimals })}`;
}
