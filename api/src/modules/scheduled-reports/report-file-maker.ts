/**
 * The seam between scheduled reports and what runs a report to a kept file: the report runs' module
 * (report-runs/scheduled-run-maker.ts), which app.ts installs. Scheduled reports never make report files themselves.
 */
import type { ExportFormat } from '@meridian/shared/contract/report-run';
import type { Database } from '../../db/database';
import { FinalJobError } from '../../jobs/job-queue';

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
  /** Throws ReportFileRefused when the run cannot be made as asked at all; anything else thrown is retried. */
  make(db: Database, request: ReportFileRequest): Promise<MadeReportFile>;
}

/**
 * The report cannot be made as this schedule asks, and trying again will not change that: its user was deleted or
 * lost the right to read the report, or its report or parameters no longer hold. The run ends failed at once with
 * this message (words for the schedule's owner), no file is kept and nobody is mailed.
 */
export class ReportFileRefused extends FinalJobError {}
