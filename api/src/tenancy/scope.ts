/**
 * Scope checks for single objects: anything outside the acting tenant's subtree answers 404,
 * exactly like something that does not exist, so other tenants' ids reveal nothing.
 */
import type { Queryable } from '../db/database';
import type { TenantScope } from '../auth/principal';
import { notFound } from '../http/errors';

/**
 * SQL condition: `column` (a tenant id) lies in the subtree whose path pattern is parameter $n.
 * Written as an id list rather than a join on the path pattern, so that a prepared statement's
 * generic plan still filters rows by index instead of guessing the subtree holds one tenant.
 */
export const inSubtree = (column: string, param: number) => `${column} = any(array(select id from tenants where path like $${param}))`;

export async function tenantInScope(q: Queryable, scope: TenantScope, tenantId: string) {
  const row = await q.one<{ id: string; path: string; type: number; parent_id: string | null }>(
    `select id, path, type, parent_id from tenants where id = $1 and deleted_at is null and path like $2`,
    [tenantId, `${scope.path}%`],
  );
  if (!row) throw notFound('Tenant');
  return row;
}

export async function userInScope(q: Queryable, scope: TenantScope, userId: string, options: { includeDeleted?: boolean } = {}) {
  const row = await q.one<{ id: string; email_address: string; user_name: string; deleted: boolean }>(
    `select u.id, u.email_address, u.user_name, u.deleted_at is not null as deleted from users u join tenants t on t.id = u.tenant_id
     where u.id = $1 and t.path like $2 ${options.includeDeleted ? '' : 'and u.deleted_at is null'}`,
    [userId, `${scope.path}%`],
  );
  if (!row) throw notFound('User');
  return row;
}

/** Ids of `ids` that lie outside the scope (unknown ones included). */
export async function usersOutsideScope(q: Queryable, scope: TenantScope, ids: readonly string[]) {
  const inside = await q.query<{ id: string }>(
    `select u.id from users u join tenants t on t.id = u.tenant_id where u.id = any($1::uuid[]) and t.path like $2`,
    [ids, `${scope.path}%`],
  );
  const found = new Set(inside.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}
