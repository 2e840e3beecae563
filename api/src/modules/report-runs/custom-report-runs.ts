/**
 * Custom reports as runs (issue 22 item 4 for item 2): a custom report is found by its id only where the
 * caller may see it (its category's roles and tenants, its tenancy: custom-report-access.ts), may be run by
 * the holders of the custom reports' read grant, and is opened through the custom reports' own source, which
 * checks its dataset's grant and reads its rows in keyset batches.
 */
import { can } from '@meridian/shared/contract/access';
import { customReports } from '@meridian/shared/contract/areas/reports';
import type { ColumnKind as CatalogueKind, OutputColumn, ReportCell } from '@meridian/shared/contract/report-catalogue';
import { idSchema } from '@meridian/shared/validation';
import { grantsOf } from '../../auth/allow';
import { AppError } from '../../http/errors';
import type { RealtimeCaller } from '../../realtime/realtime-requests';
import { visibleReport } from '../custom-reports/custom-report-access';
import { customReportSource } from '../custom-reports/custom-report-source';
import type { ColumnKind, CustomReportSource, ReportColumn, ReportRow, RunnableReport } from './report-source';

const CUSTOM_READERS = grantsOf(customReports, 'read');

const RUN_KIND: Record<CatalogueKind, ColumnKind> = { text: 'text', number: 'count', money: 'money', date: 'day', instant: 'instant' };

/** Columns keyed by position: two summaries of one column share its key. */
const runColumns = (columns: readonly OutputColumn[]): ReportColumn[] =>
  columns.map((column, index) => ({ key: `c${index}`, label: column.label, kind: RUN_KIND[column.kind] }));

async function* recordsOf(rows: AsyncIterable<ReportCell[]>): AsyncIterable<ReportRow> {
  for await (const cells of rows) yield Object.fromEntries(cells.map((cell, index) => [`c${index}`, cell]));
}

const isNotFound = (error: unknown) => error instanceof AppError && error.statusCode === 404;

async function findCustomReport(q: Parameters<CustomReportSource['find']>[0], caller: RealtimeCaller, reportId: string) {
  if (!idSchema.safeParse(reportId).success) return null;
  try {
    await visibleReport(q, caller.principal, caller.scope, reportId);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  const report: RunnableReport = {
    reportId,
    kind: 'custom',
    mayRead: ({ principal }) => can(principal, CUSTOM_READERS),
    async open(parameters, { db, caller: opener }) {
      const opened = await customReportSource(db, opener.scope, opener.principal, reportId, parameters);
      return { name: opened.name, heading: opened.name, columns: runColumns(opened.columns), rows: recordsOf(opened.rows) };
    },
  };
  return report;
}

export const customReportRuns: CustomReportSource = { find: findCustomReport };
