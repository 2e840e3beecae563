/**
 * The period of an asset device's positions: as a device's positions are asked for, a day starts at
 * its midnight in the tenant's zone and an end day is included whole; a date-time is that instant.
 */
import { isCalendarDay } from '@meridian/shared/contract/activity-plan';
import { addDays } from '@meridian/shared/contract/field-agent';
import { GEO_POSITION_LIMITS } from '@meridian/shared/contract/geo-position';
import type { Queryable } from '../../db/database';
import { fieldError } from '../../http/errors';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import { startOfDay } from '../activities/activity-window';

const DAY_MS = 86_400_000;

export async function positionPeriod(q: Queryable, tenantId: string, startDate: string, endDate: string) {
  const timeZone = await tenantTimeZone(q, tenantId);
  const from = isCalendarDay(startDate) ? startOfDay(startDate, timeZone) : new Date(startDate);
  const to = isCalendarDay(endDate) ? startOfDay(addDays(endDate, 1), timeZone) : new Date(endDate);
  if (to <= from) throw fieldError('endDate', 'The end of the period must come after its start.');
  if (to.getTime() - from.getTime() > GEO_POSITION_LIMITS.maxDays * DAY_MS)
    throw fieldError('endDate', `One call covers at most ${GEO_POSITION_LIMITS.maxDays} days.`);
  return { from, to };
}
