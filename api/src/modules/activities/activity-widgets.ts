/**
 * Aggregates over a window: counts by status and by type (dashboard widgets), the calendar's light
 * events, and the per-agent status report.
 */
import {
  ACTIVITY_LIMITS,
  NO_ACTIVITY_TYPE_NAME,
  type AgentStatusReportRow,
  type StatusWidgetRow,
  type TypeWidgetRow,
} from '@meridian/shared/contract/activity';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import { idSchema } from '@meridian/shared/validation';
import type { Queryable } from '../../db/database';
import { fieldError } from '../../http/errors';
import { pagedQuery, pageSql } from '../../http/paging';
import { viewerTenantIds } from './activity-access';
import { activitiesWhere, adder, countedByDayAndHour, MERGED_TENANTS_MAX, type ActivityFilter } from './activity-list';
import { subtreeTenantIds } from '../../tenancy/subtree-tenants';

/**
 * Counts of the window's activities under one name each. Statuses and types belong to their company, so a
 * viewer above several companies sees several "Pending" statuses with their own ids: their counts are
 * added under the name (compared case-insensitively, as the list's name filter does), and the row keeps
 * an id only when one status or type alone has that name. Counted from activities_tenant_start_live_idx
 * alone, then named.
 */
function countsByName(
  filter: ActivityFilter,
  query: PagingQuery,
  maxPageSize: number,
  { column, table, idAs, nameAs, unnamed }: { column: string; table: string; idAs: string; nameAs: string; unnamed: string },
) {
  const { where, params } = activitiesWhere(filter);
  const unnamedParam = `$${params.push(unnamed)}`;
  const key = `upper(coalesce(n.name, ${unnamedParam}))`;
  const page = pageSql(
    query,
    { fields: { count: 'r.count', [nameAs]: 'r.name' }, defaultField: 'count', defaultOrder: 'DESC', tieBreaker: 'r.key' },
    maxPageSize,
  );
  let outer = 'true';
  if (page.searchPattern) outer = `upper(r.name) like $${params.push(page.searchPattern)}`;
  return {
    select: `r.id as "${idAs}", r.name as "${nameAs}", r.count`,
    from: `from (
        select ${key} as key, coalesce(min(n.name), ${unnamedParam}) as name, sum(g.count)::int as count,
          case when count(*) = 1 then (array_agg(g.${column}))[1] end as id
        from (select a.${column}, count(*)::int as count from activities a where ${where} group by 1) g
        left join ${table} n on n.id = g.${column}
        group by 1
      ) r where ${outer}`,
    params,
    page,
  };
}

/** Activities of the window by the name of their status (the activity's, which follows its latest assignment change). */
export async function statusWidget(q: Queryable, filter: ActivityFilter, query: PagingQuery, maxPageSize: number) {
  const { page, ...sql } = countsByName(filter, query, maxPageSize, {
    column: 'status_id',
    table: 'activity_statuses',
    idAs: 'statusId',
    nameAs: 'status',
    unnamed: 'PENDING',
  });
  return pagedQuery<StatusWidgetRow>(q, sql, page);
}

/** Activities of the window by the name of their type. */
export async function typeWidget(q: Queryable, filter: ActivityFilter, query: PagingQuery, maxPageSize: number) {
  const { page, ...sql } = countsByName(filter, query, maxPageSize, {
    column: 'activity_type_id',
    table: 'activity_types',
    idAs: 'activityTypeId',
    nameAs: 'typeDesc',
    unnamed: NO_ACTIVITY_TYPE_NAME,
  });
  return pagedQuery<TypeWidgetRow>(q, sql, page);
}

