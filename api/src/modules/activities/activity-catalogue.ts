/**
 * Activity types and statuses belong to a company: a tenant uses those of its nearest company at or
 * above it (a tenant under no company, such as the group, uses its own, if any). Lists show active
 * items only (status 1).
 */
import { ACTIVE_STATUS } from '@meridian/shared/constants';
import type { ActivityStatus, ActivityType } from '@meridian/shared/contract/activity';
import type { Queryable } from '../../db/database';
import { fieldError } from '../../http/errors';
import { pathWithin } from '../../tenancy/subtree';

/** The tenant whose types and statuses `tenantId` uses. */
export async function catalogueOwner(q: Queryable, tenantId: string): Promise<string> {
  const row = await q.one<{ id: string }>(
    `select coalesce((select c.id from tenants self join tenants c on ${pathWithin('self.path', 'c.path')}
       where self.id = $1 and c.type = 2 and c.deleted_at is null order by length(c.path) desc limit 1), $1) as id`,
    [tenantId],
  );
  return row!.id;
}

export const TYPE_COLUMNS = `ty.id as "Id", ty.name, ty.status, ty.tenant_id as "tenantId"`;
export const STATUS_COLUMNS = `st.id as "Id", st.name, st.status, st.tenant_id as "tenantId", st.is_default as "isDefault"`;

export async function activeTypes(q: Queryable, ownerId: string) {
  return q.query<ActivityType>(
    `select ${TYPE_COLUMNS} from activity_types ty where ty.tenant_id = $1 and ty.status = $2 order by ty.name, ty.id`,
    [ownerId, ACTIVE_STATUS],
  );
}

export async function activeStatuses(q: Queryable, ownerId: string) {
  return q.query<ActivityStatus>(
    `select ${STATUS_COLUMNS} from activity_statuses st where st.tenant_id = $1 and st.status = $2 order by st.is_default desc, st.name, st.id`,
    [ownerId, ACTIVE_STATUS],
  );
}

/** The type, which must be an active type of the company `ownerId`; else a field error. */
export async function assertActiveType(q: Queryable, ownerId: string, typeId: string, field = 'activityTypeId') {
  const row = await q.one<{ id: string }>(`select id from activity_types where id = $1 and tenant_id = $2 and status = $3`, [
    typeId,
    ownerId,
    ACTIVE_STATUS,
  ]);
  if (!row) throw fieldError(field, 'Choose an active activity type of this company.');
  return row.id;
}

/** The status, which must be an active status of the company `ownerId`; else a field error. */
export async function activeStatus(q: Queryable, ownerId: string, statusId: string, field = 'statusId') {
  const row = await q.one<{ id: string; name: string }>(
    `select id, name from activity_statuses where id = $1 and tenant_id = $2 and status = $3`,
    [statusId, ownerId, ACTIVE_STATUS],
  );
  if (!row) throw fieldError(field, 'Choose an active activity status of this company.');
  return row;
}

/** The status a new assignment starts with: the company's active default, else none ('PENDING'). */
export async function defaultStatus(q: Queryable, ownerId: string): Promise<{ id: string | null; name: string }> {
  const row = await q.one<{ id: string; name: string }>(
    `select id, name from activity_statuses where tenant_id = $1 and status = $2 and is_default order by name, id limit 1`,
    [ownerId, ACTIVE_STATUS],
  );
  return row ?? { id: null, name: 'PENDING' };
}
