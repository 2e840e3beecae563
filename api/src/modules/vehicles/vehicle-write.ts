/**
 * Vehicle writes and the existence check. Registration, engine number and VIN are unique among the live
 * vehicles of one tenant (compared without case or spaces); a clash is a 409 naming the field. Deleting
 * is soft, and refused while a repossession of the vehicle is still open.
 */
import type { VehicleExist, VehicleExistence, VehicleSave } from '@meridian/shared/contract/vehicle';
import { FINAL_REPOSSESSION_STATUSES } from '@meridian/shared/contract/repossession';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { conflict, fieldError, AppError } from '../../http/errors';
import { owningTenant } from '../../tenancy/tenant-owned';
import { visibleAsset, type AssetViewer } from '../assets/asset-access';
import { identifierKey } from './vehicle-read';
import { referenceVisible, vehicleVisible, type VisibleVehicle } from './vehicle-access';
import { assertLinksListed, saveLinks } from './vehicle-links';

const IDENTIFIERS = [
  ['registrationNumber', 'registration_number', 'registration number'],
  ['engineNumber', 'engine_number', 'engine number'],
  ['vehicleIdentificationNumber', 'vehicle_identification_number', 'vehicle identification number'],
] as const;

type Identifiers = Pick<VehicleExist, 'registrationNumber' | 'engineNumber' | 'vehicleIdentificationNumber'>;

/** Which of the given identifiers a live vehicle matching `where` already carries. */
async function takenIdentifiers(q: Queryable, where: (p: ReturnType<typeof sqlParams>) => string, given: Identifiers, exceptId?: string) {
  const taken: Record<keyof Identifiers, boolean> = { registrationNumber: false, engineNumber: false, vehicleIdentificationNumber: false };
  for (const [field, column] of IDENTIFIERS) {
    const value = given[field];
    if (!value) continue;
    const p = sqlParams();
    const found = await q.one(
      `select 1 from vehicles v where ${where(p)} and ${identifierKey(`v.${column}`)} = ${identifierKey(p.add(value))}
         and (${p.add(exceptId ?? null)}::uuid is null or v.id <> ${p.add(exceptId ?? null)}::uuid) limit 1`,
      p.values,
    );
    taken[field] = Boolean(found);
  }
  return taken;
}

/** POST /vehicles/exist: which identifiers a vehicle of the acting subtree already carries. */
export async function vehicleExistence(q: Queryable, scope: TenantScope, input: VehicleExist): Promise<VehicleExistence> {
  const taken = await takenIdentifiers(q, (p) => vehicleVisible(scope, p), input, input.exceptId);
  return { exists: Object.values(taken).some(Boolean), ...taken };
}

async function assertIdentifiersFree(q: Queryable, tenantId: string, input: VehicleSave, exceptId?: string) {
  const taken = await takenIdentifiers(q, (p) => `v.deleted_at is null and v.tenant_id = ${p.add(tenantId)}`, input, exceptId);
  const clashes = IDENTIFIERS.filter(([field]) => taken[field]);
  if (clashes.length === 0) return;
  const fieldErrors = Object.fromEntries(clashes.map(([field, , label]) => [field, [`Another vehicle already has this ${label}.`]]));
  throw conflict(`Another vehicle already has this ${clashes.map(([, , label]) => label).join(' and ')}.`, fieldErrors);
}

async function assertReferences(q: Queryable, viewer: AssetViewer, input: VehicleSave) {
  if (input.categoryId) {
    const p = sqlParams([input.categoryId]);
    const found = await q.one(`select 1 from vehicle_categories r where r.id = $1 and ${referenceVisible(viewer.scope, p)}`, p.values);
    if (!found) throw fieldError('categoryId', 'There is no such vehicle category.');
  }
  if (input.assetId) {
    try {
      await visibleAsset(q, viewer, input.assetId);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) throw fieldError('assetId', 'There is no such tracked asset.');
      throw error;
    }
  }
  await assertLinksListed(q, viewer.scope, input);
}

const values = (input: VehicleSave) => [
  input.registrationNumber,
  input.engineNumber,
  input.vehicleIdentificationNumber,
  input.make,
  input.model,
  input.year,
  input.colour,
  input.categoryId,
  input.assetId,
];

export async function createVehicle(q: Queryable, viewer: AssetViewer, input: VehicleSave): Promise<string> {
  const tenantId = await owningTenant(q, viewer.scope, input.tenantId);
  await assertReferences(q, viewer, input);
  await assertIdentifiersFree(q, tenantId, input);
  const row = await q.one<{ id: string }>(
    `insert into vehicles (registration_number, engine_number, vehicle_identification_number, make, model, year, colour, category_id,
       asset_id, status, tenant_id, created_user_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
    [...values(input), input.status ?? 'active', tenantId, viewer.userId],
  );
  await saveLinks(q, row!.id, input);
  return row!.id;
}

const openRepossessionOf = (q: Queryable, vehicleId: string) =>
  q.one<{ status: string }>(
    `select status from repossessions where vehicle_id = $1 and deleted_at is null and status <> all($2::text[]) limit 1`,
    [vehicleId, FINAL_REPOSSESSION_STATUSES],
  );

export async function updateVehicle(q: Queryable, viewer: AssetViewer, vehicle: VisibleVehicle, input: VehicleSave) {
  const tenantId = await owningTenant(q, viewer.scope, input.tenantId, vehicle.tenant_id);
  // While a repossession is open the workflow owns the vehicle's status, and its record stays where it was raised.
  if (input.status !== undefined || tenantId !== vehicle.tenant_id) {
    const open = await openRepossessionOf(q, vehicle.id);
    const current = await q.one<{ status: string }>(`select status from vehicles where id = $1`, [vehicle.id]);
    if (open && (tenantId !== vehicle.tenant_id || input.status !== current!.status)) {
      const message = `This vehicle has an open repossession (${open.status}): its status follows the repossession.`;
      throw conflict(message, { status: [message] });
    }
  }
  await assertReferences(q, viewer, input);
  await assertIdentifiersFree(q, tenantId, input, vehicle.id);
  await q.query(
    `update vehicles set registration_number = $1, engine_number = $2, vehicle_identification_number = $3, make = $4, model = $5,
       year = $6, colour = $7, category_id = $8, asset_id = $9, status = coalesce($10, status), tenant_id = $11, date_modified = now()
     where id = $12`,
    [...values(input), input.status ?? null, tenantId, vehicle.id],
  );
  await saveLinks(q, vehicle.id, input);
}

export async function deleteVehicle(q: Queryable, vehicle: VisibleVehicle) {
  const open = await openRepossessionOf(q, vehicle.id);
  if (open) throw conflict(`This vehicle has an open repossession (${open.status}): cancel or close it before deleting the vehicle.`);
  await q.query(`update vehicles set deleted_at = now(), date_modified = now() where id = $1`, [vehicle.id]);
}
