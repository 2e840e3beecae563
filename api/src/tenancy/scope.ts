/**
 * Scope checks for single objects: anything outside the acting tenant's subtree answers 404,
 * exactly like something that does not exist, so other tenants' ids reveal nothing.
 */
import type { Queryable } from '../db/database';
import { sqlParams } from '../db/sql-params';
import type { TenantScope } from '../auth/principal';
import { notFound } from '../http/errors';
import { inScope, tenantRowInScope, type SubtreeOptions } from './subtree';

export async function tenantInScope(q: Queryable, scope: TenantScope, tenantId: string) {
  const p = sqlParams([tenantId]);
  const row = await q.one<{ id: string; path: string; type: number; parent_id: string | null }>(
    `select t.id, t.path, t.type, t.parent_id from tenants t where t.id = $1 and ${tenantRowInScope('t', scope, p)}`,
    p.values,
  );
  if (!row) throw notFound('Tenant');
  return row;
}

/** `includeDeleted` also finds a deleted user, and a user of a deleted tenant (to restore or read their history). */
export async function userInScope(q: Queryable, scope: TenantScope, userId: string, options: SubtreeOptions = {}) {
  const p = sqlParams([userId]);
  const row = await q.one<{ id: string; email_address: string; user_name: string; deleted: boolean }>(
    `select u.id, u.email_address, u.user_name, u.deleted_at is not null as deleted from users u join tenants t on t.id = u.tenant_id
     where u.id = $1 and ${tenantRowInScope('t', scope, p, options)} ${options.includeDeleted ? '' : 'and u.deleted_at is null'}`,
    p.values,
  );
  if (!row) throw notFound('User');
  return row;
}

/** Ids of `ids` that lie outside the scope (unknown ones included); deleted users count as inside. */
export async function usersOutsideScope(q: Queryable, scope: TenantScope, ids: readonly string[], options: SubtreeOptions = {}) {
  const p = sqlParams([ids]);
  const inside = await q.query<{ id: string }>(
    `select u.id from users u where u.id = any($1::uuid[]) and ${inScope('u.tenant_id', scope, p, options)}`,
    p.values,
  );
  const found = new Set(inside.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}
