/**
 * Agent reports: the summary report per agent over a day, week or month (SALES/AGENTS/HISTORY), and
 * the caller's own dashboard for today (SALES/AGENTS/MYWORK).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACTIVITY_PROGRESS_STATUS_NAMES } from '@meridian/shared/contract/activity-plan';
import { ROLE_GROUPS } from '@meridian/shared/contract/roles';
import {
  agentDashboardSchema,
  agentSummaryRowSchema,
  parseSortParam,
  summaryPeriod,
  summaryReportQuerySchema,
  type AgentDashboard,
  type AgentSummaryRow,
  type LastPosition,
} from '@meridian/shared/contract/field-agent';
import { AGENT_ACTION } from '@meridian/shared/constants';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql } from '../../http/paging';
import { inScope, pathWithin, tenantRowInScope } from '../../tenancy/subtree';
import { sqlParams } from '../../db/sql-params';
import { MY_WORK } from './agent-routes';
import { onlineMinutes } from './agent-online-time';
import { dayWindow, todayIn } from './day-window';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import { allow } from '../../auth/allow';
import { agentHistory } from '@meridian/shared/contract/areas/sales';
import { answers, pagedAnswers } from '../../http/route-answers';

const HISTORY_READERS = allow(agentHistory, 'read');
const COMPLETED = ACTIVITY_PROGRESS_STATUS_NAMES.completed.map((name) => name.toLowerCase());

interface AgentMeasures {
  userId: string;
  activitiesCompleted: number;
  filesAdded: number;
  lat: number | null;
  lng: number | null;
  accuracy: number | null;
  at: Date | null;
}

/** Completed activities, files added and the last known position (at or before the window's end) of each agent. */
async function agentMeasures(q: Queryable, userIds: string[], start: Date, end: Date) {
  const rows = await q.query<AgentMeasures>(
    `select a.id as "userId",
       (select count(*) from activity_assignments aa join activities ac on ac.id = aa.activity_id left join activity_statuses st on st.id = aa.status_id
        where aa.user_id = a.id and ac.deleted_at is null and ac.start_date >= $2 and ac.start_date < $3
          and lower(coalesce(aa.status_text, st.name, '')) = any($4::text[]))::int as "activitiesCompleted",
       (select count(*) from agent_actions x where x.performed_by_user_id = a.id and x.action = ${AGENT_ACTION.FILE_ADDED}
          and x.date_created >= $2 and x.date_created < $3)::int as "filesAdded",
       p.latitude as lat, p.longitude as lng, p.accuracy, p.at
     from unnest($1::uuid[]) as a(id)
     left join lateral (
       select * from (
         (select latitude, longitude, accuracy, device_time as at from user_positions where user_id = a.id and device_time < $3 order by device_time desc limit 1)
         union all
         (select latitude, longitude, accuracy, date_created as at from agent_actions
          where performed_by_user_id = a.id and latitude is not null and longitude is not null and date_created < $3 order by date_created desc limit 1)
       ) latest order by at desc limit 1
     ) p on true`,
    [userIds, start, end, COMPLETED],
  );
  return new Map(rows.map((r) => [r.userId, r]));
}

const lastPositionOf = (m: AgentMeasures | undefined): LastPosition | null =>
  m?.at && m.lat !== null && m.lng !== null
    ? { latitude: m.lat, longitude: m.lng, accuracy: m.accuracy, at: new Date(m.at).toISOString() }
    : null;

/** Each live tenant of the subtree with its region: its nearest branch, else company, else itself. */
async function tenantsWithRegion(q: Queryable, subtreePath: string) {
  const p = sqlParams();
  return q.query<{ id: string; name: string; region_name: string }>(
    `select t.id, t.name, coalesce(
       (select a.name from tenants a where ${pathWithin('t.path', 'a.path')} and a.type in (2, 3) and a.deleted_at is null order by a.type desc limit 1), t.name)
       as region_name
     from tenants t where ${tenantRowInScope('t', subtreePath, p)}`,
    p.values,
  );
}

