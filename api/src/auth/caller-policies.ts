/**
 * What the guard asks of the domains, without importing them: how a presented API key becomes a
 * principal (the api-users module) and whether an API key may call from an address (the
 * ip-addresses module). The modules register their implementations when the app is assembled
 * (app.ts); platform code never imports a module.
 */
import type { Queryable } from '../db/database';
import type { ApiKeyCaller, LoadedPrincipal } from './principal';

export interface ApiKeyResolver {
  /** The stored hash of a well-formed key, or null for anything else, which then costs no lookup. */
  hashOf(credential: string): string | null;
  /**
   * The principal of the key with this hash, for the tenant x-tenant-id names (else the key's own);
   * an unknown, revoked or expired key is refused as unauthenticated (401).
   */
  load(db: Queryable, keyHash: string, tenantHeader: string | null): Promise<LoadedPrincipal>;
  /** Notes that the key was used (as often as the implementation finds worth writing). */
  recordUse(db: Queryable, apiKey: ApiKeyCaller): Promise<void>;
}

export interface NetworkPolicy {
  /** Throws when an API key may not call from `address`. Runs on every call, so it must not touch the database. */
  assertApiKeyMayCallFrom(apiKey: ApiKeyCaller, address: string): void;
}

export interface CallerPolicies {
  useApiKeys(resolver: ApiKeyResolver): void;
  useNetworkPolicy(policy: NetworkPolicy): void;
  apiKeys(): ApiKeyResolver;
  networkPolicy(): NetworkPolicy;
}

/**
 * Asking for a policy nobody registered throws (a 500): an app assembled without one must not
 * accept API keys, let alone let them through unchecked.
 */
export function createCallerPolicies(): CallerPolicies {
  let resolver: ApiKeyResolver | null = null;
  let network: NetworkPolicy | null = null;
  const missing = (what: string) => new Error(`No ${what} is registered with the guard (see app.ts).`);
  return {
    useApiKeys: (r) => {
      resolver = r;
    },
    useNetworkPolicy: (p) => {
      network = p;
    },
    apiKeys: () => {
      if (!resolver) throw missing('API-key resolver');
      return resolver;
    },
    networkPolicy: () => {
      if (!network) throw missing('network policy');
      return network;
    },
  };
}
