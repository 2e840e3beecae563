/** The rules of saving a route plan: its agent, and stops that are activities of the subtree in no other plan. */
import { activityInOtherPlanMessage, activityOutsideScopeMessage } from '@meridian/shared/contract/activity-plan';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { conflict, fieldError } from '../../http/errors';
import { sqlParams } from '../../db/sql-params';
import { inScope } from '../../tenancy/subtree';

export const AGENT_OUTSIDE_SCOPE = 'Choose an agent inside the tenant you are acting for.';

/** The plan's agent, a live user of the acting subtree; the plan belongs to the agent's home tenant. */
export async function planAgentTenant(q: Queryable, scope: TenantScope, agentUserId: string): Promise<string> {
  const p = sqlParams([agentUserId]);
  const row = await q.one<{ tenant_id: string }>(
    `select u.tenant_id from users u where u.id = $1 and ${inScope('u.tenant_id', scope, p)} and u.deleted_at is null`,
    p.values,
  );
  if (!row) throw fieldError('agentUserId', AGENT_OUTSIDE_SCOPE);
  return row.tenant_id;
}

/**
 * Every stop must be a live activity of the acting subtree (else 400 naming the first that is not)
 * and in no plan other than `planId` (else 409 naming the activity and the plan holding it).
 */
export async function assertStopsAvailable(q: Queryable, scope: TenantScope, activityIds: readonly string[], planId: string | null) {
  const params = sqlParams([activityIds]);
  const rows = await q.query<{ id: string; name: string; plan_id: string | null; plan_name: string | null }>(
    `select a.id, a.name, p.id as plan_id, p.name as plan_name
     from activities a left join activity_plan_stops s on s.activity_id = a.id left join activity_plans p on p.id = s.plan_id
     where a.id = any($1::uuid[]) and a.deleted_at is null and ${inScope('a.tenant_id', scope, params)}`,
    params.values,
  );
  const found = new Map(rows.map((r) => [r.id, r]));
  const missing = activityIds.find((id) => !found.has(id));
  if (missing) throw fieldError('activityIds', activityOutsideScopeMessage(missing));
  const taken = activityIds.map((id) => found.get(id)!).find((r) => r.plan_id && r.plan_id !== planId);
  if (taken) {
    const message = activityInOtherPlanMessage(taken.name, taken.plan_name ?? '');
    throw conflict(message, { activityIds: [message] });
  }
}

/** Replaces the plan's stops by the activities in the given order. */
export async function replaceStops(q: Queryable, planId: string, activityIds: readonly string[]) {
  await q.query(`delete from activity_plan_stops where plan_id = $1`, [planId]);
  await q.query(
    `insert into activity_plan_stops (plan_id, activity_id, position) select $1, x.id, x.ord::int from unnest($2::uuid[]) with ordinality as x(id, ord)`,
    [planId, activityIds],
  );
}
