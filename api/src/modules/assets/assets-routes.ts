/**
 * Assets of the acting tenant's subtree that the caller's groups let them see (tracking spec 7 Assets):
 * the list, one asset, its details (the Asset Details tab, with an address), its devices, the active
 * ones, writes with their devices, a soft delete (DELETE /geo/asset/{id}: the spec shows no path), the
 * odometer, engine hours and map icon, the device-asset history and a device's positions. The spec
 * writes both /geo/asset and /geo/assets; each path is served as it is written there.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ASSET_DEVICE_TYPE_NAMES,
  assetDeviceHistoryEntrySchema,
  assetDevicePositionsSchema,
  assetDeviceSchema,
  assetDeviceTypeSchema,
  assetEngineHoursSchema,
  assetHistoryQuerySchema,
  assetListQuerySchema,
  assetMapIconSchema,
  assetOdometerSchema,
  assetSaveSchema,
  assetSchema,
  type Asset,
} from '@meridian/shared/contract/asset';
import { GEO_POSITION_LIMITS, geoPositionSchema } from '@meridian/shared/contract/geo-position';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { fieldError } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import { windowOf } from '../activities/activity-window';
import { visibleDevice } from '../geo-devices/device-access';
import { positionPage } from '../geo-devices/position-read';
import { addressAt } from '../geocoding/position-geocoder';
import {
  ASSET_CREATORS,
  ASSET_DELETERS,
  ASSET_EDITORS,
  ASSET_READERS,
  assetVisible,
  viewerOf,
  visibleAsset,
  type AssetViewer,
} from './asset-access';
import { setDeviceCounters } from './asset-counters';
import { positionPeriod } from './asset-period';
import { historyPage } from './asset-history';
import { activeAssets, assetById, assetPage, devicesOfAsset } from './asset-read';
import { createAsset, deleteAsset, primaryDeviceOf, setMapIcon, updateAsset } from './asset-write';

const idParams = z.object({ id: idSchema });
const DEVICE_TYPES = Object.entries(ASSET_DEVICE_TYPE_NAMES).map(([id, name]) => ({ id: Number(id), name }));

/** The window of two optional days or date-times: both, one standing for the other, or none. */
async function windowOfDates(q: Queryable, tenantId: string, startDate: string | undefined, endDate: string | undefined) {
  if (!startDate && !endDate) return undefined;
  return windowOf(q, tenantId, { startDate: startDate ?? endDate, endDate: endDate ?? startDate }, 0, 0);
}

/** The device must be in an asset the viewer sees: positions are read here as an asset's. */
async function assetDevice(q: Queryable, viewer: AssetViewer, deviceId: string) {
  const device = await visibleDevice(q, viewer.scope, deviceId);
  const p = sqlParams([device.id]);
  const linked = await q.one(
    `select 1 from asset_devices l join assets a on a.id = l.asset_id where l.device_id = $1 and ${assetVisible(viewer, p)}`,
    p.values,
  );
  if (!linked) throw fieldError('deviceId', 'The device is in no asset you can see.');
  return device;
}

