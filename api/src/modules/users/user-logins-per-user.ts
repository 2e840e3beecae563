/**
 * Sign-ins per user over a window (the standard user login report; definitions: contract/standard-report.ts):
 * the subtree's users with an attempt in [start, end), their sign-ins, failures and lock-outs, as one page (the
 * GET route) or as keyset batches of every one of them (the report's export, report-runs/user-logins-per-user-source.ts).
 */
import { LOCKED_OUT_REASON, type UserLoginsQuery, type UserLoginsRow } from '@meridian/shared/contract/standard-report';
import type { Queryable } from '../../db/database';
import { keysetBatches, keysetSql, sortExpressions, type KeysetOrder, type KeysetSort } from '../../db/keyset-batches';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, searchPattern } from '../../http/paging';
import { inScope, type Subtree } from '../../tenancy/subtree';

// The counts are grouped inside, so the page, its order and its total are read over one row per user.
export const USER_LOGINS_SORT: KeysetSort = {
  fields: {
    userName: { expression: 'r."userName"', type: 'text' },
    tenantName: { expression: 'r."tenantName"', type: 'text' },
    signIns: { expression: 'r."signIns"', type: 'int' },
    failures: { expression: 'r.failures', type: 'int' },
    lockOuts: { expression: 'r."lockOuts"', type: 'int' },
  },
  defaultField: 'userName',
  defaultOrder: 'ASC',
  tieBreaker: 'r."userId"',
};

const SORT = { ...USER_LOGINS_SORT, fields: sortExpressions(USER_LOGINS_SORT) };

export interface LoginWindow {
  start: Date;
  end: Date;
}

/** SQL: `from (...) r`, one row per user of the subtree (matching `pattern`, null: all) with an attempt in the window. */
function perUserFrom(subtree: Subtree, window: LoginWindow, pattern: string | null, p: SqlParams): string {
  // A history: deleted tenants' users keep theirs.
  let where = `${inScope('u.tenant_id', subtree, p, { includeDeleted: true })} and lh.date_created >= ${p.add(window.start)} and lh.date_created < ${p.add(window.end)}`;
  if (pattern) where += ` and u.search_text like ${p.add(pattern)}`;
  const lockedOut = p.add(LOCKED_OUT_REASON);
  return `from (
    select u.id as "userId", u.user_name as "userName", u.first_name as "firstName", u.last_name as "lastName", t.name as "tenantName",
      count(*) filter (where lh.success)::int as "signIns", count(*) filter (where not lh.success)::int as failures,
      count(*) filter (where not lh.success and lh.reason = ${lockedOut})::int as "lockOuts",
      max(lh.date_created) filter (where lh.success) as "lastSignInAt", max(lh.date_created) filter (where not lh.success) as "lastFailureAt"
    from login_history lh join users u on u.id = lh.user_id join tenants t on t.id = u.tenant_id
    where ${where}
    group by u.id, t.id
  ) r`;
}

export async function userLoginsPage(q: Queryable, subtree: Subtree, window: LoginWindow, query: UserLoginsQuery, maxPageSize: number) {
  const page = pageSql(query, SORT, maxPageSize);
  const p = sqlParams();
  return pagedQuery<UserLoginsRow>(q, { select: 'r.*', from: perUserFrom(subtree, window, page.searchPattern, p), params: p.values }, page);
}

type RowWithCursor = UserLoginsRow & { sortValue: string | number };

/**
 * Every user the page would list (the same search), in `order`, `batchRows` at a time. Each batch groups the
 * window's attempts again and starts after the last user of the one before: the page's own query, so every sort
 * the page offers (the counts too) is walked as it pages, at the price of one grouping per batch.
 */
export async function* userLoginsBatches(
  q: Queryable,
  subtree: Subtree,
  window: LoginWindow,
  query: Pick<UserLoginsQuery, 'search'>,
  order: KeysetOrder,
  batchRows: number,
): AsyncIterable<UserLoginsRow[]> {
  const pattern = searchPattern(query.search);
  const batches = keysetBatches<RowWithCursor>(
    (after) => {
      const p = sqlParams();
      const from = perUserFrom(subtree, window, pattern, p);
      const keyset = keysetSql(order, after, p);
      return q.query<RowWithCursor>(
        `select r.*, ${order.expression} as "sortValue" ${from} where true${keyset.after} order by ${keyset.orderBy} limit ${batchRows}`,
        p.values,
      );
    },
    (row) => ({ value: row.sortValue, id: row.userId }),
    batchRows,
  );
  for await (const batch of batches) yield batch.map(({ sortValue: _sortValue, ...row }) => row);
}
