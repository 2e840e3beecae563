/**
 * Tenant calls of both spec documents: the tree, descendants, company, currency, banks, location and CRUD.
 * Who reads what is in tenant-access.ts; reads in tenant-read.ts, writes in tenant-write.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuerySchema } from '@meridian/shared/contract/paging';
import {
  subTenantCountsSchema,
  tenantBankSchema,
  tenantCreateSchema,
  tenantCurrencySchema,
  tenantListItemSchema,
  tenantLocationSchema,
  tenantSchema,
  tenantTreeSchema,
  tenantTypesSchema,
  tenantUpdateSchema,
  tenantWithBanksSchema,
} from '@meridian/shared/contract/tenant';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { ok, paged } from '../../http/envelope';
import { tenantInScope } from '../../tenancy/scope';
import { forgetSubtreeTenants } from '../../tenancy/subtree-tenants';
import { accessibleTenant, assertMayReadLocationOf, assertMayReadTenantsOf, rootPaths, SELF, TENANT_ADMINS } from './tenant-access';
import {
  banksOfTenant,
  companyOfTenant,
  currencyOfTenant,
  locationOfUser,
  subTenantCounts,
  subtrees,
  tenantById,
  tenantPage,
  tenantTypes,
  tenantWithBanks,
  userTenants,
} from './tenant-read';
import { createTenant, deleteTenant, forgetTenantCaches, updateTenant } from './tenant-write';
import { answers, pagedAnswers } from '../../http/route-answers';

const idParams = z.object({ id: idSchema });

export const tenantsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['tenants'];

    app.get('/tenants/tenanttypes', { config: SELF, schema: { tags, response: answers(tenantTypesSchema) } }, async () =>
      ok(tenantTypes()),
    );

    app.get('/tenants/descendantsByTenantId', { schema: { tags, response: answers(tenantTreeSchema) } }, async (request) =>
      ok(await subtrees(db, [request.scope.path])),
    );

    app.get(
      '/tenants/descendants-by-specific-tenantid',
      { config: SELF, schema: { tags, querystring: z.object({ tenantId: idSchema }), response: answers(tenantTreeSchema) } },
      async (request) => {
        const tenant = await accessibleTenant(db, request.principal, request.query.tenantId);
        return ok(await subtrees(db, [tenant.path]));
      },
    );

    app.get('/tenants/descendantsByUserId', { config: SELF, schema: { tags, response: answers(tenantTreeSchema) } }, async (request) =>
      ok(await subtrees(db, await rootPaths(db, request.principal))),
    );

    app.get(
      '/tenants/usertenants/:id',
      { config: SELF, schema: { tags, params: idParams, response: answers(z.array(tenantSchema)) } },
      async (request) => {
        await assertMayReadTenantsOf(db, request, request.params.id);
        return ok(await userTenants(db, request.params.id));
      },
    );

    app.get(
      '/tenants/tenantCompany/:id',
      { config: SELF, schema: { tags, params: idParams, response: answers(tenantSchema) } },
      async (request) => {
        await accessibleTenant(db, request.principal, request.params.id);
        return ok(await companyOfTenant(db, request.params.id));
      },
    );

    app.get(
      '/tenants/tenantCurrency/:id',
      { config: SELF, schema: { tags, params: idParams, response: answers(tenantCurrencySchema) } },
      async (request) => {
        await accessibleTenant(db, request.principal, request.params.id);
        return ok(await currencyOfTenant(db, request.params.id));
      },
    );

    app.get(
      '/tenants/tenant-banks/:id',
      { config: SELF, schema: { tags, params: idParams, response: answers(z.array(tenantBankSchema)) } },
      async (request) => {
        await accessibleTenant(db, request.principal, request.params.id);
        return ok(await banksOfTenant(db, request.params.id));
      },
    );

    app.get('/tenants/count-sub-tenants', { schema: { tags, response: answers(subTenantCountsSchema) } }, async (request) =>
      ok(await subTenantCounts(db, request.scope)),
    );

    app.get(
      '/tenants/location/:userId',
      { config: SELF, schema: { tags, params: z.object({ userId: idSchema }), response: answers(tenantLocationSchema) } },
      async (request) => {
        await assertMayReadLocationOf(db, request, request.params.userId);
        return ok(await locationOfUser(db, request.params.userId));
      },
    );

    app.get(
      '/tenants',
      { config: TENANT_ADMINS, schema: { tags, querystring: pagingQuerySchema, response: pagedAnswers(tenantListItemSchema) } },
      async (request) => {
        const { rows, paging } = await tenantPage(db, request.scope, request.query, ctx.config.maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/tenants/:id',
      { config: TENANT_ADMINS, schema: { tags, params: idParams, response: answers(tenantWithBanksSchema) } },
      async (request) => {
        await tenantInScope(db, request.scope, request.params.id);
        return ok(await tenantWithBanks(db, request.params.id));
      },
    );

    app.post(
      '/tenants',
      { config: TENANT_ADMINS, schema: { tags, body: tenantCreateSchema, response: answers(tenantSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => createTenant(q, request.scope, request.principal, request.body));
        reply.status(201);
        forgetSubtreeTenants();
        return ok(await tenantById(db, id), 'Tenant created.');
      },
    );

    app.put(
      '/tenants/:id',
      { config: TENANT_ADMINS, schema: { tags, params: idParams, body: tenantUpdateSchema, response: answers(tenantSchema) } },
      async (request) => {
        await db.tx((q) => updateTenant(q, request.scope, request.principal, request.params.id, request.body));
        forgetTenantCaches(ctx.principals);
        return ok(await tenantById(db, request.params.id), 'Tenant saved.');
      },
    );

    app.post(
      '/tenants/delete',
      { config: TENANT_ADMINS, schema: { tags, body: z.object({ id: idSchema }), response: answers(noDataSchema) } },
      async (request) => {
        await db.tx((q) => deleteTenant(q, request.scope, request.body.id));
        forgetTenantCaches(ctx.principals);
        return ok(null, 'Tenant deleted.');
      },
    );
  };
