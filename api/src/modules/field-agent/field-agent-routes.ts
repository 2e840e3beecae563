/**
 * Field agents' positions, sent in the background by their devices, and the address lookups that go
 * with them (platform spec 7.6). The `/usertracking` paths are the spec's own and stay as they are.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import crypto from 'node:crypto';
import { z } from 'zod';
import {
  geocodedAddressSchema,
  userPositionAnswerSchema,
  userPositionSchema,
  type UserPosition,
} from '@meridian/shared/contract/field-agent';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { can } from '@meridian/shared/contract/access';
import { idSchema, instantSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http/errors';
import { ok } from '../../http/envelope';
import { userInScope } from '../../tenancy/scope';
import { forwardGeocode, reverseGeocode } from './geocoder';
import { grantsOf } from '../../auth/allow';
import { agentHistory } from '@meridian/shared/contract/areas/sales';
import { answers } from '../../http/route-answers';

const POSITION_READERS = grantsOf(agentHistory, 'readTrail');
const COLUMNS = `id, user_id as "userId", latitude, longitude, accuracy, entity_id as "entityId", entity_type as "entityType",
  device_time as "deviceTime", server_time as "serverTime", battery`;

export const fieldAgentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['field-agent'];

    app.post(
      '/usertracking',
      {
        schema: {
          tags,
          body: userPositionSchema,
          response: answers(userPositionAnswerSchema, { status: 201, also: { 200: noDataSchema } }),
        },
      },
      async (request, reply) => {
        const p = request.body;
        if (p.userId !== request.principal.userId) throw forbidden('Positions are recorded by the user who is tracked.');
        // The client's id makes a retried upload from the offline queue a no-op.
        const row = await db.one<UserPosition>(
          `insert into user_positions (id, user_id, tenant_id, latitude, longitude, accuracy, entity_id, entity_type, device_time, battery)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (id) do nothing returning ${COLUMNS}`,
          [
            p.id ?? crypto.randomUUID(),
            p.userId,
            request.scope.tenantId,
            p.latitude,
            p.longitude,
            p.accuracy ?? null,
            p.entityId ?? null,
            p.entityType,
            p.deviceTime,
            p.battery,
          ],
        );
        reply.status(row ? 201 : 200);
        return ok(row, row ? 'Position recorded.' : 'Position was already recorded.');
      },
    );

    app.get(
      '/usertracking/datewithid/:from/:to/:id',
      {
        schema: {
          tags,
          params: z.object({ from: instantSchema(), to: instantSchema(), id: idSchema }),
          response: answers(z.array(userPositionAnswerSchema)),
        },
      },
      async (request) => {
        const { from, to, id } = request.params;
        if (id !== request.principal.userId) {
          if (!can(request.principal, POSITION_READERS)) throw forbidden();
          await userInScope(db, request.scope, id);
        }
        return ok(
          await db.query<UserPosition>(
            `select ${COLUMNS} from user_positions where user_id = $1 and device_time between $2 and $3 order by device_time limit 10000`,
            [id, from, to],
          ),
        );
      },
    );

    app.get(
      '/usertracking/geo_address/:lat/:lng',
      {
        config: { tenantFree: true },
        schema: {
          tags,
          params: z.object({ lat: z.coerce.number().min(-90).max(90), lng: z.coerce.number().min(-180).max(180) }),
          response: answers(geocodedAddressSchema),
        },
      },
      async (request) => ok(await reverseGeocode(ctx.config.geocoderUrl, request.params.lat, request.params.lng)),
    );

    app.get(
      '/usertracking/geo_lat/:text',
      {
        config: { tenantFree: true },
        schema: { tags, params: z.object({ text: z.string().min(2).max(300) }), response: answers(geocodedAddressSchema) },
      },
      async (request) => {
        const found = await forwardGeocode(ctx.config.geocoderUrl, request.params.text);
        if (!found) throw notFound(`An address matching '${request.params.text}'`);
        return ok(found);
      },
    );
  };
