/**
 * Leads of the acting tenant's subtree: lists (all, by week window, by agent), read, create and edit
 * with addresses, status changes with their history, assignment to a field agent, the consent
 * request, a PDF of the lead, soft delete and name search; and the lead and sales dashboards.
 * A lead's contact number and e-mail address are unique among the live leads of its company.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES, type FieldErrors } from '@meridian/shared/contract/envelope';
import {
  COMPLETED_ACTIVITY_STATUS_NAMES, LEAD_AFFORDABILITY_OUTCOMES, LEAD_CONSENT_STATUSES, LEAD_CONVERTED_STATUSES, LEAD_LIMITS, LEAD_STATUSES,
  consentRequestSchema, currentWeek, dashboardQuerySchema, daysOf, digitsOnly, lastDays, leadAssignSchema, leadDeleteSchema, leadListQuerySchema,
  leadPdfSchema, leadSaveSchema, leadSearchSchema, leadStatusUpdateSchema, leadWindowQuerySchema, queryWindow,
  leadPdfFileName, type ConsentRequestSent, type CountBy, type Lead, type LeadAddress, type LeadAddressSave, type LeadDashboard, type LeadDateType,
  type LeadListItem, type LeadSave, type LeadStatus, type LeadStatusChange, type SalesDashboard, type SalesDashboardAgent,
} from '@meridian/shared/contract/lead';
import { ROLE_GROUPS } from '@meridian/shared/contract/roles';
import { MESSAGES } from '@meridian/shared/messages';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { AppError, badRequest, conflict, fieldError, notFound } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { inSubtree, userInScope } from '../../tenancy/scope';
import { owningTenant } from '../../tenancy/tenant-owned';
import { effectiveSettings } from '../settings/settings-routes';
import { attachmentDisposition } from '../templates/template-documents';
import { leadPdf } from './lead-pdf';
import { personName } from '../../db/person-name';
import { chosenIdOrNull } from '../../tenancy/chosen-id';
import { companyOf } from '../../tenancy/company-of';

const LEAD_READERS = { permissions: ['SALES/LEADS'] };
/** Finding a lead by name: lead readers, and those who link activities and cases to a lead. */
const LEAD_FINDERS = { permissions: ['SALES/LEADS', 'SALES/ACTIVITIES', 'SALES/ACTIVITIES/CREATE', 'SALES/ACTIVITIES/EDIT', 'SALES/CASES'] };
const LEAD_CREATORS = { permissions: ['SALES/LEADS/CREATE', 'SALES/LEADS'] };
const LEAD_EDITORS = { permissions: ['SALES/LEADS/EDIT', 'SALES/LEADS'] };
const SALES_DASHBOARD_READERS = { permissions: ['SALES', 'SALES/LEADS'] };
const idParams = z.object({ id: idSchema });
const DAY_MS = 24 * 60 * 60 * 1000;
/** Windows and per-day counts are in the server's time. */
const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** Consent answered: its date is when it was answered. */
const CONSENT_ANSWERED = new Set(['PROVIDED', 'DECLINED']);

/** Money is numeric in the table and answered as float8: a number on both drivers (PGlite answers numeric as text). */
const LEAD_COLUMNS = `l.id as "Id", l.tenant_id as "tenantId", tn.name as "tenantName", l.first_name as "firstName", l.last_name as "lastName",
  l.email_address as "emailAddress", l.phonenumber, l.trimmed_phonenumber as "trimmedPhonenumber", l.country_code as "countryCode",
  l.contact_number as "contactNumber", l.id_number as "idNumber", l.emp_number as "empNumber", l.status, l.source,
  l.created_by_user_id as "createdByUserId", ${personName('cu')} as "leadCreatedBy", l.assigned_user_id as "assignedUserId", ${personName('au')} as "assignedTo",
  l.consent_status as "consentStatus", l.consent_date as "consentDate", l.consent_requested_at as "consentRequestedAt",
  l.installment_amount::float8 as "installmentAmount", l.total_affordability::float8 as "totalAffordability", l.affordability_outcome as "affordabilityOutcome",
  l.affordability_date as "affordabilityDate", l.location, l.latitude, l.longitude, l.date_created as "dateCreated", l.date_modified as "dateModified"`;
