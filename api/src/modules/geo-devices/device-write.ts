/**
 * Device writes. A uniqueId is what the listeners find a device by, so it is unique among the live
 * devices of ALL tenants: a clash is a 409 that names no other tenant. Deleting is soft (deleted_at)
 * and frees the uniqueId. Every change is announced once committed (tracking-changes.ts).
 */
import type { GeoDeviceSave } from '@meridian/shared/contract/geo-device';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { conflict, fieldError } from '../../http/errors';
import { owningTenant } from '../../tenancy/tenant-owned';
import { devicesChanged } from '../../tracking/tracking-changes';
import type { VisibleDevice } from './device-access';
import { pathWithin } from '../../tenancy/subtree';

export const UNIQUE_ID_TAKEN = 'A device with this unique id is already registered.';

/** Whether a live device anywhere (another than `exceptId`) reports as this uniqueId. */
export async function uniqueIdTaken(q: Queryable, uniqueId: string, exceptId?: string) {
  const row = await q.one(`select 1 from geo_devices where unique_id = $1 and deleted_at is null and ($2::uuid is null or id <> $2)`, [
    uniqueId,
    exceptId ?? null,
  ]);
  return row !== null;
}

async function assertUniqueIdFree(q: Queryable, uniqueId: string, exceptId?: string) {
  if (await uniqueIdTaken(q, uniqueId, exceptId)) throw conflict(UNIQUE_ID_TAKEN, { uniqueId: [UNIQUE_ID_TAKEN] });
}

/** Hardware is reference data, the same for every tenant. */
export async function assertHardwareKnown(q: Queryable, hardwareId: string | null | undefined, field = 'hardwareId') {
  if (!hardwareId) return;
  const known = await q.one(`select 1 from device_hardware where id = $1`, [hardwareId]);
  if (!known) throw fieldError(field, 'Choose a known device hardware.');
}

const deviceValues = (input: GeoDeviceSave) => [
  input.name,
  input.uniqueId,
  input.hardwareId ?? null,
  input.phone,
  input.model,
  input.category,
  input.contact,
  input.disabled,
  JSON.stringify(input.attributes),
];

export async function createDevice(q: Queryable, scope: TenantScope, userId: string, input: GeoDeviceSave): Promise<string> {
  const tenantId = await owningTenant(q, scope, input.tenantId);
  await assertHardwareKnown(q, input.hardwareId);
  await assertUniqueIdFree(q, input.uniqueId);
  const row = await q.one<{ id: string }>(
    `insert into geo_devices (name, unique_id, hardware_id, phone, model, category, contact, disabled, attributes, tenant_id, created_user_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11) returning id`,
    [...deviceValues(input), tenantId, userId],
  );
  q.onCommit(() => devicesChanged.emit({ deviceIds: [row!.id], uniqueIds: [input.uniqueId] }));
  return row!.id;
}

export async function updateDevice(q: Queryable, scope: TenantScope, device: VisibleDevice, input: GeoDeviceSave) {
  const tenantId = await owningTenant(q, scope, input.tenantId, device.tenant_id);
  await assertHardwareKnown(q, input.hardwareId);
  await assertUniqueIdFree(q, input.uniqueId, device.id);
  await q.query(
    `update geo_devices set name = $1, unique_id = $2, hardware_id = $3, phone = $4, model = $5, category = $6, contact = $7,
       disabled = $8, attributes = $9::jsonb, tenant_id = $10, date_modified = now() where id = $11`,
    [...deviceValues(input), tenantId, device.id],
  );
  // A device moved to another tenant leaves the fences of its old one.
  if (tenantId !== device.tenant_id) await dropLinksOutsideTenantTree(q, device.id);
  q.onCommit(() => devicesChanged.emit({ deviceIds: [device.id], uniqueIds: [...new Set([device.unique_id, input.uniqueId])] }));
}

/** A device is tested against fences of its own tenant or above it: links to others go when it moves. */
async function dropLinksOutsideTenantTree(q: Queryable, deviceId: string) {
  await q.query(
    `delete from device_geofences l using geo_devices d, tenants dt, geofences g, tenants gt
     where l.device_id = $1 and d.id = l.device_id and dt.id = d.tenant_id and g.id = l.geofence_id and gt.id = g.tenant_id
       and not (${pathWithin('dt.path', 'gt.path')})`,
    [deviceId],
  );
}

export async function deleteDevice(q: Queryable, device: VisibleDevice) {
  await q.query(`update geo_devices set deleted_at = now(), date_modified = now() where id = $1`, [device.id]);
  // A deleted device is never heard from again: what was waiting for it is dropped.
  await q.query(`delete from command_queue where device_id = $1 and sent_at is null`, [device.id]);
  // It leaves its asset too; the asset's device history keeps when it was in it.
  await q.query(`delete from asset_devices where device_id = $1`, [device.id]);
  await q.query(`update asset_device_history set unlinked_at = now() where device_id = $1 and unlinked_at is null`, [device.id]);
  q.onCommit(() => devicesChanged.emit({ deviceIds: [device.id], uniqueIds: [device.unique_id] }));
}
