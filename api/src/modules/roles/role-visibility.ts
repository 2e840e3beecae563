/**
 * Which roles a tenant's users see and which they may change. System roles belong to no tenant and
 * are everyone's. A tenant's own role is seen along its lineage: from its own subtree (it governs
 * those users) and from the tenants above it (their administrators oversee it). Seen is not
 * changeable: a role is changed only from the tenant that owns it or a tenant above that one, so a
 * company administrator reads the group's roles but cannot rewrite the permissions of the sibling
 * company's users who hold them.
 */
import type { Principal } from '../../auth/principal';
import { outranksOrEquals } from '../users/user-rank';
import { pathWithin } from '../../tenancy/subtree';

/** SQL condition on `r` (roles): visible to the tenant whose path is parameter $n. */
export const roleVisibleSql = (pathParam: number) =>
  `(r.tenant_id is null or exists (select 1 from tenants rt where rt.id = r.tenant_id and rt.deleted_at is null
    and (${pathWithin('rt.path', `$${pathParam}`)} or ${pathWithin(`$${pathParam}`, 'rt.path')})))`;

/** SQL boolean on `r`: the role belongs to a tenant inside the subtree whose path is parameter $n. */
export const roleOwnedInSubtreeSql = (pathParam: number) =>
  `exists (select 1 from tenants ot where ot.id = r.tenant_id and ot.deleted_at is null and ${pathWithin('ot.path', `$${pathParam}`)})`;

export interface RoleOwnership {
  systemRole: boolean;
  tenantId: string | null;
  /** The owning tenant lies in the caller's acting subtree. */
  ownedInScope: boolean;
  permissions: readonly { hierarchy: string }[];
}

export type RoleChangeRefusal = 'system' | 'owned-above' | 'outranks';

/** Why `principal` may not change `role`, or null when they may. */
export function roleChangeRefusal(
  principal: Pick<Principal, 'isGlobalAdmin' | 'permissions'>,
  role: RoleOwnership,
): RoleChangeRefusal | null {
  if (principal.isGlobalAdmin) return null;
  if (role.systemRole || role.tenantId === null) return 'system';
  if (!role.ownedInScope) return 'owned-above';
  const rolePrivileges = { isGlobalAdmin: false, permissions: role.permissions.map((p) => p.hierarchy) };
  return outranksOrEquals(principal, rolePrivileges) ? null : 'outranks';
}
