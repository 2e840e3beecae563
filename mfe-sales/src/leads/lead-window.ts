/**
 * The days a leads list or dashboard covers, as YYYY-MM-DD (the API takes days whole, the end day
 * included). The leads list starts on the current week, Monday to Sunday (spec section 9); the
 * dashboards on the last 30 days.
 */
import { currentWeek, LEAD_LIMITS, localDay } from '@meridian/shared/contract/lead';

export interface DayWindow {
  from: string;
  to: string;
}

const daysBefore = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() - days);

/** Monday to Sunday of the week `now` is in. */
export function weekWindow(now: Date = new Date()): DayWindow {
  const { start, end } = currentWeek(now);
  return { from: localDay(start), to: localDay(daysBefore(end, 1)) };
}

/** The last `days` days up to and including today. */
export function lastDaysWindow(days: number = LEAD_LIMITS.dashboardDefaultDays, now: Date = new Date()): DayWindow {
  return { from: localDay(daysBefore(now, days - 1)), to: localDay(now) };
}

/** A window whose end comes first is turned round by moving the other end to the day just set. */
export function orderedWindow(window: DayWindow, changed: keyof DayWindow): DayWindow {
  if (window.from <= window.to) return window;
  return changed === 'from' ? { from: window.from, to: window.from } : { from: window.to, to: window.to };
}
