/**
 * Spotters of the acting subtree (tracking spec 7: GET /vehicles/agent paged, GET and PUT /vehicles/agent/{id};
 * the create call, not shown there, is POST /vehicles/agent). One spotter answers its dispatches, its sightings
 * and its rewards earned, summed per currency.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recoveryPartyListQuerySchema, spotterDetailsSchema, spotterSaveSchema, spotterSchema } from '@meridian/shared/contract/spotter';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { sqlParams } from '../../db/sql-params';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import { SPOTTER_CREATORS, SPOTTER_EDITORS, SPOTTER_READERS, spotterVisible, visibleSpotter } from './spotter-access';
import { spotterById, spotterPage } from './spotter-read';
import { createSpotter, updateSpotter } from './spotter-write';

const idParams = z.object({ id: idSchema });

export const spottersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['vehicles spotters'];

    app.get(
      '/vehicles/agent',
      { config: SPOTTER_READERS, schema: { tags, querystring: recoveryPartyListQuerySchema, response: pagedAnswers(spotterSchema) } },
      async (request) => {
        const p = sqlParams();
        const { items, paging } = await spotterPage(db, { where: spotterVisible(request.scope, p), p }, request.query, config.maxPageSize);
        return paged(items, paging);
      },
    );

    app.get(
      '/vehicles/agent/:id',
      { config: SPOTTER_READERS, schema: { tags, params: idParams, response: answers(spotterDetailsSchema) } },
      async (request) => ok(await spotterById(db, (await visibleSpotter(db, request.scope, request.params.id)).id)),
    );

    app.post(
      '/vehicles/agent',
      { config: SPOTTER_CREATORS, schema: { tags, body: spotterSaveSchema, response: answers(spotterDetailsSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => createSpotter(q, request.scope, request.body));
        reply.status(201);
        return ok(await spotterById(db, id), 'Spotter added.');
      },
    );

    app.put(
      '/vehicles/agent/:id',
      { config: SPOTTER_EDITORS, schema: { tags, params: idParams, body: spotterSaveSchema, response: answers(spotterDetailsSchema) } },
      async (request) => {
        await db.tx(async (q) => {
          const spotter = await visibleSpotter(q, request.scope, request.params.id, { lock: true });
          await updateSpotter(q, request.scope, spotter.id, request.body);
        });
        return ok(await spotterById(db, request.params.id), 'Spotter saved.');
      },
    );
  };
