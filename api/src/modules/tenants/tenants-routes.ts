/**
 * Tenant calls of both spec documents: the tree, descendants, company, currency, banks, location and CRUD.
 * Who reads what is in tenant-access.ts; reads in tenant-read.ts, writes in tenant-write.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagingQuerySchema } from '@meridian/shared/contract/paging';
import { tenantCreateSchema, tenantUpdateSchema } from '@meridian/shared/contract/tenant';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { ok, paged } from '../../http/envelope';
import { tenantInScope } from '../../tenancy/scope';
import { forgetSubtreeTenants } from '../../tenancy/subtree-tenants';
import { accessibleTenant, assertMayReadLocationOf, assertMayReadTenantsOf, rootPaths, SELF, TENANT_ADMINS } from './tenant-access';
import {
  banksOfTenant, companyOfTenant, currencyOfTenant, locationOfUser, subTenantCounts, subtrees, tenantById, tenantPage, tenantTypes, tenantWithBanks,
  userTenants,
} from './tenant-read';
import { createTenant, deleteTenant, forgetTenantCaches, updateTenant } from './tenant-write';

const idParams = z.object({ id: idSchema });

export const tenantsRoutes = (ctx: AppContext): FastifyPluginAsyncZod => async (app) => {
  const { db } = ctx;
  const tags = ['tenants'];

  app.get('/tenants/tenanttypes', { config: SELF, schema: { tags } }, async () => ok(tenantTypes()));

  app.get('/tenants/descendantsByTenantId', { schema: { tags } }, async (request) => ok(await subtrees(db, [request.scope.path])));

  app.get('/tenants/descendants-by-specific-tenantid', { config: SELF, schema: { tags, querystring: z.object({ tenantId: idSchema }) } }, async (request) => {
    const tenant = await accessibleTenant(db, request.principal, request.query.tenantId);
    return ok(await subtrees(db, [tenant.path]));
  });

  app.get('/tenants/descendantsByUserId', { config: SELF, schema: { tags } }, async (request) =>
    ok(await subtrees(db, await rootPaths(db, request.principal))));

  app.get('/tenants/usertenants/:id', { config: SELF, schema: { tags, params: idParams } }, async (request) => {
    await assertMayReadTenantsOf(db, request, request.params.id);
    return ok(await userTenants(db, request.params.id));
  });

  app.get('/tenants/tenantCompany/:id', { config: SELF, schema: { tags, params: idParams } }, async (request) => {
    await accessibleTenant(db, request.principal, request.params.id);
    return ok(await companyOfTenant(db, request.params.id));
  });

  app.get('/tenants/tenantCurrency/:id', { config: SELF, schema: { tags, params: idParams } }, async (request) => {
    await accessibleTenant(db, request.principal, request.params.id);
    return ok(await currencyOfTenant(db, request.params.id));
  });

  app.get('/tenants/tenant-banks/:id', { config: SELF, schema: { tags, params: idParams } }, async (request) => {
    await accessibleTenant(db, request.principal, request.params.id);
    return ok(await banksOfTenant(db, request.params.id));
  });

  app.get('/tenants/count-sub-tenants', { schema: { tags } }, async (request) => ok(await subTenantCounts(db, request.scope)));

  app.get('/tenants/location/:userId', { config: SELF, schema: { tags, params: z.object({ userId: idSchema }) } }, async (request) => {
    await assertMayReadLocationOf(db, request, request.params.userId);
    return ok(await locationOfUser(db, request.params.userId));
  });

  app.get('/tenants', { config: TENANT_ADMINS, schema: { tags, querystring: pagingQuerySchema } }, async (request) => {
    const { rows, paging } = await tenantPage(db, request.scope, request.query, ctx.config.maxPageSize);
    return paged(rows, paging);
  });

  app.get('/tenants/:id', { config: TENANT_ADMINS, schema: { tags, params: idParams } }, async (request) => {
    await tenantInScope(db, request.scope, request.params.id);
    return ok(await tenantWithBanks(db, request.params.id));
  });

  app.post('/tenants', { config: TENANT_ADMINS, schema: { tags, body: tenantCreateSchema } }, async (request, reply) => {
    const id = await db.tx((q) => createTenant(q, request.scope, request.principal, request.body));
    reply.status(201);
    forgetSubtreeTenants();
    return ok(await tenantById(db, id), 'Tenant created.');
  });

  app.put('/tenants/:id', { config: TENANT_ADMINS, schema: { tags, params: idParams, body: tenantUpdateSchema } }, async (request) => {
    await db.tx((q) => updateTenant(q, request.scope, request.principal, request.params.id, request.body));
    forgetTenantCaches(ctx.principals);
    return ok(await tenantById(db, request.params.id), 'Tenant saved.');
  });

  app.post('/tenants/delete', { config: TENANT_ADMINS, schema: { tags, body: z.object({ id: idSchema }) } }, async (request) => {
    await db.tx((q) => deleteTenant(q, request.scope, request.body.id));
    forgetTenantCaches(ctx.principals);
    return ok(null, 'Tenant deleted.');
  });
};
