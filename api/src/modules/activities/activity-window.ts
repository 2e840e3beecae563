/**
 * The window of days an activity list covers, in the acting tenant's time zone (its own setting,
 * else the nearest tenant's above it, else Africa/Johannesburg), as the instants [start, end).
 * Lists are hot paths, so the zone is kept a moment (tenant-time-zone.ts) and the days are turned into
 * instants here, with one formatter per zone, instead of asking the database.
 */
import { ACTIVITY_LIMITS } from '@meridian/shared/contract/activity';
import { isCalendarDay } from '@meridian/shared/contract/activity-plan';
import { addDays } from '@meridian/shared/contract/field-agent';
import type { Queryable } from '../../db/database';
import { fieldError } from '../../http/errors';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import { wallClockIn } from '@meridian/shared/zone-clock';

export interface ActivityWindow {
  from: string;
  to: string;
  start: Date;
  end: Date;
  timeZone: string;
}

/** The wall-clock time in the zone at the instant, as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string) {
  const { year, month, day, hour, minute, second } = wallClockIn(instant, timeZone);
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the zone. */
export const dayIn = (instant: Date, timeZone: string) => new Date(wallClock(instant.getTime(), timeZone)).toISOString().slice(0, 10);

const HOURS_3 = 3 * 3_600_000;

/**
 * The instant the day starts in the zone, as PostgreSQL's `day::timestamp at time zone zone`: local
 * midnight by the offset in force just before it, else just after it; where midnight is skipped (a
 * change of offset at midnight), the instant of the change.
 */
export function startOfDay(day: string, timeZone: string): Date {
  const key = `${day} ${timeZone}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    // A handful of days are asked for again and again (today's window); the map never grows past a few thousand.
    if (dayStarts.size >= 5_000) dayStarts.clear();
    start = computeStartOfDay(day, timeZone);
    dayStarts.set(key, start);
  }
  return new Date(start);
}

const dayStarts = new Map<string, number>();

function computeStartOfDay(day: string, timeZone: string): number {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const offsetAt = (t: number) => wallClock(t, timeZone) - Math.floor(t / 1000) * 1000;
  const guess = midnight - offsetAt(midnight);
  const before = midnight - offsetAt(guess - HOURS_3);
  const after = midnight - offsetAt(guess + HOURS_3);
  const exact = [before, after].find((t) => wallClock(t, timeZone) === midnight);
  return exact ?? before;
}

/** A query's day: YYYY-MM-DD as given, a date-time as the day it falls on in the zone. */
const dayOf = (value: string, timeZone: string) => (isCalendarDay(value) ? value : dayIn(new Date(value), timeZone));

/**
 * The days a list covers: the query's, else from `back` days ago to `ahead` days ahead (only a start
 * given: that day and the default span after it).
 */
export async function windowOf(
  q: Queryable,
  tenantId: string,
  query: { startDate?: string; endDate?: string },
  back: number,
  ahead: number,
): Promise<ActivityWindow> {
  const timeZone = await tenantTimeZone(q, tenantId);
  const today = dayIn(new Date(), timeZone);
  const from = query.startDate ? dayOf(query.startDate, timeZone) : addDays(today, -back);
  const to = query.endDate ? dayOf(query.endDate, timeZone) : query.startDate ? addDays(from, back + ahead) : addDays(today, ahead);
  if (to < from) throw fieldError('endDate', 'The end date cannot be before the start date.');
  return { from, to, timeZone, start: startOfDay(from, timeZone), end: startOfDay(addDays(to, 1), timeZone) };
}

/** One day ago to 7 days ahead by default (sales spec 9). */
export const defaultWindow = (q: Queryable, tenantId: string, query: { startDate?: string; endDate?: string }) =>
  windowOf(q, tenantId, query, ACTIVITY_LIMITS.defaultDaysBack, ACTIVITY_LIMITS.defaultDaysAhead);
