/**
 * The lead dashboard (counts by status, consent, affordability and day) and the sales dashboard
 * (leads, clients and activities of the subtree, and the most active agents) over a window of days.
 */
import {
  COMPLETED_ACTIVITY_STATUS_NAMES,
  LEAD_AFFORDABILITY_OUTCOMES,
  LEAD_CONSENT_STATUSES,
  LEAD_CONVERTED_STATUSES,
  LEAD_LIMITS,
  LEAD_STATUSES,
  daysOf,
  lastDays,
  type CountBy,
  type LeadDashboard,
  type SalesDashboard,
  type SalesDashboardAgent,
} from '@meridian/shared/contract/lead';
import { ROLE_GROUPS } from '@meridian/shared/contract/roles';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { fieldError } from '../../http/errors';
import { sqlParams } from '../../db/sql-params';
import { tenantIdsIn } from '../../tenancy/subtree';
import { checkedWindow } from './lead-read';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Windows and per-day counts are in the server's time. */
const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

type WindowQuery = { startDate?: string; endDate?: string };

/** The dashboards' window: the last 30 days unless given, and at most a year. */
function dashboardWindow(query: WindowQuery) {
  const window = checkedWindow(query, lastDays());
  if (window.end.getTime() - window.start.getTime() > (LEAD_LIMITS.dashboardMaxDays + 1) * DAY_MS) {
    throw fieldError('startDate', `A dashboard covers at most ${LEAD_LIMITS.dashboardMaxDays} days.`);
  }
  return window;
}

const windowAnswer = (window: { start: Date; end: Date }) => ({ startDate: window.start.toISOString(), endDate: window.end.toISOString() });
const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : 0);
const countsOf = <K extends string>(keys: readonly K[], counts: Map<string, number>): CountBy<K>[] =>
  keys.map((key) => ({ key, count: counts.get(key) ?? 0 }));
const add = (counts: Map<string, number>, key: string, n: number) => counts.set(key, (counts.get(key) ?? 0) + n);

/**
 * The dashboards' first parameters: $1 the subtree (its tenant ids are `tenantIds`, which every count
 * below reuses), $2 and $3 the window.
 */
function windowParams(scope: TenantScope, window: { start: Date; end: Date }) {
  const p = sqlParams();
  const tenantIds = tenantIdsIn(scope, p);
  p.add(window.start);
  p.add(window.end);
  return { tenantIds, values: p.values };
}

/** Assignments of live activities in the subtree dated in the window [$2, $3). */
const assignmentsInWindow = (tenantIds: string) => `activity_assignments aa join activities a on a.id = aa.activity_id
  left join activity_statuses st on st.id = aa.status_id
  where a.tenant_id = ${tenantIds} and a.deleted_at is null
    and coalesce(a.start_date, a.date_created) >= $2 and coalesce(a.start_date, a.date_created) < $3`;
/** An assignment whose status is completed-like; $4 holds the lower-cased names. */
const COMPLETED = `lower(trim(coalesce(aa.status_text, st.name, ''))) = any($4::text[])`;

export async function leadDashboard(q: Queryable, scope: TenantScope, query: WindowQuery): Promise<LeadDashboard> {
  const window = dashboardWindow(query);
  const { tenantIds, values } = windowParams(scope, window);
  const rows = await q.query<{ status: string; consent: string; outcome: string; day: string; n: number }>(
    `select l.status, l.consent_status as consent, l.affordability_outcome as outcome, to_char(l.date_created at time zone $4::text, 'YYYY-MM-DD') as day,
       count(*)::int as n
     from leads l
     where l.tenant_id = ${tenantIds} and l.deleted_at is null and l.date_created >= $2 and l.date_created < $3
     group by 1, 2, 3, 4`,
    [...values, SERVER_TIME_ZONE],
  );
  const byStatus = new Map<string, number>();
  const byConsent = new Map<string, number>();
  const byOutcome = new Map<string, number>();
  const byDay = new Map<string, number>();
  let total = 0;
  for (const r of rows) {
    total += r.n;
    add(byStatus, r.status, r.n);
    add(byConsent, r.consent, r.n);
    add(byOutcome, r.outcome, r.n);
    add(byDay, r.day, r.n);
  }
  const converted = LEAD_CONVERTED_STATUSES.reduce((sum, status) => sum + (byStatus.get(status) ?? 0), 0);
  return {
    window: windowAnswer(window),
    total,
    byStatus: countsOf(LEAD_STATUSES, byStatus),
    byConsentStatus: countsOf(LEAD_CONSENT_STATUSES, byConsent),
    byAffordabilityOutcome: countsOf(LEAD_AFFORDABILITY_OUTCOMES, byOutcome),
    newPerDay: daysOf(window).map((day) => ({ day, count: byDay.get(day) ?? 0 })),
    converted,
    conversionRate: rate(converted, total),
  };
}

