/**
 * When a scheduled report runs: every schedule (daily, weekly, monthly or a cron expression) becomes one
 * five-field cron expression, evaluated by croner in the tenant's time zone. Browser and API use the same
 * functions, so the next runs a user sees while typing are the ones the server will keep.
 *
 * DST: croner works on the zone's wall clock. A time skipped when the clocks go forward (01:30 in London on
 * the last Sunday of March) runs at the first instant after the gap; a time that happens twice when they go
 * back runs once, at its first occurrence.
 */
import { Cron } from 'croner';

export const SCHEDULE_KINDS = ['daily', 'weekly', 'monthly', 'cron'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/** Sunday first, as cron numbers the days. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const SCHEDULE_LIMITS = {
  /** Monthly runs stop at the 28th so that every month has the day. */
  maxDayOfMonth: 28,
  /** Two runs of a cron schedule are at least this far apart: each run mails its recipients. */
  minMinutesBetweenRuns: 15,
  maxCronLength: 100,
} as const;

export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

export interface ScheduleFields {
  scheduleKind: ScheduleKind;
  time?: string | null;
  dayOfWeek?: number | null;
  dayOfMonth?: number | null;
  cron?: string | null;
}

/** The cron expression a schedule stands for, or null when its fields are incomplete. */
export function cronExpressionOf(schedule: ScheduleFields): string | null {
  if (schedule.scheduleKind === 'cron') return schedule.cron?.trim().replace(/\s+/g, ' ') || null;
  const match = TIME_OF_DAY.exec(schedule.time ?? '');
  if (!match) return null;
  const at = `${Number(match[2])} ${Number(match[1])}`;
  if (schedule.scheduleKind === 'daily') return `${at} * * *`;
  if (schedule.scheduleKind === 'weekly') return schedule.dayOfWeek == null ? null : `${at} * * ${schedule.dayOfWeek}`;
  return schedule.dayOfMonth == null ? null : `${at} ${schedule.dayOfMonth} * *`;
}

const cronOf = (expression: string, timeZone: string) => new Cron(expression, { timezone: timeZone, paused: true });

/** What is wrong with a cron expression typed by a user (five fields: minute hour day-of-month month day-of-week), or null. */
export function cronProblem(expression: string): string | null {
  const text = expression.trim();
  if (!text) return 'Enter a cron expression.';
  if (text.length > SCHEDULE_LIMITS.maxCronLength) return `At most ${SCHEDULE_LIMITS.maxCronLength} characters.`;
  if (text.split(/\s+/).length !== 5) return 'A cron expression has five fields: minute hour day-of-month month day-of-week.';
  let runs: Date[];
  try {
    runs = cronOf(text, 'UTC').nextRuns(6, new Date());
  } catch (error) {
    return `Not a valid cron expression (${(error as Error).message.replace(/^CronPattern: /, '')}).`;
  }
  if (runs.length === 0) return 'This cron expression never runs.';
  const minGapMs = SCHEDULE_LIMITS.minMinutesBetweenRuns * 60_000;
  for (let i = 1; i < runs.length; i += 1) {
    if (runs[i]!.getTime() - runs[i - 1]!.getTime() < minGapMs)
      return `Runs must be at least ${SCHEDULE_LIMITS.minMinutesBetweenRuns} minutes apart.`;
  }
  return null;
}

/** The next `count` runs strictly after `after`, in the given IANA zone. */
export function nextRunTimes(expression: string, timeZone: string, count: number, after: Date = new Date()): Date[] {
  return cronOf(expression, timeZone).nextRuns(count, after);
}

/** The next run strictly after `after`, or null when there is none. */
export function nextRunTime(expression: string, timeZone: string, after: Date = new Date()): Date | null {
  return cronOf(expression, timeZone).nextRun(after);
}
