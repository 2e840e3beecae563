/**
 * Drivers of the acting subtree: which a caller sees (else 404), their pages and writes. A driver's
 * uniqueId (what a device reports as driverUniqueId) is unique within the driver's tenant: a clash is a 409.
 */
import { drivers } from '@meridian/shared/contract/areas/tracking';
import type { Driver, DriverSave } from '@meridian/shared/contract/driver';
import { GEO_LIST_DEFAULTS } from '@meridian/shared/contract/geo-list';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { conflict, notFound } from '../../http/errors';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import { owningTenant } from '../../tenancy/tenant-owned';

export const DRIVER_READERS = allow(drivers, 'read');
export const DRIVER_CREATORS = allow(drivers, 'create');
export const DRIVER_EDITORS = allow(drivers, 'edit');
export const DRIVER_DELETERS = allow(drivers, 'delete');

export const UNIQUE_ID_TAKEN = 'Another driver of this tenant has this id.';

const COLUMNS = `r.id, 'driver' as type, r.name, r.unique_id as "uniqueId", r.phone, r.attributes, r.tenant_id as "tenantId",
  tn.name as "tenantName", r.date_created as "dateCreated", r.date_modified as "dateModified"`;
const FROM = `from drivers r join tenants tn on tn.id = r.tenant_id`;
const SORT: SortSpec = {
  fields: { name: 'r.name', uniqueId: 'r.unique_id', dateCreated: 'r.date_created', tenantName: 'tn.name' },
  defaultField: GEO_LIST_DEFAULTS.sortField,
  defaultOrder: GEO_LIST_DEFAULTS.sortOrder,
  tieBreaker: 'r.id',
};

export const driverVisible = (scope: TenantScope, p: SqlParams) => `r.deleted_at is null and ${inScope('r.tenant_id', scope, p)}`;

export async function visibleDriver(q: Queryable, scope: TenantScope, id: string, options: { lock?: boolean } = {}) {
  const p = sqlParams([id]);
  const row = await q.one<{ id: string; tenant_id: string }>(
    `select r.id, r.tenant_id from drivers r where r.id = $1 and ${driverVisible(scope, p)}${options.lock ? ' for update of r' : ''}`,
    p.values,
  );
  if (!row) throw notFound('Driver');
  return row;
}

export const driverById = async (q: Queryable, id: string) => (await q.one<Driver>(`select ${COLUMNS} ${FROM} where r.id = $1`, [id]))!;

export async function driverPage(q: Queryable, scope: TenantScope, query: PagingQuery, maxPageSize: number) {
  const page = pageSql(query, SORT, maxPageSize);
  const p = sqlParams();
  let where = driverVisible(scope, p);
  if (page.searchPattern)
    where += ` and upper(r.name || ' ' || r.unique_id || ' ' || coalesce(r.phone, '')) like ${p.add(page.searchPattern)}`;
  return pagedQuery<Driver>(q, { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values }, page);
}

async function assertUniqueIdFree(q: Queryable, tenantId: string, uniqueId: string, exceptId?: string) {
  const taken = await q.one(
    `select 1 from drivers where tenant_id = $1 and unique_id = $2 and deleted_at is null and ($3::uuid is null or id <> $3)`,
    [tenantId, uniqueId, exceptId ?? null],
  );
  if (taken) throw conflict(UNIQUE_ID_TAKEN, { uniqueId: [UNIQUE_ID_TAKEN] });
}

const driverValues = (input: DriverSave) => [input.name, input.uniqueId, input.phone, JSON.stringify(input.attributes)];

export async function createDriver(q: Queryable, scope: TenantScope, input: DriverSave): Promise<string> {
  const tenantId = await owningTenant(q, scope, input.tenantId);
  await assertUniqueIdFree(q, tenantId, input.uniqueId);
  const row = await q.one<{ id: string }>(
    `insert into drivers (name, unique_id, phone, attributes, tenant_id) values ($1, $2, $3, $4::jsonb, $5) returning id`,
    [...driverValues(input), tenantId],
  );
  return row!.id;
}

export async function updateDriver(q: Queryable, scope: TenantScope, driver: { id: string; tenant_id: string }, input: DriverSave) {
  const tenantId = await owningTenant(q, scope, input.tenantId, driver.tenant_id);
  await assertUniqueIdFree(q, tenantId, input.uniqueId, driver.id);
  await q.query(
    `update drivers set name = $1, unique_id = $2, phone = $3, attributes = $4::jsonb, tenant_id = $5, date_modified = now() where id = $6`,
    [...driverValues(input), tenantId, driver.id],
  );
}