export async function salesDashboard(q: Queryable, scope: TenantScope, query: WindowQuery): Promise<SalesDashboard> {
  const window = dashboardWindow(query);
  const completedNames = COMPLETED_ACTIVITY_STATUS_NAMES.map((name) => name.toLowerCase());
  // $1 subtree, $2 and $3 the window, $4 completed-like status names; $5 differs per query.
  const { tenantIds, values } = windowParams(scope, window);
  const params = [...values, completedNames];
  const assignments = assignmentsInWindow(tenantIds);
  const totals = (await q.one<{ leads: number; converted: number; clients: number; planned: number; completed: number }>(
    `select
       (select count(*)::int from leads l where l.tenant_id = ${tenantIds} and l.deleted_at is null and l.date_created >= $2 and l.date_created < $3) as leads,
       (select count(*)::int from leads l
         where l.tenant_id = ${tenantIds} and l.deleted_at is null and l.date_created >= $2 and l.date_created < $3 and l.status = any($5::text[])) as converted,
       (select count(*)::int from clients c
         where c.tenant_id = ${tenantIds} and c.deleted_at is null and c.date_created >= $2 and c.date_created < $3) as clients,
       (select count(*)::int from ${assignments}) as planned,
       (select count(*)::int from ${assignments} and ${COMPLETED}) as completed`,
    [...params, [...LEAD_CONVERTED_STATUSES]],
  ))!;
  const topAgents = await q.query<SalesDashboardAgent>(
    `select * from (
       select u.id as "userId", trim(u.first_name || ' ' || u.last_name) as name, tn.name as "tenantName",
         (select count(*)::int from leads l where l.created_by_user_id = u.id and l.deleted_at is null and l.tenant_id = ${tenantIds}
            and l.date_created >= $2 and l.date_created < $3) as "leadsCreated",
         (select count(*)::int from clients c where c.created_user_id = u.id and c.deleted_at is null and c.tenant_id = ${tenantIds}
            and c.date_created >= $2 and c.date_created < $3) as "clientsAdded",
         (select count(*)::int from ${assignments} and aa.user_id = u.id) as "activitiesPlanned",
         (select count(*)::int from ${assignments} and aa.user_id = u.id and ${COMPLETED}) as "activitiesCompleted"
       from users u join tenants tn on tn.id = u.tenant_id
       where u.tenant_id = ${tenantIds} and u.deleted_at is null
         and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and lower(trim(r.name)) = any($5::text[]))
     ) agents
     where "leadsCreated" + "clientsAdded" + "activitiesPlanned" > 0
     order by "activitiesCompleted" desc, "leadsCreated" desc, "clientsAdded" desc, name, "userId"
     limit ${LEAD_LIMITS.topAgents}`,
    [...params, [...ROLE_GROUPS.agent]],
  );
  return {
    window: windowAnswer(window),
    leadsCreated: totals.leads,
    leadsConverted: totals.converted,
    clientsAdded: totals.clients,
    activities: { planned: totals.planned, completed: totals.completed, completionRate: rate(totals.completed, totals.planned) },
    topAgents,
  };
}
