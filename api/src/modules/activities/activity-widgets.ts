/**
 * Aggregates over a window: counts by status and by type (dashboard widgets), the calendar's light
 * events, and the per-agent status report.
 */
import {
  ACTIVITY_LIMITS,
  type AgentStatusReportRow,
  type CalendarEvent,
  type StatusWidgetRow,
  type TypeWidgetRow,
} from '@meridian/shared/contract/activity';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import { idSchema } from '@meridian/shared/validation';
import type { Queryable } from '../../db/database';
import { fieldError } from '../../http/errors';
import { pagedQuery, pageSql } from '../../http/paging';
import { viewerTenantIds } from './activity-access';
import { activitiesWhere, adder, countedByDayAndHour, type ActivityFilter } from './activity-list';

/**
 * Activities of the window by their status (the activity's, which follows its latest assignment
 * change), counted from activities_tenant_start_live_idx alone.
 */
export async function statusWidget(q: Queryable, filter: ActivityFilter, query: PagingQuery, maxPageSize: number) {
  const { where, params } = activitiesWhere(filter);
  const name = `coalesce(st.name, 'PENDING')`;
  const page = pageSql(
    query,
    {
      fields: { count: 'g.count', status: name },
      defaultField: 'count',
      defaultOrder: 'DESC',
      tieBreaker: `coalesce(g.status_id::text, '')`,
    },
    maxPageSize,
  );
  let outer = 'true';
  if (page.searchPattern) {
    params.push(page.searchPattern);
    outer = `upper(${name}) like $${params.length}`;
  }
  return pagedQuery<StatusWidgetRow>(
    q,
    {
      select: `g.status_id as "statusId", ${name} as status, g.count`,
      from: `from (select a.status_id, count(*)::int as count from activities a where ${where} group by 1) g
      left join activity_statuses st on st.id = g.status_id where ${outer}`,
      params,
    },
    page,
  );
}

/** Activities of the window by their type, counted from the index alone. */
export async function typeWidget(q: Queryable, filter: ActivityFilter, query: PagingQuery, maxPageSize: number) {
  const { where, params } = activitiesWhere(filter);
  const name = `coalesce(ty.name, 'No type')`;
  const page = pageSql(
    query,
    {
      fields: { count: 'g.count', typeDesc: name },
      defaultField: 'count',
      defaultOrder: 'DESC',
      tieBreaker: `coalesce(g.activity_type_id::text, '')`,
    },
    maxPageSize,
  );
  let outer = 'true';
  if (page.searchPattern) {
    params.push(page.searchPattern);
    outer = `upper(${name}) like $${params.length}`;
  }
  return pagedQuery<TypeWidgetRow>(
    q,
    {
      select: `g.activity_type_id as "activityTypeId", ${name} as "typeDesc", g.count`,
      from: `from (select a.activity_type_id, count(*)::int as count from activities a where ${where} group by 1) g
      left join activity_types ty on ty.id = g.activity_type_id where ${outer}`,
      params,
    },
    page,
  );
}

/**
 * The window's events in start order, at most ACTIVITY_LIMITS.calendarMaxEvents; the total says
 * whether there were more. As for the list, each tenant gives its first events from the index.
 */
export async function calendarEvents(q: Queryable, filter: ActivityFilter) {
  const { where, condition, params, sides } = activitiesWhere(filter);
  const cap = ACTIVITY_LIMITS.calendarMaxEvents;
  // The index runs start_date DESC, id ASC; read backwards it gives start_date ASC, id DESC.
  const first =
    sides.length === 1 && !filter.status && !filter.type
      ? `select m.id, m.start_date from (${sides[0]}) m order by m.start_date, m.id desc limit ${cap}`
      : `select x.id, x.start_date from unnest(array(${viewerTenantIds(filter.viewer, 1)})) as t(id)
       cross join lateral (select a.id, a.start_date from activities a where a.tenant_id = t.id and ${condition} order by a.start_date, a.id desc limit ${cap}) x
       order by x.start_date, x.id desc limit ${cap}`;
  const events = await q.query<CalendarEvent>(
    `with first as (${first})
     select a.id as "Id", a.name, a.start_date as "startDate", a.end_date as "endDate", coalesce(st.name, a.status) as "statusText", ty.name as "typeDesc"
     from first join activities a on a.id = first.id left join activity_statuses st on st.id = a.status_id left join activity_types ty on ty.id = a.activity_type_id
     order by first.start_date, first.id desc`,
    params,
  );
  let total = events.length;
  if (events.length === cap) {
    // By the day and hour counters (which take the tenant pattern, $1, and their own parameters), else row by row.
    const counterParams = params.slice(0, 1);
    const byCounters = !filter.viewer.ownUserId && countedByDayAndHour(filter, counterParams);
    total = (await q.one<{ n: number }>(
      byCounters ? `select ${byCounters}::int as n` : `select count(*)::int as n from activities a where ${where}`,
      byCounters ? counterParams : params,
    ))!.n;
  }
  return { events, paging: { pageNumber: 1, pageSize: cap, total } };
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
