/**
 * A report run (issue 22 item 4): checked and recorded before the acknowledgement, then written in the
 * background. The acknowledgement answers the run's id, or a refusal: an unknown report (or one not
 * exportable yet), no permission to read it, bad parameters (from the report's own query schema), too many
 * runs. The file is then written row by row as the source yields them, `reportProgress` goes to the user at
 * most every 250 ms, and the run ends with the completion message (`reportComplete`, or `csvReportComplete`
 * for `generateCSVReport`), whose `filePath` is the kept file's download address. A failed run leaves no file,
 * its row says why, and the user is told.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import type { ReportComplete, RealtimeEvents } from '@meridian/shared/contract/realtime';
import { reportFileDownloadPath, type ExportFormat, type ReportRunAnswer } from '@meridian/shared/contract/report-run';
import { MESSAGES } from '@meridian/shared/messages';
import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import type { RealtimeCaller } from '../../realtime/realtime-requests';
import { companyOf } from '../../tenancy/company-of';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import { todayIn } from '../agent/day-window';
import { cellsOf, instantText } from './report-cells';
import { absolutePath, recordRunDone, recordRunFailed, recordRunStart, type StartedReportFile } from './report-file-store';
import { openReportWriter, type ReportFileWriter } from './report-file-writer';
import type { ReportRegistry } from './report-registry';
import type { ReportSource } from './report-source';
import { createProcessSlots, perProcessRefusal, perUserRefusal, userMayStartRun } from './run-limits';

/** Progress at most four times a second: enough to see it move, few enough not to flood the socket. */
export const PROGRESS_INTERVAL_MS = 250;

export type CompletionEvent = 'reportComplete' | 'csvReportComplete';

export interface RunRequest {
  reportId: string;
  parameters: Readonly<Record<string, string>>;
  format: ExportFormat;
  completion: CompletionEvent;
}

export interface ReportRunsDeps {
  db: Database;
  dataDir: string;
  realtime: Realtime;
  registry: ReportRegistry;
  log: (msg: string) => void;
}

/** Everything a started run needs to write its file. */
interface StartedRun {
  file: StartedReportFile;
  request: RunRequest;
  source: ReportSource;
  caller: RealtimeCaller;
  timeZone: string;
}

const notExportable = (): ReportRunAnswer => ({
  success: false,
  code: ERROR_CODES.NOT_FOUND,
  message: 'This report does not exist or cannot be exported yet.',
});

/** Words for the user: an AppError's own, never a stack or a driver's message. */
const failureText = (error: unknown) => (error instanceof AppError ? error.message : 'The report could not be written. Please try again.');

export function createReportRuns({ db, dataDir, realtime, registry, log }: ReportRunsDeps) {
  const slots = createProcessSlots();
  const running = new Set<Promise<void>>();
  let closing = false;

  const tell = <E extends 'reportProgress' | CompletionEvent>(userId: string, event: E, payload: RealtimeEvents[E]) =>
    realtime.toUser(userId, event, payload);

  async function writeFile({ file, request, source, caller, timeZone }: StartedRun): Promise<void> {
    const userId = caller.principal.userId;
    const target = absolutePath(dataDir, file.storedPath);
    const progress = (rowsDone: number) => tell(userId, 'reportProgress', { runId: file.id, reportName: source.name, rowsDone });
    const complete = (message: Omit<ReportComplete, 'runId' | 'reportName'>) =>
      tell(userId, request.completion, { runId: file.id, reportName: source.name, ...message });
    let rows = 0;
    let writer: ReportFileWriter | null = null;
    try {
      await mkdir(path.dirname(target), { recursive: true });
      const company = await companyOf(db, caller.scope.tenantId);
      writer = await openReportWriter(request.format, target, {
        name: source.name,
        heading: source.heading,
        columns: source.columns,
        companyName: company.name,
        footer: `Generated ${instantText(new Date(), timeZone)} by ${caller.principal.userName}`,
      });
      let lastProgress = Date.now();
      for await (const row of source.rows) {
        if (closing) throw new AppError(503, ERROR_CODES.SERVICE_UNAVAILABLE, 'The server stopped before the report was finished.');
        await writer.write(cellsOf(source.columns, row, timeZone));
        rows += 1;
        if (Date.now() - lastProgress >= PROGRESS_INTERVAL_MS) {
          lastProgress = Date.now();
          progress(rows);
        }
      }
      await writer.finish();
      const { size } = await stat(target);
      await recordRunDone(db, file.id, { sizeBytes: size, rows });
      progress(rows);
      complete({ success: true, filePath: reportFileDownloadPath(file.id), heading: source.heading, body: `${rows} rows` });
    } catch (error) {
      if (!(error instanceof AppError)) log(`report run ${file.id} failed: ${error instanceof Error ? error.message : String(error)}`);
      await writer?.abort().catch(() => undefined);
      await rm(target, { force: true }).catch(() => undefined);
      const failure = failureText(error);
      await recordRunFailed(db, file.id, failure, rows).catch((e: Error) => log(`report run ${file.id}: ${e.message}`));
      // No heading: the toast then says MESSAGES.reportWithErrors, with the reason beneath.
      complete({ success: false, body: failure });
    }
  }

  /** Checks and records a run; the file is written after the acknowledgement has gone. */
  async function start(request: RunRequest, caller: RealtimeCaller): Promise<ReportRunAnswer> {
    if (closing) return { success: false, code: ERROR_CODES.SERVICE_UNAVAILABLE, message: MESSAGES.serverError };
    const report = await registry.find(db, caller, request.reportId);
    if (!report) return notExportable();
    if (!report.mayRead(caller)) return { success: false, code: ERROR_CODES.FORBIDDEN, message: MESSAGES.forbidden };
    // Validates the parameters (a bad one throws a field error, answered as a refusal naming it).
    const source = await report.open(request.parameters, { db, caller, format: request.format });
    const release = slots.take();
    if (!release) return perProcessRefusal();
    try {
      const timeZone = await tenantTimeZone(db, caller.scope.tenantId);
      const file = await db.tx(async (q) =>
        (await userMayStartRun(q, caller.principal.userId))
          ? recordRunStart(
              q,
              {
                tenantId: caller.scope.tenantId,
                reportId: request.reportId,
                kind: report.kind,
                reportName: source.name,
                format: request.format,
                createdBy: caller.principal.userId,
              },
              todayIn(timeZone),
            )
          : null,
      );
      if (!file) {
        release();
        return perUserRefusal();
      }
      // After the acknowledgement (sent once this function's promise settles): the browser knows the run's
      // id before its first progress or its completion can arrive.
      const work = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => writeFile({ file, request, source, caller, timeZone }))
        .finally(release);
      running.add(work);
      void work.finally(() => running.delete(work));
      return { success: true, runId: file.id };
    } catch (error) {
      release();
      throw error;
    }
  }

  return {
    start,
    /** Runs still writing stop at their next row and are recorded as failed; resolves once all have. */
    async close() {
      closing = true;
      await Promise.allSettled([...running]);
    },
    get running() {
      return slots.running;
    },
  };
}

export type ReportRuns = ReturnType<typeof createReportRuns>;
