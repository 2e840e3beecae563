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

/** How many tenants are live, and which are deleted. */
const census = keptLookups(
  SUBTREE_KEPT_MS,
  async (q) =>
    (await q.one<{ live: number; deleted: string[] }>(
      `select count(*) filter (where deleted_at is null)::int as live,
       coalesce(array_agg(id) filter (where deleted_at is not null), '{}') as deleted from tenants`,
    ))!,
);

/**
 * When a subtree's live tenants (subtreeTenantIds) are every live tenant there is, the ids of the
 * deleted tenants (a read of a whole table then reads that subtree's rows once it leaves theirs out);
 * otherwise null.
 */
export async function wholeTreeBut(q: Queryable, subtreeTenants: readonly string[]): Promise<string[] | null> {
  const tenants = await census.get(q, 'all');
  return subtreeTenants.length === tenants.live ? tenants.deleted : null;
}

/** After a tenant was created, moved or deleted. */
export const forgetSubtreeTenants = () => {
  subtrees.forget();
  census.forget();
};
