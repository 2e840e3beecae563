/**
 * The maker of scheduled reports' files (the seam scheduled-reports/report-file-maker.ts; app.ts installs it): a
 * scheduled run is a report run made as the schedule's user acting for the schedule's tenant, without a socket.
 * The user is loaded as a signed-in request of theirs would be (loadUserPrincipal), the report is found, checked
 * and opened as the socket's run does it (registry, permission, the report's own parameter schema), and the file
 * is written by the same engine (report-file-run.ts): a normal kept file, listed by GET /api/reports/files for
 * those who see its tenant and report, and downloadable.
 *
 * What trying again cannot mend is refused (ReportFileRefused: the run fails at once, saying why, with no file and
 * no mail): the user deleted, no longer acting for the tenant or reading the report, the report gone, its
 * parameters no longer valid. A failure while writing is an ordinary error, which the queue retries.
 *
 * Choices: a scheduled run does not count against its user's limit of runs at once (run-limits.ts is about
 * people waiting at a screen; the queue runs one job at a time per process). And a temporary or expired password
 * does not stop it: that asks the person to prove who they are at their next sign-in, while the schedule keeps the
 * rights they hold now, so a report does not stop reaching its recipients because a password aged.
 */
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { loadUserPrincipal } from '../../auth/principal';
import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';
import type { RealtimeCaller } from '../../realtime/realtime-requests';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import { ReportFileRefused, type ReportFileMaker, type ReportFileRequest } from '../scheduled-reports/report-file-maker';
import { recordRunOf, writeReportFile } from './report-file-run';
import { CONTENT_TYPES } from './report-file-writer';
import type { ReportRegistry } from './report-registry';

export interface ScheduledRunMakerDeps {
  dataDir: string;
  registry: ReportRegistry;
  log: (msg: string) => void;
}

const SAVE_AGAIN = 'whoever saves the schedule again becomes the user it runs as.';

export const RUN_REFUSALS = {
  userDeleted: `The user this schedule runs as has been deleted; ${SAVE_AGAIN}`,
  tenantForbidden: `The user this schedule runs as may no longer act for its tenant; ${SAVE_AGAIN}`,
  mayNotRead: `The user this schedule runs as may no longer read this report; ${SAVE_AGAIN}`,
  noReport: 'This report no longer exists or cannot be exported.',
  badParameters: (reason: string) => `The schedule's report parameters are no longer valid: ${reason}`,
} as const;

const isAppError = (error: unknown, ...statuses: number[]): error is AppError =>
  error instanceof AppError && statuses.includes(error.statusCode);

/** The schedule's user as a request of theirs would be loaded now; refused when they may no longer act there. */
async function runAs(db: Database, request: ReportFileRequest): Promise<RealtimeCaller> {
  try {
    return await loadUserPrincipal(db, request.userId, request.tenantId);
  } catch (error) {
    if (isAppError(error, 401)) throw new ReportFileRefused(RUN_REFUSALS.userDeleted);
    if (error instanceof AppError && error.code === ERROR_CODES.TENANT_FORBIDDEN) throw new ReportFileRefused(RUN_REFUSALS.tenantForbidden);
    throw error;
  }
}

export function createScheduledRunMaker({ dataDir, registry, log }: ScheduledRunMakerDeps): ReportFileMaker {
  return {
    async make(db, request) {
      const caller = await runAs(db, request);
      const report = await registry.find(db, caller, request.reportId);
      if (!report) throw new ReportFileRefused(RUN_REFUSALS.noReport);
      if (!report.mayRead(caller)) throw new ReportFileRefused(RUN_REFUSALS.mayNotRead);
      const source = await report.open(request.parameters, { db, caller, format: request.format }).catch((error: unknown) => {
        // A bad parameter (400), a tenant no longer in reach (404), a dataset no longer granted (403).
        throw isAppError(error, 400, 403, 404) ? new ReportFileRefused(RUN_REFUSALS.badParameters(error.message)) : error;
      });
      const timeZone = await tenantTimeZone(db, caller.scope.tenantId);
      const file = await db.tx((q) => recordRunOf(q, { caller, report, source, format: request.format, timeZone }));
      const outcome = await writeReportFile({ db, dataDir, log }, { file, format: request.format, source, caller, timeZone });
      if (!outcome.success) throw new Error(outcome.failure);
      return {
        fileId: file.id,
        path: file.storedPath,
        fileName: file.fileName,
        contentType: CONTENT_TYPES[request.format],
        rows: outcome.rows,
      };
    },
  };
}
