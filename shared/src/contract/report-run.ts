/**
 * Running a report over the realtime socket (sales spec 7 "Reports (realtime)", platform spec 7.7; issue 22
 * item 4) and the files runs leave (item 6).
 *
 * - The browser sends `runReportV2` or `generateReport` ({ reportId, parameters, exportFormat }) or
 *   `generateCSVReport` (the same, always CSV), only while online, with an acknowledgement callback. The
 *   server answers the acknowledgement at once with the run's id (or a refusal: bad input, no permission),
 *   then sends `reportProgress` to the user as rows are written, and finally `reportComplete` (or
 *   `csvReportComplete` for `generateCSVReport`) with the spec's fields. `filePath` is the download address
 *   of the kept file.
 * - `reportId` is a standard report's name (STANDARD_REPORT_IDS) or a custom report's id. `parameters` are
 *   the report's own query fields as text (the same names its screen puts in its API query).
 * - Files are kept under DATA_DIR, listed at GET /api/reports/files (paged, newest first) and downloaded at
 *   GET /api/reports/files/:id/download only by someone who may see the report now.
 */
import { z } from 'zod';
import { idSchema } from '../validation';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { pagingQuerySchema } from './paging';

export const EXPORT_FORMATS = ['PDF', 'XLSX', 'CSV'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The standard reports by the names their screens have in the spec (`/reports/standard/<name>`), and one more:
 * `userLoginReport` exports the sign-in attempts one by one (GET /users/loginreport), while its screen shows the
 * sign-ins per user (GET /users/loginreport/per-user), exported as `userLoginsPerUserReport`.
 */
export const STANDARD_REPORT_IDS = [
  'parVarThirtyReport',
  'collectionsSummaryReport',
  'salesAgentReport',
  'userLoginReport',
  'userLoginsPerUserReport',
  'tenantLoansReport',
] as const;
export type StandardReportId = (typeof STANDARD_REPORT_IDS)[number];

export const REPORT_RUN_LIMITS = {
  /** Parameters a run may carry, and the length of each value. */
  maxParameters: 40,
  maxParameterLength: 200,
} as const;

const parameters = z
  .record(z.string().min(1).max(64), z.string().max(REPORT_RUN_LIMITS.maxParameterLength))
  .refine((p) => Object.keys(p).length <= REPORT_RUN_LIMITS.maxParameters, { message: 'Too many report parameters.' })
  .default({});

/** `runReportV2` and `generateReport`. */
export const reportRunRequestSchema = z.strictObject({
  reportId: z.union([z.enum(STANDARD_REPORT_IDS), idSchema], { message: 'Choose a report.' }),
  parameters,
  exportFormat: z.enum(EXPORT_FORMATS, { message: 'Choose PDF, XLSX or CSV.' }),
});
export type ReportRunRequest = z.input<typeof reportRunRequestSchema>;

/** `generateCSVReport`: a run whose file is always CSV. */
export const csvReportRunRequestSchema = reportRunRequestSchema.omit({ exportFormat: true });
export type CsvReportRunRequest = z.input<typeof csvReportRunRequestSchema>;

/** The acknowledgement of a run request. */
export type ReportRunAnswer = { success: true; runId: string } | { success: false; code: string; message: string };

/**
 * The refusals a run request may get besides the API's own codes (VALIDATION, FORBIDDEN, NOT_FOUND,
 * UNAUTHENTICATED, TENANT_FORBIDDEN): too many runs at once, or no connection (answered in the browser,
 * never sent), or no answer in time.
 */
export const REPORT_RUN_REFUSALS = { busy: 'REPORT_RUNS_BUSY', offline: 'OFFLINE', noAnswer: 'NO_ANSWER' } as const;

/**
 * The PAR30 report has two exports, chosen by the parameter `view`: `groups` (default: the totals and the
 * groups, as GET par-over-thirty) and `trend` (the month-end points, as GET par-over-thirty/trend). One report
 * id keeps the spec's five names; each view's other parameters are validated by its own query schema.
 */
export const PAR_EXPORT_VIEWS = ['groups', 'trend'] as const;

/** Sent to the user while a run writes its file (at most a few times a second). */
export interface ReportProgress {
  runId: string;
  reportName: string;
  rowsDone: number;
  /** When known in advance. */
  rowsTotal?: number;
}

export const REPORT_FILE_STATUSES = ['running', 'done', 'failed'] as const;
export type ReportFileStatus = (typeof REPORT_FILE_STATUSES)[number];

/**
 * A kept report file, as listed. Refined from the first draft (issue 22 item 6): the run's `status` and
 * its `failure` are listed too, so a run still writing or one that failed is seen where its file would
 * be; `downloadPath` is null until the file is done.
 */
export interface ReportFile {
  id: string;
  reportId: string;
  reportName: string;
  format: ExportFormat;
  fileName: string;
  sizeBytes: number;
  rows: number;
  tenantId: string;
  createdBy: string;
  createdByName: string;
  dateCreated: string;
  status: ReportFileStatus;
  /** Why a failed run failed, in words for the user. */
  failure: string | null;
  /** `/api/reports/files/:id/download`; null while running or after a failure. */
  downloadPath: string | null;
}

export const reportFileSchema: z.ZodType<ReportFile> = z
  .strictObject({
    id: answerId,
    reportId: z.string(),
    reportName: z.string(),
    format: z.enum(EXPORT_FORMATS),
    fileName: z.string(),
    sizeBytes: answerCount,
    rows: answerCount,
    tenantId: answerId,
    createdBy: answerId,
    createdByName: z.string(),
    dateCreated: answerInstant,
    status: z.enum(REPORT_FILE_STATUSES),
    failure: z.string().nullable(),
    downloadPath: z.string().nullable(),
  })
  .meta({ id: 'ReportFile' });

/** GET /api/reports/files: newest first; the search matches the report's name, the file's name and its format. */
export const reportFilesQuerySchema = pagingQuerySchema.pick({ page: true, size: true, search: true });
export type ReportFilesQuery = z.input<typeof reportFilesQuerySchema>;

export const reportFileParamsSchema = z.strictObject({ id: z.guid({ error: 'A report file id is a GUID.' }) });

/** The download address of a kept file (the `filePath` of its completion message). */
export const reportFileDownloadPath = (id: string) => `/api/reports/files/${id}/download`;
