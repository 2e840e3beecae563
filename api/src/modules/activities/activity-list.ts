/**
 * Activity lists over a window of days. A page is chosen first, as ids, then its rows are read
 * (activity-read.ts). With the default sort (start date) each tenant of the subtree gives its first
 * rows straight from the index activities_tenant_start_live_idx, so a page costs the same whatever
 * the subtree holds, and an unfiltered total is a sum of per-day and per-hour counters (activity_day_counts,
 * activity_hour_counts).
 * A search goes through the trigram index on search_text once for both page and total. One user's
 * activities (a field agent's own, one agent's, My Work) are read from that user's side: their
 * assignments (which carry each activity's start, tenant and liveness, migration 007) and what they
 * created, each by an index in start order, so a busy agent costs what their window holds.
 */
import type { ActivityListQuery } from '@meridian/shared/contract/activity';
import { idSchema } from '@meridian/shared/validation';
import type { Queryable } from '../../db/database';
import { pageSql, type PageSql } from '../../http/paging';
import { subtreeTenantIds } from '../../tenancy/subtree-tenants';
import { subtreePattern } from '../../tenancy/subtree';
import { viewerTenantIds, type Viewer } from './activity-access';
import { rowsSql } from './activity-read';
import { walkedPage } from '../../db/search-walk';

/** API sort field -> SQL over `activities a`; the default is the spec's startDate DESC. */
const SORT = {
  fields: {
    startDate: 'a.start_date',
    endDate: 'a.end_date',
    name: 'a.name',
    status: 'a.status',
    location: 'a.location',
    dateCreated: 'a.date_created',
    dateModified: 'a.date_modified',
    typeDesc: '(select ty.name from activity_types ty where ty.id = a.activity_type_id)',
  },
  defaultField: 'startDate',
  defaultOrder: 'DESC' as const,
  tieBreaker: 'a.id',
};

export interface ActivityFilter {
  viewer: Viewer;
  window: { start: Date; end: Date };
  /** Activities assigned to or created by this user (one agent's activities). */
  agentUserId?: string;
  /** Only activities this user is assigned to (My Work). */
  assigneeId?: string;
  /** A status id, or a status name (case-insensitive); for My Work, that of the assignee's assignment. */
  status?: string;
  type?: string;
}

/** A function that appends a value to `params` and returns its `$n` reference for the SQL text. */
export const adder = (params: unknown[]) => (value: unknown) => {
  params.push(value);
  return `$${params.length}`;
};

/**
 * SQL of (id, start_date) rows: the live activities of the window that `user` is assigned to (and,
 * unless `assignedOnly`, created), read from the user's side by activity_assignments_user_start_idx
 * and activities_created_user_start_idx; `ownCondition` narrows the assignments (alias `mine`).
 */
function userActivitiesSql(user: string, around: Around, assignedOnly: boolean, ownCondition = '') {
  const assigned = `select mine.activity_id as id, mine.activity_start as start_date from activity_assignments mine
    where mine.user_id = ${user} and mine.activity_live and mine.activity_start >= ${around.start} and mine.activity_start < ${around.end}
      and mine.activity_tenant_id = any(${around.tenants})${ownCondition}`;
  if (assignedOnly) return assigned;
  return `${assigned}
    union select c.id, c.start_date from activities c
    where c.created_user_id = ${user} and c.deleted_at is null and c.start_date >= ${around.start} and c.start_date < ${around.end} and c.tenant_id = any(${around.tenants})`;
}

/** The window's bounds and the viewer's tenants, as SQL. */
interface Around {
  start: string;
  end: string;
  tenants: string;
}

/** The users whose sides a list is read from (a field agent's own, an agent's, My Work's assignee), none for a tenant's list. */
function userSides(filter: ActivityFilter, add: (value: unknown) => string, around: Around) {
  const users = [...new Set([filter.viewer.ownUserId, filter.agentUserId].filter((id): id is string => !!id))];
  const sides: string[] = users.map((userId) => userActivitiesSql(add(userId), around, false));
  if (filter.assigneeId) {
    let own = '';
    if (filter.status)
      own = idSchema.safeParse(filter.status).success
        ? ` and mine.status_id = ${add(filter.status)}`
        : ` and upper(mine.status_text) = upper(${add(filter.status)})`;
    sides.push(userActivitiesSql(add(filter.assigneeId), around, true, own));
  }
  return sides;
}

