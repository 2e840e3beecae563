/**
 * The scheduler step, run before each pass of the job queue: every active schedule whose next occurrence
 * has come gets one job for that occurrence, and its next occurrence after now (in its tenant's zone).
 * The job's dedupe key is the schedule and the occurrence's instant, so two API processes stepping at once
 * make one job; the rows are also taken with SKIP LOCKED, so they rarely even try.
 *
 * A server that was down across several occurrences runs the first one it missed, once, and then goes on
 * from the next occurrence after now: recipients get one late report, not a burst of them.
 */
import type { Database, Queryable } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import { nextOccurrence } from './scheduled-report-timing';
import { SCHEDULED_REPORT_JOB, SCHEDULED_REPORT_MAX_ATTEMPTS } from './scheduled-report-job';

const SCHEDULES_PER_STEP = 100;

export const occurrenceKey = (scheduleId: string, occurrence: Date) => `scheduled-report:${scheduleId}:${occurrence.toISOString()}`;

/** Enqueues one occurrence's job and its run; false when another process already did. */
export async function enqueueOccurrence(q: Queryable, jobs: JobQueue, schedule: { id: string; tenantId: string }, occurrence: Date) {
  const jobId = await jobs.enqueue(q, {
    kind: SCHEDULED_REPORT_JOB,
    payload: { scheduleId: schedule.id },
    runAt: occurrence,
    maxAttempts: SCHEDULED_REPORT_MAX_ATTEMPTS,
    dedupeKey: occurrenceKey(schedule.id, occurrence),
  });
  if (!jobId) return false;
  await q.query(
    `insert into scheduled_report_runs (schedule_id, tenant_id, job_id, trigger, occurrence_at) values ($1, $2, $3, 'schedule', $4)`,
    [schedule.id, schedule.tenantId, jobId, occurrence],
  );
  return true;
}

/** One step; answers how many occurrences it enqueued. */
export async function enqueueDueOccurrences(db: Database, jobs: JobQueue, now: () => Date = () => new Date()): Promise<number> {
  return db.tx(async (q) => {
    const due = await q.query<{ id: string; tenantId: string; cronExpression: string; nextRunAt: Date }>(
      `select id, tenant_id as "tenantId", cron_expression as "cronExpression", next_run_at as "nextRunAt"
       from scheduled_reports where active and next_run_at <= now()
       order by next_run_at limit ${SCHEDULES_PER_STEP} for update skip locked`,
    );
    let enqueued = 0;
    for (const schedule of due) {
      const occurrence = new Date(schedule.nextRunAt);
      if (await enqueueOccurrence(q, jobs, schedule, occurrence)) enqueued += 1;
      const after = new Date(Math.max(now().getTime(), occurrence.getTime()));
      const next = await nextOccurrence(q, schedule.tenantId, schedule.cronExpression, after);
      await q.query(`update scheduled_reports set next_run_at = $2 where id = $1`, [schedule.id, next]);
    }
    return enqueued;
  });
}
