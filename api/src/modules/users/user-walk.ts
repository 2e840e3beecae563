/**
 * A broad user search (a first name shared by a twentieth of 100,000 users) walked along the list's
 * order instead of collecting every match first (db/search-walk.ts): each tenant's live users in the
 * sort's order from an index that carries the search text (migration 015), merged, until the page
 * and a sample of matches are found; the total is then estimated from their share and said to be
 * one. Sorts by date created (the default), last name and first name are walked; other sorts, the
 * deleted users' list, role and team filters and narrow searches are found and counted exactly. Whether
 * a search is broad, and how many it matches, is judged from its share of the newest users (an order
 * unrelated to names: sorted by a name, a name search's matches gather together in the walk), so a
 * narrow search reads a few hundred index entries before its exact count, not a whole walk.
 */
import type { Queryable } from '../../db/database';
import type { PageSql } from '../../http/paging';
import { walkedPage, type WalkedPage } from '../../db/search-walk';
import { sqlParams } from '../../db/sql-params';
import { subtreeTenantIds } from '../../tenancy/subtree-tenants';

/** Sort expressions walked, each along its index users_walk_*_idx (tenant_id, column, id) include (search_text) where deleted_at is null. */
const WALKED_COLUMNS: Record<string, string> = {
  'u.date_created': 'date_created',
  'u.last_name': 'last_name',
  'u.first_name': 'first_name',
};
/** Up to this many tenants their index reads are merged; a bigger subtree is searched the exact way. */
const MERGED_TENANTS_MAX = 40;

/** The page of a search walked in list order, or null when the list, sort or search is not one to walk. */
export async function walkedUserSearch(
  q: Queryable,
  subtreePath: string,
  page: PageSql,
  sortExpression: string,
  order: 'ASC' | 'DESC',
): Promise<WalkedPage | null> {
  const column = Object.hasOwn(WALKED_COLUMNS, sortExpression) ? WALKED_COLUMNS[sortExpression] : undefined;
  if (!column || !page.searchPattern) return null;
  const tenants = await subtreeTenantIds(q, subtreePath);
  if (tenants.length === 0 || tenants.length > MERGED_TENANTS_MAX) return null;
  const p = sqlParams();
  const pattern = p.add(page.searchPattern);
  const tenantParams = tenants.map((tenant) => p.add(tenant));
  const branches = tenantParams.map(
    (tenant) =>
      `(select u.id, u.${column} as k, u.search_text like ${pattern} as hit from users u
        where u.tenant_id = ${tenant} and u.deleted_at is null order by u.${column} ${order}, u.id ${order})`,
  );
  // The newest users: a narrow search is told from a broad one by its share of them, and a walk's total
  // estimated from it (sorted by a name, the matches of a name search gather in the walk).
  const sample = `select x.hit from (${tenantParams
    .map(
      (tenant) =>
        `(select u.date_created, u.id, u.search_text like ${pattern} as hit from users u
                where u.tenant_id = ${tenant} and u.deleted_at is null order by u.date_created desc, u.id desc)`,
    )
    .join(' union all ')}) x order by x.date_created desc, x.id desc`;
  return walkedPage(q, {
    ordered: `select x.id, x.k, x.hit from (${branches.join(' union all ')}) x`,
    sample,
    orderBy: `k ${order}, id ${order}`,
    population: `(select coalesce(sum(c.live_users), 0) from tenant_user_counts c where c.tenant_id in (${tenantParams.join(', ')}))`,
    params: p.values,
    offset: page.offset,
    limit: page.limit,
  });
}
