/** Whether a tenant's agents must share their location to start or stop their day or record work. */
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { MESSAGES } from '@meridian/shared/messages';
import type { Queryable } from '../../db/database';
import { AppError } from '../../http/errors';
import { pathWithin } from '../../tenancy/subtree';

/** True when the tenant or any tenant above it requires its agents to share their location. */
export async function locationRequired(q: Queryable, tenantId: string) {
  const row = await q.one<{ required: boolean }>(
    `select coalesce(bool_or(a.location_required), false) as required
     from tenants t join tenants a on ${pathWithin('t.path', 'a.path')} where t.id = $1 and a.deleted_at is null`,
    [tenantId],
  );
  return row?.required ?? false;
}

export const locationRequiredError = () => new AppError(400, ERROR_CODES.LOCATION_REQUIRED, MESSAGES.enableLocation);
