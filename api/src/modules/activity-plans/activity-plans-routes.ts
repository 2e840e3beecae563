/**
 * Route plans (SALES/ACTIVITIES/ACTIVITY_PLANS) of the acting tenant's subtree: an agent's ordered
 * stops for a day. A plan belongs to its agent's home tenant, starts PENDING, and an activity is a
 * stop of at most one plan. Days (the default windows, "today") are the acting tenant's days.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVITY_PLAN_LIMITS,
  activityPlanCreateSchema,
  activityPlanDeleteSchema,
  activityPlanListQuerySchema,
  activityPlanUpdateSchema,
  noActivityPlanQuerySchema,
  planActivitiesQuerySchema,
  planDayQuerySchema,
  type ActivityPlanListItem,
  type ActivityWithoutPlan,
  type DayOverview,
  activityPlanListItemSchema,
  activityPlanSchema,
  activityPlansDeletedSchema,
  activityPlanStopSchema,
  activityWithoutPlanSchema,
  dayOverviewSchema,
  mapOverviewPlanSchema,
} from '@meridian/shared/contract/activity-plan';
import { addDays } from '@meridian/shared/contract/field-agent';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { fieldError, notFound } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import { sqlParams } from '../../db/sql-params';
import { dayOf, dayWindow, todayIn } from '../agent/day-window';
import { PLAN_COLUMNS, PLAN_FROM, STOP_COUNT_SQL, planStops, planVisible, visiblePlan } from './plan-read';
import { assertStopsAvailable, planAgentTenant, replaceStops } from './plan-write';
import { dayOverview, mapOverview } from './plan-overview';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import { allow } from '../../auth/allow';
import { activityPlans } from '@meridian/shared/contract/areas/sales';
import { answers, pagedAnswers } from '../../http/route-answers';

const PLANNERS = allow(activityPlans, 'read');
const DAY_OVERVIEW_READERS = allow(activityPlans, 'readDayOverview');
const idParams = z.object({ id: idSchema });

/** The window of days a list covers: the query's, else today to 30 days ahead. */
async function daysOf(q: Queryable, tenantId: string, query: { startDate?: string; endDate?: string }) {
  const timeZone = await tenantTimeZone(q, tenantId);
  const from = query.startDate ? dayOf(query.startDate, timeZone) : todayIn(timeZone);
  const to = query.endDate ? dayOf(query.endDate, timeZone) : addDays(from, ACTIVITY_PLAN_LIMITS.defaultWindowDays);
  if (to < from) throw fieldError('endDate', 'The end date cannot be before the start date.');
  return { from, to, timeZone };
}

