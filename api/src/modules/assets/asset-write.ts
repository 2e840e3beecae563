/**
 * Asset writes. A registration number is unique among the live assets of a tenant (compared without
 * case or spaces): a clash is a 409. `asset_devices`, when sent, is the whole set of the asset's
 * devices: links are added, changed and removed to match it, and every change closes or opens a row of
 * asset_device_history. A device is in at most one asset: one already in another is a 409. Deleting
 * is soft (deleted_at) and unlinks the asset's devices, so they may go into another asset.
 */
import { ASSET_DEVICE_TYPES, type AssetSave } from '@meridian/shared/contract/asset';
import type { Queryable } from '../../db/database';
import { conflict, fieldError } from '../../http/errors';
import { owningTenant } from '../../tenancy/tenant-owned';
import { sqlParams } from '../../db/sql-params';
import { assertDevicesVisible } from '../geo-devices/device-access';
import { pathWithin } from '../../tenancy/subtree';
import { categoryVisible, groupVisible, type AssetViewer, type VisibleAsset } from './asset-access';

export const REGISTRATION_TAKEN = 'An asset with this registration number already exists in this tenant.';
export const DEVICE_OF_OTHER_TENANT = (uniqueId: string) =>
  `The device ${uniqueId} belongs to a tenant outside the asset's: an asset carries devices of its own tenant or below it.`;
export const DEVICE_IN_OTHER_ASSET = (uniqueId: string) =>
  `The device ${uniqueId} is already in another asset: take it out of that asset first.`;

async function assertRegistrationFree(q: Queryable, tenantId: string, registrationNumber: string, exceptId?: string) {
  const taken = await q.one(
    `select 1 from assets where tenant_id = $1 and deleted_at is null and upper(replace(registration_number, ' ', '')) = upper(replace($2, ' ', ''))
       and ($3::uuid is null or id <> $3)`,
    [tenantId, registrationNumber, exceptId ?? null],
  );
  if (taken) throw conflict(REGISTRATION_TAKEN, { registrationNumber: [REGISTRATION_TAKEN] });
}

/** A group or category named on an asset must be one the caller sees. */
async function assertChoicesUsable(q: Queryable, viewer: AssetViewer, input: AssetSave) {
  if (input.groupId) {
    const p = sqlParams([input.groupId]);
    const found = await q.one(`select 1 from asset_groups g where g.id = $1 and ${groupVisible(viewer, p)}`, p.values);
    if (!found) throw fieldError('groupId', 'Choose an asset group you can see.');
  }
  if (input.categoryId) {
    const p = sqlParams([input.categoryId]);
    const found = await q.one(`select 1 from asset_categories c where c.id = $1 and ${categoryVisible(viewer.scope, p)}`, p.values);
    if (!found) throw fieldError('categoryId', 'Choose a known asset category.');
  }
}

const assetValues = (input: AssetSave) => [
  input.registrationNumber,
  input.make,
  input.status,
  input.groupId ?? null,
  input.categoryId ?? null,
  JSON.stringify(input.features),
  input.mapIcon,
];

export async function createAsset(q: Queryable, viewer: AssetViewer, input: AssetSave): Promise<string> {
  const tenantId = await owningTenant(q, viewer.scope, input.tenantId);
  await assertChoicesUsable(q, viewer, input);
  await assertRegistrationFree(q, tenantId, input.registrationNumber);
  const row = await q.one<{ id: string }>(
    `insert into assets (registration_number, make, status, group_id, category_id, features, map_icon, tenant_id, created_user_id)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9) returning id`,
    [...assetValues(input), tenantId, viewer.userId],
  );
  await setDevices(q, viewer, { id: row!.id, tenant_id: tenantId }, input.asset_devices ?? []);
  return row!.id;
}

export async function updateAsset(q: Queryable, viewer: AssetViewer, asset: VisibleAsset, input: AssetSave) {
  const tenantId = await owningTenant(q, viewer.scope, input.tenantId, asset.tenant_id);
  await assertChoicesUsable(q, viewer, input);
  await assertRegistrationFree(q, tenantId, input.registrationNumber, asset.id);
  await q.query(
    `update assets set registration_number = $1, make = $2, status = $3, group_id = $4, category_id = $5, features = $6::jsonb,
       map_icon = $7, tenant_id = $8, date_modified = now() where id = $9`,
    [...assetValues(input), tenantId, asset.id],
  );
  // A move to another tenant checks the links it keeps as if they were sent again.
  const links = input.asset_devices ?? (tenantId === asset.tenant_id ? null : await linksOf(q, asset.id));
  if (links) await setDevices(q, viewer, { id: asset.id, tenant_id: tenantId }, links);
}

