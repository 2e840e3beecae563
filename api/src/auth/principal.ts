/**
 * Who is calling and for which tenant: loaded once per request from the session an access token
 * names, or from the API key presented instead (loaded by the api-users module, which registers
 * its loader with the guard: auth/caller-policies.ts).
 */
import { isGlobalAdministrator } from '@meridian/shared/contract/roles';
import { can } from '@meridian/shared/contract/access';
import { MESSAGES } from '@meridian/shared/messages';
import { idSchema } from '@meridian/shared/validation';
import type { Queryable } from '../db/database';
import { isPathWithin } from '../tenancy/subtree';
import { AppError, fieldError, forbidden, unauthenticated } from '../http/errors';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';

/** What the guard needs to know, on every call, about a caller that is an API key. */
export interface ApiKeyCaller {
  id: string;
  name: string;
  /** Epoch milliseconds. */
  expiresAt: number | null;
  lastUsedAt: number | null;
  /** The allow-list of the key's tenant, checked against the address of every call. */
  allowedNetworks: string[];
}

export interface Principal {
  /** The signed-in user; for an API key, the user who created it, to whom its writes are attributed. */
  userId: string;
  userName: string;
  /** Empty for an API key: it has no session. */
  sessionId: string;
  impersonatorId: string | null;
  roles: { name: string }[];
  permissions: string[];
  isGlobalAdmin: boolean;
  homeTenantId: string;
  /** Paths of the tenants the user belongs to; the user may act anywhere beneath them. */
  tenantPaths: string[];
  /** Set when the caller is an API key rather than a signed-in user. */
  apiKey: ApiKeyCaller | null;
  /** Signed in with a temporary or expired password: until it is changed, only the routes that change it answer. */
  passwordChangeRequired: boolean;
}

/** A loaded caller and the tenant it acts for (null when x-tenant-id names no live tenant). */
export interface LoadedPrincipal {
  principal: Principal;
  scopeTenant: { id: string; path: string } | null;
}

export interface TenantScope {
  tenantId: string;
  /** Subtree prefix: rows whose tenant path starts with this are in scope. */
  path: string;
}

interface PrincipalRow {
  id: string;
  user_name: string;
  tenant_id: string;
  impersonator_id: string | null;
  revoked_at: Date | null;
  deleted_at: Date | null;
  password_change_required: boolean;
  roles: string[];
  permissions: string[];
  tenant_paths: string[];
  scope: { id: string; path: string } | null;
}

/**
 * The role names and effective permissions (from roles and granted directly) of the user `u`, as the
 * columns `roles` and `permissions`: what the caller holds here, and what a target holds when an
 * administrator acts on another account (modules/users/user-rank.ts).
 */
export const USER_PRIVILEGES_SQL = `(select coalesce(json_agg(r.name), '[]') from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as roles,
  (select coalesce(json_agg(distinct p.hierarchy), '[]') from permissions p where p.id in (
      select up.permission_id from user_permissions up where up.user_id = u.id
      union select rp.permission_id from role_permissions rp join user_roles ur on ur.role_id = rp.role_id where ur.user_id = u.id)) as permissions`;

/**
 * What a principal is built from, for the user `u`, acting for the tenant `tenantParam` names (else their own):
 * their account, privileges, member tenants and the acting tenant (null when it is deleted or absent).
 */
const principalColumns = (tenantParam: string) => `u.id, u.user_name, u.tenant_id, u.deleted_at,
  (u.must_change_password or coalesce(u.password_expires_at <= now(), false)) as password_change_required,
  ${USER_PRIVILEGES_SQL},
  (select coalesce(json_agg(t.path), '[]') from user_tenants ut join tenants t on t.id = ut.tenant_id
      where ut.user_id = u.id and t.deleted_at is null) as tenant_paths,
  (select json_build_object('id', t.id, 'path', t.path) from tenants t
      where t.id = coalesce(${tenantParam}::uuid, u.tenant_id) and t.deleted_at is null) as scope`;

