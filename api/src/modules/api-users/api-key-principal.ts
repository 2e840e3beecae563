/** The principal of a presented API key, as the guard asks for it (auth/caller-policies.ts). */
import type { Queryable } from '../../db/database';
import { apiKeyInvalid, isExpired, type ApiKeyCaller, type LoadedPrincipal, type Principal } from '../../auth/principal';
import type { ApiKeyResolver } from '../../auth/caller-policies';
import { allowedNetworksSql } from '../ip-addresses/allow-list';
import { apiKeyHash, recordApiKeyUse } from './api-keys';

interface ApiKeyRow {
  id: string;
  name: string;
  tenant_id: string;
  tenant_path: string;
  created_by: string;
  revoked_at: Date | null;
  expires_at: Date | null;
  last_used_at: Date | null;
  permissions: string[];
  allowed_networks: string[];
  scope: { id: string; path: string } | null;
}

// A key dies with its tenant and with the user who created it: its authority was theirs.
const API_KEY_PRINCIPAL_SQL = `
select k.id, k.name, k.tenant_id, t.path as tenant_path, k.created_by, k.revoked_at, k.expires_at, k.last_used_at,
  (select coalesce(json_agg(distinct p.hierarchy), '[]') from api_user_permissions ap join permissions p on p.id = ap.permission_id
      where ap.api_user_id = k.id) as permissions,
  ${allowedNetworksSql('k.tenant_id')} as allowed_networks,
  (select json_build_object('id', st.id, 'path', st.path) from tenants st
      where st.id = coalesce($2::uuid, k.tenant_id) and st.deleted_at is null) as scope
from api_users k
  join tenants t on t.id = k.tenant_id and t.deleted_at is null
  join users u on u.id = k.created_by and u.deleted_at is null
where k.key_hash = $1`;

/**
 * Loads the principal of an API key by the hash of the key: exactly the key's permissions, acting
 * for the key's tenant (or a tenant beneath it named by x-tenant-id), never a global administrator.
 */
export async function loadApiKeyPrincipal(db: Queryable, keyHash: string, tenantHeader: string | null): Promise<LoadedPrincipal> {
  const row = await db.one<ApiKeyRow>(API_KEY_PRINCIPAL_SQL, [keyHash, tenantHeader]);
  if (!row || row.revoked_at) throw apiKeyInvalid();
  const apiKey: ApiKeyCaller = {
    id: row.id,
    name: row.name,
    expiresAt: row.expires_at ? new Date(row.expires_at).getTime() : null,
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).getTime() : null,
    allowedNetworks: row.allowed_networks,
  };
  if (isExpired(apiKey)) throw apiKeyInvalid();
  const principal: Principal = {
    userId: row.created_by,
    userName: row.name,
    sessionId: '',
    impersonatorId: null,
    roles: [],
    permissions: row.permissions,
    isGlobalAdmin: false,
    homeTenantId: row.tenant_id,
    tenantPaths: [row.tenant_path],
    apiKey,
    passwordChangeRequired: false,
  };
  return { principal, scopeTenant: row.scope };
}

/** What the guard is given to resolve presented keys (registered in app.ts). */
export const apiKeyResolver: ApiKeyResolver = { hashOf: apiKeyHash, load: loadApiKeyPrincipal, recordUse: recordApiKeyUse };
