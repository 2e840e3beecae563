/**
 * The network allow-list as enforced: the active entries of a tenant and of every tenant above it
 * apply to it together, and an empty list allows every address. Users are checked whenever a
 * session is started or refreshed for them; API keys on every call (their principal carries the list).
 */
import { addressMatchesAny } from '@meridian/shared/contract/ip-address';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { MESSAGES } from '@meridian/shared/messages';
import type { NetworkPolicy } from '../../auth/caller-policies';
import type { Queryable } from '../../db/database';
import { AppError } from '../../http/errors';

/**
 * SQL: a json array of the active ranges that apply to the tenant `tenantId` (an SQL expression).
 * A tenant's path lists the ids from the root down to itself, so its ancestors need no recursion.
 */
export const allowedNetworksSql = (tenantId: string) => `(select coalesce(json_agg(a.cidr), '[]') from ip_addresses a
  where a.active and a.tenant_id in (select unnest(string_to_array(rtrim(t.path, '/'), '/')::uuid[]) from tenants t where t.id = ${tenantId}))`;

export const networkAllows = (networks: readonly string[], address: string) =>
  networks.length === 0 || addressMatchesAny(address, networks);

export async function allowedNetworks(q: Queryable, tenantId: string): Promise<string[]> {
  const row = await q.one<{ networks: string[] }>(`select ${allowedNetworksSql('$1::uuid')} as networks`, [tenantId]);
  return row?.networks ?? [];
}

/** Whether the user's home tenant (and the tenants above it) admit a sign-in from `address`. */
export async function userNetworkAllows(q: Queryable, userId: string, address: string): Promise<boolean> {
  const row = await q.one<{ networks: string[] }>(`select ${allowedNetworksSql('u.tenant_id')} as networks from users u where u.id = $1`, [
    userId,
  ]);
  return networkAllows(row?.networks ?? [], address);
}

export const ipNotAllowed = (message: string = MESSAGES.ipNotAllowed) => new AppError(403, ERROR_CODES.IP_NOT_ALLOWED, message);

export async function assertSignInNetworkAllowed(q: Queryable, userId: string, address: string) {
  if (!(await userNetworkAllows(q, userId, address))) throw ipNotAllowed();
}

/** The guard's check of an API key's address, on every call (registered in app.ts): the list its principal carries. */
export const apiKeyNetworkPolicy: NetworkPolicy = {
  assertApiKeyMayCallFrom(apiKey, address) {
    if (!networkAllows(apiKey.allowedNetworks, address)) throw ipNotAllowed(MESSAGES.apiKeyIpNotAllowed);
  },
};
