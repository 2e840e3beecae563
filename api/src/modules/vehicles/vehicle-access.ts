/**
 * Who may do what with vehicles and their reference lists, and which a caller sees: the live vehicles
 * of the acting tenant's subtree; anything else answers 404, as if it did not exist. Reference lists
 * are a company's catalogue, seen from its branches too (the subtree's tenants and their ancestors').
 */
import { vehicleRecords, vehicleReferences } from '@meridian/shared/contract/areas/vehicles';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope, subtreeAndAncestorTenantsAt, subtreePattern } from '../../tenancy/subtree';

export const VEHICLE_READERS = allow(vehicleRecords, 'read');
export const VEHICLE_CREATORS = allow(vehicleRecords, 'create');
export const VEHICLE_EDITORS = allow(vehicleRecords, 'edit');
export const VEHICLE_DELETERS = allow(vehicleRecords, 'delete');
export const REFERENCE_READERS = allow(vehicleReferences, 'read');

/** SQL condition: vehicle `v` is live and in the acting subtree. */
export const vehicleVisible = (scope: TenantScope, p: SqlParams, alias = 'v') =>
  `${alias}.deleted_at is null and ${inScope(`${alias}.tenant_id`, scope, p)}`;

/** SQL condition: catalogue row `r` belongs to the subtree or one of its ancestors. */
export const referenceVisible = (scope: TenantScope, p: SqlParams, alias = 'r') =>
  `${alias}.tenant_id in (${subtreeAndAncestorTenantsAt(p.add(subtreePattern(scope)))})`;

export interface VisibleVehicle {
  id: string;
  tenant_id: string;
}

/** The vehicle if the caller's subtree holds it, else 404. */
export async function visibleVehicle(q: Queryable, scope: TenantScope, id: string, options: { lock?: boolean } = {}) {
  const p = sqlParams([id]);
  const row = await q.one<VisibleVehicle>(
    `select v.id, v.tenant_id from vehicles v where v.id = $1 and ${vehicleVisible(scope, p)}${options.lock ? ' for update of v' : ''}`,
    p.values,
  );
  if (!row) throw notFound('Vehicle');
  return row;
}
