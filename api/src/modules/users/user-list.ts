/**
 * Paged, sorted, searched user lists inside a tenant subtree. A broad search of the live list (a
 * first name) is walked in list order with an estimated total (user-walk.ts); others are found and
 * counted exactly through the trigram index.
 */
import type { UserListItem } from '@meridian/shared/contract/user';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { Queryable } from '../../db/database';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { sqlParams } from '../../db/sql-params';
import { tenantIdsIn } from '../../tenancy/subtree';
import { walkedUserSearch } from './user-walk';

export const USER_SORT: SortSpec = {
  fields: {
    dateCreated: 'u.date_created',
    firstName: 'u.first_name',
    lastName: 'u.last_name',
    userName: 'u.user_name',
    emailAddress: 'u.email_address',
    lastLoginAt: 'u.last_login_at',
    dateDeleted: 'u.deleted_at',
    tenantName: 't.name',
  },
  defaultField: 'dateCreated',
  defaultOrder: 'DESC',
  tieBreaker: 'u.id',
};

export interface UserListFilter {
  /** Tenant subtree prefix the users' home tenants must lie in. */
  subtreePath: string;
  deleted: boolean;
  roleName?: string;
  /** Only users holding one of these roles (names, lower case). */
  roleNames?: readonly string[];
  /** Only members of this sales team. */
  teamId?: string;
}

export async function listUsers(
  q: Queryable,
  filter: UserListFilter,
  paging: PagingQuery & { sortValue?: string },
  maxPageSize: number,
  sort = USER_SORT,
) {
  const page = pageSql(paging, sort, maxPageSize);
  const select = `u.id as "Id", u.first_name as "firstName", u.last_name as "lastName", u.user_name as "userName",
       u.email_address as "emailAddress", u.mobile, u.tenant_id as "tenantId", t.name as "tenantName",
       u.last_login_at as "lastLoginAt", u.date_created as "dateCreated", u.deleted_at as "dateDeleted",
       (select coalesce(json_agg(r.name order by r.name), '[]') from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as roles`;
  if (page.searchPattern && !filter.deleted && !filter.roleName && !filter.roleNames && !filter.teamId) {
    const field = paging.sortField ?? sort.defaultField;
    const order = (paging.sortOrder ?? paging.sortValue ?? sort.defaultOrder).toUpperCase() === 'ASC' ? 'ASC' : 'DESC';
    const walked = await walkedUserSearch<UserListItem>(
      q,
      filter.subtreePath,
      page,
      sort.fields[field]!,
      order,
      (id) => `select ${select} from users u join tenants t on t.id = u.tenant_id where u.id = ${id}`,
    );
    if (walked) return { rows: walked.rows, paging: page.meta(walked.total, walked.totalEstimated) };
  }
  const p = sqlParams();
  // The deleted users' list keeps those of deleted tenants, so that they can still be found and restored.
  const tenantIds = tenantIdsIn(filter.subtreePath, p, { includeDeleted: filter.deleted });
  const where = [`u.tenant_id = ${tenantIds}`, filter.deleted ? 'u.deleted_at is not null' : 'u.deleted_at is null'];
  if (page.searchPattern) where.push(`u.search_text like ${p.add(page.searchPattern)}`);
  const roleNames = filter.roleName ? [filter.roleName.trim().toLowerCase()] : filter.roleNames;
  if (roleNames) {
    where.push(
      `exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and lower(trim(r.name)) = any(${p.add(roleNames)}))`,
    );
  }
  if (filter.teamId) where.push(`exists (select 1 from team_members tm where tm.user_id = u.id and tm.team_id = ${p.add(filter.teamId)})`);
  return pagedQuery<UserListItem>(
    q,
    {
      select,
      from: `from users u join tenants t on t.id = u.tenant_id where ${where.join(' and ')}`,
      params: p.values,
      // Without a filter on the users themselves, the total is a sum of the per-tenant counters.
      total:
        p.values.length === 1
          ? `(select coalesce(sum(${filter.deleted ? 'c.deleted_users' : 'c.live_users'}), 0) from tenant_user_counts c where c.tenant_id = ${tenantIds})`
          : undefined,
    },
    page,
  );
}
