/**
 * Devices as the contract answers them: a page of the list is chosen as ids first (paged, sorted and
 * counted on geo_devices alone), then its rows are read with their hardware, tenant and latest
 * position. The live map reads every device of the subtree in a compact form.
 */
import {
  deviceStatusOf,
  GEO_DEVICE_LIMITS,
  type DeviceStatus,
  type GeoDevice,
  type GeoDeviceMapItem,
} from '@meridian/shared/contract/geo-device';
import { GEO_LIST_DEFAULTS } from '@meridian/shared/contract/geo-list';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { deviceStatusCondition } from './device-status';
import { positionsByIds } from './position-read';

const DEVICE_COLUMNS = `d.id, d.name, d.unique_id as "uniqueId", d.disabled, d.hardware_id as "hardwareId", h.make,
  h.model as "hardwareModel", h.protocol, d.phone, d.model, d.category, d.contact, d.position_id as "positionId",
  d.last_update as "lastUpdate", d.attributes, d.tenant_id as "tenantId", tn.name as "tenantName", d.created_user_id as "userId",
  d.date_created as "dateCreated", d.date_modified as "dateModified"`;
const DEVICE_FROM = `from geo_devices d join tenants tn on tn.id = d.tenant_id left join device_hardware h on h.id = d.hardware_id`;

type DeviceRow = Omit<GeoDevice, 'type' | 'status' | 'position'>;

/** API sort field -> SQL; spec 9: geo lists sort by name, DESC unless asked otherwise. */
export const DEVICE_SORT: SortSpec = {
  fields: {
    name: 'd.name',
    uniqueId: 'd.unique_id',
    lastUpdate: 'd.last_update',
    dateCreated: 'd.date_created',
    make: 'h.make',
    model: 'd.model',
    phone: 'd.phone',
    category: 'd.category',
    tenantName: 'tn.name',
  },
  defaultField: GEO_LIST_DEFAULTS.sortField,
  defaultOrder: GEO_LIST_DEFAULTS.sortOrder,
  tieBreaker: 'd.id',
};

/** The devices of `ids`, in that order, with their status now and latest position. */
export async function devicesByIds(q: Queryable, ids: readonly string[], timeoutSeconds: number): Promise<GeoDevice[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<DeviceRow>(`select ${DEVICE_COLUMNS} ${DEVICE_FROM} where d.id = any($1::uuid[])`, [ids]);
  const positions = await positionsByIds(
    q,
    rows.flatMap((row) => (row.positionId ? [Number(row.positionId)] : [])),
  );
  const now = Date.now();
  const byId = new Map(
    rows.map((row): [string, GeoDevice] => {
      const positionId = row.positionId === null ? null : Number(row.positionId);
      const position = positionId === null ? null : (positions.get(positionId) ?? null);
      return [
        row.id,
        {
          ...row,
          type: 'device',
          positionId,
          status: deviceStatusOf(row.lastUpdate, now, timeoutSeconds),
          position: position && position.deviceId === row.id ? position : null,
        },
      ];
    }),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function deviceById(q: Queryable, id: string, timeoutSeconds: number): Promise<GeoDevice> {
  const [device] = await devicesByIds(q, [id], timeoutSeconds);
  return device!;
}

export interface DeviceListFilter {
  /** SQL condition on `d` (the tenants seen, live devices), with its parameters. */
  where: string;
  p: SqlParams;
  status?: DeviceStatus;
  /** Heard from in [start, end). */
  lastContact?: { start: Date; end: Date };
  timeoutSeconds: number;
}

/** One page of the device list and its paging. */
export async function devicePage(q: Queryable, filter: DeviceListFilter, query: PagingQuery, maxPageSize: number) {
  const page = pageSql(query, DEVICE_SORT, maxPageSize);
  const { p } = filter;
  let where = filter.where;
  if (filter.status) where += ` and ${deviceStatusCondition(filter.status, filter.timeoutSeconds, p)}`;
  if (filter.lastContact)
    where += ` and d.last_update >= ${p.add(filter.lastContact.start)}::timestamptz and d.last_update < ${p.add(filter.lastContact.end)}::timestamptz`;
  if (page.searchPattern) where += ` and d.search_text like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<{ id: string }>(
    q,
    { select: 'd.id', from: `${DEVICE_FROM} where ${where}`, params: p.values },
    page,
  );
  return {
    items: await devicesByIds(
      q,
      rows.map((r) => r.id),
      filter.timeoutSeconds,
    ),
    paging,
  };
}

/** Devices matching a text (name, uniqueId, phone, model), by name, at most GEO_DEVICE_LIMITS.searchMax. */
export async function searchDevices(q: Queryable, where: string, p: SqlParams, pattern: string, timeoutSeconds: number) {
  const rows = await q.query<{ id: string }>(
    `select d.id from geo_devices d where ${where} and d.search_text like ${p.add(pattern)} order by d.name, d.id limit ${GEO_DEVICE_LIMITS.searchMax}`,
    p.values,
  );
  return devicesByIds(
    q,
    rows.map((r) => r.id),
    timeoutSeconds,
  );
}

/** Every device the condition holds, for the live map, by name; at most GEO_DEVICE_LIMITS.mapMax. */
export async function mapItems(q: Queryable, where: string, p: SqlParams, timeoutSeconds: number): Promise<GeoDeviceMapItem[]> {
  const rows = await q.query<{
    id: string;
    name: string;
    uniqueId: string;
    category: string | null;
    lastUpdate: string | null;
    positionId: number | null;
  }>(
    `select d.id, d.name, d.unique_id as "uniqueId", d.category, d.last_update as "lastUpdate", d.position_id as "positionId"
     from geo_devices d where ${where} order by d.name, d.id limit ${GEO_DEVICE_LIMITS.mapMax}`,
    p.values,
  );
  const positions = await positionsByIds(
    q,
    rows.flatMap((row) => (row.positionId ? [Number(row.positionId)] : [])),
  );
  const now = Date.now();
  return rows.map(({ positionId, ...row }) => {
    const position = positionId ? positions.get(Number(positionId)) : undefined;
    const own = position && position.deviceId === row.id ? position : undefined;
    return {
      ...row,
      status: deviceStatusOf(row.lastUpdate, now, timeoutSeconds),
      latitude: own?.latitude ?? null,
      longitude: own?.longitude ?? null,
      speed: own?.speed ?? null,
      course: own?.course ?? null,
      fixTime: own?.fixTime ?? null,
      attributes: own?.attributes ?? {},
    };
  });
}
