/**
 * Bluebook valuations (tracking spec 7: GET and POST /vehicles/bluebook, GET and PUT /vehicles/bluebook/{id};
 * DELETE by id is ours): listed paged and filtered by make, model and year; read from the branches of
 * the company that keeps them, changed only from its own subtree.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bluebookIdParams, bluebookListQuerySchema, bluebookSaveSchema, bluebookSchema } from '@meridian/shared/contract/bluebook';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import type { AppContext } from '../../context';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import { BLUEBOOK_CREATORS, BLUEBOOK_DELETERS, BLUEBOOK_EDITORS, BLUEBOOK_READERS, visibleBluebook } from './bluebook-access';
import { bluebookById, bluebookPage } from './bluebook-read';
import { createBluebook, deleteBluebook, updateBluebook } from './bluebook-write';

export const bluebookRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['vehicles bluebook'];

    app.get(
      '/vehicles/bluebook',
      { config: BLUEBOOK_READERS, schema: { tags, querystring: bluebookListQuerySchema, response: pagedAnswers(bluebookSchema) } },
      async (request) => {
        const { items, paging } = await bluebookPage(db, request.scope, request.query, config.maxPageSize);
        return paged(items, paging);
      },
    );

    app.get(
      '/vehicles/bluebook/:id',
      { config: BLUEBOOK_READERS, schema: { tags, params: bluebookIdParams, response: answers(bluebookSchema) } },
      async (request) => ok(await bluebookById(db, (await visibleBluebook(db, request.scope, request.params.id)).id)),
    );

    app.post(
      '/vehicles/bluebook',
      { config: BLUEBOOK_CREATORS, schema: { tags, body: bluebookSaveSchema, response: answers(bluebookSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => createBluebook(q, request.scope, request.body));
        reply.status(201);
        return ok(await bluebookById(db, id), 'Bluebook value created.');
      },
    );

    app.put(
      '/vehicles/bluebook/:id',
      { config: BLUEBOOK_EDITORS, schema: { tags, params: bluebookIdParams, body: bluebookSaveSchema, response: answers(bluebookSchema) } },
      async (request) => {
        await db.tx(async (q) =>
          updateBluebook(
            q,
            request.scope,
            await visibleBluebook(q, request.scope, request.params.id, { owned: true, lock: true }),
            request.body,
          ),
        );
        return ok(await bluebookById(db, request.params.id), 'Bluebook value saved.');
      },
    );

    app.delete(
      '/vehicles/bluebook/:id',
      { config: BLUEBOOK_DELETERS, schema: { tags, params: bluebookIdParams, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx(async (q) =>
          deleteBluebook(q, await visibleBluebook(q, request.scope, request.params.id, { owned: true, lock: true })),
        );
        return ok(null, 'Bluebook value deleted.');
      },
    );
  };
