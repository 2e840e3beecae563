/**
 * Days as the acting tenant lives them: "today", a query's day, and the instants a run of days starts
 * and ends, in the tenant's time zone setting (its own, else inherited, else Africa/Johannesburg).
 */
import { isCalendarDay } from '@meridian/shared/contract/activity-plan';
import type { Queryable } from '../../db/database';

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export const dayAt = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

export const todayIn = (timeZone: string) => dayAt(new Date(), timeZone);

/** A query's day: YYYY-MM-DD as given, a date-time as the day it falls on in the time zone. */
export const dayOf = (value: string, timeZone: string) => (isCalendarDay(value) ? value : dayAt(new Date(value), timeZone));

/** The instants the first day starts and the day after the last day starts: the half-open window [start, end) of those days. */
export async function dayWindow(q: Queryable, fromDay: string, toDay: string, timeZone: string): Promise<{ start: Date; end: Date }> {
  return (await q.one<{ start: Date; end: Date }>(
    `select ($1::date::timestamp at time zone $3::text) as start, (($2::date + 1)::timestamp at time zone $3::text) as "end"`,
    [fromDay, toDay, timeZone],
  ))!;
}
