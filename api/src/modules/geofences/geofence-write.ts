/**
 * Geofence writes: the shape is stored as its GeoJSON geometry with its bounding box (geofence-bounds.ts);
 * deleting is soft and drops the fence's device links, so processing stops testing against it. Every
 * change is announced once committed (tracking-changes.ts), for processing's geofence cache.
 */
import { shapeOf, type GeofenceSave } from '@meridian/shared/contract/geofence';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { owningTenant } from '../../tenancy/tenant-owned';
import { geofencesChanged } from '../../tracking/tracking-changes';
import type { VisibleGeofence } from './geofence-access';
import { boundsOf, marginOf } from './geofence-bounds';

function fenceValues(input: GeofenceSave) {
  const bounds = boundsOf(input.geometry, marginOf(input));
  return [
    input.name,
    input.description,
    input.type,
    shapeOf(input.geometry),
    JSON.stringify(input.geometry),
    input.radius,
    input.width,
    bounds.minLat,
    bounds.minLon,
    bounds.maxLat,
    bounds.maxLon,
    JSON.stringify(input.attributes),
  ];
}

/** The devices linked to a fence, for the change's announcement. */
const linkedDevices = async (q: Queryable, geofenceId: string) =>
  (await q.query<{ device_id: string }>(`select device_id from device_geofences where geofence_id = $1`, [geofenceId])).map(
    (r) => r.device_id,
  );

export function announceGeofenceChange(q: Queryable, tenantId: string, geofenceIds: string[], deviceIds: string[]) {
  q.onCommit(() => geofencesChanged.emit({ tenantId, geofenceIds, deviceIds }));
}

export async function createGeofence(q: Queryable, scope: TenantScope, userId: string, input: GeofenceSave): Promise<string> {
  const tenantId = await owningTenant(q, scope, input.tenantId);
  const row = await q.one<{ id: string }>(
    `insert into geofences (name, description, type, shape, geometry, radius, width, min_lat, min_lon, max_lat, max_lon, attributes, tenant_id, created_user_id)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14) returning id`,
    [...fenceValues(input), tenantId, userId],
  );
  announceGeofenceChange(q, tenantId, [row!.id], []);
  return row!.id;
}

export async function updateGeofence(q: Queryable, scope: TenantScope, fence: VisibleGeofence, input: GeofenceSave) {
  const tenantId = await owningTenant(q, scope, input.tenantId, fence.tenant_id);
  const devices = await linkedDevices(q, fence.id);
  await q.query(
    `update geofences set name = $1, description = $2, type = $3, shape = $4, geometry = $5::jsonb, radius = $6, width = $7,
       min_lat = $8, min_lon = $9, max_lat = $10, max_lon = $11, attributes = $12::jsonb, tenant_id = $13, date_modified = now() where id = $14`,
    [...fenceValues(input), tenantId, fence.id],
  );
  if (tenantId !== fence.tenant_id) {
    // Moved: devices no longer at or below its tenant are no longer tested against it.
    await q.query(
      `delete from device_geofences l using geo_devices d, tenants dt, tenants gt
       where l.geofence_id = $1 and d.id = l.device_id and dt.id = d.tenant_id and gt.id = $2 and not (dt.path like gt.path || '%')`,
      [fence.id, tenantId],
    );
  }
  announceGeofenceChange(q, tenantId, [fence.id], devices);
}

export async function deleteGeofence(q: Queryable, fence: VisibleGeofence) {
  const devices = await linkedDevices(q, fence.id);
  await q.query(`update geofences set deleted_at = now(), date_modified = now() where id = $1`, [fence.id]);
  await q.query(`delete from device_geofences where geofence_id = $1`, [fence.id]);
  announceGeofenceChange(q, fence.tenant_id, [fence.id], devices);
}
