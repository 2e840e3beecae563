/**
 * The user a tracking list is made for (`/geo/device/{userId}`, `/geo/device/map/{userId}`,
 * `/geo/fences/all/{userId}`): the all-zero GUID or the caller means the whole acting subtree; another
 * user of the subtree (else 404) narrows it to the tenants under that user's own tenants.
 */
import { isEmptyGuid } from '@meridian/shared/validation';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../db/sql-params';
import { inScope } from '../../tenancy/subtree';
import { userInScope } from '../../tenancy/scope';

/** SQL condition: the tenant `column` lies in the acting subtree and, for another user, under one of their tenants. */
export async function listUserCondition(
  q: Queryable,
  scope: TenantScope,
  callerId: string,
  userId: string,
  column: string,
  p: SqlParams,
): Promise<string> {
  const inSubtree = inScope(column, scope, p);
  if (isEmptyGuid(userId) || userId === callerId) return inSubtree;
  await userInScope(q, scope, userId);
  return `${inSubtree} and ${column} = any(array(select t.id from tenants t where t.deleted_at is null and t.path like any(array(
    select ut.path || '%' from user_tenants u join tenants ut on ut.id = u.tenant_id where u.user_id = ${p.add(userId)}))))`;
}