export const assetsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['tracking assets'];

    /** The Asset Details tab: the stored address of the latest position, else the geocoder's when one is configured; never a failure. */
    async function withAddress(asset: Asset): Promise<Asset> {
      if (asset.address || asset.latitude === null || asset.longitude === null || !config.geocoderUrl) return asset;
      const address = await addressAt(config.geocoderUrl, asset.latitude, asset.longitude).catch(() => null);
      return { ...asset, address };
    }

    app.get(
      '/geo/asset',
      { config: ASSET_READERS, schema: { tags, querystring: assetListQuerySchema, response: pagedAnswers(assetSchema) } },
      async (request) => {
        const { query } = request;
        const p = sqlParams();
        const lastContact = await windowOfDates(db, request.scope.tenantId, query.startDate, query.endDate);
        const { items, paging } = await assetPage(
          db,
          { where: assetVisible(viewerOf(request), p), p, lastContact },
          query,
          config.maxPageSize,
        );
        return paged(items, paging);
      },
    );

    app.get(
      '/geo/assets/:id',
      { config: ASSET_READERS, schema: { tags, params: idParams, response: answers(assetSchema) } },
      async (request) => ok(await assetById(db, (await visibleAsset(db, viewerOf(request), request.params.id)).id)),
    );

    app.get(
      '/geo/assets/details/:id',
      { config: ASSET_READERS, schema: { tags, params: idParams, response: answers(assetSchema) } },
      async (request) => ok(await withAddress(await assetById(db, (await visibleAsset(db, viewerOf(request), request.params.id)).id))),
    );

    for (const [path, param] of [
      ['/geo/assets/devices/:id', 'id'],
      ['/geo/asset/devices/:assetId', 'assetId'],
    ] as const) {
      app.get(
        path,
        {
          config: ASSET_READERS,
          schema: { tags, params: z.object({ [param]: idSchema }), response: answers(z.array(assetDeviceSchema)) },
        },
        async (request) => {
          const id = (request.params as Record<string, string>)[param]!;
          return ok(await devicesOfAsset(db, (await visibleAsset(db, viewerOf(request), id)).id));
        },
      );
    }

    app.get(
      '/geo/asset/device-type',
      { config: ASSET_READERS, schema: { tags, response: answers(z.array(assetDeviceTypeSchema)) } },
      async () => ok(DEVICE_TYPES),
    );

    app.get(
      '/geo/asset/reports/active',
      { config: ASSET_READERS, schema: { tags, response: answers(z.array(assetSchema)) } },
      async (request) => {
        const p = sqlParams();
        return ok(await activeAssets(db, assetVisible(viewerOf(request), p), p, config.deviceTimeoutSeconds));
      },
    );

    app.post(
      '/geo/asset',
      { config: ASSET_CREATORS, schema: { tags, body: assetSaveSchema, response: answers(assetSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => createAsset(q, viewerOf(request), request.body));
        reply.status(201);
        return ok(await assetById(db, id), 'Asset created.');
      },
    );

    app.put(
      '/geo/asset/:id',
      { config: ASSET_EDITORS, schema: { tags, params: idParams, body: assetSaveSchema, response: answers(assetSchema) } },
      async (request) => {
        const viewer = viewerOf(request);
        await db.tx(async (q) => updateAsset(q, viewer, await visibleAsset(q, viewer, request.params.id, { lock: true }), request.body));
        return ok(await assetById(db, request.params.id), 'Asset saved.');
      },
    );

    app.delete(
      '/geo/asset/:id',
      { config: ASSET_DELETERS, schema: { tags, params: idParams, response: answers(noDataSchema) } },
      async (request) => {
        const viewer = viewerOf(request);
        await db.tx(async (q) => deleteAsset(q, viewer, await visibleAsset(q, viewer, request.params.id, { lock: true })));
        return ok(null, 'Asset deleted.');
      },
    );

    app.put(
      '/geo/assets/:id/odometer',
      { config: ASSET_EDITORS, schema: { tags, params: idParams, body: assetOdometerSchema, response: answers(assetSchema) } },
      async (request) => {
        await db.tx(async (q) => {
          const asset = await visibleAsset(q, viewerOf(request), request.params.id, { lock: true });
          await setDeviceCounters(q, await primaryDeviceOf(q, asset.id), { odometer: request.body.odometer });
        });
        return ok(await assetById(db, request.params.id), 'Odometer set.');
      },
    );

    app.put(
      '/geo/assets/:id/engine-hours',
      { config: ASSET_EDITORS, schema: { tags, params: idParams, body: assetEngineHoursSchema, response: answers(assetSchema) } },
      async (request) => {
        await db.tx(async (q) => {
          const asset = await visibleAsset(q, viewerOf(request), request.params.id, { lock: true });
          await setDeviceCounters(q, await primaryDeviceOf(q, asset.id), { engineHours: request.body.engineHours });
        });
        return ok(await assetById(db, request.params.id), 'Engine hours set.');
      },
    );

    app.put(
      '/geo/assets/:id/map-icon',
      { config: ASSET_EDITORS, schema: { tags, params: idParams, body: assetMapIconSchema, response: answers(assetSchema) } },
      async (request) => {
        await db.tx(async (q) =>
          setMapIcon(q, await visibleAsset(q, viewerOf(request), request.params.id, { lock: true }), request.body.mapIcon),
        );
        return ok(await assetById(db, request.params.id), 'Map icon saved.');
      },
    );

    app.get(
      '/geo/device-asset-history',
      {
        config: ASSET_READERS,
        schema: { tags, querystring: assetHistoryQuerySchema, response: pagedAnswers(assetDeviceHistoryEntrySchema) },
      },
      async (request) => {
        const { query } = request;
        const viewer = viewerOf(request);
        if (query.deviceId) await visibleDevice(db, viewer.scope, query.deviceId);
        const period = (await windowOfDates(db, request.scope.tenantId, query.startDate, query.endDate)) ?? null;
        const { items, paging } = await historyPage(db, viewer, query, period, config.maxPageSize);
        return paged(items, paging);
      },
    );

    app.post(
      '/geo/asset/device/positions',
      { config: ASSET_READERS, schema: { tags, body: assetDevicePositionsSchema, response: answers(z.array(geoPositionSchema)) } },
      async (request) => {
        const { body } = request;
        const device = await assetDevice(db, viewerOf(request), body.deviceId);
        const { from, to } = await positionPeriod(db, request.scope.tenantId, body.startDate, body.endDate);
        const limit = GEO_POSITION_LIMITS.pageMax;
        const { rows, total } = await positionPage(db, { deviceId: device.id, start: from, end: to, limit, after: null, offset: 0 });
        return ok(rows, total > limit ? `The first ${limit} of ${total} positions: ask for a shorter period for the rest.` : undefined);
      },
    );
  };
