/**
 * Turns the shared paging query into SQL pieces: a whitelisted ORDER BY, LIMIT/OFFSET with the
 * size clamped to the configured maximum, and a LIKE pattern for the upper-cased search text.
 */
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { PagingMeta } from '@meridian/shared/contract/envelope';
import type { Queryable } from '../db/database';
import { fieldError } from './errors';

export interface SortSpec {
  /** API sort field name -> SQL expression. */
  fields: Record<string, string>;
  defaultField: string;
  defaultOrder: 'ASC' | 'DESC';
  /** A unique column appended so pages never overlap when sort values tie. */
  tieBreaker: string;
}

export interface PageSql {
  orderBy: string;
  limit: number;
  offset: number;
  /** A LIKE pattern, or null when the search matches everything ('%%'). */
  searchPattern: string | null;
  /** The answer's paging; `totalEstimated` marks a total estimated rather than counted (a broad search, db/search-walk.ts). */
  meta: (total: number, totalEstimated?: boolean) => PagingMeta;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** '%%' and '' match all; a client may wrap its text in % itself, which we strip before escaping. */
export function searchPattern(search: string): string | null {
  const core = search.replace(/^%+|%+$/g, '');
  return core === '' ? null : `%${escapeLike(core)}%`;
}

export function pageSql(query: PagingQuery & { sortValue?: string }, sort: SortSpec, maxPageSize: number): PageSql {
  const field = query.sortField ?? sort.defaultField;
  // Own keys only: `constructor` or `__proto__` would otherwise find Object.prototype's members.
  const expression = Object.hasOwn(sort.fields, field) ? sort.fields[field] : undefined;
  if (typeof expression !== 'string') {
    throw fieldError('sortField', `Sort by one of: ${Object.keys(sort.fields).join(', ')}.`);
  }
  const requestedOrder = (query.sortOrder ?? query.sortValue ?? sort.defaultOrder).toUpperCase();
  const order = requestedOrder === 'ASC' ? 'ASC' : 'DESC';
  const pageSize = Math.min(query.size, maxPageSize);
  return {
    orderBy: `${expression} ${order}, ${sort.tieBreaker} ${order}`,
    limit: pageSize,
    offset: (query.page - 1) * pageSize,
    searchPattern: searchPattern(query.search),
    meta: (total, totalEstimated) => ({ pageNumber: query.page, pageSize, total, ...(totalEstimated ? { totalEstimated } : {}) }),
  };
}

export interface PagedSql {
  /** Column list of the page's rows. */
  select: string;
  /** `from ... where ...`, shared by the page and, when needed, the count. */
  from: string;
  params: unknown[];
  /** An SQL expression for the total when it can be had cheaper than counting the rows found. */
  total?: string;
}

/**
 * One round trip for a page and its total: the total rides on every row as a window count over the
 * same scan (or the given cheaper expression). A page past the end has no row to carry it; only
 * then is it counted on its own.
 */
export async function pagedQuery<T>(q: Queryable, sql: PagedSql, page: PageSql) {
  const found = await q.query<T & { total_rows: number }>(
    `select ${sql.select}, ${sql.total ?? 'count(*) over ()'}::int as total_rows ${sql.from}
     order by ${page.orderBy} limit ${page.limit} offset ${page.offset}`,
    sql.params,
  );
  const total =
    found[0]?.total_rows ?? (page.offset === 0 ? 0 : (await q.one<{ n: number }>(`select count(*)::int as n ${sql.from}`, sql.params))!.n);
  return { rows: found.map(({ total_rows: _total, ...row }) => row as T), paging: page.meta(total) };
}
