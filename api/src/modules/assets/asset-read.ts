/**
 * Assets as the contract answers them. A page is chosen as ids first (sorted, filtered and counted on
 * assets with their Primary device), then its rows are read in a fixed number of statements: the
 * assets, their live devices, those devices' latest positions, the Primary devices' processing state
 * (odometer and engine hours) and the photos.
 */
import {
  ASSET_DEVICE_TYPE_NAMES,
  ASSET_DEVICE_TYPES,
  ASSET_LIMITS,
  type Asset,
  type AssetDevice,
  type AssetListQuery,
  type AssetPhoto,
  type AssetStatus,
} from '@meridian/shared/contract/asset';
import { GEO_LIST_DEFAULTS } from '@meridian/shared/contract/geo-list';
import type { GeoPosition } from '@meridian/shared/contract/geo-position';
import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { readDeviceStates } from '../../tracking/processing/device-state';
import { positionsByIds } from '../geo-devices/position-read';
import { PHOTO_COLUMNS, photoAnswer, type PhotoRow } from './asset-photo-rows';

const PRIMARY = ASSET_DEVICE_TYPES.primary;

const ASSET_COLUMNS = `a.id, a.registration_number as "registrationNumber", a.make, a.name, a.status, a.group_id as "groupId",
  g.name as "groupName", a.category_id as "categoryId", c.name as "categoryName", a.features, a.map_icon as "mapIcon",
  a.tenant_id as "tenantId", tn.name as "tenantName", a.date_created as "dateCreated", a.date_modified as "dateModified"`;
const ASSET_FROM = `from assets a join tenants tn on tn.id = a.tenant_id left join asset_groups g on g.id = a.group_id
  left join asset_categories c on c.id = a.category_id`;
/** The list's FROM: the asset with its Primary device, whose last contact the list sorts and filters by. */
const LIST_FROM = `from assets a left join asset_devices pl on pl.asset_id = a.id and pl.device_type_id = ${PRIMARY}
  left join geo_devices pd on pd.id = pl.device_id and pd.deleted_at is null`;

export const ASSET_SORT: SortSpec = {
  fields: {
    name: 'a.name',
    registrationNumber: 'a.registration_number',
    make: 'a.make',
    status: 'a.status',
    dateCreated: 'a.date_created',
    lastUpdate: 'pd.last_update',
  },
  defaultField: GEO_LIST_DEFAULTS.sortField,
  defaultOrder: GEO_LIST_DEFAULTS.sortOrder,
  tieBreaker: 'a.id',
};

type AssetRow = Pick<
  Asset,
  | 'id'
  | 'registrationNumber'
  | 'make'
  | 'name'
  | 'status'
  | 'groupId'
  | 'groupName'
  | 'categoryId'
  | 'categoryName'
  | 'features'
  | 'mapIcon'
  | 'tenantId'
  | 'tenantName'
  | 'dateCreated'
  | 'dateModified'
>;

interface DeviceLinkRow {
  assetId: string;
  deviceId: string;
  uniqueId: string;
  name: string;
  deviceTypeId: number;
  positionId: string | null;
  lastUpdate: string | null;
}

/** Attributes as the spec's asset device carries them: a list of type and value pairs. */
const attributePairs = (attributes: Record<string, unknown>) => Object.entries(attributes).map(([type, value]) => ({ type, value }));

const instant = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string | null));

function assetDevice(link: DeviceLinkRow, position: GeoPosition | null): AssetDevice {
  return {
    deviceId: link.deviceId,
    uniqueId: link.uniqueId,
    name: link.name,
    deviceTypeId: link.deviceTypeId,
    devicetypename: ASSET_DEVICE_TYPE_NAMES[link.deviceTypeId] ?? 'Unknown',
    latitude: position?.latitude ?? null,
    longitude: position?.longitude ?? null,
    lastUpdate: instant(link.lastUpdate),
    attributes: attributePairs(position?.attributes ?? {}),
  };
}

/** The live devices of the assets, Primary first, with their latest positions. */
async function devicesOf(q: Queryable, assetIds: readonly string[]) {
  const links = await q.query<DeviceLinkRow>(
    `select l.asset_id as "assetId", d.id as "deviceId", d.unique_id as "uniqueId", d.name, l.device_type_id as "deviceTypeId",
       d.position_id as "positionId", d.last_update as "lastUpdate"
     from asset_devices l join geo_devices d on d.id = l.device_id
     where l.asset_id = any($1::uuid[]) and d.deleted_at is null order by l.device_type_id, d.name, d.id`,
    [assetIds],
  );
  const positions = await positionsByIds(
    q,
    links.flatMap((l) => (l.positionId ? [Number(l.positionId)] : [])),
  );
  const positionOf = (link: DeviceLinkRow) => {
    const position = link.positionId ? positions.get(Number(link.positionId)) : undefined;
    return position && position.deviceId === link.deviceId ? position : null;
  };
  return { links, positionOf };
}

