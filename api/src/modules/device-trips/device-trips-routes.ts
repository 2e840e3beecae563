/**
 * Trips and stops of a device of the acting subtree (tracking spec 7; issue 18 item 7):
 * GET /geo/device/trip/details (trips) and /geo/device/trip/stops, with deviceId, fromDate and toDate
 * (YYYY-MM-DD in the tenant's time zone; one day ago to 7 days ahead by default); `format=csv` or
 * `format=xlsx` downloads the same rows.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deviceStopReportSchema, deviceTripQuerySchema, deviceTripReportSchema } from '@meridian/shared/contract/device-trip';
import { deviceTrips } from '@meridian/shared/contract/areas/tracking';
import type { AppContext } from '../../context';
import { allow } from '../../auth/allow';
import { ok } from '../../http/envelope';
import { answersOrFile } from '../../http/route-answers';
import { visibleDevice } from '../geo-devices/device-access';
import { stopsOf, stopTable, tripsOf, tripTable, tripWindow } from './trip-report';
import { sendTable, TABLE_FILE_TYPES as FILE_TYPES } from './table-file';

const TRIP_READERS = allow(deviceTrips, 'read');

export const deviceTripsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['tracking trips'];

    app.get(
      '/geo/device/trip/details',
      {
        config: TRIP_READERS,
        schema: { tags, querystring: deviceTripQuerySchema, response: answersOrFile(deviceTripReportSchema, FILE_TYPES) },
      },
      async (request, reply) => {
        const { query } = request;
        const device = await visibleDevice(db, request.scope, query.deviceId);
        const window = await tripWindow(db, request.scope.tenantId, query);
        const trips = await tripsOf(db, device.id, window);
        if (query.format)
          return sendTable(reply, query.format, `Trips ${device.name} ${window.from} to ${window.to}`, tripTable(trips, window.timeZone));
        return ok({ deviceId: device.id, fromDate: window.from, toDate: window.to, timeZone: window.timeZone, trips });
      },
    );

    app.get(
      '/geo/device/trip/stops',
      {
        config: TRIP_READERS,
        schema: { tags, querystring: deviceTripQuerySchema, response: answersOrFile(deviceStopReportSchema, FILE_TYPES) },
      },
      async (request, reply) => {
        const { query } = request;
        const device = await visibleDevice(db, request.scope, query.deviceId);
        const window = await tripWindow(db, request.scope.tenantId, query);
        const stops = await stopsOf(db, device.id, window);
        if (query.format)
          return sendTable(reply, query.format, `Stops ${device.name} ${window.from} to ${window.to}`, stopTable(stops, window.timeZone));
        return ok({ deviceId: device.id, fromDate: window.from, toDate: window.to, timeZone: window.timeZone, stops });
      },
    );
  };
