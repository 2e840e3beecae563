/**
 * Fleet reports (tracking spec 7 Assets; issue 19 item 8): device usage, trips, stops, engine, idle
 * time, hotspots, tamper and battery reports over the assets the caller sees, each as JSON (paged where
 * it is a list) or, with `format=csv|xlsx`, as a file of every row; and the asset trips report kept
 * per asset (POST /geo/asset/trips). The meaning of `zeros` and the defaults: contract/fleet-report.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  assetStopSchema,
  assetTripSchema,
  assetTripsReportSchema,
  assetTripsRequestSchema,
  batteryParamsSchema,
  batteryQuerySchema,
  batteryReadingSchema,
  deviceUsageSchema,
  FLEET_REPORT_LIMITS,
  fleetReportQuerySchema,
  hotspotQuerySchema,
  hotspotReportSchema,
  idleTimeSchema,
  tamperEventSchema,
  tamperQuerySchema,
  type FleetReportQuery,
} from '@meridian/shared/contract/fleet-report';
import { fleetReports } from '@meridian/shared/contract/areas/tracking';
import type { AppContext } from '../../context';
import { allow } from '../../auth/allow';
import { ok, paged } from '../../http/envelope';
import { searchPattern } from '../../http/paging';
import { answers, answersOrFile, pagedOrFileAnswers } from '../../http/route-answers';
import { visibleAsset, viewerOf } from '../assets/asset-access';
import { sendTable, TABLE_FILE_TYPES } from '../device-trips/table-file';
import { tripWindow } from '../device-trips/trip-report';
import { assetTripsReport } from './asset-trip-cache';
import { stopPage, tripPage, type ListRequest } from './fleet-lists';
import { batteryPage } from './fleet-battery';
import { tamperPage } from './fleet-events';
import { hotspotsOf } from './fleet-hotspots';
import { checkSelection, type FleetSelection } from './fleet-selection';
import { assetStopTable, assetTripTable, batteryTable, hotspotTable, idleTable, tamperTable, usageTable } from './fleet-tables';
import { idlePage, usagePage } from './fleet-usage';

const REPORT_READERS = allow(fleetReports, 'read');
const EXPORT_MAX = FLEET_REPORT_LIMITS.exportRowsMax;
/** A file holds every row (up to EXPORT_MAX): the first page of that size. */
const WHOLE = { page: 1, size: EXPORT_MAX };

const selectionOf = (
  request: FastifyRequest,
  query: Pick<FleetReportQuery, 'assetId' | 'assetGroupId' | 'assetCategoryId'>,
  search?: string,
): FleetSelection => ({
  viewer: viewerOf(request),
  assetId: query.assetId,
  assetGroupId: query.assetGroupId,
  assetCategoryId: query.assetCategoryId,
  searchPattern: search === undefined ? null : searchPattern(search),
});

const fileName = (report: string, window: { from: string; to: string }) => `${report} ${window.from} to ${window.to}`;

