/**
 * The live tenants of a subtree, by its path prefix. A tenant's list reads each of them in index
 * order and merges them (activity-list.ts), so the ids are needed before the statement is written;
 * they are kept for a moment per subtree (kept-lookups.ts; the tenant routes forget them).
 */
import type { Queryable } from '../db/database';
import { sqlParams } from '../db/sql-params';
import { keptLookups } from './kept-lookups';
import { subtreeTenantsSql } from './subtree';

const SUBTREE_KEPT_MS = 2_000;

const subtrees = keptLookups(SUBTREE_KEPT_MS, async (q, path) => {
  const p = sqlParams();
  return (await q.query<{ id: string }>(`${subtreeTenantsSql(path, p)} order by path`, p.values)).map((row) => row.id);
});

export const subtreeTenantIds = (q: Queryable, path: string): Promise<string[]> => subtrees.get(q, path);

/** After a tenant was created, moved or deleted. */
export const forgetSubtreeTenants = () => subtrees.forget();