export const agentReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['agent'];

    app.get(
      '/agent/summary-report',
      { config: HISTORY_READERS, schema: { tags, querystring: summaryReportQuerySchema, response: pagedAnswers(agentSummaryRowSchema) } },
      async (request) => {
        const sort = parseSortParam(request.query.sort);
        const query = {
          ...request.query,
          sortField: request.query.sortField ?? sort.sortField,
          sortOrder: request.query.sortOrder ?? sort.sortOrder,
        };
        const timeZone = await tenantTimeZone(db, request.scope.tenantId);
        const { from, to } = summaryPeriod(query.thedate ?? todayIn(timeZone), query.period);
        // Sorting is on what the agent list itself holds, so that a page of a large agent base is cheap;
        // the measures are then counted for that page's agents only.
        const page = pageSql(
          query,
          {
            fields: {
              regionName: 't.region_name',
              agentName: `u.first_name || ' ' || u.last_name`,
              userName: 'u.user_name',
              tenantName: 't.name',
            },
            defaultField: 'regionName',
            defaultOrder: 'DESC',
            tieBreaker: 'u.id',
          },
          ctx.config.maxPageSize,
        );
        // The subtree's few tenants and the agent roles are looked up first, so that the agents are one
        // hash join of users against them whatever the planner guesses about role names.
        const [tenants, roles] = await Promise.all([
          tenantsWithRegion(db, request.scope.path),
          db.query<{ id: string }>(`select id from roles where lower(trim(name)) = any($1)`, [ROLE_GROUPS.agent]),
        ]);
        const params: unknown[] = [
          tenants.map((t) => t.id),
          tenants.map((t) => t.name),
          tenants.map((t) => t.region_name),
          roles.map((r) => r.id),
        ];
        let where = `u.deleted_at is null and u.id in (select ur.user_id from user_roles ur where ur.role_id = any($4::uuid[]))`;
        if (page.searchPattern) {
          params.push(page.searchPattern);
          where += ` and (u.search_text like $${params.length} or upper(t.region_name) like $${params.length})`;
        }
        const { rows, paging } = await pagedQuery<
          Omit<AgentSummaryRow, 'onlineMinutes' | 'activitiesCompleted' | 'filesAdded' | 'lastPosition'>
        >(
          db,
          {
            select: `u.id as "userId", u.first_name || ' ' || u.last_name as "agentName", u.user_name as "userName", t.name as "tenantName", t.region_name as "regionName"`,
            from: `from users u join unnest($1::uuid[], $2::text[], $3::text[]) as t(id, name, region_name) on t.id = u.tenant_id where ${where}`,
            params,
          },
          page,
        );
        const { start, end } = await dayWindow(db, from, to, timeZone);
        const ids = rows.map((r) => r.userId);
        const [online, measures] = await Promise.all([onlineMinutes(db, ids, start, end), agentMeasures(db, ids, start, end)]);
        const report: AgentSummaryRow[] = rows.map((r) => {
          const m = measures.get(r.userId);
          return {
            ...r,
            onlineMinutes: online.get(r.userId) ?? 0,
            activitiesCompleted: m?.activitiesCompleted ?? 0,
            filesAdded: m?.filesAdded ?? 0,
            lastPosition: lastPositionOf(m),
          };
        });
        return paged(report, paging);
      },
    );

    app.get('/agent/dashboard', { config: MY_WORK, schema: { tags, response: answers(agentDashboardSchema) } }, async (request) => {
      const me = request.principal.userId;
      const timeZone = await tenantTimeZone(db, request.scope.tenantId);
      const date = todayIn(timeZone);
      const { start, end } = await dayWindow(db, date, date, timeZone);
      const counted = sqlParams([me, start, end]);
      const [latest, started, online, byStatus, counts] = await Promise.all([
        db.one<{ action: number }>(
          `select action from agent_actions where performed_by_user_id = $1 and action in (0, 1) order by date_created desc, id desc limit 1`,
          [me],
        ),
        db.one<{ at: Date }>(
          `select min(date_created) as at from agent_actions where performed_by_user_id = $1 and action = ${AGENT_ACTION.ONLINE} and date_created >= $2 and date_created < $3`,
          [me, start, end],
        ),
        onlineMinutes(db, [me], start, end),
        db.query<{ status: string; count: number }>(
          `select coalesce(aa.status_text, st.name, a.status) as status, count(*)::int as count
         from activity_assignments aa join activities a on a.id = aa.activity_id left join activity_statuses st on st.id = aa.status_id
         where aa.user_id = $1 and a.deleted_at is null and a.start_date >= $2 and a.start_date < $3 group by 1 order by 1`,
          [me, start, end],
        ),
        db.one<{ assigned: number; unassigned: number }>(
          `select count(*) filter (where exists (select 1 from activity_assignments aa where aa.activity_id = a.id and aa.user_id = $1))::int as assigned,
           count(*) filter (where not exists (select 1 from activity_assignments aa where aa.activity_id = a.id))::int as unassigned
         from activities a where ${inScope('a.tenant_id', request.scope, counted)} and a.deleted_at is null and a.start_date >= $2 and a.start_date < $3`,
          counted.values,
        ),
      ]);
      const dashboard: AgentDashboard = {
        date,
        online: latest?.action === AGENT_ACTION.ONLINE,
        startedDayAt: started?.at ? new Date(started.at).toISOString() : null,
        onlineMinutesToday: online.get(me) ?? 0,
        activitiesByStatus: byStatus,
        assignedActivities: counts?.assigned ?? 0,
        unassignedActivities: counts?.unassigned ?? 0,
      };
      return ok(dashboard);
    });
  };
