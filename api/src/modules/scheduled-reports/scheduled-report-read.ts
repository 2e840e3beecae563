/** Schedules and runs as the API answers them. */
import type { ScheduledReport, ScheduledReportRun } from '@meridian/shared/contract/scheduled-report';
import type { Queryable } from '../../db/database';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';

export const SCHEDULE_COLUMNS = `s.id, s.tenant_id as "tenantId", t.name as "tenantName", s.name, s.report_id as "reportId",
  s.parameters, s.format, s.schedule_kind as "scheduleKind", s.time_of_day as "time", s.day_of_week as "dayOfWeek",
  s.day_of_month as "dayOfMonth", s.cron, s.cron_expression as "cronExpression", s.recipients, s.active,
  s.next_run_at as "nextRunAt",
  last.date_created as "lastRunAt", last.status as "lastRunStatus",
  s.run_as_user_id as "runAsUserId", u.user_name as "runAsUserName",
  s.date_created as "dateCreated", s.date_modified as "dateModified"`;

export const SCHEDULE_FROM = `from scheduled_reports s join tenants t on t.id = s.tenant_id join users u on u.id = s.run_as_user_id
  left join lateral (select r.date_created, r.status from scheduled_report_runs r where r.schedule_id = s.id
                     order by r.date_created desc limit 1) last on true`;

type ScheduleRow = Omit<ScheduledReport, 'timeZone'>;

/** Adds the zone the schedule runs in (its tenant's, looked up once per tenant). */
export async function withTimeZones(q: Queryable, rows: ScheduleRow[]): Promise<ScheduledReport[]> {
  const zones = new Map<string, string>();
  for (const row of rows) if (!zones.has(row.tenantId)) zones.set(row.tenantId, await tenantTimeZone(q, row.tenantId));
  return rows.map((row) => ({ ...row, timeZone: zones.get(row.tenantId)! }));
}

/** One schedule already known to be in the caller's scope. */
export async function scheduleById(q: Queryable, id: string): Promise<ScheduledReport> {
  const row = await q.one<ScheduleRow>(`select ${SCHEDULE_COLUMNS} ${SCHEDULE_FROM} where s.id = $1`, [id]);
  return (await withTimeZones(q, [row!]))[0]!;
}

export const RUN_COLUMNS = `r.id, r.schedule_id as "scheduleId", r.trigger, r.occurrence_at as "occurrenceAt",
  r.status, r.attempt, r.started_at as "startedAt", r.finished_at as "finishedAt",
  r.file_id as "fileId", r.file_name as "fileName", r.rows, r.error, r.date_created as "dateCreated",
  case when r.file_id is null then null else '/api/reports/files/' || r.file_id || '/download' end as "downloadPath"`;

export async function runById(q: Queryable, id: string): Promise<ScheduledReportRun> {
  return (await q.one<ScheduledReportRun>(`select ${RUN_COLUMNS} from scheduled_report_runs r where r.id = $1`, [id]))!;
}
