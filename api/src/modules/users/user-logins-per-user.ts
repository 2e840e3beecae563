/**
 * Sign-ins per user over a window (the standard user login report; definitions: contract/standard-report.ts):
 * one page of the subtree's users with an attempt in [start, end), their sign-ins, failures and lock-outs.
 */
import { LOCKED_OUT_REASON, type UserLoginsQuery, type UserLoginsRow } from '@meridian/shared/contract/standard-report';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql } from '../../http/paging';
import { inScope, type Subtree } from '../../tenancy/subtree';

// The counts are grouped inside, so the page, its order and its total are read over one row per user.
const SORT = {
  fields: {
    userName: 'r."userName"',
    tenantName: 'r."tenantName"',
    signIns: 'r."signIns"',
    failures: 'r.failures',
    lockOuts: 'r."lockOuts"',
  },
  defaultField: 'userName',
  defaultOrder: 'ASC' as const,
  tieBreaker: 'r."userId"',
};

export async function userLoginsPage(
  q: Queryable,
  subtree: Subtree,
  window: { start: Date; end: Date },
  query: UserLoginsQuery,
  maxPageSize: number,
) {
  const page = pageSql(query, SORT, maxPageSize);
  const p = sqlParams();
  // A history: deleted tenants' users keep theirs.
  let where = `${inScope('u.tenant_id', subtree, p, { includeDeleted: true })} and lh.date_created >= ${p.add(window.start)} and lh.date_created < ${p.add(window.end)}`;
  if (page.searchPattern) where += ` and u.search_text like ${p.add(page.searchPattern)}`;
  const lockedOut = p.add(LOCKED_OUT_REASON);
  return pagedQuery<UserLoginsRow>(
    q,
    {
      select: 'r.*',
      from: `from (
        select u.id as "userId", u.user_name as "userName", u.first_name as "firstName", u.last_name as "lastName", t.name as "tenantName",
          count(*) filter (where lh.success)::int as "signIns", count(*) filter (where not lh.success)::int as failures,
          count(*) filter (where not lh.success and lh.reason = ${lockedOut})::int as "lockOuts",
          max(lh.date_created) filter (where lh.success) as "lastSignInAt", max(lh.date_created) filter (where not lh.success) as "lastFailureAt"
        from login_history lh join users u on u.id = lh.user_id join tenants t on t.id = u.tenant_id
        where ${where}
        group by u.id, t.id
      ) r`,
      params: p.values,
    },
    page,
  );
}
