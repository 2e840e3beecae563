/**
 * A report run (issue 22 item 4): checked and recorded before the acknowledgement, then written in the
 * background. The acknowledgement answers the run's id, or a refusal: an unknown report (or one not
 * exportable yet), no permission to read it, bad parameters (from the report's own query schema), too many
 * runs. The file is then written row by row as the source yields them (report-file-run.ts, which scheduled
 * reports use too), `reportProgress` goes to the user at
 * most every 250 ms, and the run ends with the completion message (`reportComplete`, or `csvReportComplete`
 * for `generateCSVReport`), whose `filePath` is the kept file's download address. A failed run leaves no file,
 * its row says why, and the user is told.
 */
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import type { ReportComplete, RealtimeEvents } from '@meridian/shared/contract/realtime';
import { reportFileDownloadPath, type ExportFormat, type ReportRunAnswer } from '@meridian/shared/contract/report-run';
import { MESSAGES } from '@meridian/shared/messages';
import type { Database } from '../../db/database';
import type { Realtime } from '../../realtime/realtime';
import type { RealtimeCaller } from '../../realtime/realtime-requests';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import { recordRunOf, writeReportFile } from './report-file-run';
import type { StartedReportFile } from './report-file-store';
import type { ReportRegistry } from './report-registry';
import type { ReportSource } from './report-source';
import { createProcessSlots, perProcessRefusal, perUserRefusal, userMayStartRun } from './run-limits';

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

export function createReportRuns({ db, dataDir, realtime, registry, log }: ReportRunsDeps) {
  const slots = createProcessSlots();
  const running = new Set<Promise<void>>();
  let closing = false;

  const tell = <E extends 'reportProgress' | CompletionEvent>(userId: string, event: E, payload: RealtimeEvents[E]) =>
    realtime.toUser(userId, event, payload);

  /** The file, with the user told of its progress and then of its end. */
  async function writeFile({ file, request, source, caller, timeZone }: StartedRun): Promise<void> {
    const userId = caller.principal.userId;
    const complete = (message: Omit<ReportComplete, 'runId' | 'reportName'>) =>
      tell(userId, request.completion, { runId: file.id, reportName: source.name, ...message });
    const outcome = await writeReportFile(
      { db, dataDir, log },
      { file, format: request.format, source, caller, timeZone },
      {
        progress: (rowsDone) => tell(userId, 'reportProgress', { runId: file.id, reportName: source.name, rowsDone }),
        stopping: () => closing,
      },
    );
    if (outcome.success)
      complete({ success: true, filePath: reportFileDownloadPath(file.id), heading: source.heading, body: `${outcome.rows} rows` });
    // No heading: the toast then says MESSAGES.reportWithErrors, with the reason beneath.
    else complete({ success: false, body: outcome.failure });
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
          ? recordRunOf(q, { caller, report, source, format: request.format, timeZone })
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
