/**
 * The live tenants of a subtree, by its path prefix. A tenant's list reads each of them in index
 * order and merges them (activity-list.ts), so the ids are needed before the statement is written;
 * they are kept for a moment per subtree: a change made here is seen at once (the tenant routes
 * forget them), one made through another API process within SUBTREE_KEPT_MS.
 */
import type { Queryable } from '../db/database';

const SUBTREE_KEPT_MS = 2_000;
const kept = new Map<string, { ids: string[]; until: number }>();
/** Bumped by every change, so that a lookup begun before it is not kept. */
let generation = 0;

export async function subtreeTenantIds(q: Queryable, path: string): Promise<string[]> {
  const hit = kept.get(path);
  if (hit && hit.until > Date.now()) return hit.ids;
  const begun = generation;
  const rows = await q.query<{ id: string }>(`select id from tenants where path like $1 and deleted_at is null order by path`, [`${path}%`]);
  const ids = rows.map((row) => row.id);
  if (begun === generation) kept.set(path, { ids, until: Date.now() + SUBTREE_KEPT_MS });
  return ids;
}

/** After a tenant was created, moved or deleted. */
export function forgetSubtreeTenants() {
  generation++;
  kept.clear();
}