/** An instant as the API answers it (ISO 8601 in UTC with milliseconds), written by PostgreSQL. */
const isoInstant = (sql: string) => `to_char(${sql} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The window's events in start order, at most ACTIVITY_LIMITS.calendarMaxEvents; the total says
 * whether there were more. As for the list, each tenant's events come from the index in start order,
 * merged; that index (activities_window_reads_idx) carries everything an event shows, so the table is
 * not read, and PostgreSQL writes the events as JSON text that the API sends as it is.
 */
export async function calendarEvents(q: Queryable, filter: ActivityFilter) {
  const { where, condition, params, sides } = activitiesWhere(filter);
  const cap = ACTIVITY_LIMITS.calendarMaxEvents;
  const columns = 'a.id, a.start_date, a.end_date, a.name, a.status, a.status_id, a.activity_type_id';
  // The index runs start_date DESC, id ASC; read backwards it gives start_date ASC, id DESC.
  const order = 'order by start_date, id desc';
  let first: string;
  const tenants = sides.length === 0 ? await subtreeTenantIds(q, filter.viewer.scope.path) : [];
  if (sides.length === 1 && !filter.status && !filter.type) {
    first = `select ${columns} from (${sides[0]}) m join activities a on a.id = m.id order by m.start_date, m.id desc limit ${cap}`;
  } else if (tenants.length > 0 && tenants.length <= MERGED_TENANTS_MAX) {
    const add = adder(params);
    const branches = tenants.map(
      (tenant) => `(select ${columns} from activities a where a.tenant_id = ${add(tenant)} and ${condition} ${order})`,
    );
    // The tenants are listed, so the subtree pattern ($1) is read only to give it its type.
    first = `select * from (${branches.join(' union all ')}) x where $1::text is not null ${order} limit ${cap}`;
  } else {
    first = `select x.* from unnest(array(${viewerTenantIds(filter.viewer, 1)})) as t(id)
       cross join lateral (select ${columns} from activities a where a.tenant_id = t.id and ${condition} ${order} limit ${cap}) x
       ${order} limit ${cap}`;
  }
  const [answer] = await q.query<{ count: number; events: string }>(
    `with first as materialized (${first})
     select (select count(*) from first)::int as count, '[' || coalesce(string_agg(json_build_object(
         'Id', f.id, 'name', f.name, 'startDate', ${isoInstant('f.start_date')}, 'endDate', ${isoInstant('f.end_date')},
         'statusText', coalesce(st.name, f.status), 'typeDesc', ty.name)::text, ',' order by f.start_date, f.id desc), '') || ']' as events
     from first f left join activity_statuses st on st.id = f.status_id left join activity_types ty on ty.id = f.activity_type_id`,
    params,
  );
  let total = answer!.count;
  if (total === cap) {
    // By the day and hour counters (which take the tenant pattern, $1, and their own parameters), else row by row.
    const counterParams = params.slice(0, 1);
    const byCounters = !filter.viewer.ownUserId && countedByDayAndHour(filter, counterParams);
    total = (await q.one<{ n: number }>(
      byCounters ? `select ${byCounters}::int as n` : `select count(*)::int as n from activities a where ${where}`,
      byCounters ? counterParams : params.slice(0, params.length - tenants.length),
    ))!.n;
  }
  return { eventsJson: answer!.events, paging: { pageNumber: 1, pageSize: cap, total } };
}

/** Whole days from `from` to `to`, both counted. */
export const daysCovered = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export function assertCalendarSpan(from: string, to: string) {
  if (daysCovered(from, to) > ACTIVITY_LIMITS.calendarMaxDays) {
    throw fieldError('endDate', `The calendar shows at most ${ACTIVITY_LIMITS.calendarMaxDays} days at once.`);
  }
}

/**
 * Per agent with assignments among the window's activities (a field agent caller: only themselves):
 * those assignments counted by status, and the latest date one of them was given or changed status
 * (statusDateCreated, the default sort, newest first). The window's assignments are grouped once,
 * so the report costs what the window holds, whatever the number of users.
 */
export async function agentStatusReport(
  q: Queryable,
  filter: ActivityFilter,
  status: string | undefined,
  query: PagingQuery,
  maxPageSize: number,
) {
  const { where, params } = activitiesWhere({ ...filter, status: undefined });
  const add = adder(params);
  let statusCondition = '';
  if (status)
    statusCondition = idSchema.safeParse(status).success
      ? ` and aa.status_id = ${add(status)}`
      : ` and upper(coalesce(aa.status_text, st.name, '')) = upper(${add(status)})`;
  const page = pageSql(
    query,
    {
      fields: {
        statusDateCreated: 'pa.last_change',
        agentName: `u.first_name || ' ' || u.last_name`,
        userName: 'u.user_name',
        tenantName: 't.name',
        total: 'pa.total',
      },
      defaultField: 'statusDateCreated',
      defaultOrder: 'DESC',
      tieBreaker: 'u.id',
    },
    maxPageSize,
  );
  let agents = 'true';
  if (filter.viewer.ownUserId) agents += ` and u.id = ${add(filter.viewer.ownUserId)}`;
  if (page.searchPattern) agents += ` and u.search_text like ${add(page.searchPattern)}`;
  return pagedQuery<AgentStatusReportRow>(
    q,
    {
      select: `u.id as "userId", u.first_name || ' ' || u.last_name as "agentName", u.user_name as "userName", t.name as "tenantName",
      pa.total, pa.by_status as "byStatus", pa.last_change as "statusDateCreated"`,
      from: `from (
        select s.user_id, sum(s.n)::int as total, max(s.last_change) as last_change,
          json_agg(json_build_object('statusId', s.status_id, 'status', s.status, 'count', s.n) order by s.n desc, s.status) as by_status
        from (
          select aa.user_id, aa.status_id, coalesce(aa.status_text, st.name, 'PENDING') as status, count(*)::int as n, max(aa.date_modified) as last_change
          from activities a join activity_assignments aa on aa.activity_id = a.id left join activity_statuses st on st.id = aa.status_id
          where ${where}${statusCondition} group by 1, 2, 3
        ) s group by s.user_id
      ) pa join users u on u.id = pa.user_id join tenants t on t.id = u.tenant_id
      where ${agents}`,
      params,
    },
    page,
  );
}
