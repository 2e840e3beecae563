/**
 * Cases (SALES/CASES) of the acting tenant's subtree: work to follow up, owned by a user of the
 * subtree and optionally about one of its clients or leads. Moving a case to RESOLVED or CLOSED
 * records when (closedAt); moving it back to OPEN or IN_PROGRESS clears that. Deleting is soft.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CASE_CLOSED_STATUSES,
  CASE_PRIORITIES,
  caseDeleteSchema,
  caseListQuerySchema,
  caseSaveSchema,
  type CaseSave,
  type SalesCase,
  salesCaseSchema,
} from '@meridian/shared/contract/case';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { fieldError, notFound } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { owningTenant } from '../../tenancy/tenant-owned';
import { personName } from '../../db/person-name';
import { answers, pagedAnswers } from '../../http/route-answers';
import { deletedCountSchema } from '@meridian/shared/contract/deletion';
import { allow } from '../../auth/allow';
import { cases } from '@meridian/shared/contract/areas/sales';

const CASE_READERS = allow(cases, 'read');
const CASE_CREATORS = allow(cases, 'create');
const CASE_EDITORS = allow(cases, 'edit');
const idParams = z.object({ id: idSchema });

const COLUMNS = `c.id as "Id", c.title, c.description, c.status, c.priority, c.owner_user_id as "ownerUserId", ${personName('o')} as "ownerName",
  c.client_id as "clientId", ${personName('cl')} as "clientName", c.lead_id as "leadId", ${personName('ld')} as "leadName",
  to_char(c.due_date, 'YYYY-MM-DD') as "dueDate", c.tenant_id as "tenantId", tn.name as "tenantName",
  c.created_user_id as "createdUserId", ${personName('cr')} as "createdBy", c.date_created as "dateCreated", c.date_modified as "dateModified", c.closed_at as "closedAt"`;
const FROM = `from sales_cases c join tenants tn on tn.id = c.tenant_id left join users o on o.id = c.owner_user_id
  left join clients cl on cl.id = c.client_id left join leads ld on ld.id = c.lead_id left join users cr on cr.id = c.created_user_id`;
/** In the acting subtree (so not of a deleted tenant) and not deleted. */
const visible = (scope: TenantScope, p: SqlParams) => `${inScope('c.tenant_id', scope, p)} and c.deleted_at is null`;
/** LOW to URGENT, so that sorting by priority follows urgency rather than the alphabet. */
const PRIORITY_RANK = `array_position(array[${CASE_PRIORITIES.map((p) => `'${p}'`).join(', ')}]::text[], c.priority)`;

async function visibleCase(q: Queryable, scope: TenantScope, id: string) {
  const p = sqlParams([id]);
  const row = await q.one<SalesCase>(`select ${COLUMNS} ${FROM} where c.id = $1 and ${visible(scope, p)}`, p.values);
  if (!row) throw notFound('Case');
  return row;
}

/** A case is about one person at most: a client or a lead (the form offers one or the other). */
export const CASE_ABOUT_BOTH = 'A case is about a client or a lead, not both.';

/** The owner, client and lead a case names must be live rows of the acting subtree (400 naming the field otherwise). */
async function assertLinksInScope(q: Queryable, scope: TenantScope, input: CaseSave, ownerUserId: string) {
  if (input.clientId && input.leadId) throw fieldError('leadId', CASE_ABOUT_BOTH);
  const liveInScope = async (table: 'users' | 'clients' | 'leads', id: string) => {
    const p = sqlParams([id]);
    return q.one(`select 1 from ${table} x where x.id = $1 and x.deleted_at is null and ${inScope('x.tenant_id', scope, p)}`, p.values);
  };
  const owner = await liveInScope('users', ownerUserId);
  if (!owner) throw fieldError('ownerUserId', 'Choose an owner inside the tenant you are acting for.');
  if (input.clientId) {
    const client = await liveInScope('clients', input.clientId);
    if (!client) throw fieldError('clientId', 'Choose a client inside the tenant you are acting for.');
  }
  if (input.leadId) {
    const lead = await liveInScope('leads', input.leadId);
    if (!lead) throw fieldError('leadId', 'Choose a lead inside the tenant you are acting for.');
  }
}

const caseValues = (input: CaseSave, ownerUserId: string) => [
  input.title,
  input.description || null,
  input.status,
  input.priority,
  ownerUserId,
  input.clientId ?? null,
  input.leadId ?? null,
  input.dueDate ?? null,
];