export const fleetReportsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['fleet reports'];

    /** The list request of a report query: selection checked (404 for what the caller does not see), days read. */
    async function listRequest(request: FastifyRequest, query: FleetReportQuery, zerosByDefault: boolean): Promise<ListRequest> {
      const selection = selectionOf(request, query, query.search);
      await checkSelection(db, selection);
      const window = await tripWindow(db, request.scope.tenantId, query);
      const whole = Boolean(query.format);
      return {
        selection,
        window,
        zeros: query.zeros ?? zerosByDefault,
        paging: whole ? { ...query, ...WHOLE } : query,
        maxPageSize: whole ? EXPORT_MAX : config.maxPageSize,
      };
    }

    const listOptions = (item: Parameters<typeof pagedOrFileAnswers>[0]) => ({
      config: REPORT_READERS,
      schema: { tags, querystring: fleetReportQuerySchema, response: pagedOrFileAnswers(item, TABLE_FILE_TYPES) },
    });

    app.get('/geo/asset/reports/trips', listOptions(assetTripSchema), async (request, reply) => {
      const list = await listRequest(request, request.query, false);
      const { rows, paging } = await tripPage(db, list);
      if (request.query.format)
        return sendTable(reply, request.query.format, fileName('Trips', list.window), assetTripTable(rows, list.window.timeZone));
      return paged(rows, paging);
    });

    for (const [path, name, zerosByDefault] of [
      ['/geo/asset/reports/stops', 'Stops', true],
      ['/geo/asset/reports/engine', 'Engine', false],
    ] as const) {
      app.get(path, listOptions(assetStopSchema), async (request, reply) => {
        const list = await listRequest(request, request.query, zerosByDefault);
        const { rows, paging } = await stopPage(db, list);
        if (request.query.format)
          return sendTable(reply, request.query.format, fileName(name, list.window), assetStopTable(rows, list.window.timeZone));
        return paged(rows, paging);
      });
    }

    app.get('/geo/asset/reports/device-usage', listOptions(deviceUsageSchema), async (request, reply) => {
      const list = await listRequest(request, request.query, true);
      const { rows, paging } = await usagePage(db, list);
      if (request.query.format) return sendTable(reply, request.query.format, fileName('Device usage', list.window), usageTable(rows));
      return paged(rows, paging);
    });

    app.get('/geo/asset/reports/idle', listOptions(idleTimeSchema), async (request, reply) => {
      const list = await listRequest(request, request.query, true);
      const { rows, paging } = await idlePage(db, list);
      if (request.query.format) return sendTable(reply, request.query.format, fileName('Idle time', list.window), idleTable(rows));
      return paged(rows, paging);
    });

    app.get(
      '/geo/asset/reports/hotspots',
      {
        config: REPORT_READERS,
        schema: { tags, querystring: hotspotQuerySchema, response: answersOrFile(hotspotReportSchema, TABLE_FILE_TYPES) },
      },
      async (request, reply) => {
        const { query } = request;
        const selection = selectionOf(request, query);
        await checkSelection(db, selection);
        const window = await tripWindow(db, request.scope.tenantId, query);
        const hotspots = await hotspotsOf(db, selection, window, query.limit ?? FLEET_REPORT_LIMITS.hotspotCellsDefault);
        if (query.format) return sendTable(reply, query.format, fileName('Hotspots', window), hotspotTable(hotspots));
        const cellDegrees = FLEET_REPORT_LIMITS.hotspotCellDegrees;
        return ok({ fromDate: window.from, toDate: window.to, timeZone: window.timeZone, cellDegrees, hotspots });
      },
    );

    app.get(
      '/geo/notification-event/reports/tamper',
      {
        config: REPORT_READERS,
        schema: { tags, querystring: tamperQuerySchema, response: pagedOrFileAnswers(tamperEventSchema, TABLE_FILE_TYPES) },
      },
      async (request, reply) => {
        const { query } = request;
        const viewer = viewerOf(request);
        if (query.assetId) await visibleAsset(db, viewer, query.assetId);
        const window = await tripWindow(db, request.scope.tenantId, query);
        const whole = query.format ? { ...query, ...WHOLE } : query;
        const { rows, paging } = await tamperPage(db, viewer, whole, window, query.format ? EXPORT_MAX : config.maxPageSize);
        if (query.format) return sendTable(reply, query.format, fileName('Tamper', window), tamperTable(rows, window.timeZone));
        return paged(rows, paging);
      },
    );

    app.get(
      '/geo/assets/battery/:start/:end',
      {
        config: REPORT_READERS,
        schema: {
          tags,
          params: batteryParamsSchema,
          querystring: batteryQuerySchema,
          response: pagedOrFileAnswers(batteryReadingSchema, TABLE_FILE_TYPES),
        },
      },
      async (request, reply) => {
        const { query, params } = request;
        const window = await tripWindow(db, request.scope.tenantId, { fromDate: params.start, toDate: params.end });
        const whole = query.format ? { ...query, ...WHOLE } : query;
        const { rows, paging } = await batteryPage(db, viewerOf(request), whole, window, query.format ? EXPORT_MAX : config.maxPageSize);
        if (query.format) return sendTable(reply, query.format, fileName('Battery', window), batteryTable(rows, window.timeZone));
        return paged(rows, paging);
      },
    );

    app.post(
      '/geo/asset/trips',
      { config: REPORT_READERS, schema: { tags, body: assetTripsRequestSchema, response: answers(assetTripsReportSchema) } },
      async (request) => {
        const { body } = request;
        const viewer = viewerOf(request);
        const asset = await visibleAsset(db, viewer, body.assetId);
        const window = await tripWindow(db, request.scope.tenantId, body);
        return ok(await assetTripsReport(db, viewer, asset, window, body.zeros ?? false));
      },
    );
  };
