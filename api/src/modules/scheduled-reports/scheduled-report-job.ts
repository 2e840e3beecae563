/**
 * The job that runs one scheduled report: it makes the report file (through the injected maker, as the
 * schedule's user), then in one transaction records the run's file and puts one mail per recipient in the
 * outbox with the file attached. That transaction also marks the job done and checks this worker still
 * holds it, so a run retried after a lost lease never mails twice.
 */
import path from 'node:path';
import type { Database, Queryable } from '../../db/database';
import type { ExportFormat } from '@meridian/shared/contract/report-run';
import type { ClaimedJob, JobHandler, JobTools } from '../../jobs/job-queue';
import type { Mailer } from '../../mail/mailer';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import type { MadeReportFile, ReportFileMaker } from './report-file-maker';

export const SCHEDULED_REPORT_JOB = 'scheduled-report';
/** A failing run is tried this many times in all, with the queue's backoff between tries. */
export const SCHEDULED_REPORT_MAX_ATTEMPTS = 4;

export interface ScheduledReportJobDeps {
  db: Database;
  mailer: Mailer;
  dataDir: string;
  maker: ReportFileMaker;
}

interface RunToDo {
  runId: string;
  tenantId: string;
  name: string;
  reportId: string;
  parameters: Record<string, string>;
  format: ExportFormat;
  recipients: string[];
  runAsUserId: string;
  occurrenceAt: Date | null;
}

const runOfJob = (q: Queryable, jobId: string) =>
  q.one<RunToDo>(
    `select r.id as "runId", s.tenant_id as "tenantId", s.name, s.report_id as "reportId", s.parameters, s.format, s.recipients,
            s.run_as_user_id as "runAsUserId", r.occurrence_at as "occurrenceAt"
     from scheduled_report_runs r join scheduled_reports s on s.id = r.schedule_id where r.job_id = $1`,
    [jobId],
  );

/** The maker may answer an absolute path under DATA_DIR; the outbox keeps it relative to DATA_DIR. */
const underDataDir = (dataDir: string, file: string) => (path.isAbsolute(file) ? path.relative(path.resolve(dataDir), file) : file);

async function mailText(q: Queryable, run: RunToDo, file: MadeReportFile) {
  const timeZone = await tenantTimeZone(q, run.tenantId);
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    run.occurrenceAt ?? new Date(),
  );
  return [
    `The scheduled report "${run.name}" (${run.reportId}) for ${when} (${timeZone}) is attached as ${file.fileName}.`,
    `It holds ${file.rows} rows.`,
    '',
    'You receive it because you are among the recipients of this schedule in Meridian.',
  ].join('\n');
}

async function deliver(deps: ScheduledReportJobDeps, tools: JobTools, run: RunToDo, file: MadeReportFile) {
  const attachment = { fileName: file.fileName, contentType: file.contentType, path: underDataDir(deps.dataDir, file.path) };
  await tools.commit(async (q) => {
    await q.query(
      `update scheduled_report_runs set status = 'done', finished_at = now(), file_id = $2, file_name = $3, rows = $4, error = null where id = $1`,
      [run.runId, file.fileId, file.fileName, file.rows],
    );
    const text = await mailText(q, run, file);
    for (const to of run.recipients) {
      await deps.mailer.enqueue(q, {
        to,
        subject: `Scheduled report: ${run.name}`,
        text,
        kind: 'scheduled-report',
        attachments: [attachment],
      });
    }
  });
  deps.mailer.kick();
}

export function scheduledReportJob(deps: ScheduledReportJobDeps): JobHandler {
  return {
    async run(job: ClaimedJob, tools: JobTools) {
      const run = await runOfJob(deps.db, job.id);
      // The schedule (and its runs) were deleted after this job was queued: nothing to do.
      if (!run) return;
      await deps.db.query(
        `update scheduled_report_runs set status = 'running', attempt = $2, started_at = coalesce(started_at, now()) where id = $1`,
        [run.runId, job.attempt],
      );
      const file = await deps.maker.make(deps.db, {
        tenantId: run.tenantId,
        userId: run.runAsUserId,
        reportId: run.reportId,
        parameters: run.parameters,
        format: run.format,
      });
      await deliver(deps, tools, run, file);
    },
    async failed(q, job, error, final) {
      await q.query(
        `update scheduled_report_runs set status = $2, attempt = $3, error = $4, finished_at = case when $5 then now() end where job_id = $1`,
        [job.id, final ? 'failed' : 'queued', job.attempt, error, final],
      );
    },
  };
}