const PRINCIPAL_SQL = `
select ${principalColumns('$3')}, coalesce(s.revoked_at, parent.revoked_at) as revoked_at, s.impersonator_id
from sessions s join users u on u.id = s.user_id
  -- A derived session (token exchange, authorize, impersonation) ends with its parent, even one
  -- revoked while the child was being created (modules/auth/sessions.ts revokes descendants too).
  left join sessions parent on parent.id = s.parent_session_id
where s.id = $1 and s.user_id = $2`;

/** The same, for a user with no session (work done on their behalf: a scheduled report). */
const USER_PRINCIPAL_SQL = `select ${principalColumns('$2')}, null as revoked_at, null as impersonator_id from users u where u.id = $1`;

export const mayActIn = (principal: Pick<Principal, 'isGlobalAdmin' | 'tenantPaths'>, tenantPath: string) =>
  principal.isGlobalAdmin || principal.tenantPaths.some((p) => isPathWithin(tenantPath, p));

export function parseTenantHeader(value: string | string[] | undefined): string | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw || raw.trim() === '') return null;
  const parsed = idSchema.safeParse(raw.trim());
  if (!parsed.success) throw fieldError('x-tenant-id', 'The x-tenant-id header must be a tenant id (UUID).');
  return parsed.data;
}

function principalOf(row: PrincipalRow, sessionId: string): Principal {
  const roles = row.roles.map((name) => ({ name }));
  return {
    userId: row.id,
    userName: row.user_name,
    sessionId,
    impersonatorId: row.impersonator_id,
    roles,
    permissions: row.permissions,
    isGlobalAdmin: isGlobalAdministrator(roles),
    homeTenantId: row.tenant_id,
    tenantPaths: row.tenant_paths,
    apiKey: null,
    passwordChangeRequired: row.password_change_required,
  };
}

/** Loads the principal of a verified token; a revoked session or deleted user is unauthenticated. */
export async function loadPrincipal(
  db: Queryable,
  claims: { sub: string; sid: string },
  tenantHeader: string | null,
): Promise<LoadedPrincipal> {
  const row = await db.one<PrincipalRow>(PRINCIPAL_SQL, [claims.sid, claims.sub, tenantHeader]);
  if (!row || row.revoked_at || row.deleted_at) throw unauthenticated();
  return { principal: principalOf(row, claims.sid), scopeTenant: row.scope };
}

/**
 * The principal and scope a signed-in request of `userId` acting for `tenantId` would have, loaded without a
 * session, for work done later on the user's behalf (a scheduled report runs as the schedule's user): their
 * roles, permissions and tenants as they are now. Refused as a request would be: a deleted (or unknown) user is
 * unauthenticated (401), a tenant they may not act for (or one deleted) TENANT_FORBIDDEN (403). Whether a
 * temporary or expired password stops the work is the caller's to decide (`passwordChangeRequired`).
 */
export async function loadUserPrincipal(
  db: Queryable,
  userId: string,
  tenantId: string,
): Promise<{ principal: Principal; scope: TenantScope }> {
  const row = await db.one<PrincipalRow>(USER_PRINCIPAL_SQL, [userId, tenantId]);
  if (!row || row.deleted_at) throw unauthenticated();
  const principal = principalOf(row, '');
  return { principal, scope: resolveScope(principal, row.scope) };
}

export const apiKeyInvalid = () => unauthenticated(MESSAGES.apiKeyInvalid);

export const isExpired = (apiKey: Pick<ApiKeyCaller, 'expiresAt'>) => apiKey.expiresAt !== null && apiKey.expiresAt <= Date.now();

export function resolveScope(principal: Principal, scopeTenant: { id: string; path: string } | null): TenantScope {
  if (!scopeTenant || !mayActIn(principal, scopeTenant.path)) {
    throw new AppError(403, ERROR_CODES.TENANT_FORBIDDEN, MESSAGES.tenantForbidden);
  }
  return { tenantId: scopeTenant.id, path: scopeTenant.path };
}

export function requirePermission(principal: Principal, required: readonly string[]) {
  if (!can(principal, required)) throw forbidden();
}
