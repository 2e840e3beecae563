/**
 * Who reads the portfolio reports and over what: holders of the standard reports' grant (CRM/REPORTS), over the
 * acting tenant's subtree, narrowed to one tenant inside it (another's is 404, as every scoped id answers);
 * days in that tenant's time zone, the spec's report window by default, never an as-of day past today.
 */
import { standardReports } from '@meridian/shared/contract/areas/reports';
import { PORTFOLIO_REPORT_LIMITS } from '@meridian/shared/contract/portfolio-report';
import { addDays } from '@meridian/shared/lending/schedule-dates';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { fieldError } from '../../http/errors';
import { tenantInScope } from '../../tenancy/scope';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import { todayIn } from '../agent/day-window';

export const REPORT_READERS = allow(standardReports, 'read');

/** The spec's window for reports: one day ago to 7 days ahead. */
const DAYS_BACK = 1;
const DAYS_AHEAD = 7;

export interface ReportScope {
  /** The subtree's root path (the acting tenant's, or the chosen tenant's). */
  path: string;
  /** Today in the root tenant's time zone. */
  today: string;
  /** That time zone: the report's days start and end in it. */
  timeZone: string;
}

export async function reportScope(q: Queryable, scope: TenantScope, tenantId: string | undefined): Promise<ReportScope> {
  const root = tenantId ? await tenantInScope(q, scope, tenantId) : { id: scope.tenantId, path: scope.path };
  const timeZone = await tenantTimeZone(q, root.id);
  return { path: root.path, today: todayIn(timeZone), timeZone };
}

export interface DayWindow {
  fromDate: string;
  toDate: string;
}

/**
 * The days asked for, else the default span around today (only one end given: the default span from or to it).
 * The agent report looks further ahead (`daysAhead` 30, sales spec section 9).
 */
export function reportWindow(query: { fromDate?: string; toDate?: string }, today: string, daysAhead: number = DAYS_AHEAD): DayWindow {
  const span = DAYS_BACK + daysAhead;
  const fromDate = query.fromDate ?? (query.toDate ? addDays(query.toDate, -span) : addDays(today, -DAYS_BACK));
  const toDate = query.toDate ?? (query.fromDate ? addDays(query.fromDate, span) : addDays(today, daysAhead));
  if (toDate < fromDate) throw fieldError('toDate', 'The end date cannot be before the start date.');
  if (addDays(fromDate, PORTFOLIO_REPORT_LIMITS.maxWindowDays) <= toDate)
    throw fieldError('toDate', `A report covers at most ${PORTFOLIO_REPORT_LIMITS.maxWindowDays} days.`);
  return { fromDate, toDate };
}

/** An as-of day: the one asked for (not after today: nothing is known of later days), else today. */
export function asOfDay(asked: string | undefined, today: string): string {
  if (asked && asked > today) throw fieldError('asOf', 'The as-of date cannot be after today.');
  return asked ?? today;
}