const LEAD_FROM = `from leads l join tenants tn on tn.id = l.tenant_id left join users cu on cu.id = l.created_by_user_id left join users au on au.id = l.assigned_user_id`;
/** Live, in the subtree whose path pattern is $1, and not of a deleted tenant. */
const LEAD_VISIBLE = `${inSubtree('l.tenant_id', 1)} and l.deleted_at is null and tn.deleted_at is null`;

const LEAD_SORT: SortSpec = {
  fields: {
    dateCreated: 'l.date_created', dateModified: 'l.date_modified', firstName: 'l.first_name', lastName: 'l.last_name', status: 'l.status',
    source: 'l.source', contactNumber: 'l.contact_number', emailAddress: 'l.email_address', consentStatus: 'l.consent_status',
    consentDate: 'l.consent_date', affordabilityOutcome: 'l.affordability_outcome', affordabilityDate: 'l.affordability_date',
    totalAffordability: 'l.total_affordability', tenantName: 'tn.name', assignedTo: `coalesce(${personName('au')}, '')`,
  },
  defaultField: 'dateCreated', defaultOrder: 'DESC', tieBreaker: 'l.id',
};
/** The column a window applies to, per dateType (constants, never input). */
const WINDOW_COLUMN: Record<LeadDateType, string> = { created: 'l.date_created', consent: 'l.consent_date', affordability: 'l.affordability_date' };

const ADDRESS_COLUMNS = `id as "Id", lead_id as "leadId", type, lineone, city, postcode, state, country, latitude, longitude, date_created as "dateCreated"`;

async function visibleLead(q: Queryable, scope: TenantScope, id: string) {
  const row = await q.one<LeadListItem>(`select ${LEAD_COLUMNS} ${LEAD_FROM} where l.id = $2 and ${LEAD_VISIBLE}`, [`${scope.path}%`, id]);
  if (!row) throw notFound('Lead');
  return row;
}

const addressesOf = (q: Queryable, leadId: string) =>
  q.query<LeadAddress>(`select ${ADDRESS_COLUMNS} from lead_addresses where lead_id = $1 order by date_created, id`, [leadId]);

async function loadLead(q: Queryable, scope: TenantScope, id: string): Promise<Lead> {
  const lead = await visibleLead(q, scope, id);
  const [addresses, statusHistory] = await Promise.all([
    addressesOf(q, lead.Id),
    q.query<LeadStatusChange>(
      `select h.id as "Id", h.status, h.changed_by_user_id as "changedByUserId", ${personName('u')} as "changedBy", h.date_created as "dateCreated"
       from lead_status_history h left join users u on u.id = h.changed_by_user_id where h.lead_id = $1 order by h.date_created desc, h.id desc limit 100`,
      [lead.Id],
    ),
  ]);
  return { ...lead, addresses, statusHistory };
}

/**
 * Refuses a contact number or e-mail address (ignoring case) that another live lead of the company
 * already has. Checks of one company run one at a time (a transaction lock), so two saves cannot
 * both pass.
 */
