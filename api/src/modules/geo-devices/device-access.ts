/**
 * Who may do what with tracking devices, and which devices a caller sees: the live devices of the
 * acting tenant's subtree, exactly like every other tenant-owned row. Anything else answers 404, as if
 * it did not exist; a deleted device is gone (its uniqueId may be registered again).
 */
import { geoDevices, geoPositions, deviceHardware } from '@meridian/shared/contract/areas/tracking';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';

export const DEVICE_READERS = allow(geoDevices, 'read');
export const DEVICE_CREATORS = allow(geoDevices, 'create');
export const DEVICE_EDITORS = allow(geoDevices, 'edit');
export const DEVICE_DELETERS = allow(geoDevices, 'delete');
export const POSITION_READERS = allow(geoPositions, 'read');
export const ADDRESS_FINDERS = allow(geoPositions, 'geocode');
export const HARDWARE_READERS = allow(deviceHardware, 'read');

/** SQL condition: device `d` is live and in the acting subtree. */
export const deviceVisible = (scope: TenantScope, p: SqlParams, alias = 'd') =>
  `${alias}.deleted_at is null and ${inScope(`${alias}.tenant_id`, scope, p)}`;

export interface VisibleDevice {
  id: string;
  tenant_id: string;
  unique_id: string;
  name: string;
}

/** The device if the caller's subtree holds it, else 404. */
export async function visibleDevice(q: Queryable, scope: TenantScope, id: string, options: { lock?: boolean } = {}) {
  const p = sqlParams([id]);
  const row = await q.one<VisibleDevice>(
    `select d.id, d.tenant_id, d.unique_id, d.name from geo_devices d where d.id = $1 and ${deviceVisible(scope, p)}${options.lock ? ' for update of d' : ''}`,
    p.values,
  );
  if (!row) throw notFound('Device');
  return row;
}

/** Refuses ids of devices outside the subtree (as 404: unknown ones too). */
export async function assertDevicesVisible(q: Queryable, scope: TenantScope, ids: readonly string[]) {
  if (ids.length === 0) return;
  const p = sqlParams([ids]);
  const found = await q.one<{ n: number }>(
    `select count(*)::int as n from geo_devices d where d.id = any($1::uuid[]) and ${deviceVisible(scope, p)}`,
    p.values,
  );
  if (found!.n !== new Set(ids).size) throw notFound('Device');
}
