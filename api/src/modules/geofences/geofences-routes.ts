/**
 * Geofences and points of interest of the acting tenant's subtree (tracking spec 7 Geofences):
 * /geo/fences lists and addresses fences (type 'geofence'), /geo/fences/poi points of interest (type
 * 'poi'); POST /geo/fences makes either, by the body's type. An edit may change the type.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  geofenceListQuerySchema,
  geofenceSaveSchema,
  geofenceSchema,
  type GeofenceListQuery,
  type GeofenceType,
} from '@meridian/shared/contract/geofence';
import { listUserIdSchema } from '@meridian/shared/contract/geo-list';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema } from '@meridian/shared/validation';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { sqlParams } from '../../db/sql-params';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import { visibleDevice } from '../geo-devices/device-access';
import { listUserCondition } from '../geo-devices/list-user';
import {
  GEOFENCE_CREATORS,
  GEOFENCE_DELETERS,
  GEOFENCE_EDITORS,
  GEOFENCE_READERS,
  geofenceVisible,
  visibleGeofence,
} from './geofence-access';
import { allGeofences, geofenceById, geofencePage } from './geofence-read';
import { createGeofence, deleteGeofence, updateGeofence } from './geofence-write';

const idParams = z.object({ id: idSchema });
const userParams = z.object({ userId: listUserIdSchema });
const SAVED: Record<GeofenceType, string> = { geofence: 'Geofence saved.', poi: 'Point of interest saved.' };
const DELETED: Record<GeofenceType, string> = { geofence: 'Geofence deleted.', poi: 'Point of interest deleted.' };

export const geofencesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['tracking geofences'];

    async function listOf(request: FastifyRequest, query: GeofenceListQuery, type: GeofenceType) {
      const p = sqlParams();
      if (query.deviceId) await visibleDevice(db, request.scope, query.deviceId);
      const { items, paging } = await geofencePage(
        db,
        { where: geofenceVisible(request.scope, p), p, type, deviceId: query.deviceId },
        query,
        config.maxPageSize,
      );
      return paged(items, paging);
    }

    async function allOf(request: FastifyRequest, userId: string, type: GeofenceType) {
      const p = sqlParams();
      const tenants = await listUserCondition(db, request.scope, request.principal.userId, userId, 'g.tenant_id', p);
      return ok(await allGeofences(db, { where: `g.deleted_at is null and ${tenants}`, p, type }));
    }

    for (const [type, base] of [
      ['geofence', '/geo/fences'],
      ['poi', '/geo/fences/poi'],
    ] as const) {
      app.get(
        base,
        { config: GEOFENCE_READERS, schema: { tags, querystring: geofenceListQuerySchema, response: pagedAnswers(geofenceSchema) } },
        async (request) => listOf(request, request.query, type),
      );

      app.get(
        `${base}/all/:userId`,
        { config: GEOFENCE_READERS, schema: { tags, params: userParams, response: answers(z.array(geofenceSchema)) } },
        async (request) => allOf(request, request.params.userId, type),
      );

      app.get(
        `${base}/:id`,
        { config: GEOFENCE_READERS, schema: { tags, params: idParams, response: answers(geofenceSchema) } },
        async (request) => ok(await geofenceById(db, (await visibleGeofence(db, request.scope, request.params.id, { type })).id)),
      );

      app.put(
        `${base}/:id`,
        { config: GEOFENCE_EDITORS, schema: { tags, params: idParams, body: geofenceSaveSchema, response: answers(geofenceSchema) } },
        async (request) => {
          await db.tx(async (q) =>
            updateGeofence(
              q,
              request.scope,
              await visibleGeofence(q, request.scope, request.params.id, { type, lock: true }),
              request.body,
            ),
          );
          return ok(await geofenceById(db, request.params.id), SAVED[request.body.type]);
        },
      );

      app.delete(
        `${base}/:id`,
        { config: GEOFENCE_DELETERS, schema: { tags, params: idParams, response: answers(noDataSchema) } },
        async (request) => {
          await db.tx(async (q) => deleteGeofence(q, await visibleGeofence(q, request.scope, request.params.id, { type, lock: true })));
          return ok(null, DELETED[type]);
        },
      );
    }

    app.post(
      '/geo/fences',
      { config: GEOFENCE_CREATORS, schema: { tags, body: geofenceSaveSchema, response: answers(geofenceSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => createGeofence(q, request.scope, request.principal.userId, request.body));
        reply.status(201);
        return ok(await geofenceById(db, id), request.body.type === 'poi' ? 'Point of interest created.' : 'Geofence created.');
      },
    );
  };
