/**
 * The seam between scheduled reports and whatever runs a report to a kept file (the report runs' module,
 * issue 22 items 4 and 6). Scheduled reports never make report files themselves: app.ts hands them a maker.
 */
import type { ExportFormat } from '@meridian/shared/contract/report-run';
import type { Queryable } from '../../db/database';

export interface ReportFileRequest {
  tenantId: string;
  /** The user the report runs as: what they may see is what the file holds. */
  userId: string;
  reportId: string;
  parameters: Record<string, string>;
  format: ExportFormat;
}

export interface MadeReportFile {
  /** The kept file's id (its download is /api/reports/files/:id/download). */
  fileId: string;
  /** Relative to DATA_DIR. */
  path: string;
  fileName: string;
  contentType: string;
  rows: number;
}

export interface ReportFileMaker {
  make(q: Queryable, request: ReportFileRequest): Promise<MadeReportFile>;
}

/** Until the report runs' maker is wired in (app.ts), every scheduled run fails with this, and is retried. */
export const noReportFileMaker: ReportFileMaker = {
  make: async () => {
    throw new Error('Report files cannot be made on this server yet (no report file maker is installed).');
  },
};
