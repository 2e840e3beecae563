/**
 * What an administrator may hand out: roles whose every permission they hold themselves (only a
 * global administrator grants the global administrator role), permissions they hold, and tenants
 * inside the subtree they act for. This stops a user administrator from raising anyone above themselves.
 */
import { isGlobalAdministrator } from '@meridian/shared/contract/roles';
import type { Queryable } from '../../db/database';
import type { Principal, TenantScope } from '../../auth/principal';
import { fieldError } from '../../http/errors';
import { sqlParams } from '../../db/sql-params';
import { tenantRowInScope } from '../../tenancy/subtree';
import { roleVisibleSql } from '../roles/role-visibility';

/** Only roles seen from the acting tenant count: another company's role "does not exist" here. */
export async function assertGrantableRoles(q: Queryable, principal: Principal, scope: TenantScope, roleIds: readonly string[]) {
  const roles = await q.query<{ id: string; name: string; permissions: string[] }>(
    `select r.id, r.name, coalesce((select json_agg(p.hierarchy) from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = r.id), '[]') as permissions
     from roles r where r.id = any($1::uuid[]) and ${roleVisibleSql(2)}`,
    [roleIds, scope.path],
  );
  if (roles.length !== new Set(roleIds).size) throw fieldError('roleIds', 'One of the chosen roles does not exist.');
  if (principal.isGlobalAdmin) return;
  const held = new Set(principal.permissions.map((p) => p.toUpperCase()));
  for (const role of roles) {
    const beyond = isGlobalAdministrator([role]) || role.permissions.some((p) => !held.has(p.toUpperCase()));
    if (beyond) throw fieldError('roleIds', `You cannot grant the role '${role.name}': it holds permissions you do not have.`);
  }
}

export async function assertGrantablePermissions(q: Queryable, principal: Principal, permissionIds: readonly string[]) {
  if (permissionIds.length === 0) return;
  const perms = await q.query<{ hierarchy: string }>(`select hierarchy from permissions where id = any($1::uuid[])`, [permissionIds]);
  if (perms.length !== new Set(permissionIds).size) throw fieldError('permissionIds', 'One of the chosen permissions does not exist.');
  if (principal.isGlobalAdmin) return;
  const held = new Set(principal.permissions.map((p) => p.toUpperCase()));
  const beyond = perms.find((p) => !held.has(p.hierarchy.toUpperCase()));
  if (beyond) throw fieldError('permissionIds', `You cannot grant '${beyond.hierarchy}': you do not hold it.`);
}

export async function assertTenantsInScope(q: Queryable, scope: TenantScope, tenantIds: readonly string[]) {
  const p = sqlParams([tenantIds]);
  const inside = await q.query<{ id: string }>(
    `select t.id from tenants t where t.id = any($1::uuid[]) and ${tenantRowInScope('t', scope, p)}`,
    p.values,
  );
  if (inside.length !== new Set(tenantIds).size) throw fieldError('tenantIds', 'Choose tenants inside the tenant you are acting for.');
}
