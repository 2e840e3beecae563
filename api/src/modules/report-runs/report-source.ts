/**
 * What a report run reads (issue 22 item 4): a source is a report opened with its parameters, giving its
 * name, its heading, its columns and its rows as an async iterable, read one at a time by the file writer.
 * A source reads its rows as they are asked for (a keyset walk in batches, or its few figure rows worked out
 * on the first read), so a run never holds more than a batch.
 */
import type { ExportFormat } from '@meridian/shared/contract/report-run';
import type { Queryable } from '../../db/database';
import type { RealtimeCaller } from '../../realtime/realtime-requests';

/**
 * How a column's values are written:
 * - text: as is; count: a whole number; boolean: Yes/No;
 * - money: integer minor units, written as decimal text by the shared money formatting (never a float);
 * - percent: already text with two decimals (the reports' ratios);
 * - instant: a moment, written in the tenant's time zone; day: a calendar day, as is.
 */
export type ColumnKind = 'text' | 'count' | 'boolean' | 'money' | 'percent' | 'instant' | 'day';

export interface ReportColumn {
  key: string;
  label: string;
  kind: ColumnKind;
}

export type ReportRow = Readonly<Record<string, unknown>>;

export interface ReportSource {
  /** The report's name: the file's and the toast's. */
  name: string;
  /** The title over the rows (with what was asked: the day, the window, the grouping). */
  heading: string;
  columns: readonly ReportColumn[];
  rows: AsyncIterable<ReportRow>;
}

/** What opening a report may use: the database and the caller as loaded for the request. */
export interface ReportOpening {
  db: Queryable;
  caller: RealtimeCaller;
  /** The format asked for, where a source would shape its rows by it. */
  format: ExportFormat;
}

/**
 * A report that can be run, found by its id (report-registry.ts). `open` validates the parameters with the
 * report's own query schema (a bad one throws a field error, answered as a refusal naming it) and scopes
 * the report to the caller's subtree; nothing is read until the rows are.
 */
export interface RunnableReport {
  reportId: string;
  kind: 'standard' | 'custom';
  /** May this caller read the report now (the permission its screen and API require)? */
  mayRead(caller: RealtimeCaller): boolean;
  open(parameters: Readonly<Record<string, string>>, opening: ReportOpening): Promise<ReportSource>;
}

/**
 * Custom reports' runs (task A's custom-report-source.ts plugs in here at merge): finds a custom report by its
 * id inside the caller's reach and answers it as a runnable report, or null when there is none the caller
 * may see (the same answer for one that does not exist, as an object outside the subtree is 404). A kept
 * file of a custom report is downloaded only when `find` still answers it for the caller.
 */
export interface CustomReportSource {
  find(q: Queryable, caller: RealtimeCaller, reportId: string): Promise<RunnableReport | null>;
}
