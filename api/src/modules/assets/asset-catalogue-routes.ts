/**
 * Asset groups and categories (tracking spec 7 Assets): listed, read, made, changed and deleted. A
 * group is tied to a role, and only the callers who hold that role (or see every group, asset-access.ts)
 * see it; categories are seen by every asset reader. Both are seen from the owning tenant's subtree
 * (a company's catalogue serves its branches) and changed only from the owner or above (else 404).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetCategorySaveSchema, assetCategorySchema, assetGroupSaveSchema, assetGroupSchema } from '@meridian/shared/contract/asset';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { answers } from '../../http/route-answers';
import {
  CATEGORY_CREATORS,
  CATEGORY_DELETERS,
  CATEGORY_EDITORS,
  CATEGORY_READERS,
  GROUP_CREATORS,
  GROUP_DELETERS,
  GROUP_EDITORS,
  GROUP_READERS,
  viewerOf,
  visibleCategory,
  visibleGroup,
} from './asset-access';
import {
  categoriesOf,
  categoryById,
  createCategory,
  createGroup,
  deleteCategory,
  deleteGroup,
  groupById,
  groupsOf,
  updateCategory,
  updateGroup,
} from './asset-catalogue';

const idParams = z.object({ id: idSchema });

export const assetCatalogueRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['tracking assets'];

    app.get(
      '/geo/asset-group',
      { config: GROUP_READERS, schema: { tags, response: answers(z.array(assetGroupSchema)) } },
      async (request) => ok(await groupsOf(db, viewerOf(request))),
    );

    app.get(
      '/geo/asset-group/:id',
      { config: GROUP_READERS, schema: { tags, params: idParams, response: answers(assetGroupSchema) } },
      async (request) => ok(await groupById(db, request.scope, (await visibleGroup(db, viewerOf(request), request.params.id)).id)),
    );

    app.post(
      '/geo/asset-group',
      { config: GROUP_CREATORS, schema: { tags, body: assetGroupSaveSchema, response: answers(assetGroupSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => createGroup(q, request.scope, request.body));
        reply.status(201);
        return ok(await groupById(db, request.scope, id), 'Asset group created.');
      },
    );

    app.put(
      '/geo/asset-group/:id',
      { config: GROUP_EDITORS, schema: { tags, params: idParams, body: assetGroupSaveSchema, response: answers(assetGroupSchema) } },
      async (request) => {
        await db.tx(async (q) =>
          updateGroup(
            q,
            request.scope,
            await visibleGroup(q, viewerOf(request), request.params.id, { lock: true, owned: true }),
            request.body,
          ),
        );
        return ok(await groupById(db, request.scope, request.params.id), 'Asset group saved.');
      },
    );

    app.delete(
      '/geo/asset-group/:id',
      { config: GROUP_DELETERS, schema: { tags, params: idParams, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx(async (q) => deleteGroup(q, await visibleGroup(q, viewerOf(request), request.params.id, { lock: true, owned: true })));
        return ok(null, 'Asset group deleted.');
      },
    );

    app.get(
      '/geo/asset-category',
      { config: CATEGORY_READERS, schema: { tags, response: answers(z.array(assetCategorySchema)) } },
      async (request) => ok(await categoriesOf(db, request.scope)),
    );

    app.get(
      '/geo/asset-category/:id',
      { config: CATEGORY_READERS, schema: { tags, params: idParams, response: answers(assetCategorySchema) } },
      async (request) => ok(await categoryById(db, request.scope, (await visibleCategory(db, request.scope, request.params.id)).id)),
    );

    app.post(
      '/geo/asset-category',
      {
        config: CATEGORY_CREATORS,
        schema: { tags, body: assetCategorySaveSchema, response: answers(assetCategorySchema, { status: 201 }) },
      },
      async (request, reply) => {
        const id = await db.tx((q) => createCategory(q, request.scope, request.body));
        reply.status(201);
        return ok(await categoryById(db, request.scope, id), 'Asset category created.');
      },
    );

    app.put(
      '/geo/asset-category/:id',
      {
        config: CATEGORY_EDITORS,
        schema: { tags, params: idParams, body: assetCategorySaveSchema, response: answers(assetCategorySchema) },
      },
      async (request) => {
        await db.tx(async (q) =>
          updateCategory(
            q,
            request.scope,
            await visibleCategory(q, request.scope, request.params.id, { lock: true, owned: true }),
            request.body,
          ),
        );
        return ok(await categoryById(db, request.scope, request.params.id), 'Asset category saved.');
      },
    );

    app.delete(
      '/geo/asset-category/:id',
      { config: CATEGORY_DELETERS, schema: { tags, params: idParams, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx(async (q) =>
          deleteCategory(q, await visibleCategory(q, request.scope, request.params.id, { lock: true, owned: true })),
        );
        return ok(null, 'Asset category deleted.');
      },
    );
  };
