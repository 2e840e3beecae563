/**
 * GET /geo/geocoding/position/{id} (tracking spec 7): the address of a position of the acting subtree's
 * devices, found once through the geocoder (position-geocoder.ts) and stored with the position; asked
 * again, the stored address is answered without calling the geocoder.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { positionAddressSchema, positionIdSchema } from '@meridian/shared/contract/geo-position';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { answers } from '../../http/route-answers';
import { ADDRESS_FINDERS } from '../geo-devices/device-access';
import { visiblePosition } from '../geo-devices/position-read';
import { addressAt } from './position-geocoder';

export const geocodingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    app.get(
      '/geo/geocoding/position/:id',
      {
        config: ADDRESS_FINDERS,
        schema: { tags: ['tracking positions'], params: z.object({ id: positionIdSchema }), response: answers(positionAddressSchema) },
      },
      async (request) => {
        const position = await visiblePosition(db, request.scope, request.params.id);
        const { latitude, longitude } = position;
        if (position.address) return ok({ positionId: position.id, latitude, longitude, address: position.address });
        const address = await addressAt(config.geocoderUrl, latitude, longitude);
        await db.query(`update positions set address = $1 where id = $2 and device_id = $3`, [address, position.id, position.deviceId]);
        return ok({ positionId: position.id, latitude, longitude, address }, 'Address found.');
      },
    );
  };
