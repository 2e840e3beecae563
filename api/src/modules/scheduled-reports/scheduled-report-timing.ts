/** A schedule's next occurrence, in its tenant's zone (report-schedule.ts does the cron arithmetic). */
import { cronExpressionOf, nextRunTime, type ScheduleFields } from '@meridian/shared/reports/report-schedule';
import type { Queryable } from '../../db/database';
import { fieldError } from '../../http/errors';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';

/** The cron expression a validated schedule stands for. */
export function cronExpressionFor(schedule: ScheduleFields): string {
  const expression = cronExpressionOf(schedule);
  if (!expression) throw fieldError(schedule.scheduleKind === 'cron' ? 'cron' : 'time', 'The schedule is incomplete.');
  return expression;
}

/** The first occurrence after `after` in the tenant's zone. */
export async function nextOccurrence(q: Queryable, tenantId: string, cronExpression: string, after: Date = new Date()) {
  return nextRunTime(cronExpression, await tenantTimeZone(q, tenantId), after);
}