export const activityPlansRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['activity-plans'];

    app.get(
      '/activities/activity-plan',
      { config: PLANNERS, schema: { tags, querystring: activityPlanListQuerySchema, response: pagedAnswers(activityPlanListItemSchema) } },
      async (request) => {
        const query = request.query;
        const { from, to } = await daysOf(db, request.scope.tenantId, query);
        // Upcoming plans first: a planner works through the coming days in order.
        const page = pageSql(
          query,
          {
            fields: {
              planDate: 'p.plan_date',
              name: 'p.name',
              status: 'p.status',
              agentName: `coalesce(ag.first_name || ' ' || ag.last_name, '')`,
              stopCount: STOP_COUNT_SQL,
              tenantName: 'tn.name',
              dateCreated: 'p.date_created',
            },
            defaultField: 'planDate',
            defaultOrder: 'ASC',
            tieBreaker: 'p.id',
          },
          ctx.config.maxPageSize,
        );
        const p = sqlParams();
        let where = `${planVisible(request.scope, p)} and p.plan_date between ${p.add(from)}::date and ${p.add(to)}::date`;
        if (query.agentUserId) {
          where += ` and p.agent_user_id = ${p.add(query.agentUserId)}`;
        }
        if (page.searchPattern) {
          where += ` and upper(p.name || ' ' || coalesce(ag.first_name, '') || ' ' || coalesce(ag.last_name, '')) like ${p.add(page.searchPattern)}`;
        }
        const { rows, paging } = await pagedQuery<ActivityPlanListItem>(
          db,
          { select: PLAN_COLUMNS, from: `${PLAN_FROM} where ${where}`, params: p.values },
          page,
        );
        return paged(rows, paging);
      },
    );

    app.get(
      '/activities/no-activity-plan',
      { config: PLANNERS, schema: { tags, querystring: noActivityPlanQuerySchema, response: pagedAnswers(activityWithoutPlanSchema) } },
      async (request) => {
        const query = request.query;
        const { from, to, timeZone } = await daysOf(db, request.scope.tenantId, query);
        const { start, end } = await dayWindow(db, from, to, timeZone);
        const page = pageSql(
          query,
          {
            fields: { startDate: 'a.start_date', name: 'a.name', location: 'a.location', dateCreated: 'a.date_created' },
            defaultField: 'startDate',
            defaultOrder: 'DESC',
            tieBreaker: 'a.id',
          },
          ctx.config.maxPageSize,
        );
        const p = sqlParams();
        let where = `${inScope('a.tenant_id', request.scope, p)} and a.deleted_at is null and a.start_date >= ${p.add(start)} and a.start_date < ${p.add(end)}
      and not exists (select 1 from activity_plan_stops s where s.activity_id = a.id)`;
        if (query.agentUserId) {
          where += ` and exists (select 1 from activity_assignments aa where aa.activity_id = a.id and aa.user_id = ${p.add(query.agentUserId)})`;
        }
        if (page.searchPattern) {
          where += ` and upper(a.name || ' ' || coalesce(a.location, '')) like ${p.add(page.searchPattern)}`;
        }
        const { rows, paging } = await pagedQuery<ActivityWithoutPlan>(
          db,
          {
            select: `a.id as "Id", a.name, a.location, a.lat, a.lng, a.start_date as "startDate", a.end_date as "endDate", a.status, ty.name as "typeDesc",
        a.tenant_id as "tenantId",
        (select coalesce(json_agg(json_build_object('Id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) order by u.first_name, u.last_name), '[]')
         from activity_assignments aa join users u on u.id = aa.user_id where aa.activity_id = a.id) as "assignedUsers"`,
            from: `from activities a left join activity_types ty on ty.id = a.activity_type_id where ${where}`,
            params: p.values,
          },
          page,
        );
        return paged(rows, paging);
      },
    );

    app.get(
      '/activities/activity-plan/map-overview',
      { config: PLANNERS, schema: { tags, querystring: planDayQuerySchema, response: answers(z.array(mapOverviewPlanSchema)) } },
      async (request) => {
        const date = request.query.date ?? todayIn(await tenantTimeZone(db, request.scope.tenantId));
        return ok(await mapOverview(db, request.scope, date));
      },
    );

    app.get(
      '/activities/activity-plan/day-overview',
      { config: DAY_OVERVIEW_READERS, schema: { tags, querystring: planDayQuerySchema, response: answers(dayOverviewSchema) } },
      async (request) => {
        const date = request.query.date ?? todayIn(await tenantTimeZone(db, request.scope.tenantId));
        return ok<DayOverview>({ date, agents: await dayOverview(db, request.scope, date) });
      },
    );

    app.get(
      '/activities/activity-plan/:id',
      { config: PLANNERS, schema: { tags, params: idParams, response: answers(activityPlanSchema) } },
      async (request) => ok(await visiblePlan(db, request.scope, request.params.id)),
    );

    app.get(
      '/activities/activity-plan-activities/:id',
      {
        config: PLANNERS,
        schema: { tags, params: idParams, querystring: planActivitiesQuerySchema, response: answers(z.array(activityPlanStopSchema)) },
      },
      async (request) => {
        const plan = await visiblePlan(db, request.scope, request.params.id);
        const stops = await planStops(db, [plan.Id], request.query.detailsLevel === 'FULL');
        return ok(stops.get(plan.Id) ?? []);
      },
    );

    app.post(
      '/activities/activity-plan',
      { config: PLANNERS, schema: { tags, body: activityPlanCreateSchema, response: answers(activityPlanSchema, { status: 201 }) } },
      async (request, reply) => {
        const input = request.body;
        const id = await db.tx(async (q) => {
          const tenantId = await planAgentTenant(q, request.scope, input.agentUserId);
          await assertStopsAvailable(q, request.scope, input.activityIds, null);
          const row = await q.one<{ id: string }>(
            `insert into activity_plans (tenant_id, name, plan_date, status, agent_user_id, created_user_id) values ($1, $2, $3, 'PENDING', $4, $5) returning id`,
            [tenantId, input.name, input.planDate, input.agentUserId, request.principal.userId],
          );
          await replaceStops(q, row!.id, input.activityIds);
          return row!.id;
        });
        reply.status(201);
        return ok(await visiblePlan(db, request.scope, id), 'Activity plan created.');
      },
    );

    app.put(
      '/activities/activity-plan/:id',
      { config: PLANNERS, schema: { tags, params: idParams, body: activityPlanUpdateSchema, response: answers(activityPlanSchema) } },
      async (request) => {
        const input = request.body;
        await db.tx(async (q) => {
          const plan = await visiblePlan(q, request.scope, request.params.id);
          const tenantId = await planAgentTenant(q, request.scope, input.agentUserId);
          await assertStopsAvailable(q, request.scope, input.activityIds, plan.Id);
          await q.query(
            `update activity_plans set tenant_id = $2, name = $3, plan_date = $4, agent_user_id = $5, status = $6, date_modified = now() where id = $1`,
            [plan.Id, tenantId, input.name, input.planDate, input.agentUserId, input.status ?? plan.status],
          );
          await replaceStops(q, plan.Id, input.activityIds);
        });
        return ok(await visiblePlan(db, request.scope, request.params.id), 'Activity plan saved.');
      },
    );

    app.delete(
      '/activities/activity-plan/delete',
      { config: PLANNERS, schema: { tags, body: activityPlanDeleteSchema, response: answers(activityPlansDeletedSchema) } },
      async (request) => {
        const { activityPlans, deleteActivities } = request.body;
        const ids = [...new Set(activityPlans)];
        const result = await db.tx(async (q) => {
          const plans = sqlParams([ids]);
          const shown = await q.query<{ id: string }>(
            `select p.id ${PLAN_FROM} where p.id = any($1::uuid[]) and ${planVisible(request.scope, plans)}`,
            plans.values,
          );
          const found = new Set(shown.map((r) => r.id));
          const outside = ids.find((id) => !found.has(id));
          if (outside) throw notFound(`Activity plan ${outside}`);
          const stops = sqlParams([ids]);
          const activities = deleteActivities
            ? await q.query(
                `update activities a set deleted_at = now(), date_modified = now()
           where a.id in (select activity_id from activity_plan_stops where plan_id = any($1::uuid[])) and a.deleted_at is null
             and ${inScope('a.tenant_id', request.scope, stops)}
           returning a.id`,
                stops.values,
              )
            : [];
          // The stops go with the plan, so their activities can join another plan.
          await q.query(`delete from activity_plan_stops where plan_id = any($1::uuid[])`, [ids]);
          await q.query(`update activity_plans set deleted_at = now(), date_modified = now() where id = any($1::uuid[])`, [ids]);
          return { deleted: ids.length, activitiesDeleted: activities.length };
        });
        return ok(
          result,
          `${result.deleted} plan(s) deleted${deleteActivities ? `, with ${result.activitiesDeleted} activit${result.activitiesDeleted === 1 ? 'y' : 'ies'}` : ''}.`,
        );
      },
    );
  };