async function assertNotDuplicate(q: Queryable, companyPath: string, input: Pick<LeadSave, 'contactNumber' | 'emailAddress'>, message: string, exceptId?: string) {
  await q.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [`leads:${companyPath}`]);
  const found = await q.one<{ phone: boolean | null; email: boolean | null }>(
    `select bool_or(l.contact_number = $2) as phone, bool_or(lower(l.email_address) = lower($3::text)) as email from leads l
     where l.deleted_at is null and l.tenant_id = any(array(select id from tenants where path like $1 and deleted_at is null))
       and (l.contact_number = $2 or lower(l.email_address) = lower($3::text)) and ($4::uuid is null or l.id <> $4)`,
    [`${companyPath}%`, input.contactNumber, input.emailAddress ?? null, exceptId ?? null],
  );
  if (!found?.phone && !found?.email) return;
  const fieldErrors: FieldErrors = {};
  if (found.phone) fieldErrors.contactNumber = [MESSAGES.leadDuplicateDetail];
  if (found.email) fieldErrors.emailAddress = [MESSAGES.leadDuplicateDetail];
  throw badRequest(message, fieldErrors);
}

/** The lead's addresses become `addresses`, listed in the order given (each dated a microsecond after the one before). */
async function writeAddresses(q: Queryable, leadId: string, addresses: LeadAddressSave[]) {
  await q.query(`delete from lead_addresses where lead_id = $1`, [leadId]);
  if (!addresses.length) return;
  const column = <K extends keyof LeadAddressSave>(key: K, fallback: LeadAddressSave[K] | null = null) => addresses.map((a) => a[key] ?? fallback);
  await q.query(
    `insert into lead_addresses (lead_id, type, lineone, city, postcode, state, country, latitude, longitude, date_created)
     select $1, x.type, x.lineone, x.city, x.postcode, x.state, x.country, x.latitude, x.longitude, now() + x.ord * interval '1 microsecond'
     from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::float8[], $9::float8[]) with ordinality
       as x(type, lineone, city, postcode, state, country, latitude, longitude, ord)`,
    [leadId, column('type'), column('lineone'), column('city'), column('postcode'), column('state'), column('country'), column('latitude', 0), column('longitude', 0)],
  );
}

const recordStatus = (q: Queryable, leadId: string, status: LeadStatus, userId: string) =>
  q.query(`insert into lead_status_history (lead_id, status, changed_by_user_id) values ($1, $2, $3)`, [leadId, status, userId]);

/**
 * The person and contact columns, replaced on every save. On an edit that leaves the phone number
 * and country code out, the lead keeps its own (a +27 form, say) while its contact number is unchanged.
 */
function contactValues(input: LeadSave, saved?: Pick<Lead, 'phonenumber' | 'contactNumber' | 'countryCode'>) {
  const keptPhone = saved && saved.contactNumber === input.contactNumber ? saved.phonenumber : null;
  const phonenumber = input.phonenumber ?? keptPhone ?? input.contactNumber;
  return [
    input.firstName, input.lastName, input.emailAddress ?? null, phonenumber, digitsOnly(phonenumber), input.countryCode ?? saved?.countryCode ?? null, input.contactNumber,
    input.idNumber ?? null, input.empNumber ?? null, input.location ?? null, input.latitude ?? 0, input.longitude ?? 0,
  ];
}

/** The window a query asks for; an empty one is a field error. */
function checkedWindow(query: { startDate?: string; endDate?: string }, fallback: { start: Date; end: Date }) {
  const window = queryWindow(query, fallback);
  if (window.end <= window.start) throw fieldError('endDate', 'endDate must be after startDate.');
  return window;
}

/** The dashboards' window: the last 30 days unless given, and at most a year. */
function dashboardWindow(query: { startDate?: string; endDate?: string }) {
  const window = checkedWindow(query, lastDays());
  if (window.end.getTime() - window.start.getTime() > (LEAD_LIMITS.dashboardMaxDays + 1) * DAY_MS) {
    throw fieldError('startDate', `A dashboard covers at most ${LEAD_LIMITS.dashboardMaxDays} days.`);
  }
  return window;
}

const windowAnswer = (window: { start: Date; end: Date }) => ({ startDate: window.start.toISOString(), endDate: window.end.toISOString() });
const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : 0);
const countsOf = <K extends string>(keys: readonly K[], counts: Map<string, number>): CountBy<K>[] => keys.map((key) => ({ key, count: counts.get(key) ?? 0 }));
const add = (counts: Map<string, number>, key: string, n: number) => counts.set(key, (counts.get(key) ?? 0) + n);

