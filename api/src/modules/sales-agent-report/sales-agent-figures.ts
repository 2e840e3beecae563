/**
 * The sales agent report's figures for one page of agents over a window [start, end) (definitions:
 * contract/standard-report.ts). Each figure is one grouped read over the page's agents, so a page costs the
 * same whatever the subtree's size.
 */
import { LEAD_CONVERTED_STATUSES } from '@meridian/shared/contract/lead';
import type { StatusCount } from '@meridian/shared/contract/standard-report';
import { GEO } from '@meridian/shared/constants';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { inScope, type Subtree } from '../../tenancy/subtree';
import { onlineMinutes } from '../agent/agent-online-time';

export interface AgentFigures {
  activities: number;
  activitiesByStatus: StatusCount[];
  leads: number;
  conversions: number;
  distanceMeters: number;
  fieldMinutes: number;
}

/** Assignments of live activities of the subtree starting in the window, per agent and status. */
async function activitiesByStatus(q: Queryable, subtree: Subtree, userIds: string[], start: Date, end: Date) {
  const p = sqlParams([userIds, start, end]);
  const rows = await q.query<{ userId: string; status: string; count: number }>(
    `select aa.user_id as "userId", coalesce(nullif(trim(aa.status_text), ''), st.name, a.status, 'None') as status, count(*)::int as count
     from activity_assignments aa join activities a on a.id = aa.activity_id left join activity_statuses st on st.id = aa.status_id
     where aa.user_id = any($1::uuid[]) and ${inScope('a.tenant_id', subtree, p)} and a.deleted_at is null
       and coalesce(a.start_date, a.date_created) >= $2 and coalesce(a.start_date, a.date_created) < $3
     group by 1, 2`,
    p.values,
  );
  const byAgent = new Map<string, StatusCount[]>();
  for (const row of rows) byAgent.set(row.userId, [...(byAgent.get(row.userId) ?? []), { status: row.status, count: row.count }]);
  for (const counts of byAgent.values()) counts.sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
  return byAgent;
}

/** Leads of the subtree each agent created in the window, and how many of them are converted now. */
async function leadsAndConversions(q: Queryable, subtree: Subtree, userIds: string[], start: Date, end: Date) {
  const p = sqlParams([userIds, start, end, [...LEAD_CONVERTED_STATUSES]]);
  const rows = await q.query<{ userId: string; leads: number; conversions: number }>(
    `select l.created_by_user_id as "userId", count(*)::int as leads, count(*) filter (where l.status = any($4::text[]))::int as conversions
     from leads l
     where l.created_by_user_id = any($1::uuid[]) and ${inScope('l.tenant_id', subtree, p)} and l.deleted_at is null
       and l.date_created >= $2 and l.date_created < $3
     group by 1`,
    p.values,
  );
  return new Map(rows.map((r) => [r.userId, r]));
}

/**
 * Metres between each agent's successive positioned actions in the window, in (time, id) order: the haversine
 * distance on a sphere of the earth's mean radius. Positions outside the globe (the apps' 999 for "unknown")
 * and the null island (0, 0: a device without a fix) are left out, so they do not add a jump across the world.
 */
const DISTANCE_SQL = `
select s.uid as "userId", coalesce(sum(2 * ${GEO.earthRadiusMeters} * asin(least(1, sqrt(
    power(sin(radians(s.lat - s.prev_lat) / 2), 2) + cos(radians(s.prev_lat)) * cos(radians(s.lat)) * power(sin(radians(s.lng - s.prev_lng) / 2), 2)
  )))), 0)::float8 as meters
from (
  select x.performed_by_user_id as uid, x.latitude as lat, x.longitude as lng,
    lag(x.latitude) over w as prev_lat, lag(x.longitude) over w as prev_lng
  from agent_actions x
  where x.performed_by_user_id = any($1::uuid[]) and x.date_created >= $2 and x.date_created < $3
    and x.latitude between -90 and 90 and x.longitude between -180 and 180 and not (x.latitude = 0 and x.longitude = 0)
  window w as (partition by x.performed_by_user_id order by x.date_created, x.id)
) s
where s.prev_lat is not null
group by s.uid`;

async function distanceMeters(q: Queryable, userIds: string[], start: Date, end: Date) {
  const rows = await q.query<{ userId: string; meters: number }>(DISTANCE_SQL, [userIds, start, end]);
  return new Map(rows.map((r) => [r.userId, Math.round(r.meters)]));
}

export async function agentFigures(q: Queryable, subtree: Subtree, userIds: string[], start: Date, end: Date) {
  const [statuses, leads, distance, field] = await Promise.all([
    activitiesByStatus(q, subtree, userIds, start, end),
    leadsAndConversions(q, subtree, userIds, start, end),
    distanceMeters(q, userIds, start, end),
    onlineMinutes(q, userIds, start, end),
  ]);
  return new Map(
    userIds.map((id): [string, AgentFigures] => {
      const byStatus = statuses.get(id) ?? [];
      return [
        id,
        {
          activities: byStatus.reduce((sum, s) => sum + s.count, 0),
          activitiesByStatus: byStatus,
          leads: leads.get(id)?.leads ?? 0,
          conversions: leads.get(id)?.conversions ?? 0,
          distanceMeters: distance.get(id) ?? 0,
          fieldMinutes: field.get(id) ?? 0,
        },
      ];
    }),
  );
}