async function photosOf(q: Queryable, assetIds: readonly string[]) {
  const rows = await q.query<PhotoRow>(
    `select ${PHOTO_COLUMNS} from asset_photos ph where ph.asset_id = any($1::uuid[]) order by ph.date_created, ph.id`,
    [assetIds],
  );
  const byAsset = new Map<string, AssetPhoto[]>();
  for (const row of rows) byAsset.set(row.assetId, [...(byAsset.get(row.assetId) ?? []), photoAnswer(row)]);
  return byAsset;
}

/** The assets of `ids`, in that order. */
export async function assetsByIds(q: Queryable, ids: readonly string[]): Promise<Asset[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<AssetRow>(`select ${ASSET_COLUMNS} ${ASSET_FROM} where a.id = any($1::uuid[])`, [ids]);
  const { links, positionOf } = await devicesOf(q, ids);
  const primaries = links.filter((l) => l.deviceTypeId === PRIMARY);
  const states = await readDeviceStates(
    q,
    primaries.map((l) => l.deviceId),
  );
  const photos = await photosOf(q, ids);
  const byId = new Map(
    rows.map((row): [string, Asset] => {
      const own = links.filter((l) => l.assetId === row.id);
      const primary = own.find((l) => l.deviceTypeId === PRIMARY) ?? null;
      const position = primary ? positionOf(primary) : null;
      const state = primary ? states.get(primary.deviceId) : undefined;
      return [
        row.id,
        {
          ...row,
          status: row.status as AssetStatus,
          dateCreated: instant(row.dateCreated)!,
          dateModified: instant(row.dateModified)!,
          latitude: position?.latitude ?? null,
          longitude: position?.longitude ?? null,
          coords: position ? [position.latitude, position.longitude] : null,
          lastUpdate: primary ? instant(primary.lastUpdate) : null,
          deviceTime: position?.deviceTime ? instant(position.deviceTime) : null,
          telemetry: position?.attributes ?? {},
          address: position?.address ?? null,
          devices: Object.fromEntries(own.map((l) => [l.deviceId, assetDevice(l, positionOf(l))])),
          photos: photos.get(row.id) ?? [],
          // Processing keeps engine time in milliseconds; the API speaks whole seconds and metres.
          engineHours: primary ? Math.round((state?.hours ?? 0) / 1000) : null,
          lastOdometer: primary ? Math.round(state?.totalDistance ?? 0) : null,
        },
      ];
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function assetById(q: Queryable, id: string): Promise<Asset> {
  const [asset] = await assetsByIds(q, [id]);
  return asset!;
}

/** The devices of one asset, Primary first. */
export async function devicesOfAsset(q: Queryable, assetId: string): Promise<AssetDevice[]> {
  const { links, positionOf } = await devicesOf(q, [assetId]);
  return links.map((l) => assetDevice(l, positionOf(l)));
}

export interface AssetListFilter {
  /** SQL condition on `a` (assets the viewer sees), with its parameters. */
  where: string;
  p: SqlParams;
  /** Primary device heard from in [start, end). */
  lastContact?: { start: Date; end: Date };
}

/** One page of the asset list and its paging. */
export async function assetPage(q: Queryable, filter: AssetListFilter, query: AssetListQuery, maxPageSize: number) {
  const page = pageSql(query, ASSET_SORT, maxPageSize);
  const { p } = filter;
  let where = filter.where;
  if (query.assetStatus) where += ` and a.status = ${p.add(query.assetStatus)}`;
  if (query.assetGroup) where += ` and a.group_id = ${p.add(query.assetGroup)}`;
  if (query.assetCategory) where += ` and a.category_id = ${p.add(query.assetCategory)}`;
  if (filter.lastContact)
    where += ` and pd.last_update >= ${p.add(filter.lastContact.start)}::timestamptz and pd.last_update < ${p.add(filter.lastContact.end)}::timestamptz`;
  if (page.searchPattern) where += ` and a.search_text like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<{ id: string }>(
    q,
    { select: 'a.id', from: `${LIST_FROM} where ${where}`, params: p.values },
    page,
  );
  return {
    items: await assetsByIds(
      q,
      rows.map((r) => r.id),
    ),
    paging,
  };
}

/** Assets whose Primary device is online (heard from within the timeout), by name, cut to ASSET_LIMITS.activeMax. */
export async function activeAssets(q: Queryable, where: string, p: SqlParams, timeoutSeconds: number): Promise<Asset[]> {
  const rows = await q.query<{ id: string }>(
    `select a.id ${LIST_FROM} where ${where} and pd.last_update >= now() - ${p.add(timeoutSeconds)}::int * interval '1 second'
     order by a.name, a.id limit ${ASSET_LIMITS.activeMax}`,
    p.values,
  );
  return assetsByIds(
    q,
    rows.map((r) => r.id),
  );
}