/** Conditions on `activities a` for a tenant condition already in place; parameters continue `params`. */
function conditions(filter: ActivityFilter, page: PageSql | null, params: unknown[]) {
  const add = adder(params);
  // The window's bounds as sub-selects: the plan is then the same for every window, so PostgreSQL can keep it instead of planning each call.
  const around: Around = {
    start: `(select ${add(filter.window.start)}::timestamptz)`,
    end: `(select ${add(filter.window.end)}::timestamptz)`,
    tenants: `array(${viewerTenantIds(filter.viewer, 1)})`,
  };
  let where = `a.deleted_at is null and a.start_date >= ${around.start} and a.start_date < ${around.end}`;
  const sides = userSides(filter, add, around);
  for (const side of sides) where += ` and a.id in (select id from (${side}) side)`;
  if (filter.status && !filter.assigneeId) {
    // By id, so that the index (which carries each activity's status) answers alone.
    where += idSchema.safeParse(filter.status).success
      ? ` and a.status_id = ${add(filter.status)}`
      : ` and a.status_id = any(array(select s.id from activity_statuses s where upper(s.name) = upper(${add(filter.status)})))`;
  }
  if (filter.type) {
    where += idSchema.safeParse(filter.type).success
      ? ` and a.activity_type_id = ${add(filter.type)}`
      : ` and a.activity_type_id = any(array(select t.id from activity_types t where upper(t.name) = upper(${add(filter.type)})))`;
  }
  if (page?.searchPattern) where += ` and a.search_text like ${add(page.searchPattern)}`;
  return { where, sides };
}