export async function deleteAsset(q: Queryable, viewer: AssetViewer, asset: VisibleAsset) {
  await q.query(`update assets set deleted_at = now(), date_modified = now() where id = $1`, [asset.id]);
  await setDevices(q, viewer, asset, []);
}

export async function setMapIcon(q: Queryable, asset: VisibleAsset, mapIcon: string | null) {
  await q.query(`update assets set map_icon = $2, date_modified = now() where id = $1`, [asset.id, mapIcon]);
}

interface Link {
  deviceId: string;
  deviceTypeId: number;
}

const linksOf = (q: Queryable, assetId: string) =>
  q.query<Link>(`select device_id as "deviceId", device_type_id as "deviceTypeId" from asset_devices where asset_id = $1 for update`, [
    assetId,
  ]);

/** A branch's asset shows its devices to the branch: they must be the asset tenant's or below it. */
async function assertDevicesWithinAsset(q: Queryable, asset: VisibleAsset, deviceIds: readonly string[]) {
  if (deviceIds.length === 0) return;
  const outside = await q.one<{ unique_id: string }>(
    `select d.unique_id from geo_devices d join tenants dt on dt.id = d.tenant_id join tenants at on at.id = $2
     where d.id = any($1::uuid[]) and not (${pathWithin('dt.path', 'at.path')}) limit 1`,
    [deviceIds, asset.tenant_id],
  );
  if (outside) {
    const message = DEVICE_OF_OTHER_TENANT(outside.unique_id);
    throw fieldError('asset_devices', message);
  }
}

/**
 * Makes the asset's links match `wanted`. Links that go or change type are removed first (closing
 * their history), then the new ones inserted (opening theirs), so a Primary may move from one device
 * to another in one save without two Primaries existing at any moment.
 */
async function setDevices(q: Queryable, viewer: AssetViewer, asset: VisibleAsset, wanted: readonly Link[]) {
  const wantedIds = wanted.map((l) => l.deviceId);
  await assertDevicesVisible(q, viewer.scope, wantedIds);
  await assertDevicesWithinAsset(q, asset, wantedIds);
  // Locks the devices' links wherever they are, so two saves cannot put one device in two assets.
  const held = await q.query<{ device_id: string; asset_id: string; unique_id: string }>(
    `select l.device_id, l.asset_id, d.unique_id from asset_devices l join geo_devices d on d.id = l.device_id
     where l.device_id = any($1::uuid[]) and l.asset_id <> $2 for update of l`,
    [wantedIds, asset.id],
  );
  if (held.length) {
    const message = DEVICE_IN_OTHER_ASSET(held[0]!.unique_id);
    throw conflict(message, { asset_devices: [message] });
  }
  const current = await linksOf(q, asset.id);
  const same = (a: Link) => (b: Link) => a.deviceId === b.deviceId && a.deviceTypeId === b.deviceTypeId;
  const leaving = current.filter((link) => !wanted.some(same(link)));
  const arriving = wanted.filter((link) => !current.some(same(link)));
  if (leaving.length) {
    const ids = leaving.map((l) => l.deviceId);
    await q.query(`delete from asset_devices where asset_id = $1 and device_id = any($2::uuid[])`, [asset.id, ids]);
    await q.query(
      `update asset_device_history set unlinked_at = now(), unlinked_by_user_id = $3
       where asset_id = $1 and device_id = any($2::uuid[]) and unlinked_at is null`,
      [asset.id, ids, viewer.userId],
    );
  }
  if (arriving.length) {
    const ids = arriving.map((l) => l.deviceId);
    const types = arriving.map((l) => l.deviceTypeId);
    await q.query(
      `insert into asset_devices (asset_id, device_id, device_type_id) select $1, x.d, x.t from unnest($2::uuid[], $3::smallint[]) as x(d, t)`,
      [asset.id, ids, types],
    );
    await q.query(
      `insert into asset_device_history (tenant_id, asset_id, device_id, device_type_id, linked_by_user_id)
       select $1, $2, x.d, x.t, $5 from unnest($3::uuid[], $4::smallint[]) as x(d, t)`,
      [asset.tenant_id, asset.id, ids, types, viewer.userId],
    );
  }
}

/** The asset's Primary device, or a 409 saying the counters need one. */
export async function primaryDeviceOf(q: Queryable, assetId: string): Promise<string> {
  const row = await q.one<{ device_id: string }>(
    `select l.device_id from asset_devices l join geo_devices d on d.id = l.device_id
     where l.asset_id = $1 and l.device_type_id = $2 and d.deleted_at is null`,
    [assetId, ASSET_DEVICE_TYPES.primary],
  );
  if (!row) throw conflict('The asset has no Primary device: its odometer and engine hours are those of its Primary device.');
  return row.device_id;
}
