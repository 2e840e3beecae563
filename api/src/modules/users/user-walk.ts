/**
 * A broad user search (a first name shared by a twentieth of 100,000 users) walked along the list's
 * order instead of collecting every match first (db/search-walk.ts): the live users in the sort's
 * order from an index that carries the search text, until the page's matches are found; the page's
 * rows come back in the same statement, and the total is estimated and said to be one. Over the whole
 * tenant tree that is one index (migration 018); over a part of it, each tenant's (migration 015),
 * merged. Sorts by date created (the default), last name and first name are walked; other sorts, the
 * deleted users' list, role and team filters and narrow searches are found and counted exactly. Whether
 * a search is broad, and how many it matches, is judged from its share of the newest users (an order
 * unrelated to names: sorted by a name, a name search's matches gather together in the walk), so a
 * narrow search reads a few hundred index entries before its exact count, not a whole walk. */
import type { Queryable } from '../../db/database';
import type { PageSql } from '../../http/paging';
import { walkedPage, type WalkedPage } from '../../db/search-walk';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { subtreeTenantIds, wholeTreeBut } from '../../tenancy/subtree-tenants';

/**
 * Sort expressions walked, each along its indexes: users_walk_*_idx (tenant_id, column, id) per tenant
 * (migration 015) and users_walk_all_*_idx (column, id) for the whole tree (migration 018), both
 * including search_text, over live users.
 */
const WALKED_COLUMNS: Record<string, string> = {
  'u.date_created': 'date_created',
  'u.last_name': 'last_name',
  'u.first_name': 'first_name',
};
/** Up to this many tenants their index reads are merged; a bigger subtree is searched the exact way. */
const MERGED_TENANTS_MAX = 40;

/** The users a walk goes through. */
interface WalkedUsers {
  /** SQL of them as `id`, the sort key `k` and `hit`, read along an index in the sort's order once ordered by `k, id` that way. */
  ordered: (column: string, order: 'ASC' | 'DESC') => string;
  /** How many they are. */
  population: string;
}

/**
 * The page of a search walked in list order, or null when the list, sort or search is not one to walk.
 * `pageRow` is the SQL of one row of the page by its id: the rows come with the walk, in one statement.
 */
export async function walkedUserSearch<Row>(
  q: Queryable,
  subtreePath: string,
  page: PageSql,
  sortExpression: string,
  order: 'ASC' | 'DESC',
  pageRow: (id: string) => string,
): Promise<WalkedPage<Row> | null> {
  const column = Object.hasOwn(WALKED_COLUMNS, sortExpression) ? WALKED_COLUMNS[sortExpression] : undefined;
  if (!column || !page.searchPattern) return null;
  const tenants = await subtreeTenantIds(q, subtreePath);
  if (tenants.length === 0) return null;
  const p = sqlParams();
  const pattern = p.add(page.searchPattern);
  const hit = `u.search_text like ${pattern} as hit`;
  const outside = await wholeTreeBut(q, tenants);
  let users: WalkedUsers;
  if (outside) users = wholeTree(p, hit, outside);
  else if (tenants.length <= MERGED_TENANTS_MAX) users = mergedTenants(p, hit, tenants);
  else return null;
  return walkedPage<Row>(q, {
    ordered: users.ordered(column, order),
    // The newest users: a narrow search is told from a broad one by its share of them, and a walk's total
    // estimated from it (sorted by a name, the matches of a name search gather in the walk).
    sample: `${users.ordered('date_created', 'DESC')} order by k desc, id desc`,
    orderBy: `k ${order}, id ${order}`,
    population: users.population,
    pageRow,
    params: p.values,
    offset: page.offset,
    limit: page.limit,
  });
}

/**
 * Every live tenant's users: one read along the whole table's index, no merge. The users of deleted
 * tenants (restored into a tenant since deleted) are outside every list, and so are left out here.
 */
function wholeTree(p: SqlParams, hit: string, deletedTenants: string[]): WalkedUsers {
  // Listed when there are any, so that the usual statement reads the index with no filter at all.
  const live = deletedTenants.length > 0 ? ` and u.tenant_id <> all(${p.add(deletedTenants)}::uuid[])` : '';
  return {
    // `search_text <> ''` (true of every user) is the predicate of the indexes users_walk_all_*_idx, which no other statement states.
    ordered: (column) => `select u.id, u.${column} as k, ${hit} from users u where u.deleted_at is null and u.search_text <> ''${live}`,
    population: `(select coalesce(sum(c.live_users), 0) from tenant_user_counts c join tenants t on t.id = c.tenant_id where t.deleted_at is null)`,
  };
}

/** Each tenant's users along its own index, merged in the sort's order. */
function mergedTenants(p: SqlParams, hit: string, tenants: string[]): WalkedUsers {
  const tenantParams = tenants.map((tenant) => p.add(tenant));
  return {
    ordered: (column, order) =>
      `select x.id, x.k, x.hit from (${tenantParams
        .map(
          (tenant) =>
            `(select u.id, u.${column} as k, ${hit} from users u
              where u.tenant_id = ${tenant} and u.deleted_at is null order by u.${column} ${order}, u.id ${order})`,
        )
        .join(' union all ')}) x`,
    population: `(select coalesce(sum(c.live_users), 0) from tenant_user_counts c where c.tenant_id in (${tenantParams.join(', ')}))`,
  };
}