/** The condition on `activities a` (the viewer's subtree and the filter), for counts and aggregates; parameters from $1. */
export function activitiesWhere(filter: ActivityFilter, page: PageSql | null = null) {
  const params: unknown[] = [subtreePattern(filter.viewer.scope)];
  const { where: condition, sides } = conditions(filter, page, params);
  return { where: `a.tenant_id = any(array(${viewerTenantIds(filter.viewer, 1)})) and ${condition}`, condition, params, sides };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Up to this many tenants a list merges their index reads; a bigger subtree reads a page's worth from each (a statement per subtree size is kept per connection). */
export const MERGED_TENANTS_MAX = 40;

/** Counters of activity_hour_counts or activity_day_counts, from one instant (ms) to another. */
type CounterRange = [counters: 'hour' | 'day', from: number, to: number];

/**
 * The total of an unfiltered list: the window's whole UTC days from activity_day_counts, its whole
 * hours before the first and after the last of those days from activity_hour_counts, and the rows of
 * its partial first and last hour counted. Its parameters follow `params` (the tenant pattern in $1).
 */
export function countedByDayAndHour(filter: ActivityFilter, params: unknown[]): string | null {
  const start = filter.window.start.getTime();
  const end = filter.window.end.getTime();
  const firstHour = Math.ceil(start / HOUR_MS) * HOUR_MS;
  const lastHour = Math.floor(end / HOUR_MS) * HOUR_MS;
  if (firstHour >= lastHour) return null;
  const add = adder(params);
  const instant = (d: Date | number) => `(select ${add(new Date(d))}::timestamptz)`;
  const tenants = `array(${viewerTenantIds(filter.viewer, 1)})`;
  const summed = ([counters, from, to]: CounterRange) =>
    `(select coalesce(sum(c.live), 0) from activity_${counters}_counts c where c.tenant_id = any(${tenants}) and c.${counters} >= ${instant(from)} and c.${counters} < ${instant(to)})`;
  const firstDay = Math.ceil(firstHour / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(lastHour / DAY_MS) * DAY_MS;
  const ranges: CounterRange[] =
    firstDay < lastDay
      ? [
          ['hour', firstHour, firstDay],
          ['day', firstDay, lastDay],
          ['hour', lastDay, lastHour],
        ]
      : [['hour', firstHour, lastHour]];
  const parts = ranges.filter(([, from, to]) => from < to).map(summed);
  const counted = (from: number, to: number) =>
    `(select count(*) from activities a where a.tenant_id = any(${tenants}) and a.deleted_at is null and a.start_date >= ${instant(from)} and a.start_date < ${instant(to)})`;
  // The window's partial first and last hours; a bound on a whole hour (every zone's midnight but a few) leaves none.
  if (start < firstHour) parts.push(counted(start, firstHour));
  if (end > lastHour) parts.push(counted(lastHour, end));
  return `(${parts.join(' + ')})`;
}

/** The characters of an activity's search text that activities_window_reads_idx carries (search_head, migration 014). */
const SEARCH_HEAD_LENGTH = 200;

/**
 * A searched page of a tenant list in start order, walked along activities_window_reads_idx
 * (search-walk.ts): each tenant's window in index order, merged. A row whose kept head of text is
 * full is checked against its whole search text. Null when the search is too narrow for a walk, or
 * the subtree too big to merge.
 */
async function walkedSearch(q: Queryable, filter: ActivityFilter, page: PageSql, order: 'ASC' | 'DESC', tie: 'ASC' | 'DESC') {
  const tenants = await subtreeTenantIds(q, filter.viewer.scope.path);
  if (tenants.length === 0 || tenants.length > MERGED_TENANTS_MAX) return null;
  const { condition, params } = activitiesWhere(filter);
  const add = adder(params);
  const pattern = add(page.searchPattern);
  const hit = `(a.search_head like ${pattern} or (length(a.search_head) = ${SEARCH_HEAD_LENGTH}
    and exists (select 1 from activities whole where whole.id = a.id and whole.search_text like ${pattern})))`;
  const branches = tenants.map(
    (tenant) =>
      `(select a.id, a.start_date, ${hit} as hit from activities a where a.tenant_id = ${add(tenant)} and ${condition} order by a.start_date ${order}, a.id ${tie})`,
  );
  const population =
    countedByDayAndHour(filter, params) ??
    `(select count(*) from activities a where a.tenant_id = any(array(${viewerTenantIds(filter.viewer, 1)})) and ${condition})`;
  return walkedPage(q, {
    ordered: `select x.id, x.start_date, x.hit from (${branches.join(' union all ')}) x`,
    orderBy: `start_date ${order}, id ${tie}`,
    population,
    params,
    offset: page.offset,
    limit: page.limit,
  });
}

/**
 * One page of the list, by the query's sort (default startDate DESC), with its total: the page is
 * chosen, counted and read in one round trip, and answered as the JSON text PostgreSQL wrote
 * (activity-read.ts). With `filter.assigneeId` (My Work) each row carries that user's assignment.
 */
export async function activityPage(
  q: Queryable,
  filter: ActivityFilter,
  query: ActivityListQuery | (Omit<ActivityListQuery, 'type'> & { type?: string }),
  maxPageSize: number,
) {
  const page = pageSql(query, SORT, maxPageSize);
  const { where, condition, params, sides } = activitiesWhere(filter, page);
  const sortField = query.sortField ?? SORT.defaultField;
  // By start date the ties go by id the other way round, as the index activities_tenant_start_live_idx reads.
  const order = (query.sortOrder ?? SORT.defaultOrder) === 'ASC' ? 'ASC' : 'DESC';
  const tie = order === 'DESC' ? 'ASC' : 'DESC';
  const onlyTheWindow = !filter.type && !(filter.status && !filter.assigneeId) && !page.searchPattern;
  const onlyTheSearch = sides.length === 0 && !filter.type && !filter.status;
  let statement: string;
  if (sides.length === 1 && onlyTheWindow && sortField === 'startDate') {
    // One user's window, read from their side alone: paged and counted without the activities of anyone else.
    statement = `with mine as materialized (${sides[0]})
      select array(select m.id from mine m order by m.start_date ${order}, m.id ${tie} limit ${page.limit} offset ${page.offset}) as ids,
        (select count(*) from mine)::int as total`;
  } else if (page.searchPattern && sortField === 'startDate') {
    const walked = onlyTheSearch ? await walkedSearch(q, filter, page, order, tie) : null;
    if (walked) {
      const [answer] = await q.query<{ rows: string }>(rowsSql({ ids: '$1::uuid[]' }, null), [walked.ids]);
      return { rowsJson: answer!.rows, paging: page.meta(walked.total, walked.totalEstimated) };
    }
    // A search: the matches are found once (by the trigram index), then both paged and counted.
    statement = `with found as materialized (select a.id, a.start_date from activities a where ${where})
      select array(select f.id from found f order by f.start_date ${order}, f.id ${tie} limit ${page.limit} offset ${page.offset}) as ids,
        (select count(*) from found)::int as total`;
  } else {
    let idsSql: string;
    const tenants = sortField === 'startDate' && sides.length === 0 ? await subtreeTenantIds(q, filter.viewer.scope.path) : [];
    if (tenants.length > 0 && tenants.length <= MERGED_TENANTS_MAX) {
      // Each tenant's rows in index order, merged (a Merge Append): the page costs offset+limit rows read in all.
      const add = adder(params);
      const branches = tenants.map(
        (tenant) =>
          `(select a.id, a.start_date from activities a where a.tenant_id = ${add(tenant)} and ${condition} order by a.start_date ${order}, a.id ${tie})`,
      );
      idsSql = `select x.id from (${branches.join(' union all ')}) x order by x.start_date ${order}, x.id ${tie} limit ${page.limit} offset ${page.offset}`;
    } else if (sortField === 'startDate' && sides.length === 0) {
      // Per tenant, the first offset+limit rows in index order; then the page among those few.
      idsSql = `select x.id from unnest(array(${viewerTenantIds(filter.viewer, 1)})) as t(id)
         cross join lateral (select a.id, a.start_date from activities a where a.tenant_id = t.id and ${condition}
           order by a.start_date ${order}, a.id ${tie} limit ${page.offset + page.limit}) x
         order by x.start_date ${order}, x.id ${tie} limit ${page.limit} offset ${page.offset}`;
    } else {
      idsSql = `select a.id from activities a where ${where} order by ${page.orderBy} limit ${page.limit} offset ${page.offset}`;
    }
    const unfiltered = sides.length === 0 && !filter.status && !filter.type;
    const total = (unfiltered && countedByDayAndHour(filter, params)) || `(select count(*) from activities a where ${where})`;
    statement = `select array(${idsSql}) as ids, ${total}::int as total`;
  }
  // A page past the end still answers its total.
  const assignee = filter.assigneeId ? `${adder(params)(filter.assigneeId)}::uuid` : null;
  const [answer] = await q.query<{ total: number; rows: string }>(rowsSql({ picked: statement }, assignee), params);
  return { rowsJson: answer!.rows, paging: page.meta(answer!.total) };
}
