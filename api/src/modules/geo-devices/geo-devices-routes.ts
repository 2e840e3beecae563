/**
 * Devices of the acting tenant's subtree (tracking spec 7 Devices): the list, the live map's list, one
 * device, writes, the uniqueId check, search, active devices, the dashboard's counts, and the device
 * hardware catalogue. Positions are geo-positions-routes.ts; commands sent to a device, geo-commands.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activeDevicesOfTenantSchema,
  deviceDashboardStatsSchema,
  deviceExistsSchema,
  deviceSearchParamsSchema,
  deviceSmsUsedSchema,
  geoDeviceListQuerySchema,
  geoDeviceMapItemSchema,
  geoDeviceSaveSchema,
  geoDeviceSchema,
  uniqueIdParamsSchema,
} from '@meridian/shared/contract/geo-device';
import { deviceHardwareQuerySchema, deviceHardwareSchema } from '@meridian/shared/contract/device-hardware';
import { geoListQuerySchema, listUserIdSchema } from '@meridian/shared/contract/geo-list';
import { geoDevices } from '@meridian/shared/contract/areas/tracking';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema, normaliseSearch } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import { allow } from '../../auth/allow';
import { sqlParams } from '../../db/sql-params';
import { ok, paged } from '../../http/envelope';
import { searchPattern } from '../../http/paging';
import { answers, pagedAnswers } from '../../http/route-answers';
import { windowOf } from '../activities/activity-window';
import {
  DEVICE_CREATORS,
  DEVICE_DELETERS,
  DEVICE_EDITORS,
  DEVICE_READERS,
  HARDWARE_READERS,
  deviceVisible,
  visibleDevice,
} from './device-access';
import { deviceById, devicePage, mapItems, searchDevices } from './device-read';
import { activeByTenant, activeDevices, dashboardStats } from './device-stats';
import { createDevice, deleteDevice, uniqueIdTaken, updateDevice } from './device-write';
import { hardwarePage } from './device-hardware';
import { listUserCondition } from './list-user';

const idParams = z.object({ id: idSchema });
const userParams = z.object({ userId: listUserIdSchema });
/** The uniqueId check is part of making or changing a device. */
const UNIQUE_ID_CHECKERS = allow(geoDevices, 'create', 'edit');