/** Assignments of live activities in the subtree ($1) dated in the window [$2, $3). */
const ASSIGNMENTS_IN_WINDOW = `activity_assignments aa join activities a on a.id = aa.activity_id join tenants atn on atn.id = a.tenant_id
  left join activity_statuses st on st.id = aa.status_id
  where ${inSubtree('a.tenant_id', 1)} and a.deleted_at is null and atn.deleted_at is null
    and coalesce(a.start_date, a.date_created) >= $2 and coalesce(a.start_date, a.date_created) < $3`;
/** An assignment whose status is completed-like; $4 holds the lower-cased names. */
const COMPLETED = `lower(trim(coalesce(aa.status_text, st.name, ''))) = any($4::text[])`;

export const leadsRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  const { db } = ctx;
  const tags = ['leads'];
  const maxPageSize = ctx.config.maxPageSize;

  app.get('/leads', { config: LEAD_READERS, schema: { tags, querystring: leadListQuerySchema } }, async (request) => {
    const query = request.query;
    const page = pageSql(query, LEAD_SORT, maxPageSize);
    const params: unknown[] = [`${request.scope.path}%`];
    let where = LEAD_VISIBLE;
    if (query.status) {
      params.push(query.status);
      where += ` and l.status = $${params.length}`;
    }
    if (page.searchPattern) {
      params.push(page.searchPattern);
      where += ` and l.search_text like $${params.length}`;
    }
    const { rows, paging } = await pagedQuery(db, { select: LEAD_COLUMNS, from: `${LEAD_FROM} where ${where}`, params }, page);
    return paged(rows, paging);
  });

  app.get('/leads/tenant/getbyid', { config: LEAD_READERS, schema: { tags, querystring: leadWindowQuerySchema } }, async (request) => {
    const query = request.query;
    const window = checkedWindow(query, currentWeek());
    const page = pageSql(query, LEAD_SORT, maxPageSize);
    const column = WINDOW_COLUMN[query.dateType];
    const params: unknown[] = [`${request.scope.path}%`, window.start, window.end];
    let where = `${LEAD_VISIBLE} and ${column} >= $2 and ${column} < $3`;
    if (query.status) {
      params.push(query.status);
      where += ` and l.status = $${params.length}`;
    }
    if (page.searchPattern) {
      params.push(page.searchPattern);
      where += ` and l.search_text like $${params.length}`;
    }
    const { rows, paging } = await pagedQuery(db, { select: LEAD_COLUMNS, from: `${LEAD_FROM} where ${where}`, params }, page);
    return paged(rows, paging);
  });

  app.get('/leads/assignedto/:userId', { config: LEAD_READERS, schema: { tags, params: z.object({ userId: idSchema }), querystring: leadListQuerySchema } }, async (request) => {
    const { userId } = request.params;
    if (userId !== request.principal.userId) await userInScope(db, request.scope, userId, { includeDeleted: true });
    const query = request.query;
    const page = pageSql(query, LEAD_SORT, maxPageSize);
    const params: unknown[] = [`${request.scope.path}%`, userId];
    let where = `${LEAD_VISIBLE} and l.assigned_user_id = $2`;
    if (query.status) {
      params.push(query.status);
      where += ` and l.status = $${params.length}`;
    }
    if (page.searchPattern) {
      params.push(page.searchPattern);
      where += ` and l.search_text like $${params.length}`;
    }
    const { rows, paging } = await pagedQuery(db, { select: LEAD_COLUMNS, from: `${LEAD_FROM} where ${where}`, params }, page);
    return paged(rows, paging);
  });

  app.get('/leads/addresses-by-lead/:leadId', { config: LEAD_READERS, schema: { tags, params: z.object({ leadId: idSchema }) } }, async (request) => {
    const lead = await visibleLead(db, request.scope, request.params.leadId);
    return ok(await addressesOf(db, lead.Id));
  });

  app.get('/leads/dashboard', { config: LEAD_READERS, schema: { tags, querystring: dashboardQuerySchema } }, async (request) => {
    const window = dashboardWindow(request.query);
    const rows = await db.query<{ status: string; consent: string; outcome: string; day: string; n: number }>(
      `select l.status, l.consent_status as consent, l.affordability_outcome as outcome, to_char(l.date_created at time zone $4::text, 'YYYY-MM-DD') as day,
         count(*)::int as n
       from leads l join tenants tn on tn.id = l.tenant_id
       where ${LEAD_VISIBLE} and l.date_created >= $2 and l.date_created < $3
       group by 1, 2, 3, 4`,
      [`${request.scope.path}%`, window.start, window.end, SERVER_TIME_ZONE],
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
    const dashboard: LeadDashboard = {
      window: windowAnswer(window),
      total,
      byStatus: countsOf(LEAD_STATUSES, byStatus),
      byConsentStatus: countsOf(LEAD_CONSENT_STATUSES, byConsent),
      byAffordabilityOutcome: countsOf(LEAD_AFFORDABILITY_OUTCOMES, byOutcome),
      newPerDay: daysOf(window).map((day) => ({ day, count: byDay.get(day) ?? 0 })),
      converted,
      conversionRate: rate(converted, total),
    };
    return ok(dashboard);
  });

  app.get('/sales/dashboard', { config: SALES_DASHBOARD_READERS, schema: { tags: ['sales'], querystring: dashboardQuerySchema } }, async (request) => {
    const window = dashboardWindow(request.query);
    const completedNames = COMPLETED_ACTIVITY_STATUS_NAMES.map((name) => name.toLowerCase());
    // $1 subtree, $2 and $3 the window, $4 completed-like status names; $5 differs per query.
    const params = [`${request.scope.path}%`, window.start, window.end, completedNames];
    const totals = (await db.one<{ leads: number; converted: number; clients: number; planned: number; completed: number }>(
      `select
         (select count(*)::int from leads l join tenants tn on tn.id = l.tenant_id where ${LEAD_VISIBLE} and l.date_created >= $2 and l.date_created < $3) as leads,
         (select count(*)::int from leads l join tenants tn on tn.id = l.tenant_id
           where ${LEAD_VISIBLE} and l.date_created >= $2 and l.date_created < $3 and l.status = any($5::text[])) as converted,
         (select count(*)::int from clients c join tenants tn on tn.id = c.tenant_id
           where ${inSubtree('c.tenant_id', 1)} and c.deleted_at is null and tn.deleted_at is null and c.date_created >= $2 and c.date_created < $3) as clients,
         (select count(*)::int from ${ASSIGNMENTS_IN_WINDOW}) as planned,
         (select count(*)::int from ${ASSIGNMENTS_IN_WINDOW} and ${COMPLETED}) as completed`,
      [...params, [...LEAD_CONVERTED_STATUSES]],
    ))!;
    const topAgents = await db.query<SalesDashboardAgent>(
      `select * from (
         select u.id as "userId", trim(u.first_name || ' ' || u.last_name) as name, tn.name as "tenantName",
           (select count(*)::int from leads l where l.created_by_user_id = u.id and l.deleted_at is null and ${inSubtree('l.tenant_id', 1)}
              and l.date_created >= $2 and l.date_created < $3) as "leadsCreated",
           (select count(*)::int from clients c where c.created_user_id = u.id and c.deleted_at is null and ${inSubtree('c.tenant_id', 1)}
              and c.date_created >= $2 and c.date_created < $3) as "clientsAdded",
           (select count(*)::int from ${ASSIGNMENTS_IN_WINDOW} and aa.user_id = u.id) as "activitiesPlanned",
           (select count(*)::int from ${ASSIGNMENTS_IN_WINDOW} and aa.user_id = u.id and ${COMPLETED}) as "activitiesCompleted"
         from users u join tenants tn on tn.id = u.tenant_id
         where ${inSubtree('u.tenant_id', 1)} and u.deleted_at is null and tn.deleted_at is null
           and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and lower(trim(r.name)) = any($5::text[]))
       ) agents
       where "leadsCreated" + "clientsAdded" + "activitiesPlanned" > 0
       order by "activitiesCompleted" desc, "leadsCreated" desc, "clientsAdded" desc, name, "userId"
       limit ${LEAD_LIMITS.topAgents}`,
      [...params, [...ROLE_GROUPS.agent]],
    );
    const dashboard: SalesDashboard = {
      window: windowAnswer(window),
      leadsCreated: totals.leads,
      leadsConverted: totals.converted,
      clientsAdded: totals.clients,
      activities: { planned: totals.planned, completed: totals.completed, completionRate: rate(totals.completed, totals.planned) },
      topAgents,
    };
    return ok(dashboard);
  });

  app.get('/leads/:id', { config: LEAD_READERS, schema: { tags, params: idParams } }, async (request) =>
    ok(await loadLead(db, request.scope, request.params.id)));

  app.post('/leads', { config: LEAD_CREATORS, schema: { tags, body: leadSaveSchema } }, async (request, reply) => {
    const input = request.body;
    const userId = request.principal.userId;
    const id = await db.tx(async (q) => {
      const tenantId = await owningTenant(q, request.scope, input.tenantId);
      const chosenId = await chosenIdOrNull(q, 'leads', input.Id, request.scope, 'A lead with this Id exists already.');
      await assertNotDuplicate(q, (await companyOf(q, tenantId)).path, input, MESSAGES.leadExists);
      const status = input.status ?? 'New';
      const consentStatus = input.consentStatus ?? 'NONE PROVIDED';
      const outcome = input.affordabilityOutcome ?? 'NONE';
      const assessed = input.totalAffordability != null || input.installmentAmount != null || outcome !== 'NONE';
      const row = await q.one<{ id: string }>(
        `insert into leads (id, first_name, last_name, email_address, phonenumber, trimmed_phonenumber, country_code, contact_number, id_number, emp_number,
           location, latitude, longitude, tenant_id, status, source, created_by_user_id, consent_status, consent_date, installment_amount,
           total_affordability, affordability_outcome, affordability_date)
         values (coalesce($23::uuid, gen_random_uuid()), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22) returning id`,
        [
          ...contactValues(input), tenantId, status, input.source ?? 'WEB', userId, consentStatus, CONSENT_ANSWERED.has(consentStatus) ? new Date() : null,
          input.installmentAmount ?? null, input.totalAffordability ?? null, outcome, assessed ? new Date() : null, chosenId,
        ],
      );
      await writeAddresses(q, row!.id, input.addresses ?? []);
      await recordStatus(q, row!.id, status, userId);
      return row!.id;
    });
    reply.status(201);
    return ok(await loadLead(db, request.scope, id), 'Lead created.');
  });

  app.put('/leads/:id', { config: LEAD_EDITORS, schema: { tags, params: idParams, body: leadSaveSchema } }, async (request) => {
    const input = request.body;
    const userId = request.principal.userId;
    await db.tx(async (q) => {
      const lead = await visibleLead(q, request.scope, request.params.id);
      const tenantId = await owningTenant(q, request.scope, input.tenantId, lead.tenantId);
      await assertNotDuplicate(q, (await companyOf(q, tenantId)).path, input, MESSAGES.leadExistsOnSave, lead.Id);
      const status = input.status ?? lead.status;
      const consentStatus = input.consentStatus ?? lead.consentStatus;
      const consentDate = consentStatus === lead.consentStatus ? lead.consentDate : CONSENT_ANSWERED.has(consentStatus) ? new Date() : null;
      const outcome = input.affordabilityOutcome ?? lead.affordabilityOutcome;
      const total = input.totalAffordability === undefined ? lead.totalAffordability : input.totalAffordability;
      const installment = input.installmentAmount === undefined ? lead.installmentAmount : input.installmentAmount;
      const reassessed = outcome !== lead.affordabilityOutcome || Number(total ?? -1) !== Number(lead.totalAffordability ?? -1)
        || Number(installment ?? -1) !== Number(lead.installmentAmount ?? -1);
      const assessed = total != null || installment != null || outcome !== 'NONE';
      await q.query(
        `update leads set first_name = $1, last_name = $2, email_address = $3, phonenumber = $4, trimmed_phonenumber = $5, country_code = $6,
           contact_number = $7, id_number = $8, emp_number = $9, location = $10, latitude = $11, longitude = $12, tenant_id = $13, status = $14,
           source = $15, consent_status = $16, consent_date = $17, installment_amount = $18, total_affordability = $19, affordability_outcome = $20,
           affordability_date = $21, date_modified = now()
         where id = $22`,
        [
          ...contactValues(input, lead), tenantId, status, input.source ?? lead.source, consentStatus, consentDate, installment, total, outcome,
          reassessed ? (assessed ? new Date() : null) : lead.affordabilityDate, lead.Id,
        ],
      );
      if (input.addresses) await writeAddresses(q, lead.Id, input.addresses);
      if (status !== lead.status) await recordStatus(q, lead.Id, status, userId);
    });
    return ok(await loadLead(db, request.scope, request.params.id), 'Lead saved.');
  });

  app.put('/leads/status/:id', { config: LEAD_EDITORS, schema: { tags, params: idParams, body: leadStatusUpdateSchema } }, async (request) => {
    const { status } = request.body;
    await db.tx(async (q) => {
      const lead = await visibleLead(q, request.scope, request.params.id);
      if (status === lead.status) return;
      await q.query(`update leads set status = $2, date_modified = now() where id = $1`, [lead.Id, status]);
      await recordStatus(q, lead.Id, status, request.principal.userId);
    });
    return ok(await loadLead(db, request.scope, request.params.id), `Lead status set to ${status}.`);
  });

  app.post('/leads/assignlead', { config: LEAD_EDITORS, schema: { tags, body: leadAssignSchema } }, async (request) => {
    const { leadId, userId } = request.body;
    await db.tx(async (q) => {
      const lead = await visibleLead(q, request.scope, leadId);
      if (userId) {
        const agent = await q.one<{ path: string; is_agent: boolean }>(
          `select t.path, exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and lower(trim(r.name)) = any($3::text[])) as is_agent
           from users u join tenants t on t.id = u.tenant_id where u.id = $1 and u.deleted_at is null and t.deleted_at is null and t.path like $2`,
          [userId, `${request.scope.path}%`, [...ROLE_GROUPS.agent]],
        );
        if (!agent) throw fieldError('userId', 'Choose a user inside the tenant you are acting for.');
        if (!agent.is_agent) throw fieldError('userId', `Leads are assigned to field agents: ${ROLE_GROUPS.agent.join(', ')}.`);
        if (!agent.path.startsWith((await companyOf(q, lead.tenantId)).path)) throw fieldError('userId', 'Choose an agent of the company the lead belongs to.');
      }
      await q.query(`update leads set assigned_user_id = $2, date_modified = now() where id = $1`, [lead.Id, userId]);
    });
    return ok(await loadLead(db, request.scope, leadId), userId ? 'Lead assigned.' : 'Lead unassigned.');
  });

  app.post('/leads/resend-consent-request', { config: LEAD_EDITORS, schema: { tags, body: consentRequestSchema } }, async (request) => {
    const input = request.body;
    const sent = await db.tx(async (q): Promise<ConsentRequestSent> => {
      const lead = await visibleLead(q, request.scope, input.leadId);
      if (input.tenantId && input.tenantId !== lead.tenantId) throw fieldError('tenantId', 'This lead belongs to another tenant.');
      if (lead.consentStatus === 'PROVIDED') throw conflict('This lead has already given consent.');
      if (!lead.emailAddress) {
        // No SMS gateway exists; e-mail is the one channel there is.
        throw new AppError(422, ERROR_CODES.VALIDATION,
          `No SMS gateway is configured, so the consent request cannot be sent to ${input.mobileNumber ?? lead.contactNumber}. Add an e-mail address to the lead to send it by e-mail.`);
      }
      const company = await companyOf(q, lead.tenantId);
      const agent = lead.assignedUserId
        ? await q.one<{ name: string; mobile: string | null }>(`select trim(first_name || ' ' || last_name) as name, mobile from users where id = $1`, [lead.assignedUserId])
        : null;
      const contact = agent ? `${agent.name}${agent.mobile ? ` on ${agent.mobile}` : ''}` : `${company.name}`;
      await ctx.mailer.enqueue(q, {
        to: lead.emailAddress,
        kind: 'lead-consent',
        subject: `${company.name} asks for your consent`,
        text: `Hello ${lead.firstName},\n\n${company.name} asks for your consent to check your credit record and affordability for your application.\n\n`
          + `To give or refuse your consent, reply to this e-mail or speak to ${contact}.\n\nIf you did not apply, you can ignore this e-mail.`,
      });
      const row = await q.one<{ consent_requested_at: Date }>(
        `update leads set consent_status = 'REQUESTED', consent_date = null, consent_requested_at = now(), date_modified = now() where id = $1 returning consent_requested_at`,
        [lead.Id],
      );
      return { leadId: lead.Id, channel: 'email', sentTo: lead.emailAddress, consentStatus: 'REQUESTED', consentRequestedAt: row!.consent_requested_at.toISOString() };
    });
    ctx.mailer.kick();
    return ok(sent, `Consent request e-mailed to ${sent.sentTo}.`);
  });

  app.post('/leads/generate-pdf', { config: LEAD_READERS, schema: { tags, body: leadPdfSchema } }, async (request, reply) => {
    const lead = await loadLead(db, request.scope, request.body.leadId);
    const [company, settings] = await Promise.all([companyOf(db, lead.tenantId), effectiveSettings(db, lead.tenantId)]);
    const pdf = await leadPdf(lead, {
      companyName: company.name, currencySymbol: settings.values.currencySymbol, timeZone: settings.values.timeZone, generatedBy: request.principal.userName,
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-length', pdf.length)
      .header('content-disposition', attachmentDisposition(leadPdfFileName(lead)))
      .header('x-content-type-options', 'nosniff')
      .send(pdf);
  });

  app.post('/leads/delete', { config: LEAD_EDITORS, schema: { tags, body: leadDeleteSchema } }, async (request) => {
    await db.tx(async (q) => {
      const lead = await visibleLead(q, request.scope, request.body.id);
      await q.query(`update leads set deleted_at = now(), date_modified = now() where id = $1`, [lead.Id]);
    });
    return ok(null, 'Lead deleted.');
  });

  app.post('/leads/search', { config: LEAD_FINDERS, schema: { tags, body: leadSearchSchema } }, async (request) => {
    // The name is part of search_text, whose trigram index finds the candidates.
    const name = request.body.name.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = await db.query(
      `select l.id as "Id", l.first_name as "firstName", l.last_name as "lastName", l.contact_number as "contactNumber", l.email_address as "emailAddress",
         l.status, tn.name as "tenantName"
       from leads l join tenants tn on tn.id = l.tenant_id
       where ${LEAD_VISIBLE} and l.search_text like $2 and upper(l.first_name || ' ' || l.last_name) like $2
       order by l.last_name, l.first_name, l.id limit ${LEAD_LIMITS.searchMatches}`,
      [`${request.scope.path}%`, `%${name}%`],
    );
    return ok(rows);
  });
};
