/** A loan's dates are calendar days without a zone: "today" is the day in the time zone of the loan's tenant. */
import type { Queryable } from '../../db/database';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import { todayIn } from '../agent/day-window';

export const todayForTenant = async (q: Queryable, tenantId: string) => todayIn(await tenantTimeZone(q, tenantId));
