/**
 * Report categories (sales spec 7): GET /report-categories (paged), GET /report-categories/{id},
 * GET /report-categories/by-user/{id} (the categories that user sees), POST and PUT, and
 * POST /report-categories/delete {id}. Managed with REPORTCATEGORIES over the acting subtree; by-user is
 * also open to those who file custom reports, for themselves.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportCategories } from '@meridian/shared/contract/areas/reports';
import { can } from '@meridian/shared/contract/access';
import { deletedCountSchema } from '@meridian/shared/contract/deletion';
import {
  reportCategoryDeleteSchema,
  reportCategoryListQuerySchema,
  reportCategorySaveSchema,
  reportCategorySchema,
} from '@meridian/shared/contract/report-category';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { grantsOf } from '../../auth/allow';
import { sqlParams } from '../../db/sql-params';
import { ok, paged } from '../../http/envelope';
import { forbidden } from '../../http/errors';
import { answers, pagedAnswers } from '../../http/route-answers';
import { userInScope } from '../../tenancy/scope';
import { CATEGORY_CHOOSERS, CATEGORY_MANAGERS, categoryManaged, managedCategory, viewerOf, viewerOfUser } from './report-category-access';
import { categoriesSeenBy, categoryById, categoryPage } from './report-category-read';
import { createCategory, deleteCategory, updateCategory } from './report-category-write';

const idParams = z.object({ id: idSchema });

export const reportCategoriesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['report categories'];

    app.get(
      '/report-categories',
      {
        config: CATEGORY_MANAGERS,
        schema: { tags, querystring: reportCategoryListQuerySchema, response: pagedAnswers(reportCategorySchema) },
      },
      async (request) => {
        const p = sqlParams();
        const { items, paging } = await categoryPage(
          db,
          { where: categoryManaged(request.scope, p), p },
          request.query,
          config.maxPageSize,
        );
        return paged(items, paging);
      },
    );

    app.get(
      '/report-categories/by-user/:id',
      { config: CATEGORY_CHOOSERS, schema: { tags, params: idParams, response: answers(z.array(reportCategorySchema)) } },
      async (request) => {
        const { principal, scope } = request;
        if (request.params.id === principal.userId && !principal.apiKey) return ok(await categoriesSeenBy(db, viewerOf(principal, scope)));
        // Another person's view is for those who manage categories, over the users of their subtree.
        if (!can(principal, grantsOf(reportCategories, 'read'))) throw forbidden();
        const user = await userInScope(db, scope, request.params.id);
        return ok(await categoriesSeenBy(db, await viewerOfUser(db, user.id)));
      },
    );

    app.get(
      '/report-categories/:id',
      { config: CATEGORY_MANAGERS, schema: { tags, params: idParams, response: answers(reportCategorySchema) } },
      async (request) => ok(await categoryById(db, (await managedCategory(db, request.scope, request.params.id)).id)),
    );

    app.post(
      '/report-categories',
      {
        config: CATEGORY_MANAGERS,
        schema: { tags, body: reportCategorySaveSchema, response: answers(reportCategorySchema, { status: 201 }) },
      },
      async (request, reply) => {
        const id = await db.tx((q) => createCategory(q, request.scope, request.principal.userId, request.body));
        reply.status(201);
        return ok(await categoryById(db, id), 'Report category created.');
      },
    );

    app.put(
      '/report-categories/:id',
      {
        config: CATEGORY_MANAGERS,
        schema: { tags, params: idParams, body: reportCategorySaveSchema, response: answers(reportCategorySchema) },
      },
      async (request) => {
        await db.tx(async (q) =>
          updateCategory(q, request.scope, await managedCategory(q, request.scope, request.params.id, { lock: true }), request.body),
        );
        return ok(await categoryById(db, request.params.id), 'Report category saved.');
      },
    );

    app.post(
      '/report-categories/delete',
      { config: CATEGORY_MANAGERS, schema: { tags, body: reportCategoryDeleteSchema, response: answers(deletedCountSchema) } },
      async (request) => {
        await db.tx(async (q) => deleteCategory(q, await managedCategory(q, request.scope, request.body.id, { lock: true })));
        return ok({ deleted: 1 }, 'Report category deleted.');
      },
    );
  };
