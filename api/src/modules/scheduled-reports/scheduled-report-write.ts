/** Creating, editing, pausing, resuming and deleting schedules, and "run now". */
import type { ScheduledReportSave } from '@meridian/shared/contract/scheduled-report';
import type { Queryable } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import { cronExpressionFor, nextOccurrence } from './scheduled-report-timing';
import { SCHEDULED_REPORT_JOB, SCHEDULED_REPORT_MAX_ATTEMPTS } from './scheduled-report-job';

type Save = Omit<ScheduledReportSave, 'parameters' | 'active'> & { parameters: Record<string, string>; active: boolean };

/** The stored columns of a saved schedule: only the fields its kind uses are kept. */
function scheduleColumns(input: Save) {
  const kind = input.scheduleKind;
  return {
    time: kind === 'cron' ? null : (input.time ?? null),
    dayOfWeek: kind === 'weekly' ? (input.dayOfWeek ?? null) : null,
    dayOfMonth: kind === 'monthly' ? (input.dayOfMonth ?? null) : null,
    cron: kind === 'cron' ? input.cron!.trim().replace(/\s+/g, ' ') : null,
    cronExpression: cronExpressionFor(input),
  };
}

export async function createSchedule(q: Queryable, tenantId: string, userId: string, input: Save): Promise<string> {
  const columns = scheduleColumns(input);
  const next = input.active ? await nextOccurrence(q, tenantId, columns.cronExpression) : null;
  const row = await q.one<{ id: string }>(
    `insert into scheduled_reports (tenant_id, name, report_id, parameters, format, schedule_kind, time_of_day, day_of_week,
       day_of_month, cron, cron_expression, recipients, active, next_run_at, run_as_user_id, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15) returning id`,
    [
      tenantId,
      input.name,
      input.reportId,
      JSON.stringify(input.parameters),
      input.format,
      input.scheduleKind,
      columns.time,
      columns.dayOfWeek,
      columns.dayOfMonth,
      columns.cron,
      columns.cronExpression,
      input.recipients,
      input.active,
      next,
      userId,
    ],
  );
  return row!.id;
}

/** Replaces every field; the schedule then runs as the user who saved it, from its next occurrence after now. */
export async function updateSchedule(q: Queryable, id: string, tenantId: string, userId: string, input: Save) {
  const columns = scheduleColumns(input);
  const next = input.active ? await nextOccurrence(q, tenantId, columns.cronExpression) : null;
  await q.query(
    `update scheduled_reports set name = $2, report_id = $3, parameters = $4, format = $5, schedule_kind = $6, time_of_day = $7,
       day_of_week = $8, day_of_month = $9, cron = $10, cron_expression = $11, recipients = $12, active = $13, next_run_at = $14,
       run_as_user_id = $15, date_modified = now()
     where id = $1`,
    [
      id,
      input.name,
      input.reportId,
      JSON.stringify(input.parameters),
      input.format,
      input.scheduleKind,
      columns.time,
      columns.dayOfWeek,
      columns.dayOfMonth,
      columns.cron,
      columns.cronExpression,
      input.recipients,
      input.active,
      next,
      userId,
    ],
  );
}

/** Paused: no occurrence is enqueued (a run already queued still runs). Resumed: from the next occurrence after now. */
export async function setScheduleActive(q: Queryable, id: string, tenantId: string, active: boolean) {
  const row = await q.one<{ cronExpression: string }>(`select cron_expression as "cronExpression" from scheduled_reports where id = $1`, [
    id,
  ]);
  const next = active ? await nextOccurrence(q, tenantId, row!.cronExpression) : null;
  await q.query(`update scheduled_reports set active = $2, next_run_at = $3, date_modified = now() where id = $1`, [id, active, next]);
}

/** Its runs go with it; a job still queued for it finds no run and ends without doing anything. */
export async function deleteSchedule(q: Queryable, id: string) {
  await q.query(`delete from scheduled_reports where id = $1`, [id]);
}

/** A run of its own (not an occurrence): queued at once, with the schedule as it is now. */
export async function runScheduleNow(q: Queryable, jobs: JobQueue, id: string, tenantId: string): Promise<string> {
  const jobId = await jobs.enqueue(q, {
    kind: SCHEDULED_REPORT_JOB,
    payload: { scheduleId: id },
    maxAttempts: SCHEDULED_REPORT_MAX_ATTEMPTS,
  });
  const run = await q.one<{ id: string }>(
    `insert into scheduled_report_runs (schedule_id, tenant_id, job_id, trigger) values ($1, $2, $3, 'manual') returning id`,
    [id, tenantId, jobId],
  );
  return run!.id;
}