export const casesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['cases'];
    const closed = [...CASE_CLOSED_STATUSES];

    app.get(
      '/cases',
      { config: CASE_READERS, schema: { tags, querystring: caseListQuerySchema, response: pagedAnswers(salesCaseSchema) } },
      async (request) => {
        const query = request.query;
        const page = pageSql(
          query,
          {
            fields: {
              title: 'c.title',
              status: 'c.status',
              priority: PRIORITY_RANK,
              dueDate: 'c.due_date',
              ownerName: `coalesce(o.first_name || ' ' || o.last_name, '')`,
              tenantName: 'tn.name',
              dateCreated: 'c.date_created',
              dateModified: 'c.date_modified',
              closedAt: 'c.closed_at',
            },
            defaultField: 'dateCreated',
            defaultOrder: 'DESC',
            tieBreaker: 'c.id',
          },
          ctx.config.maxPageSize,
        );
        const p = sqlParams();
        let where = visible(request.scope, p);
        const narrow = (condition: (param: string) => string, value: unknown) => {
          where += ` and ${condition(p.add(value))}`;
        };
        if (query.status) narrow((p) => `c.status = ${p}`, query.status);
        if (query.priority) narrow((p) => `c.priority = ${p}`, query.priority);
        if (query.ownerUserId) narrow((p) => `c.owner_user_id = ${p}`, query.ownerUserId);
        if (page.searchPattern) {
          narrow(
            (
              p,
            ) => `upper(c.title || ' ' || coalesce(c.description, '') || ' ' || coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')
        || ' ' || coalesce(cl.first_name || ' ' || cl.last_name, '') || ' ' || coalesce(ld.first_name || ' ' || ld.last_name, '')) like ${p}`,
            page.searchPattern,
          );
        }
        const { rows, paging } = await pagedQuery<SalesCase>(
          db,
          { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values },
          page,
        );
        return paged(rows, paging);
      },
    );

    app.get(
      '/cases/:id',
      { config: CASE_READERS, schema: { tags, params: idParams, response: answers(salesCaseSchema) } },
      async (request) => ok(await visibleCase(db, request.scope, request.params.id)),
    );

    app.post(
      '/cases',
      { config: CASE_CREATORS, schema: { tags, body: caseSaveSchema, response: answers(salesCaseSchema, { status: 201 }) } },
      async (request, reply) => {
        const input = request.body;
        const ownerUserId = input.ownerUserId ?? request.principal.userId;
        const id = await db.tx(async (q) => {
          const tenantId = await owningTenant(q, request.scope, input.tenantId);
          await assertLinksInScope(q, request.scope, input, ownerUserId);
          const row = await q.one<{ id: string }>(
            `insert into sales_cases (tenant_id, title, description, status, priority, owner_user_id, client_id, lead_id, due_date, created_user_id, closed_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, case when $4 = any($11::text[]) then now() end) returning id`,
            [tenantId, ...caseValues(input, ownerUserId), request.principal.userId, closed],
          );
          return row!.id;
        });
        reply.status(201);
        return ok(await visibleCase(db, request.scope, id), 'Case created.');
      },
    );

    app.put(
      '/cases/:id',
      { config: CASE_EDITORS, schema: { tags, params: idParams, body: caseSaveSchema, response: answers(salesCaseSchema) } },
      async (request) => {
        const input = request.body;
        await db.tx(async (q) => {
          const existing = await visibleCase(q, request.scope, request.params.id);
          const ownerUserId = input.ownerUserId ?? existing.ownerUserId ?? request.principal.userId;
          const tenantId = await owningTenant(q, request.scope, input.tenantId, existing.tenantId);
          await assertLinksInScope(q, request.scope, input, ownerUserId);
          // Closing keeps the first closing time (RESOLVED then CLOSED stays closed since then); reopening clears it.
          await q.query(
            `update sales_cases set tenant_id = $2, title = $3, description = $4, status = $5, priority = $6, owner_user_id = $7, client_id = $8, lead_id = $9,
           due_date = $10, closed_at = case when $5 = any($11::text[]) then coalesce(closed_at, now()) end, date_modified = now() where id = $1`,
            [existing.Id, tenantId, ...caseValues(input, ownerUserId), closed],
          );
        });
        return ok(await visibleCase(db, request.scope, request.params.id), 'Case saved.');
      },
    );

    app.post(
      '/cases/delete',
      { config: CASE_EDITORS, schema: { tags, body: caseDeleteSchema, response: answers(deletedCountSchema) } },
      async (request) => {
        const ids = [...new Set(request.body.ids)];
        const deleted = await db.tx(async (q) => {
          const p = sqlParams([ids]);
          const shown = await q.query<{ id: string }>(
            `select c.id from sales_cases c where c.id = any($1::uuid[]) and ${visible(request.scope, p)}`,
            p.values,
          );
          const found = new Set(shown.map((r) => r.id));
          const outside = ids.find((id) => !found.has(id));
          if (outside) throw notFound(`Case ${outside}`);
          await q.query(`update sales_cases set deleted_at = now(), date_modified = now() where id = any($1::uuid[])`, [ids]);
          return ids.length;
        });
        return ok({ deleted }, `${deleted} case(s) deleted.`);
      },
    );
  };
