/**
 * Vehicles of the acting tenant's subtree (tracking spec 7 Vehicles): the list (optional status,
 * newest first), details (with the linked asset's latest position and the bluebook value), create,
 * update, delete by id in the body, the existence check, the lookup by registration number, and the
 * reference lists (features, attributes, categories).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  vehicleDeleteSchema,
  vehicleDetailsSchema,
  vehicleExistenceSchema,
  vehicleExistSchema,
  vehicleListQuerySchema,
  vehicleReferenceSchema,
  vehicleSaveSchema,
  vehicleSchema,
  VEHICLE_LIMITS,
} from '@meridian/shared/contract/vehicle';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import { viewerOf } from '../assets/asset-access';
import { REFERENCE_READERS, VEHICLE_CREATORS, VEHICLE_DELETERS, VEHICLE_EDITORS, VEHICLE_READERS, visibleVehicle } from './vehicle-access';
import { referenceById, referenceList, vehicleByRegistration, vehicleDetails, vehiclePage } from './vehicle-read';
import { createVehicle, deleteVehicle, updateVehicle, vehicleExistence } from './vehicle-write';

const idParams = z.object({ id: idSchema });
const regParams = z.object({ reg: z.string().trim().min(1, 'Give a registration number.').max(VEHICLE_LIMITS.identifierMaxLength) });

export const vehiclesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['vehicles'];

    app.get(
      '/vehicles',
      { config: VEHICLE_READERS, schema: { tags, querystring: vehicleListQuerySchema, response: pagedAnswers(vehicleSchema) } },
      async (request) => {
        const { items, paging } = await vehiclePage(db, request.scope, request.query, config.maxPageSize);
        return paged(items, paging);
      },
    );

    app.get(
      '/vehicles/details/:id',
      { config: VEHICLE_READERS, schema: { tags, params: idParams, response: answers(vehicleDetailsSchema) } },
      async (request) => ok(await vehicleDetails(db, (await visibleVehicle(db, request.scope, request.params.id)).id)),
    );

    app.get(
      '/vehicles/regNumber/:reg',
      { config: VEHICLE_READERS, schema: { tags, params: regParams, response: answers(vehicleSchema) } },
      async (request) => ok(await vehicleByRegistration(db, request.scope, request.params.reg)),
    );

    app.post(
      '/vehicles',
      { config: VEHICLE_CREATORS, schema: { tags, body: vehicleSaveSchema, response: answers(vehicleDetailsSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => createVehicle(q, viewerOf(request), request.body));
        reply.status(201);
        return ok(await vehicleDetails(db, id), 'Vehicle created.');
      },
    );

    app.put(
      '/vehicles/:id',
      { config: VEHICLE_EDITORS, schema: { tags, params: idParams, body: vehicleSaveSchema, response: answers(vehicleDetailsSchema) } },
      async (request) => {
        await db.tx(async (q) =>
          updateVehicle(q, viewerOf(request), await visibleVehicle(q, request.scope, request.params.id, { lock: true }), request.body),
        );
        return ok(await vehicleDetails(db, request.params.id), 'Vehicle saved.');
      },
    );

    app.post(
      '/vehicles/delete',
      { config: VEHICLE_DELETERS, schema: { tags, body: vehicleDeleteSchema, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx(async (q) => deleteVehicle(q, await visibleVehicle(q, request.scope, request.body.id, { lock: true })));
        return ok(null, 'Vehicle deleted.');
      },
    );

    app.post(
      '/vehicles/exist',
      { config: VEHICLE_READERS, schema: { tags, body: vehicleExistSchema, response: answers(vehicleExistenceSchema) } },
      async (request) => {
        const answer = await vehicleExistence(db, request.scope, request.body);
        return ok(answer, answer.exists ? 'A vehicle with these details exists.' : 'No vehicle has these details.');
      },
    );

    for (const kind of ['features', 'attributes', 'categories'] as const) {
      app.get(
        `/vehicles/${kind}`,
        { config: REFERENCE_READERS, schema: { tags, response: answers(z.array(vehicleReferenceSchema)) } },
        async (request) => ok(await referenceList(db, request.scope, kind)),
      );
    }
    for (const kind of ['features', 'attributes'] as const) {
      app.get(
        `/vehicles/${kind}/:id`,
        { config: REFERENCE_READERS, schema: { tags, params: idParams, response: answers(vehicleReferenceSchema) } },
        async (request) => ok(await referenceById(db, request.scope, kind, request.params.id)),
      );
    }
  };
