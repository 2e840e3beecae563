/**
 * Trips and stops of a device of the acting subtree (tracking spec 7; issue 18 item 7):
 * GET /geo/device/trip/details (trips) and /geo/device/trip/stops, with deviceId, fromDate and toDate
 * (YYYY-MM-DD in the tenant's time zone; one day ago to 7 days ahead by default); `format=csv` or
 * `format=xlsx` downloads the same rows.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  deviceStopReportSchema,
  deviceTripQuerySchema,
  deviceTripReportSchema,
  XLSX_CONTENT_TYPE,
  type TripExportFormat,
} from '@meridian/shared/contract/device-trip';
import { deviceTrips } from '@meridian/shared/contract/areas/tracking';
import type { AppContext } from '../../context';
import { allow } from '../../auth/allow';
import { ok } from '../../http/envelope';
import { answersOrFile } from '../../http/route-answers';
import { csvOf } from '../agent/csv';
import { attachmentDisposition } from '../templates/template-documents';
import { visibleDevice } from '../geo-devices/device-access';
import { stopsOf, stopTable, tripsOf, tripTable, tripWindow } from './trip-report';
import { xlsxOf } from './xlsx-file';

const TRIP_READERS = allow(deviceTrips, 'read');
const FILE_TYPES = ['text/csv', XLSX_CONTENT_TYPE];

/** Sends the table as the file the query asked for. */
function sendTable(
  reply: FastifyReply,
  format: TripExportFormat,
  fileName: string,
  table: { header: string[]; rows: (string | number | null)[][] },
) {
  const file = format === 'csv' ? Buffer.from(csvOf(table.header, table.rows), 'utf8') : xlsxOf(fileName, table.header, table.rows);
  return reply
    .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_CONTENT_TYPE)
    .header('content-disposition', attachmentDisposition(`${fileName}.${format}`))
    .header('x-content-type-options', 'nosniff')
    .send(file);
}

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
