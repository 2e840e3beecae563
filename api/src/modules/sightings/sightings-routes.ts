/**
 * Sightings (tracking spec 7: GET and POST /vehicles/sightings, GET and PUT /vehicles/sightings/{id}, POST
 * /vehicles/sightings-delete {id}) and their confirmation by staff (POST /vehicles/sightings-confirm {id, note},
 * ours). What a caller sees and may change: sighting-access.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  sightingConfirmSchema,
  sightingCreateSchema,
  sightingDeleteSchema,
  sightingListQuerySchema,
  sightingSchema,
  sightingUpdateSchema,
} from '@meridian/shared/contract/sighting';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { sqlParams } from '../../db/sql-params';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import {
  SIGHTING_CONFIRMERS,
  SIGHTING_CREATORS,
  SIGHTING_DELETERS,
  SIGHTING_EDITORS,
  SIGHTING_READERS,
  sightingCaller,
  sightingVisible,
  visibleSighting,
} from './sighting-access';
import { sightingById, sightingPage } from './sighting-read';
import { confirmSighting, createSighting, deleteSighting, updateSighting } from './sighting-write';

const idParams = z.object({ id: idSchema });

export const sightingsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['vehicles sightings'];

    app.get(
      '/vehicles/sightings',
      { config: SIGHTING_READERS, schema: { tags, querystring: sightingListQuerySchema, response: pagedAnswers(sightingSchema) } },
      async (request) => {
        const caller = await sightingCaller(db, request.principal, request.scope);
        const p = sqlParams();
        const { items, paging } = await sightingPage(db, { where: sightingVisible(caller, p), p }, request.query, config.maxPageSize);
        return paged(items, paging);
      },
    );

    app.get(
      '/vehicles/sightings/:id',
      { config: SIGHTING_READERS, schema: { tags, params: idParams, response: answers(sightingSchema) } },
      async (request) => {
        const caller = await sightingCaller(db, request.principal, request.scope);
        return ok(await sightingById(db, (await visibleSighting(db, caller, request.params.id)).id));
      },
    );

    app.post(
      '/vehicles/sightings',
      { config: SIGHTING_CREATORS, schema: { tags, body: sightingCreateSchema, response: answers(sightingSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx(async (q) => createSighting(q, await sightingCaller(q, request.principal, request.scope), request.body));
        reply.status(201);
        return ok(await sightingById(db, id), 'Sighting reported.');
      },
    );

    app.put(
      '/vehicles/sightings/:id',
      { config: SIGHTING_EDITORS, schema: { tags, params: idParams, body: sightingUpdateSchema, response: answers(sightingSchema) } },
      async (request) => {
        await db.tx(async (q) => {
          const caller = await sightingCaller(q, request.principal, request.scope);
          await updateSighting(q, caller, await visibleSighting(q, caller, request.params.id, { lock: true }), request.body);
        });
        return ok(await sightingById(db, request.params.id), 'Sighting saved.');
      },
    );

    app.post(
      '/vehicles/sightings-delete',
      { config: SIGHTING_DELETERS, schema: { tags, body: sightingDeleteSchema, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx(async (q) => {
          const caller = await sightingCaller(q, request.principal, request.scope);
          await deleteSighting(q, caller, await visibleSighting(q, caller, request.body.id, { lock: true }));
        });
        return ok(null, 'Sighting deleted.');
      },
    );

    app.post(
      '/vehicles/sightings-confirm',
      { config: SIGHTING_CONFIRMERS, schema: { tags, body: sightingConfirmSchema, response: answers(sightingSchema) } },
      async (request) => {
        await db.tx(async (q) => {
          const caller = await sightingCaller(q, request.principal, request.scope);
          await confirmSighting(q, caller, await visibleSighting(q, caller, request.body.id, { lock: true }), request.body.note);
        });
        return ok(await sightingById(db, request.body.id), 'Sighting confirmed.');
      },
    );
  };
