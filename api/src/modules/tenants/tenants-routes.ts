/** Tenant calls of both spec documents: the tree, descendants, company, currency, banks, location and CRUD. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuerySchema } from '@meridian/shared/contract/paging';
import { tenantCreateSchema, tenantUpdateSchema, type Tenant, type TenantLocation } from '@meridian/shared/contract/tenant';
import { MONEY, TENANT_TYPE, TENANT_TYPE_NAMES } from '@meridian/shared/constants';
import { can } from '@meridian/shared/contract/access';
import { MESSAGES } from '@meridian/shared/messages';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { Principal } from '../../auth/principal';
import { mayActIn } from '../../auth/principal';
import { requireScope } from '../../auth/guard';
import type { Queryable } from '../../db/database';
import { conflict, fieldError, forbidden, notFound } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { pagedQuery, pageSql } from '../../http/paging';
import { tenantInScope, userInScope } from '../../tenancy/scope';
import { ancestry, subtrees, TENANT_COLUMNS } from './tenant-read';
import { forgetSubtreeTenants } from '../../tenancy/subtree-tenants';
import { forgetTenantTimeZones } from '../../tenancy/tenant-time-zone';

const TENANT_ADMINS = { permissions: ['ADMIN/TENANTS'] };
const SELF = { tenantFree: true };
const idParams = z.object({ id: idSchema });

/** A tenant the caller may read on their own behalf (anywhere beneath their tenants). */
async function accessibleTenant(q: Queryable, principal: Principal, tenantId: string) {
  const row = await q.one<{ id: string; path: string }>(`select id, path from tenants where id = $1 and deleted_at is null`, [tenantId]);
  if (!row || !mayActIn(principal, row.path)) throw notFound('Tenant');
  return row;
}

async function rootPaths(q: Queryable, principal: Principal) {
  if (!principal.isGlobalAdmin) return principal.tenantPaths;
  return (await q.query<{ path: string }>(`select path from tenants where parent_id is null and deleted_at is null`)).map((r) => r.path);
}

function assertTypeUnderParent(type: number, parent: { type: number } | null) {
  if (parent && parent.type >= type) {
    throw fieldError('type', `A ${TENANT_TYPE_NAMES[type as 1]} cannot sit under a ${TENANT_TYPE_NAMES[parent.type as 1]}.`);
  }
  if (!parent && type > TENANT_TYPE.COMPANY) throw fieldError('parentId', 'A branch or team needs a parent tenant.');
  if (parent && type === TENANT_TYPE.GROUP) throw fieldError('parentId', 'A group has no parent.');
}

