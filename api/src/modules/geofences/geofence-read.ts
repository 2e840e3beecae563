/** Geofences and points of interest as the contract answers them, one by one and in pages. */
import type { Geofence, GeofenceType } from '@meridian/shared/contract/geofence';
import { GEO_LIST_DEFAULTS } from '@meridian/shared/contract/geo-list';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';

interface GeofenceRow extends Omit<Geofence, 'bounds'> {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

const COLUMNS = `g.id, g.name, g.description, g.type, g.shape, g.geometry, g.radius, g.width, g.min_lat as "minLat", g.min_lon as "minLon",
  g.max_lat as "maxLat", g.max_lon as "maxLon", g.attributes, g.tenant_id as "tenantId", tn.name as "tenantName",
  g.date_created as "dateCreated", g.date_modified as "dateModified",
  (select count(*) from device_geofences l join geo_devices ld on ld.id = l.device_id where l.geofence_id = g.id and ld.deleted_at is null)::int as "deviceCount"`;
const FROM = `from geofences g join tenants tn on tn.id = g.tenant_id`;

const SORT: SortSpec = {
  fields: { name: 'g.name', dateCreated: 'g.date_created', dateModified: 'g.date_modified', shape: 'g.shape', tenantName: 'tn.name' },
  defaultField: GEO_LIST_DEFAULTS.sortField,
  defaultOrder: GEO_LIST_DEFAULTS.sortOrder,
  tieBreaker: 'g.id',
};

const answerOf = ({ minLat, minLon, maxLat, maxLon, ...row }: GeofenceRow): Geofence => ({
  ...row,
  bounds: { minLat, minLon, maxLat, maxLon },
});

export async function geofenceById(q: Queryable, id: string): Promise<Geofence> {
  const row = await q.one<GeofenceRow>(`select ${COLUMNS} ${FROM} where g.id = $1`, [id]);
  return answerOf(row!);
}

export interface GeofenceFilter {
  /** SQL condition on `g` (the tenants seen, live fences), with its parameters. */
  where: string;
  p: SqlParams;
  type: GeofenceType;
  /** Only the fences linked to this device. */
  deviceId?: string;
}

function conditionOf(filter: GeofenceFilter) {
  const { p } = filter;
  let where = `${filter.where} and g.type = ${p.add(filter.type)}`;
  if (filter.deviceId)
    where += ` and exists (select 1 from device_geofences l where l.geofence_id = g.id and l.device_id = ${p.add(filter.deviceId)})`;
  return where;
}

export async function geofencePage(q: Queryable, filter: GeofenceFilter, query: PagingQuery, maxPageSize: number) {
  const page = pageSql(query, SORT, maxPageSize);
  let where = conditionOf(filter);
  if (page.searchPattern) where += ` and g.search_text like ${filter.p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<GeofenceRow>(
    q,
    { select: COLUMNS, from: `${FROM} where ${where}`, params: filter.p.values },
    page,
  );
  return { items: rows.map(answerOf), paging };
}

/** Every fence of the filter, by name, cut to the first 1000 (spec 9). */
export async function allGeofences(q: Queryable, filter: GeofenceFilter): Promise<Geofence[]> {
  const rows = await q.query<GeofenceRow>(
    `select ${COLUMNS} ${FROM} where ${conditionOf(filter)} order by g.name, g.id limit ${GEO_LIST_DEFAULTS.cut}`,
    filter.p.values,
  );
  return rows.map(answerOf);
}
