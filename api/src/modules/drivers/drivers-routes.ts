/**
 * Drivers of the acting subtree (tracking spec 3; the spec shows no paths, these are ours): GET and
 * POST /geo/drivers, GET, PUT and DELETE /geo/drivers/{id}. Deleting is soft.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { driverListQuerySchema, driverSaveSchema, driverSchema } from '@meridian/shared/contract/driver';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import {
  DRIVER_CREATORS,
  DRIVER_DELETERS,
  DRIVER_EDITORS,
  DRIVER_READERS,
  createDriver,
  driverById,
  driverPage,
  updateDriver,
  visibleDriver,
} from './driver-store';

const idParams = z.object({ id: idSchema });

export const driversRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['tracking drivers'];

    app.get(
      '/geo/drivers',
      { config: DRIVER_READERS, schema: { tags, querystring: driverListQuerySchema, response: pagedAnswers(driverSchema) } },
      async (request) => {
        const { rows, paging } = await driverPage(db, request.scope, request.query, config.maxPageSize);
        return paged(rows, paging);
      },
    );

    app.get(
      '/geo/drivers/:id',
      { config: DRIVER_READERS, schema: { tags, params: idParams, response: answers(driverSchema) } },
      async (request) => ok(await driverById(db, (await visibleDriver(db, request.scope, request.params.id)).id)),
    );

    app.post(
      '/geo/drivers',
      { config: DRIVER_CREATORS, schema: { tags, body: driverSaveSchema, response: answers(driverSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => createDriver(q, request.scope, request.body));
        reply.status(201);
        return ok(await driverById(db, id), 'Driver created.');
      },
    );

    app.put(
      '/geo/drivers/:id',
      { config: DRIVER_EDITORS, schema: { tags, params: idParams, body: driverSaveSchema, response: answers(driverSchema) } },
      async (request) => {
        await db.tx(async (q) =>
          updateDriver(q, request.scope, await visibleDriver(q, request.scope, request.params.id, { lock: true }), request.body),
        );
        return ok(await driverById(db, request.params.id), 'Driver saved.');
      },
    );

    app.delete(
      '/geo/drivers/:id',
      { config: DRIVER_DELETERS, schema: { tags, params: idParams, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx(async (q) => {
          const driver = await visibleDriver(q, request.scope, request.params.id, { lock: true });
          await q.query(`update drivers set deleted_at = now(), date_modified = now() where id = $1`, [driver.id]);
        });
        return ok(null, 'Driver deleted.');
      },
    );
  };
