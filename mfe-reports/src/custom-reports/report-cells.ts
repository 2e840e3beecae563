/**
 * A report cell as the user reads it: days and instants in the tenant's format and zone, money from minor
 * units (with the row's currency when the report shows one), the rest as it is.
 */
import type { OutputColumn, ReportCell } from '@meridian/shared/contract/report-catalogue';
import { formatMinor, minorToDecimalText } from '@meridian/shared/money-text';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';

export function cellText(cell: ReportCell, column: OutputColumn, currency: string | null, format: TenantFormatters, none: string): string {
  if (cell === null || cell === '') return none;
  if (column.kind === 'date') return format.day(String(cell));
  if (column.kind === 'instant') return format.moment(String(cell));
  if (column.kind === 'money' && typeof cell === 'number') return currency ? formatMinor(cell, currency) : minorToDecimalText(cell);
  return String(cell);
}

/** The output column holding the currency of a row's money, if the report shows it. */
export const currencyIndex = (columns: readonly OutputColumn[], currencyColumn: string | undefined) =>
  currencyColumn ? columns.findIndex((c) => c.key === currencyColumn) : -1;
