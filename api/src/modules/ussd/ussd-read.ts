/**
 * The staff's view of the USSD channel (CLIENTS/USSD), over the acting tenant's subtree: registered clients,
 * sessions with their steps, and the dashboard (sessions per day in the tenant's zone, completion, choices).
 */
import type { UssdClient, UssdDashboard, UssdSession } from '@meridian/shared/contract/ussd';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import { tenantTimeZone } from '../../tenancy/tenant-time-zone';
import { dayAt, todayIn } from '../agent/day-window';

const CLIENT_COLUMNS = `r.id, r.client_id as "clientId", c.first_name || ' ' || c.last_name as "clientName", c.mobile as phone, r.status,
  true as "pinSet", coalesce(r.locked_until > now(), false) as locked, r.date_created as "registeredDate",
  (select max(s.last_step_at) from ussd_sessions s where s.client_id = r.client_id) as "lastSessionDate", r.tenant_id as "tenantId"`;

const CLIENT_SORT: SortSpec = {
  fields: { registeredDate: 'r.date_created', clientName: "c.first_name || ' ' || c.last_name" },
  defaultField: 'registeredDate',
  defaultOrder: 'DESC',
  tieBreaker: 'r.id',
};

export async function ussdClientPage(q: Queryable, scope: TenantScope, query: PagingQuery & { status?: string }, maxPageSize: number) {
  const p = sqlParams();
  const page = pageSql(query, CLIENT_SORT, maxPageSize);
  let where = inScope('r.tenant_id', scope, p);
  if (query.status) where += ` and r.status = ${p.add(query.status)}`;
  if (page.searchPattern)
    where += ` and upper(c.first_name || ' ' || c.last_name || ' ' || coalesce(c.mobile, '')) like ${p.add(page.searchPattern)}`;
  return pagedQuery<UssdClient>(
    q,
    { select: CLIENT_COLUMNS, from: `from ussd_registrations r join clients c on c.id = r.client_id where ${where}`, params: p.values },
    page,
  );
}

const SESSION_COLUMNS = `s.id, s.session_id as "sessionId", s.service_code as "serviceCode", s.phone,
  case when c.id is null then null else c.first_name || ' ' || c.last_name end as "clientName", s.started_at as "startedAt",
  s.last_step_at as "lastStepAt", s.steps, s.completed, s.outcome, s.tenant_id as "tenantId"`;

const SESSION_SORT: SortSpec = {
  fields: { startedAt: 's.started_at' },
  defaultField: 'startedAt',
  defaultOrder: 'DESC',
  tieBreaker: 's.id',
};

export async function ussdSessionPage(q: Queryable, scope: TenantScope, query: PagingQuery & { completed?: string }, maxPageSize: number) {
  const p = sqlParams();
  const page = pageSql(query, SESSION_SORT, maxPageSize);
  let where = inScope('s.tenant_id', scope, p);
  if (query.completed) where += ` and s.completed = ${p.add(query.completed === 'true')}`;
  if (page.searchPattern)
    where += ` and upper(s.phone || ' ' || coalesce(c.first_name || ' ' || c.last_name, '')) like ${p.add(page.searchPattern)}`;
  return pagedQuery<UssdSession>(
    q,
    { select: SESSION_COLUMNS, from: `from ussd_sessions s left join clients c on c.id = s.client_id where ${where}`, params: p.values },
    page,
  );
}

export async function ussdSessionById(q: Queryable, scope: TenantScope, id: string) {
  const p = sqlParams([id]);
  const session = await q.one<UssdSession>(
    `select ${SESSION_COLUMNS} from ussd_sessions s left join clients c on c.id = s.client_id where s.id = $1 and ${inScope('s.tenant_id', scope, p)}`,
    p.values,
  );
  if (!session) throw notFound('USSD session');
  const stepsTaken = await q.query<{
    seq: number;
    input: string;
    choice: UssdSession['outcome'];
    reply: 'CON' | 'END';
    dateCreated: string;
  }>(`select seq, input, choice, reply, date_created as "dateCreated" from ussd_session_steps where session_id = $1 order by seq`, [id]);
  return { ...session, stepsTaken };
}

/** The last 30 days by default, today included, as the tenant lives them. */
export async function ussdDashboard(q: Queryable, scope: TenantScope, window: { from?: string; to?: string }): Promise<UssdDashboard> {
  const zone = await tenantTimeZone(q, scope.tenantId);
  const to = window.to ?? todayIn(zone);
  const from = window.from ?? dayAt(new Date(Date.parse(`${to}T12:00:00Z`) - 29 * 86_400_000), zone);
  const p = sqlParams([from, to, zone]);
  const where = `${inScope('s.tenant_id', scope, p)} and (s.started_at at time zone $3)::date between $1::date and $2::date`;
  const days = await q.query<{ day: string; sessions: number; completed: number }>(
    `select to_char((s.started_at at time zone $3)::date, 'YYYY-MM-DD') as day, count(*)::int as sessions,
       count(*) filter (where s.completed)::int as completed
     from ussd_sessions s where ${where} group by 1 order by 1`,
    p.values,
  );
  const topChoices = await q.query<{ choice: UssdDashboard['topChoices'][number]['choice']; count: number }>(
    `select st.choice, count(*)::int as count from ussd_session_steps st join ussd_sessions s on s.id = st.session_id
     where ${where} and st.choice is not null and st.choice <> 'invalid' group by st.choice order by count desc, st.choice limit 5`,
    p.values,
  );
  const sessions = days.reduce((n, d) => n + d.sessions, 0);
  const completed = days.reduce((n, d) => n + d.completed, 0);
  const completionPercent = sessions === 0 ? 0 : Math.round((completed * 1000) / sessions) / 10;
  return { from, to, sessions, completed, completionPercent, days, topChoices };
}
