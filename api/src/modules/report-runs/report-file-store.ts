/**
 * The rows of kept report files (migration 041) and where their files lie: DATA_DIR/reports/<tenant>/<id>.<ext>,
 * stored relative to DATA_DIR. A run is recorded 'running' before its first row and ends 'done' or 'failed'.
 */
import path from 'node:path';
import type { ExportFormat } from '@meridian/shared/contract/report-run';
import type { Queryable } from '../../db/database';
import { FILE_EXTENSIONS } from './report-file-writer';

export const REPORTS_FOLDER = 'reports';

export interface NewReportFile {
  tenantId: string;
  reportId: string;
  kind: 'standard' | 'custom';
  reportName: string;
  format: ExportFormat;
  createdBy: string;
}

export interface StartedReportFile {
  id: string;
  /** Relative to DATA_DIR. */
  storedPath: string;
  fileName: string;
}

/** "PAR > 30 report" on 2026-01-31 as XLSX: "PAR 30 report 2026-01-31.xlsx" (what a file system and a header take). */
export function downloadName(reportName: string, day: string, format: ExportFormat): string {
  const base =
    reportName
      .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'Report';
  return `${base} ${day}.${FILE_EXTENSIONS[format]}`;
}

export async function recordRunStart(q: Queryable, file: NewReportFile, day: string): Promise<StartedReportFile> {
  const fileName = downloadName(file.reportName, day, file.format);
  const row = (await q.one<{ id: string }>(
    `insert into report_files (tenant_id, report_id, report_kind, report_name, format, file_name, stored_path, created_by)
     values ($1, $2, $3, $4, $5, $6, '', $7) returning id`,
    [file.tenantId, file.reportId, file.kind, file.reportName, file.format, fileName, file.createdBy],
  ))!;
  const storedPath = path.posix.join(REPORTS_FOLDER, file.tenantId, `${row.id}.${FILE_EXTENSIONS[file.format]}`);
  await q.query(`update report_files set stored_path = $2 where id = $1`, [row.id, storedPath]);
  return { id: row.id, storedPath, fileName };
}

export async function recordRunDone(q: Queryable, id: string, figures: { sizeBytes: number; rows: number }) {
  await q.query(`update report_files set status = 'done', size_bytes = $2, row_count = $3, date_finished = now() where id = $1`, [
    id,
    figures.sizeBytes,
    figures.rows,
  ]);
}

export async function recordRunFailed(q: Queryable, id: string, failure: string, rows: number) {
  await q.query(`update report_files set status = 'failed', failure = $2, row_count = $3, date_finished = now() where id = $1`, [
    id,
    failure,
    rows,
  ]);
}

/** The absolute path of a stored file, which never leaves DATA_DIR (stored paths are the server's own). */
export const absolutePath = (dataDir: string, storedPath: string) => path.join(dataDir, ...storedPath.split('/'));
