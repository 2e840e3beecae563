/**
 * Public listing keys: the readable slug (`meridian-lending`) under which a tenant's listed vehicles are
 * shown to anyone (/listing/{key}). A key names a tenant; its page shows that tenant's subtree.
 */
import type { Queryable } from '../../db/database';
import { pathWithin } from '../../tenancy/subtree';

export interface ListingSeller {
  tenantId: string;
  name: string;
  path: string;
}

/** The live tenant behind a public key, or null (unknown key, deleted tenant). */
export async function sellerOfKey(q: Queryable, key: string): Promise<ListingSeller | null> {
  return q.one<ListingSeller>(
    `select t.id as "tenantId", t.name, t.path from tenant_public_listings k join tenants t on t.id = k.tenant_id
     where k.public_key = $1 and t.deleted_at is null`,
    [key],
  );
}

/** The key of the nearest live tenant at or above `tenantId` that has a public listing, or null. */
export async function publicListingKeyOf(q: Queryable, tenantId: string): Promise<string | null> {
  const row = await q.one<{ key: string }>(
    `select k.public_key as key from tenants self join tenants t on ${pathWithin('self.path', 't.path')} and t.deleted_at is null
       join tenant_public_listings k on k.tenant_id = t.id
     where self.id = $1 order by length(t.path) desc limit 1`,
    [tenantId],
  );
  return row?.key ?? null;
}

/** Whole minor units read from a bigint column (as text): exact below 2^53, which every amount's ceiling keeps. */
export function minorUnits(text: string | number): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error('an amount in minor units is beyond what JSON carries exactly');
  return value;
}
