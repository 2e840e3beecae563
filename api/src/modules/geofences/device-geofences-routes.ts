/**
 * Device-geofence links, the spec's "permissions" (tracking spec 6, 7): which fences a device is tested
 * against. Both ends must lie in the acting subtree (else 404), and the fence at or above the device's
 * tenant (a company's fence serves its branches' devices; a branch's fence is not another branch's).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceGeofenceDeleteSchema,
  deviceGeofenceListQuerySchema,
  deviceGeofenceSaveSchema,
  deviceGeofenceSchema,
  type DeviceGeofence,
} from '@meridian/shared/contract/device-geofence';
import { noDataSchema } from '@meridian/shared/contract/answer-fields';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { fieldError, notFound } from '../../http/errors';
import { ok } from '../../http/envelope';
import { answers } from '../../http/route-answers';
import { deviceVisible, visibleDevice } from '../geo-devices/device-access';
import { LINK_EDITORS, LINK_READERS, geofenceVisible, visibleGeofence } from './geofence-access';
import { announceGeofenceChange } from './geofence-write';
import { pathWithin } from '../../tenancy/subtree';

const LINK_COLUMNS = `l.id as "Id", l.device_id as "deviceId", l.geofence_id as "geofenceId", d.name as "deviceName", g.name as "geofenceName",
  g.type as "geofenceType", l.date_created as "dateCreated"`;
const LINK_FROM = `from device_geofences l join geo_devices d on d.id = l.device_id join geofences g on g.id = l.geofence_id`;

/** SQL: links whose device and fence the caller sees. */
const linkVisible = (scope: TenantScope, p: ReturnType<typeof sqlParams>) => `${deviceVisible(scope, p)} and ${geofenceVisible(scope, p)}`;

async function linkById(q: Queryable, scope: TenantScope, id: string): Promise<DeviceGeofence> {
  const p = sqlParams([id]);
  const row = await q.one<DeviceGeofence>(`select ${LINK_COLUMNS} ${LINK_FROM} where l.id = $1 and ${linkVisible(scope, p)}`, p.values);
  if (!row) throw notFound('Link');
  return row;
}

/** The fence must lie at or above the device's tenant. */
async function assertFenceServesDevice(q: Queryable, deviceId: string, geofenceId: string) {
  const serves = await q.one(
    `select 1 from geo_devices d join tenants dt on dt.id = d.tenant_id, geofences g join tenants gt on gt.id = g.tenant_id
     where d.id = $1 and g.id = $2 and ${pathWithin('dt.path', 'gt.path')}`,
    [deviceId, geofenceId],
  );
  if (!serves)
    throw fieldError(
      'geofenceId',
      "This geofence belongs to another part of the organisation than the device: choose one of the device's tenant or above it.",
    );
}

export const deviceGeofencesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['tracking geofences'];

    app.post(
      '/geo/permissions',
      {
        config: LINK_EDITORS,
        schema: {
          tags,
          body: deviceGeofenceSaveSchema,
          response: answers(deviceGeofenceSchema, { status: 201, also: { 200: deviceGeofenceSchema } }),
        },
      },
      async (request, reply) => {
        const { Id, deviceId, geofenceId } = request.body;
        const { id, added } = await db.tx(async (q) => {
          const device = await visibleDevice(q, request.scope, deviceId, { lock: true });
          const fence = await visibleGeofence(q, request.scope, geofenceId);
          await assertFenceServesDevice(q, device.id, fence.id);
          const existing = await q.one<{ id: string }>(`select id from device_geofences where device_id = $1 and geofence_id = $2`, [
            device.id,
            fence.id,
          ]);
          if (existing) return { id: existing.id, added: false };
          // A client's own Id is kept unless some link already has it.
          const taken = Id ? await q.one(`select 1 from device_geofences where id = $1`, [Id]) : null;
          const row = await q.one<{ id: string }>(
            `insert into device_geofences (id, device_id, geofence_id) values (coalesce($1::uuid, gen_random_uuid()), $2, $3) returning id`,
            [Id && !taken ? Id : null, device.id, fence.id],
          );
          announceGeofenceChange(q, fence.tenant_id, [fence.id], [device.id]);
          return { id: row!.id, added: true };
        });
        reply.status(added ? 201 : 200);
        return ok(
          await linkById(db, request.scope, id),
          added ? 'Geofence linked to the device.' : 'The geofence was already linked to the device.',
        );
      },
    );

    app.delete(
      '/geo/permissions',
      { config: LINK_EDITORS, schema: { tags, body: deviceGeofenceDeleteSchema, response: answers(noDataSchema) } },
      async (request) => {
        const { deviceId, geofenceId } = request.body;
        await db.tx(async (q) => {
          const device = await visibleDevice(q, request.scope, deviceId, { lock: true });
          const fence = await visibleGeofence(q, request.scope, geofenceId);
          const removed = await q.query(`delete from device_geofences where device_id = $1 and geofence_id = $2 returning id`, [
            device.id,
            fence.id,
          ]);
          if (removed.length === 0) throw notFound('Link');
          announceGeofenceChange(q, fence.tenant_id, [fence.id], [device.id]);
        });
        return ok(null, 'Geofence unlinked from the device.');
      },
    );

    // The devices a fence is tested for, as its editor lists them (the spec lists a device's links only).
    app.get(
      '/geo/permissions',
      {
        config: LINK_READERS,
        schema: { tags, querystring: deviceGeofenceListQuerySchema, response: answers(z.array(deviceGeofenceSchema)) },
      },
      async (request) => {
        const fence = await visibleGeofence(db, request.scope, request.query.geofenceId);
        const p = sqlParams([fence.id]);
        return ok(
          await db.query<DeviceGeofence>(
            `select ${LINK_COLUMNS} ${LINK_FROM} where l.geofence_id = $1 and ${linkVisible(request.scope, p)} order by d.name, l.id`,
            p.values,
          ),
        );
      },
    );

    app.get(
      '/geo/permissions/:id',
      { config: LINK_READERS, schema: { tags, params: z.object({ id: idSchema }), response: answers(deviceGeofenceSchema) } },
      async (request) => ok(await linkById(db, request.scope, request.params.id)),
    );

    app.get(
      '/geo/permissions/device/:deviceId',
      {
        config: LINK_READERS,
        schema: { tags, params: z.object({ deviceId: idSchema }), response: answers(z.array(deviceGeofenceSchema)) },
      },
      async (request) => {
        const device = await visibleDevice(db, request.scope, request.params.deviceId);
        const p = sqlParams([device.id]);
        return ok(
          await db.query<DeviceGeofence>(
            `select ${LINK_COLUMNS} ${LINK_FROM} where l.device_id = $1 and ${linkVisible(request.scope, p)} order by g.name, l.id`,
            p.values,
          ),
        );
      },
    );
  };
