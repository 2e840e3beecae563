/** Vehicles as the contract answers them: in pages, one by one, and with the details a vehicle's page shows. */
import {
  VEHICLE_LIST_DEFAULTS,
  type Vehicle,
  type VehicleDetails,
  type VehicleListQuery,
  type VehicleReference,
  type VehicleReferenceKind,
} from '@meridian/shared/contract/vehicle';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { notFound } from '../../http/errors';
import { bluebookValueFor } from '../bluebook/bluebook-read';
import { referenceVisible, vehicleVisible } from './vehicle-access';
import { photosOfVehicle } from './vehicle-photo-rows';
import { attributesOfVehicle, featuresOfVehicle } from './vehicle-links';

export const VEHICLE_COLUMNS = `v.id, v.registration_number as "registrationNumber", v.engine_number as "engineNumber",
  v.vehicle_identification_number as "vehicleIdentificationNumber", v.make, v.model, v.year, v.colour, v.status,
  v.category_id as "categoryId", c.name as "categoryName", v.asset_id as "assetId", v.tenant_id as "tenantId",
  v.date_created as "dateCreated", v.date_modified as "dateModified"`;
const FROM = `from vehicles v left join vehicle_categories c on c.id = v.category_id`;

const SORT: SortSpec = {
  fields: { dateCreated: 'v.date_created', registrationNumber: 'v.registration_number', make: 'v.make', status: 'v.status' },
  defaultField: VEHICLE_LIST_DEFAULTS.sortField,
  defaultOrder: VEHICLE_LIST_DEFAULTS.sortOrder,
  tieBreaker: 'v.id',
};

export async function vehiclePage(q: Queryable, scope: TenantScope, query: VehicleListQuery, maxPageSize: number) {
  const p = sqlParams();
  const page = pageSql(query, SORT, maxPageSize);
  let where = vehicleVisible(scope, p);
  if (query.status) where += ` and v.status = ${p.add(query.status)}`;
  if (page.searchPattern) where += ` and v.search_text like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<Vehicle>(
    q,
    { select: VEHICLE_COLUMNS, from: `${FROM} where ${where}`, params: p.values },
    page,
  );
  return { items: rows, paging };
}

export async function vehicleById(q: Queryable, id: string): Promise<Vehicle> {
  return (await q.one<Vehicle>(`select ${VEHICLE_COLUMNS} ${FROM} where v.id = $1`, [id]))!;
}

/** Registration numbers compare without case or spaces (as the unique index does). */
export const identifierKey = (column: string) => `upper(replace(${column}, ' ', ''))`;

export async function vehicleByRegistration(q: Queryable, scope: TenantScope, registration: string): Promise<Vehicle> {
  const p = sqlParams([registration]);
  const row = await q.one<Vehicle>(
    `select ${VEHICLE_COLUMNS} ${FROM} where ${identifierKey('v.registration_number')} = ${identifierKey('$1')} and ${vehicleVisible(scope, p)}
     order by v.date_created desc, v.id limit 1`,
    p.values,
  );
  if (!row) throw notFound('Vehicle');
  return row;
}

/** The newest fix of the live devices of the vehicle's live asset. */
async function latestPositionOf(q: Queryable, assetId: string | null) {
  if (!assetId) return null;
  return q.one<{ latitude: number; longitude: number; fixTime: string }>(
    `select p.latitude, p.longitude, p.fix_time as "fixTime"
     from assets a join asset_devices l on l.asset_id = a.id join geo_devices d on d.id = l.device_id
       join positions p on p.id = d.position_id and p.device_id = d.id
     where a.id = $1 and a.deleted_at is null and d.deleted_at is null order by p.fix_time desc limit 1`,
    [assetId],
  );
}

export async function vehicleDetails(q: Queryable, id: string): Promise<VehicleDetails> {
  const vehicle = await vehicleById(q, id);
  return {
    ...vehicle,
    latestPosition: await latestPositionOf(q, vehicle.assetId),
    bluebook: await bluebookValueFor(q, vehicle),
    photos: await photosOfVehicle(q, vehicle.id),
    features: await featuresOfVehicle(q, vehicle.id),
    attributes: await attributesOfVehicle(q, vehicle.id),
  };
}

const REFERENCE_TABLES: Record<VehicleReferenceKind, string> = {
  features: 'vehicle_features',
  attributes: 'vehicle_attributes',
  categories: 'vehicle_categories',
};

export async function referenceList(q: Queryable, scope: TenantScope, kind: VehicleReferenceKind): Promise<VehicleReference[]> {
  const p = sqlParams();
  return q.query<VehicleReference>(
    `select r.id, r.name, r.tenant_id as "tenantId" from ${REFERENCE_TABLES[kind]} r where ${referenceVisible(scope, p)} order by r.name, r.id`,
    p.values,
  );
}

export async function referenceById(q: Queryable, scope: TenantScope, kind: VehicleReferenceKind, id: string): Promise<VehicleReference> {
  const p = sqlParams([id]);
  const row = await q.one<VehicleReference>(
    `select r.id, r.name, r.tenant_id as "tenantId" from ${REFERENCE_TABLES[kind]} r where r.id = $1 and ${referenceVisible(scope, p)}`,
    p.values,
  );
  if (!row) throw notFound(kind === 'features' ? 'Vehicle feature' : kind === 'attributes' ? 'Vehicle attribute' : 'Vehicle category');
  return row;
}
