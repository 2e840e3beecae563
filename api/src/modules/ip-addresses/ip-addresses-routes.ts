/** The network allow-list of each tenant (screens /admin/ip-addresses): list, read, add, edit, remove. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pagingQuerySchema } from '@meridian/shared/contract/paging';
import { ipAddressSaveSchema, type IpAddressEntry, type IpAddressSave, ipAddressEntrySchema } from '@meridian/shared/contract/ip-address';
import { MESSAGES, selfLockoutMessage } from '@meridian/shared/messages';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { conflict, fieldError, notFound } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import { sqlParams } from '../../db/sql-params';
import { allowedNetworks, networkAllows } from './allow-list';
import { answers, pagedAnswers } from '../../http/route-answers';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { allow } from '../../auth/allow';
import { ipAddresses } from '@meridian/shared/contract/areas/admin';

const IP_ADMINS = allow(ipAddresses, 'read');
const idParams = z.object({ id: idSchema });

const COLUMNS = `a.id as "Id", a.tenant_id as "tenantId", t.name as "tenantName", a.cidr, a.description, a.active,
  a.date_created as "dateCreated", a.created_by as "createdBy", u.user_name as "createdByUserName"`;
const FROM = `from ip_addresses a join tenants t on t.id = a.tenant_id left join users u on u.id = a.created_by`;

async function entryInScope(q: Queryable, scope: TenantScope, id: string) {
  const p = sqlParams([id]);
  const entry = await q.one<IpAddressEntry>(`select ${COLUMNS} ${FROM} where a.id = $1 and ${inScope('a.tenant_id', scope, p)}`, p.values);
  if (!entry) throw notFound('IP address');
  return entry;
}

async function assertCidrFree(q: Queryable, tenantId: string, cidr: string, exceptId: string | null = null) {
  const taken = await q.one(`select 1 from ip_addresses where tenant_id = $1 and cidr = $2 and ($3::uuid is null or id <> $3)`, [
    tenantId,
    cidr,
    exceptId,
  ]);
  if (taken) throw conflict(MESSAGES.ipAddressExists, { cidr: [MESSAGES.ipAddressExists] });
}

export const ipAddressesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['ip-addresses'];

    /**
     * Runs a change of the allow-list in one transaction and refuses it if it would shut out the
     * address the caller is using now. Only lists at or above the caller's home tenant can do that,
     * so the first active entry of such a tenant must include the caller's address. A caller who is
     * already outside the list (a session older than the list) may still change it.
     */
    async function changeKeepingCallerIn<T>(request: FastifyRequest, change: (q: Queryable) => Promise<T>): Promise<T> {
      const { homeTenantId } = request.principal;
      const address = request.ip;
      return db.tx(async (q) => {
        const allowedBefore = networkAllows(await allowedNetworks(q, homeTenantId), address);
        const result = await change(q);
        if (allowedBefore && !networkAllows(await allowedNetworks(q, homeTenantId), address))
          throw fieldError('cidr', selfLockoutMessage(address));
        // API-key principals carry the list they are checked against.
        q.onCommit(() => ctx.principals.invalidate());
        return result;
      });
    }

    const insertEntry = async (q: Queryable, tenantId: string, input: IpAddressSave, createdBy: string) => {
      await assertCidrFree(q, tenantId, input.cidr);
      const row = await q.one<{ id: string }>(
        `insert into ip_addresses (tenant_id, cidr, description, active, created_by) values ($1, $2, $3, $4, $5) returning id`,
        [tenantId, input.cidr, input.description ?? null, input.active, createdBy],
      );
      return row!.id;
    };

    app.get(
      '/ip-addresses',
      { config: IP_ADMINS, schema: { tags, querystring: pagingQuerySchema, response: pagedAnswers(ipAddressEntrySchema) } },
      async (request) => {
        const page = pageSql(
          request.query,
          {
            fields: {
              cidr: 'a.cidr',
              description: 'a.description',
              active: 'a.active',
              tenantName: 't.name',
              dateCreated: 'a.date_created',
            },
            defaultField: 'dateCreated',
            defaultOrder: 'DESC',
            tieBreaker: 'a.id',
          },
          ctx.config.maxPageSize,
        );
        const p = sqlParams();
        let where = inScope('a.tenant_id', request.scope, p);
        if (page.searchPattern) {
          where += ` and upper(a.cidr || ' ' || coalesce(a.description, '') || ' ' || t.name) like ${p.add(page.searchPattern)}`;
        }
        const { rows, paging } = await pagedQuery<IpAddressEntry>(
          db,
          { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values },
          page,
        );
        return paged(rows, paging);
      },
    );

    app.get(
      '/ip-addresses/:id',
      { config: IP_ADMINS, schema: { tags, params: idParams, response: answers(ipAddressEntrySchema) } },
      async (request) => ok(await entryInScope(db, request.scope, request.params.id)),
    );

    /** The entry belongs to the tenant the caller acts for (x-tenant-id), like a tenant's own role. */
    app.post(
      '/ip-addresses',
      { config: IP_ADMINS, schema: { tags, body: ipAddressSaveSchema, response: answers(ipAddressEntrySchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await changeKeepingCallerIn(request, (q) =>
          insertEntry(q, request.scope.tenantId, request.body, request.principal.userId),
        );
        reply.status(201);
        return ok(await entryInScope(db, request.scope, id), 'IP address added.');
      },
    );

    app.put(
      '/ip-addresses/:id',
      { config: IP_ADMINS, schema: { tags, params: idParams, body: ipAddressSaveSchema, response: answers(ipAddressEntrySchema) } },
      async (request) => {
        const input = request.body;
        await changeKeepingCallerIn(request, async (q) => {
          const entry = await entryInScope(q, request.scope, request.params.id);
          await assertCidrFree(q, entry.tenantId, input.cidr, entry.Id);
          await q.query(`update ip_addresses set cidr = $2, description = $3, active = $4, date_modified = now() where id = $1`, [
            entry.Id,
            input.cidr,
            input.description ?? null,
            input.active,
          ]);
        });
        return ok(await entryInScope(db, request.scope, request.params.id), 'IP address saved.');
      },
    );

    app.delete(
      '/ip-addresses/:id',
      { config: IP_ADMINS, schema: { tags, params: idParams, response: answers(noDataSchema) } },
      async (request) => {
        await changeKeepingCallerIn(request, async (q) => {
          const entry = await entryInScope(q, request.scope, request.params.id);
          await q.query(`delete from ip_addresses where id = $1`, [entry.Id]);
        });
        return ok(null, 'IP address removed.');
      },
    );
  };
