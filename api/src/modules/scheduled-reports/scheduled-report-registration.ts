/** Hands the queue the scheduled reports' job kind and their scheduler step (app.ts, and tests' own queues). */
import type { JobQueue } from '../../jobs/job-queue';
import { SCHEDULED_REPORT_JOB, scheduledReportJob, type ScheduledReportJobDeps } from './scheduled-report-job';
import { enqueueDueOccurrences } from './scheduled-report-scheduler';

export function registerScheduledReportJobs(jobs: JobQueue, deps: ScheduledReportJobDeps) {
  jobs.register(SCHEDULED_REPORT_JOB, scheduledReportJob(deps));
  jobs.onPass(async (db) => void (await enqueueDueOccurrences(db, jobs)));
}
