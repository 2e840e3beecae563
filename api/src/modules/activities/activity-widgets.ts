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
import { activitiesWhere, adder, type ActivityFilter } from './activity-list';
import { addDays } from '@meridian/shared/contract/field-agent';
import { startOfDay, type ActivityWindow } from './activity-window';

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

const HOUR_MS = 3_600_000;

/** The calendar's days in the tenant's zone, each as its instants [start, end) and the whole UTC hours inside them. */
function calendarDays(window: ActivityWindow) {
  const days: string[] = [];
  for (let day = window.from; day <= window.to; day = addDays(day, 1)) days.push(day);
  const starts = days.map((day) => startOfDay(day, window.timeZone));
  const ends = days.map((day) => startOfDay(addDays(day, 1), window.timeZone));
  return {
    days,
    starts,
    ends,
    firstHours: starts.map((s) => new Date(Math.ceil(s.getTime() / HOUR_MS) * HOUR_MS)),
    lastHours: ends.map((e) => new Date(Math.floor(e.getTime() / HOUR_MS) * HOUR_MS)),
  };
}

/** SQL of one event (alias `f`, with its status `st` and type `ty` joined) as a JSON object. */
const eventJson = `json_build_object('Id', f.id, 'name', f.name, 'startDate', ${isoInstant('f.start_date')}, 'endDate', ${isoInstant('f.end_date')},
  'statusText', coalesce(st.name, f.status), 'typeDesc', ty.name)`;

/**
 * The calendar: each day of the window (in the tenant's time zone) with the number of activities
 * starting on it and its first `perDay` events in start order, as a month's cell shows them with "+N
 * more"; a week or a day asks for more a day (at most ACTIVITY_LIMITS.calendarMaxEvents in all).
 * A month costs what it shows, not what it holds: a day's count is a sum of the per-tenant hour
 * counters (migration 006; the rows of an hour the day's bounds cut are counted), and its events are the
 * first entries of each tenant's index (activities_window_reads_idx, which carries everything an event
 * shows) from the day's start. A field agent's days are read from their side (their assignments and
 * what they created). PostgreSQL writes the days as JSON text that the API sends as it is.
 */
export async function calendarEvents(q: Queryable, filter: ActivityFilter & { window: ActivityWindow }, perDay: number) {
  const where = activitiesWhere(filter);
  const { sides } = where;
  // A field agent's side reads the window's bounds; the tenants' days need only the subtree pattern ($1).
  const params = sides.length === 1 ? where.params : where.params.slice(0, 1);
  const spans = calendarDays(filter.window);
  const eachDay = Math.max(1, Math.min(perDay, Math.floor(ACTIVITY_LIMITS.calendarMaxEvents / spans.days.length)));
  const add = adder(params);
  const days = `unnest(${add(spans.days)}::text[], ${add(spans.starts)}::timestamptz[], ${add(spans.ends)}::timestamptz[],
    ${add(spans.firstHours)}::timestamptz[], ${add(spans.lastHours)}::timestamptz[]) as d(day, s, e, hs, he)`;
  const limit = add(eachDay);
  const columns = 'a.id, a.start_date, a.end_date, a.name, a.status, a.status_id, a.activity_type_id';
  const named = 'left join activity_statuses st on st.id = f.status_id left join activity_types ty on ty.id = f.activity_type_id';
  let statement: string;
  if (sides.length === 1) {
    // A field agent: their own activities of the window, few, placed on their days.
    statement = `with mine as materialized (select m.id, m.start_date from (${sides[0]}) m),
      placed as materialized (
        select d.day, m.id, row_number() over (partition by d.day order by m.start_date, m.id desc) as n
        from ${days} join mine m on m.start_date >= d.s and m.start_date < d.e
      ),
      counted as (select p.day, count(*)::int as count from placed p group by p.day),
      shown as (
        select p.day, coalesce(json_agg(${eventJson} order by f.start_date, f.id desc), '[]') as events
        from placed p join lateral (select ${columns} from activities a where a.id = p.id) f on true ${named}
        where p.n <= ${limit} group by p.day
      )
      select '[' || string_agg(json_build_object('day', d.day, 'count', coalesce(c.count, 0), 'events', coalesce(sh.events, '[]'))::text, ',' order by d.day) || ']' as days
      from ${days} left join counted c on c.day = d.day left join shown sh on sh.day = d.day`;
  } else {
    const tenants = `array(${viewerTenantIds(filter.viewer, 1)})`;
    const rowsCounted = (from: string, to: string) =>
      `(select count(*) from activities a where a.tenant_id = any(${tenants}) and a.deleted_at is null and a.start_date >= ${from} and a.start_date < ${to})`;
    // Days that begin on a whole hour (every zone but a few) have no partial hours to count row by row.
    const partialHours = spans.starts.some(
      (start, i) => start.getTime() !== spans.firstHours[i]!.getTime() || spans.ends[i]!.getTime() !== spans.lastHours[i]!.getTime(),
    )
      ? ` + ${rowsCounted('d.s', 'least(d.hs, d.e)')} + ${rowsCounted('greatest(d.he, d.s)', 'd.e')}`
      : '';
    // Each tenant's first entries of the day from the index (read backwards: start ascending), then the day's first among them.
    statement = `select '[' || string_agg(json_build_object('day', d.day, 'count', c.count, 'events', ev.events)::text, ',' order by d.day) || ']' as days
      from ${days}
      cross join lateral (select ((select coalesce(sum(h.live), 0) from activity_hour_counts h
          where h.tenant_id = any(${tenants}) and h.hour >= d.hs and h.hour < d.he)${partialHours})::int as count) c
      cross join lateral (
        select coalesce(json_agg(${eventJson} order by f.start_date, f.id desc), '[]') as events from (
          select y.* from unnest(${tenants}) as t(id)
          cross join lateral (select ${columns} from activities a where a.tenant_id = t.id and a.deleted_at is null
            and a.start_date >= d.s and a.start_date < d.e order by a.start_date, a.id desc limit ${limit}) y
          order by y.start_date, y.id desc limit ${limit}
        ) f ${named}
      ) ev`;
  }
  const [answer] = await q.query<{ days: string }>(statement, params);
  return answer!.days;
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
