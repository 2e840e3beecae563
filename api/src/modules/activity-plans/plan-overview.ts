/** A day's route plans: every plan with its stops for the map, and per agent how the day went. */
import type { ActivityPlanListItem, ActivityPlanStop, DayOverviewAgent, MapOverviewPlan } from '@meridian/shared/contract/activity-plan';
import { distanceMeters } from '@meridian/shared/geo';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { PLAN_COLUMNS, PLAN_FROM, planStops, planVisible } from './plan-read';

/** The plans of the day in the acting subtree, by agent and name, each with its stops in visiting order. */
export async function mapOverview(q: Queryable, scope: TenantScope, date: string): Promise<MapOverviewPlan[]> {
  const p = sqlParams([date]);
  const plans = await q.query<ActivityPlanListItem>(
    `select ${PLAN_COLUMNS} ${PLAN_FROM} where ${planVisible(scope, p)} and p.plan_date = $1::date order by "agentName", p.name, p.id`,
    p.values,
  );
  const stops = await planStops(
    q,
    plans.map((p) => p.Id),
    false,
  );
  return plans.map((p) => ({
    Id: p.Id,
    name: p.name,
    planDate: p.planDate,
    status: p.status,
    agentUserId: p.agentUserId,
    agentName: p.agentName,
    stops: stops.get(p.Id) ?? [],
  }));
}

/** Great-circle kilometres along the stops that have coordinates, in order. */
function routeKm(stops: ActivityPlanStop[]) {
  const placed = stops.filter((s) => s.lat !== null && s.lng !== null) as (ActivityPlanStop & { lat: number; lng: number })[];
  let meters = 0;
  for (let i = 1; i < placed.length; i++) meters += distanceMeters(placed[i - 1]!, placed[i]!);
  return meters / 1000;
}

/**
 * Per agent with a plan that day: stops planned (each activity once), how many are completed, in
 * progress, cancelled or pending (by the agent's status of each), the agent's first and last status
 * update of those stops, and the route's length as the crow flies between consecutive stops.
 */
export async function dayOverview(q: Queryable, scope: TenantScope, date: string): Promise<DayOverviewAgent[]> {
  const plans = (await mapOverview(q, scope, date)).filter((p) => p.agentUserId);
  const agents = new Map<string, DayOverviewAgent & { km: number; stopIds: Set<string> }>();
  for (const plan of plans) {
    const agent = agents.get(plan.agentUserId!) ?? {
      agentUserId: plan.agentUserId!,
      agentName: plan.agentName ?? '',
      plans: 0,
      plannedStops: 0,
      completed: 0,
      inProgress: 0,
      pending: 0,
      cancelled: 0,
      firstStatusUpdate: null,
      lastStatusUpdate: null,
      distanceKm: 0,
      stopsWithoutPosition: 0,
      km: 0,
      stopIds: new Set<string>(),
    };
    agent.plans += 1;
    agent.km += routeKm(plan.stops);
    for (const stop of plan.stops) {
      if (agent.stopIds.has(stop.Id)) continue;
      agent.stopIds.add(stop.Id);
      agent.plannedStops += 1;
      agent[stop.progress] += 1;
      if (stop.lat === null || stop.lng === null) agent.stopsWithoutPosition += 1;
    }
    agents.set(agent.agentUserId, agent);
  }
  const pairs = [...agents.values()].flatMap((a) => [...a.stopIds].map((activityId) => [a.agentUserId, activityId] as const));
  const updates =
    pairs.length === 0
      ? []
      : await q.query<{ user_id: string; first: Date; last: Date }>(
          `select aa.user_id, min(h.date_created) as first, max(h.date_created) as last
     from unnest($1::uuid[], $2::uuid[]) as x(user_id, activity_id)
       join activity_assignments aa on aa.user_id = x.user_id and aa.activity_id = x.activity_id
       join activity_status_history h on h.assignment_id = aa.id
     group by aa.user_id`,
          [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
        );
  for (const u of updates) {
    const agent = agents.get(u.user_id)!;
    agent.firstStatusUpdate = new Date(u.first).toISOString();
    agent.lastStatusUpdate = new Date(u.last).toISOString();
  }
  return [...agents.values()]
    .map(({ km, stopIds: _stopIds, ...agent }) => ({ ...agent, distanceKm: Math.round(km * 10) / 10 }))
    .sort((a, b) => a.agentName.localeCompare(b.agentName) || a.agentUserId.localeCompare(b.agentUserId));
}
