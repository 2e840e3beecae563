/**
 * Writing a recorded run's file (report-file-store.ts recorded it 'running'): the writer of its format is
 * opened under DATA_DIR, the source's rows are streamed through it one at a time, the file is finished and
 * measured, and the run recorded done. On any failure the partial file is removed and the run recorded failed
 * with words for the user. The socket's runs (report-run.ts) follow it with progress and their completion
 * message; scheduled reports (scheduled-run-maker.ts) use it without the socket, so both hooks are optional.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import type { ExportFormat } from '@meridian/shared/contract/report-run';
import type { Queryable } from '../../db/database';
import { AppError } from '../../http/errors';
import type { RealtimeCaller } from '../../realtime/realtime-requests';
import { companyOf } from '../../tenancy/company-of';
import { cellsOf, instantText } from './report-cells';
import { todayIn } from '../agent/day-window';
import { absolutePath, recordRunDone, recordRunFailed, recordRunStart, type StartedReportFile } from './report-file-store';
import { openReportWriter, type ReportFileWriter } from './report-file-writer';
import type { ReportSource, RunnableReport } from './report-source';

/** Progress at most four times a second: enough to see it move, few enough not to flood the socket. */
export const PROGRESS_INTERVAL_MS = 250;

export interface ReportFileRun {
  file: StartedReportFile;
  format: ExportFormat;
  source: ReportSource;
  /** Who the file is for: the company named in it is their acting tenant's, the footer names them. */
  caller: RealtimeCaller;
  /** The acting tenant's: instants are written in it. */
  timeZone: string;
}

export interface ReportFileHooks {
  /** The rows written so far: at most every PROGRESS_INTERVAL_MS, and once more when the file is done. */
  progress?(rowsDone: number): void;
  /** Asked before each row: true stops the run (the server is closing), which then fails. */
  stopping?(): boolean;
}

export type ReportFileOutcome = { success: true; rows: number; sizeBytes: number } | { success: false; rows: number; failure: string };

export interface ReportFileRunDeps {
  db: Queryable;
  dataDir: string;
  log: (msg: string) => void;
}

/** Records a run of `report` for `caller` as 'running', its file named for today in the acting tenant's zone. */
export const recordRunOf = (
  q: Queryable,
  run: {
    caller: RealtimeCaller;
    report: Pick<RunnableReport, 'reportId' | 'kind'>;
    source: ReportSource;
    format: ExportFormat;
    timeZone: string;
  },
) =>
  recordRunStart(
    q,
    {
      tenantId: run.caller.scope.tenantId,
      reportId: run.report.reportId,
      kind: run.report.kind,
      reportName: run.source.name,
      format: run.format,
      createdBy: run.caller.principal.userId,
    },
    todayIn(run.timeZone),
  );

/** Words for the user: an AppError's own, never a stack or a driver's message. */
const failureText = (error: unknown) => (error instanceof AppError ? error.message : 'The report could not be written. Please try again.');

const stopped = () => new AppError(503, ERROR_CODES.SERVICE_UNAVAILABLE, 'The server stopped before the report was finished.');

/** Writes the file and records how the run ended; never throws (a failure is the outcome, and the run's row says why). */
export async function writeReportFile(
  { db, dataDir, log }: ReportFileRunDeps,
  { file, format, source, caller, timeZone }: ReportFileRun,
  hooks: ReportFileHooks = {},
): Promise<ReportFileOutcome> {
  const target = absolutePath(dataDir, file.storedPath);
  let rows = 0;
  let writer: ReportFileWriter | null = null;
  try {
    await mkdir(path.dirname(target), { recursive: true });
    const company = await companyOf(db, caller.scope.tenantId);
    writer = await openReportWriter(format, target, {
      name: source.name,
      heading: source.heading,
      columns: source.columns,
      companyName: company.name,
      footer: `Generated ${instantText(new Date(), timeZone)} by ${caller.principal.userName}`,
    });
    let lastProgress = Date.now();
    for await (const row of source.rows) {
      if (hooks.stopping?.()) throw stopped();
      await writer.write(cellsOf(source.columns, row, timeZone));
      rows += 1;
      if (hooks.progress && Date.now() - lastProgress >= PROGRESS_INTERVAL_MS) {
        lastProgress = Date.now();
        hooks.progress(rows);
      }
    }
    await writer.finish();
    const { size } = await stat(target);
    await recordRunDone(db, file.id, { sizeBytes: size, rows });
    hooks.progress?.(rows);
    return { success: true, rows, sizeBytes: size };
  } catch (error) {
    if (!(error instanceof AppError)) log(`report run ${file.id} failed: ${error instanceof Error ? error.message : String(error)}`);
    await writer?.abort().catch(() => undefined);
    await rm(target, { force: true }).catch(() => undefined);
    const failure = failureText(error);
    await recordRunFailed(db, file.id, failure, rows).catch((e: Error) => log(`report run ${file.id}: ${e.message}`));
    return { success: false, rows, failure };
  }
}
