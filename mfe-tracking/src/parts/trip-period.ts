/**
 * The period of the trips page: days as YYYY-MM-DD (tracking spec 5), by default from one day ago to 7
 * days ahead (spec 9's default report range, DEVICE_TRIP_LIMITS), counted from today in the acting
 * tenant's time zone, whatever zone the browser is in.
 */
import { DEVICE_TRIP_LIMITS } from '@meridian/shared/contract/device-trip';
import { calendarDayIn, type TenantFormat } from '@meridian/shared/format';

const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isPlainDay = (value: string | null | undefined): value is string =>
  !!value && PLAIN_DAY.test(value) && !Number.isNaN(Date.parse(value));

/** `day` moved by `days` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

export interface TripPeriod {
  from: string;
  to: string;
}

export function defaultTripPeriod(format: TenantFormat, now: Date = new Date()): TripPeriod {
  const today = calendarDayIn(now.toISOString(), format);
  return { from: addDays(today, -DEVICE_TRIP_LIMITS.defaultDaysBack), to: addDays(today, DEVICE_TRIP_LIMITS.defaultDaysAhead) };
}

/** The period the address asks for, each end falling back to the default; ends given the wrong way round are swapped. */
export function periodOf(from: string | null, to: string | null, fallback: TripPeriod): TripPeriod {
  const start = isPlainDay(from) ? from : fallback.from;
  const end = isPlainDay(to) ? to : fallback.to;
  return start <= end ? { from: start, to: end } : { from: end, to: start };
}