export const geoDevicesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['tracking devices'];
    const timeout = config.deviceTimeoutSeconds;

    app.get(
      '/geo/device/:userId',
      {
        config: DEVICE_READERS,
        schema: { tags, params: userParams, querystring: geoDeviceListQuerySchema, response: pagedAnswers(geoDeviceSchema) },
      },
      async (request) => {
        const { query } = request;
        const p = sqlParams();
        const tenants = await listUserCondition(db, request.scope, request.principal.userId, request.params.userId, 'd.tenant_id', p);
        const lastContact =
          query.startDate || query.endDate
            ? await windowOf(
                db,
                request.scope.tenantId,
                { startDate: query.startDate ?? query.endDate, endDate: query.endDate ?? query.startDate },
                0,
                0,
              )
            : undefined;
        const { items, paging } = await devicePage(
          db,
          { where: `d.deleted_at is null and ${tenants}`, p, status: query.filter, lastContact, timeoutSeconds: timeout },
          query,
          config.maxPageSize,
        );
        return paged(items, paging);
      },
    );

    app.get(
      '/geo/device/map/:userId',
      { config: DEVICE_READERS, schema: { tags, params: userParams, response: answers(z.array(geoDeviceMapItemSchema)) } },
      async (request) => {
        const p = sqlParams();
        const tenants = await listUserCondition(db, request.scope, request.principal.userId, request.params.userId, 'd.tenant_id', p);
        return ok(await mapItems(db, `d.deleted_at is null and ${tenants}`, p, timeout));
      },
    );

    app.get(
      '/geo/device/details/:id',
      { config: DEVICE_READERS, schema: { tags, params: idParams, response: answers(geoDeviceSchema) } },
      async (request) => {
        const device = await visibleDevice(db, request.scope, request.params.id);
        return ok(await deviceById(db, device.id, timeout));
      },
    );

    app.post(
      '/geo/device',
      { config: DEVICE_CREATORS, schema: { tags, body: geoDeviceSaveSchema, response: answers(geoDeviceSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => createDevice(q, request.scope, request.principal.userId, request.body));
        reply.status(201);
        return ok(await deviceById(db, id, timeout), 'Device created.');
      },
    );

    app.put(
      '/geo/device/:id',
      { config: DEVICE_EDITORS, schema: { tags, params: idParams, body: geoDeviceSaveSchema, response: answers(geoDeviceSchema) } },
      async (request) => {
        await db.tx(async (q) =>
          updateDevice(q, request.scope, await visibleDevice(q, request.scope, request.params.id, { lock: true }), request.body),
        );
        return ok(await deviceById(db, request.params.id, timeout), 'Device saved.');
      },
    );

    app.put(
      '/geo/device/delete/:id',
      { config: DEVICE_DELETERS, schema: { tags, params: idParams, response: answers(noDataSchema) } },
      async (request) => {
        await db.tx(async (q) => deleteDevice(q, await visibleDevice(q, request.scope, request.params.id, { lock: true })));
        return ok(null, 'Device deleted.');
      },
    );

    // The devices of the subtree in no asset: the ones an asset form may still take.
    app.get(
      '/geo/device/unlinked-device',
      { config: DEVICE_READERS, schema: { tags, querystring: geoListQuerySchema, response: pagedAnswers(geoDeviceSchema) } },
      async (request) => {
        const p = sqlParams();
        const unlinked = `${deviceVisible(request.scope, p)} and not exists (select 1 from asset_devices l where l.device_id = d.id)`;
        const { items, paging } = await devicePage(db, { where: unlinked, p, timeoutSeconds: timeout }, request.query, config.maxPageSize);
        return paged(items, paging);
      },
    );

    app.get(
      '/geo/device/exists/:uniqueId',
      { config: UNIQUE_ID_CHECKERS, schema: { tags, params: uniqueIdParamsSchema, response: answers(deviceExistsSchema) } },
      async (request) => {
        const { uniqueId } = request.params;
        return ok({ uniqueId, exists: await uniqueIdTaken(db, uniqueId) });
      },
    );

    app.get(
      '/geo/device/search/:text',
      { config: DEVICE_READERS, schema: { tags, params: deviceSearchParamsSchema, response: answers(z.array(geoDeviceSchema)) } },
      async (request) => {
        const pattern = searchPattern(normaliseSearch(request.params.text));
        const p = sqlParams();
        const where = deviceVisible(request.scope, p);
        return ok(pattern ? await searchDevices(db, where, p, pattern, timeout) : []);
      },
    );

    app.get(
      '/geo/device/active',
      { config: DEVICE_READERS, schema: { tags, response: answers(z.array(geoDeviceSchema)) } },
      async (request) => ok(await activeDevices(db, request.scope, timeout)),
    );

    app.get(
      '/geo/device/active/by-tenant',
      { config: DEVICE_READERS, schema: { tags, response: answers(z.array(activeDevicesOfTenantSchema)) } },
      async (request) => ok(await activeByTenant(db, request.scope, timeout)),
    );

    app.get(
      '/geo/device/dashboard/stats',
      { config: DEVICE_READERS, schema: { tags, response: answers(deviceDashboardStatsSchema) } },
      async (request) => ok(await dashboardStats(db, request.scope, timeout)),
    );

    // No SMS gateway is configured: nothing has been sent by SMS, and the answer says so.
    app.get(
      '/geo/device/dashboard/sms-used',
      { config: DEVICE_READERS, schema: { tags, response: answers(deviceSmsUsedSchema) } },
      async () => ok({ used: 0, gatewayConfigured: false }, 'No SMS gateway is configured: no SMS has been sent.'),
    );

    app.get(
      '/geo/device-hardware',
      { config: HARDWARE_READERS, schema: { tags, querystring: deviceHardwareQuerySchema, response: pagedAnswers(deviceHardwareSchema) } },
      async (request) => {
        const { rows, paging } = await hardwarePage(db, request.query, config.maxPageSize);
        return paged(rows, paging);
      },
    );
  };