export const tenantsRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  const { db } = ctx;
  const tags = ['tenants'];

  app.get('/tenants/tenanttypes', { config: SELF, schema: { tags } }, async () =>
    ok(Object.entries(TENANT_TYPE_NAMES).map(([Id, name]) => ({ Id: Number(Id), name }))));

  app.get('/tenants/descendantsByTenantId', { schema: { tags } }, async (request) => ok(await subtrees(db, [request.scope.path])));

  app.get('/tenants/descendants-by-specific-tenantid', { config: SELF, schema: { tags, querystring: z.object({ tenantId: idSchema }) } }, async (request) => {
    const tenant = await accessibleTenant(db, request.principal, request.query.tenantId);
    return ok(await subtrees(db, [tenant.path]));
  });

  app.get('/tenants/descendantsByUserId', { config: SELF, schema: { tags } }, async (request) =>
    ok(await subtrees(db, await rootPaths(db, request.principal))));

  app.get('/tenants/usertenants/:id', { config: SELF, schema: { tags, params: idParams } }, async (request) => {
    const { id } = request.params;
    if (id !== request.principal.userId) {
      if (!can(request.principal, ['ADMIN/USERS', 'ADMIN/TENANTS'])) throw forbidden();
      await userInScope(db, requireScope(request), id);
    }
    return ok(await db.query<Tenant>(
      `select ${TENANT_COLUMNS} from user_tenants ut join tenants t on t.id = ut.tenant_id join users u on u.id = ut.user_id
       where ut.user_id = $1 and t.deleted_at is null order by (t.id = u.tenant_id) desc, t.name`, [id]));
  });

  app.get('/tenants/tenantCompany/:id', { config: SELF, schema: { tags, params: idParams } }, async (request) => {
    await accessibleTenant(db, request.principal, request.params.id);
    const company = (await ancestry(db, request.params.id)).find((t) => t.type === TENANT_TYPE.COMPANY);
    if (!company) throw notFound('The company of this tenant');
    const { path: _path, ...tenant } = company;
    return ok(tenant);
  });

  app.get('/tenants/tenantCurrency/:id', { config: SELF, schema: { tags, params: idParams } }, async (request) => {
    await accessibleTenant(db, request.principal, request.params.id);
    const owner = (await ancestry(db, request.params.id)).find((t) => t.currencyCode || t.currencySymbol);
    return ok({ currencyCode: owner?.currencyCode ?? null, currencySymbol: owner?.currencySymbol ?? MONEY.defaultCurrencyPrefix });
  });

  app.get('/tenants/tenant-banks/:id', { config: SELF, schema: { tags, params: idParams } }, async (request) => {
    await accessibleTenant(db, request.principal, request.params.id);
    // Banks are kept on the company (or any ancestor); the nearest tenant that has some answers.
    const banks = await db.query(
      `with chain as (select t.id, length(t.path) as depth from tenants self join tenants t on self.path like t.path || '%' where self.id = $1),
            owner as (select c.id from chain c where exists (select 1 from tenant_banks b where b.tenant_id = c.id) order by c.depth desc limit 1)
       select b.id as "Id", b.tenant_id as "tenantId", b.name, b.code, b.branch_code as "branchCode"
       from tenant_banks b join owner o on o.id = b.tenant_id order by b.name`,
      [request.params.id],
    );
    return ok(banks);
  });

  app.get('/tenants/count-sub-tenants', { schema: { tags } }, async (request) => {
    const rows = await db.query<{ type: number; count: number }>(
      `select type, count(*)::int as count from tenants where path like $1 and id <> $2 and deleted_at is null group by type`,
      [`${request.scope.path}%`, request.scope.tenantId],
    );
    const byType = Object.fromEntries(Object.keys(TENANT_TYPE_NAMES).map((t) => [t, rows.find((r) => r.type === Number(t))?.count ?? 0]));
    return ok({ count: rows.reduce((sum, r) => sum + r.count, 0), byType });
  });

  app.get('/tenants/location/:userId', { config: SELF, schema: { tags, params: z.object({ userId: idSchema }) } }, async (request) => {
    const { userId } = request.params;
    if (userId !== request.principal.userId) await userInScope(db, requireScope(request), userId);
    const home = await db.one<{ tenant_id: string }>(`select tenant_id from users where id = $1`, [userId]);
    const chain = await ancestry(db, home!.tenant_id);
    // The tenant's own location text; lat and lng inherited from the nearest ancestor that has them.
    const withCoordinates = chain.find((t) => t.lat != null && t.lng != null);
    const answer: TenantLocation = {
      location: chain[0]?.location ?? withCoordinates?.location ?? null,
      lat: withCoordinates?.lat ?? null,
      lng: withCoordinates?.lng ?? null,
    };
    return ok(answer);
  });

  app.get('/tenants', { config: TENANT_ADMINS, schema: { tags, querystring: pagingQuerySchema } }, async (request) => {
    const page = pageSql(request.query, {
      fields: { parentId: 't.parent_id', name: 't.name', type: 't.type', shortCode: 't.short_code', dateCreated: 't.date_created' },
      defaultField: 'parentId', defaultOrder: 'DESC', tieBreaker: 't.id',
    }, ctx.config.maxPageSize);
    const params: unknown[] = [`${request.scope.path}%`];
    let where = 't.path like $1 and t.deleted_at is null';
    if (page.searchPattern) {
      params.push(page.searchPattern);
      where += ` and upper(t.name || ' ' || coalesce(t.short_code, '') || ' ' || coalesce(t.location, '')) like $${params.length}`;
    }
    const { rows, paging } = await pagedQuery(db, {
      select: `${TENANT_COLUMNS}, p.name as "parentName", (select count(*)::int from tenants c where c.parent_id = t.id and c.deleted_at is null) as "childCount"`,
      from: `from tenants t left join tenants p on p.id = t.parent_id where ${where}`,
      params,
    }, page);
    return paged(rows, paging);
  });

  app.get('/tenants/:id', { config: TENANT_ADMINS, schema: { tags, params: idParams } }, async (request) => {
    await tenantInScope(db, request.scope, request.params.id);
    const tenant = await db.one(`select ${TENANT_COLUMNS} from tenants t where t.id = $1`, [request.params.id]);
    const banks = await db.query(`select id as "Id", name, code, branch_code as "branchCode" from tenant_banks where tenant_id = $1 order by name`, [request.params.id]);
    return ok({ ...tenant, banks });
  });

  app.post('/tenants', { config: TENANT_ADMINS, schema: { tags, body: tenantCreateSchema } }, async (request, reply) => {
    const input = request.body;
    const id = await db.tx(async (q) => {
      const parent = input.parentId ? await tenantInScope(q, request.scope, input.parentId) : null;
      if (!parent && !request.principal.isGlobalAdmin) throw forbidden('Only a global administrator can create a top-level tenant.');
      assertTypeUnderParent(input.type, parent);
      const row = await q.one<{ id: string }>(
        `insert into tenants (id, name, parent_id, type, path, short_code, location, lat, lng, location_required, currency_code, currency_symbol)
         select g.id, $1, $2, $3, coalesce($4, '') || g.id || '/', $5, $6, $7, $8, $9, $10, $11 from (select gen_random_uuid() as id) g returning id`,
        [input.name, parent?.id ?? null, input.type, parent?.path ?? null, input.shortCode ?? null, input.location ?? null,
          input.lat ?? null, input.lng ?? null, input.locationRequired ?? false, input.currencyCode ?? null, input.currencySymbol ?? null],
      );
      return row!.id;
    });
    reply.status(201);
    forgetSubtreeTenants();
    return ok(await db.one(`select ${TENANT_COLUMNS} from tenants t where t.id = $1`, [id]), 'Tenant created.');
  });

  app.put('/tenants/:id', { config: TENANT_ADMINS, schema: { tags, params: idParams, body: tenantUpdateSchema } }, async (request) => {
    const input = request.body;
    await db.tx(async (q) => {
      const tenant = await tenantInScope(q, request.scope, request.params.id);
      const type = input.type ?? tenant.type;
      const parentId = input.parentId === undefined ? tenant.parent_id : input.parentId;
      const parent = parentId ? await tenantInScope(q, request.scope, parentId) : null;
      if (parent && parent.path.startsWith(tenant.path)) throw fieldError('parentId', 'A tenant cannot move under itself or its own sub-tenants.');
      if (!parent && tenant.parent_id && !request.principal.isGlobalAdmin) throw forbidden('Only a global administrator can make a tenant top-level.');
      assertTypeUnderParent(type, parent);
      const child = await q.one<{ type: number }>(`select min(type)::int as type from tenants where parent_id = $1 and deleted_at is null`, [tenant.id]);
      if (child?.type != null && child.type <= type) throw fieldError('type', 'Its sub-tenants would then sit under a tenant of the same or a lower level.');
      const columns: Record<string, unknown> = {
        name: input.name, type: input.type, short_code: input.shortCode, location: input.location, lat: input.lat, lng: input.lng,
        location_required: input.locationRequired, currency_code: input.currencyCode, currency_symbol: input.currencySymbol,
      };
      const set = Object.entries(columns).filter(([, v]) => v !== undefined);
      if (set.length) {
        await q.query(`update tenants set ${set.map(([c], i) => `${c} = $${i + 2}`).join(', ')}, date_modified = now() where id = $1`, [tenant.id, ...set.map(([, v]) => v)]);
      }
      if (parentId !== tenant.parent_id) {
        const newPath = `${parent?.path ?? ''}${tenant.id}/`;
        await q.query(`update tenants set parent_id = $2 where id = $1`, [tenant.id, parentId]);
        await q.query(`update tenants set path = $2 || substr(path, length($1) + 1) where path like $1 || '%'`, [tenant.path, newPath]);
      }
    });
    ctx.principals.invalidate();
    forgetTenantTimeZones();
    forgetSubtreeTenants();
    return ok(await db.one(`select ${TENANT_COLUMNS} from tenants t where t.id = $1`, [request.params.id]), 'Tenant saved.');
  });

  app.post('/tenants/delete', { config: TENANT_ADMINS, schema: { tags, body: z.object({ id: idSchema }) } }, async (request) => {
    await db.tx(async (q) => {
      const tenant = await tenantInScope(q, request.scope, request.body.id);
      const children = await q.one<{ n: number }>(`select count(*)::int as n from tenants where parent_id = $1 and deleted_at is null`, [tenant.id]);
      if (children!.n > 0) throw conflict(`${MESSAGES.tenantHasChildren} (${children!.n} sub-tenant(s))`);
      const users = await q.one<{ n: number }>(
        `select count(distinct u.id)::int as n from users u left join user_tenants ut on ut.user_id = u.id
         where u.deleted_at is null and (u.tenant_id = $1 or ut.tenant_id = $1)`, [tenant.id]);
      if (users!.n > 0) throw conflict(`${MESSAGES.tenantHasUsers} (${users!.n} user(s))`);
      await q.query(`update tenants set deleted_at = now(), date_modified = now() where id = $1`, [tenant.id]);
    });
    ctx.principals.invalidate();
    forgetTenantTimeZones();
    forgetSubtreeTenants();
    return ok(null, 'Tenant deleted.');
  });
};
