/**
 * A row's values as a file writes them, by column kind: money from integer minor units to decimal text by the
 * shared money formatting (never through a float), instants in the tenant's time zone, counts as whole
 * numbers (a spreadsheet sums them), everything else as text. Empty values stay empty.
 */
import { minorToDecimalText } from '@meridian/shared/money-text';
import type { ColumnKind, ReportColumn, ReportRow } from './report-source';

export type Cell = string | number;

/** One formatter per time zone: making one costs far more than formatting with it (a run formats every row). */
const instantFormats = new Map<string, Intl.DateTimeFormat>();
function instantFormat(timeZone: string): Intl.DateTimeFormat {
  let format = instantFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    instantFormats.set(timeZone, format);
  }
  return format;
}

/** "2026-01-31 14:05:09" in `timeZone`. */
export const instantText = (value: Date | string, timeZone: string): string =>
  instantFormat(timeZone).format(new Date(value)).replace(',', '');

function cellOf(kind: ColumnKind, value: unknown, timeZone: string): Cell {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'money':
      return minorToDecimalText(Number(value));
    case 'count':
      return Number(value);
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'instant':
      return instantText(value as Date | string, timeZone);
    case 'day':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
    default:
      return String(value);
  }
}

/** The cells of one row, in the columns' order. */
export const cellsOf = (columns: readonly ReportColumn[], row: ReportRow, timeZone: string): Cell[] =>
  columns.map((column) => cellOf(column.kind, row[column.key], timeZone));

/** Cells as text (CSV, PDF). */
export const textOf = (cells: readonly Cell[]): string[] => cells.map(String);
