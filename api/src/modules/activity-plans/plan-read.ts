/** Route plans as answered: list rows, one plan with its stop ids, and the stops of plans in visiting order. */
import {
  activityProgress,
  type ActivityPlan,
  type ActivityPlanListItem,
  type ActivityPlanStop,
  type PlanPerson,
} from '@meridian/shared/contract/activity-plan';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { personName } from '../../db/person-name';

/** Live stops of a plan: stops whose activity has not been deleted. */
export const STOP_COUNT_SQL = `(select count(*) from activity_plan_stops s join activities a on a.id = s.activity_id where s.plan_id = p.id and a.deleted_at is null)`;

export const PLAN_COLUMNS = `p.id as "Id", p.name, to_char(p.plan_date, 'YYYY-MM-DD') as "planDate", p.status, p.agent_user_id as "agentUserId",
  ${personName('ag')} as "agentName", ${STOP_COUNT_SQL}::int as "stopCount", p.tenant_id as "tenantId", tn.name as "tenantName",
  p.created_user_id as "createdUserId", p.date_created as "dateCreated", p.date_modified as "dateModified"`;
export const PLAN_FROM = `from activity_plans p join tenants tn on tn.id = p.tenant_id left join users ag on ag.id = p.agent_user_id`;
/** In the acting subtree (so not of a deleted tenant) and not deleted. */
export const planVisible = (scope: TenantScope, p: SqlParams) => `${inScope('p.tenant_id', scope, p)} and p.deleted_at is null`;

export async function visiblePlan(q: Queryable, scope: TenantScope, id: string): Promise<ActivityPlan> {
  const p = sqlParams([id]);
  const plan = await q.one<ActivityPlanListItem>(
    `select ${PLAN_COLUMNS} ${PLAN_FROM} where p.id = $1 and ${planVisible(scope, p)}`,
    p.values,
  );
  if (!plan) throw notFound('Activity plan');
  const stops = await q.query<{ activity_id: string }>(
    `select s.activity_id from activity_plan_stops s join activities a on a.id = s.activity_id where s.plan_id = $1 and a.deleted_at is null order by s.position`,
    [plan.Id],
  );
  return { ...plan, activityIds: stops.map((s) => s.activity_id) };
}

interface StopRow extends Omit<ActivityPlanStop, 'progress'> {
  planId: string;
}

/**
 * The live stops of the plans, in visiting order, numbered from 1 per plan. A stop's status is the
 * plan agent's assignment status when the agent is assigned to the activity, else the activity's own.
 * FULL adds the activity's clients, leads and assignees.
 */
export async function planStops(q: Queryable, planIds: readonly string[], full: boolean): Promise<Map<string, ActivityPlanStop[]>> {
  const rows = await q.query<StopRow>(
    `select s.plan_id as "planId", s.position, a.id as "Id", a.name, a.location, a.lat, a.lng, a.start_date as "startDate", a.end_date as "endDate",
       coalesce(aa.status_text, st.name, a.status) as status
     from activity_plan_stops s join activity_plans p on p.id = s.plan_id join activities a on a.id = s.activity_id and a.deleted_at is null
       left join activity_assignments aa on aa.activity_id = a.id and aa.user_id = p.agent_user_id
       left join activity_statuses st on st.id = aa.status_id
     where s.plan_id = any($1::uuid[]) order by s.plan_id, s.position`,
    [planIds],
  );
  const details = full
    ? await stopDetails(
        q,
        rows.map((r) => r.Id),
      )
    : null;
  const byPlan = new Map<string, ActivityPlanStop[]>(planIds.map((id) => [id, []]));
  for (const { planId, ...row } of rows) {
    const stops = byPlan.get(planId)!;
    const stop: ActivityPlanStop = { ...row, position: stops.length + 1, progress: activityProgress(row.status) };
    if (details) {
      stop.clients = details.clients.get(row.Id) ?? [];
      stop.leads = details.leads.get(row.Id) ?? [];
      stop.assignedUsers = details.assignees.get(row.Id) ?? [];
    }
    stops.push(stop);
  }
  return byPlan;
}

function groupBy<T extends { activityId: string }>(rows: T[]) {
  const grouped = new Map<string, Omit<T, 'activityId'>[]>();
  for (const { activityId, ...rest } of rows) {
    const list = grouped.get(activityId) ?? [];
    list.push(rest);
    grouped.set(activityId, list);
  }
  return grouped;
}

async function stopDetails(q: Queryable, activityIds: string[]) {
  const [clients, leads, assignees] = await Promise.all([
    q.query<PlanPerson & { activityId: string }>(
      `select ac.activity_id as "activityId", c.id as "Id", c.first_name as "firstName", c.last_name as "lastName"
       from activity_clients ac join clients c on c.id = ac.client_id and c.deleted_at is null where ac.activity_id = any($1::uuid[]) order by c.first_name, c.last_name, c.id`,
      [activityIds],
    ),
    q.query<PlanPerson & { activityId: string }>(
      `select al.activity_id as "activityId", l.id as "Id", l.first_name as "firstName", l.last_name as "lastName"
       from activity_leads al join leads l on l.id = al.lead_id and l.deleted_at is null where al.activity_id = any($1::uuid[]) order by l.first_name, l.last_name, l.id`,
      [activityIds],
    ),
    q.query<PlanPerson & { activityId: string; statusText: string | null }>(
      `select aa.activity_id as "activityId", u.id as "Id", u.first_name as "firstName", u.last_name as "lastName", coalesce(aa.status_text, st.name) as "statusText"
       from activity_assignments aa join users u on u.id = aa.user_id left join activity_statuses st on st.id = aa.status_id
       where aa.activity_id = any($1::uuid[]) order by u.first_name, u.last_name, u.id`,
      [activityIds],
    ),
  ]);
  return { clients: groupBy(clients), leads: groupBy(leads), assignees: groupBy(assignees) };
}
