/**
 * Who may read which tenants: administrators of tenants work in the acting subtree; the tenant-free
 * calls (a caller's own tree, company, currency, banks, location) reach any tenant beneath the
 * caller's own tenants, and another user's tenants or location only inside the acting subtree.
 */
import type { FastifyRequest } from 'fastify';
import { can } from '@meridian/shared/contract/access';
import { mayActIn, type Principal } from '../../auth/principal';
import { requireScope } from '../../auth/guard';
import type { Queryable } from '../../db/database';
import { forbidden, notFound } from '../../http/errors';
import { userInScope } from '../../tenancy/scope';
import { allow, grantsOf } from '../../auth/allow';
import { tenants } from '@meridian/shared/contract/areas/admin';

export const TENANT_ADMINS = allow(tenants, 'read');
export const SELF = { tenantFree: true };
const USER_TENANT_READERS = grantsOf(tenants, 'readOfUsers');

/** A tenant the caller may read on their own behalf (anywhere beneath their tenants). */
export async function accessibleTenant(q: Queryable, principal: Principal, tenantId: string) {
  const row = await q.one<{ id: string; path: string }>(`select id, path from tenants where id = $1 and deleted_at is null`, [tenantId]);
  if (!row || !mayActIn(principal, row.path)) throw notFound('Tenant');
  return row;
}

/** The paths of the caller's own tenants; for a global administrator, every root. */
export async function rootPaths(q: Queryable, principal: Principal) {
  if (!principal.isGlobalAdmin) return principal.tenantPaths;
  return (await q.query<{ path: string }>(`select path from tenants where parent_id is null and deleted_at is null`)).map((r) => r.path);
}

/** Another user's tenants: for administrators of users or tenants, of a user inside the acting subtree. */
export async function assertMayReadTenantsOf(q: Queryable, request: FastifyRequest, userId: string) {
  if (userId === request.principal.userId) return;
  if (!can(request.principal, USER_TENANT_READERS)) throw forbidden();
  await userInScope(q, requireScope(request), userId);
}

/** Another user's location: of a user inside the acting subtree. */
export async function assertMayReadLocationOf(q: Queryable, request: FastifyRequest, userId: string) {
  if (userId !== request.principal.userId) await userInScope(q, requireScope(request), userId);
}
