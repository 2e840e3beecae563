/**
 * A vehicle's features and attribute values: checked against the company's lists the caller sees, saved as
 * the whole set when given (left out, the vehicle keeps its own), and read by name for the details answer.
 */
import type { VehicleAttributeOf, VehicleReference, VehicleSave } from '@meridian/shared/contract/vehicle';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { fieldError } from '../../http/errors';
import { referenceVisible } from './vehicle-access';

/** 400 on the field when any id is not on a list the caller's subtree sees. */
async function assertListed(q: Queryable, scope: TenantScope, table: string, ids: readonly string[], field: string, what: string) {
  if (ids.length === 0) return;
  const p = sqlParams([ids]);
  const found = await q.query<{ id: string }>(
    `select r.id from ${table} r where r.id = any($1::uuid[]) and ${referenceVisible(scope, p)}`,
    p.values,
  );
  if (found.length !== new Set(ids).size) throw fieldError(field, `There is no such vehicle ${what}.`);
}

export async function assertLinksListed(q: Queryable, scope: TenantScope, input: VehicleSave) {
  await assertListed(q, scope, 'vehicle_features', input.featureIds ?? [], 'featureIds', 'feature');
  const attributeIds = (input.attributes ?? []).map((a) => a.attributeId);
  await assertListed(q, scope, 'vehicle_attributes', attributeIds, 'attributes', 'attribute');
}

export async function saveLinks(q: Queryable, vehicleId: string, input: VehicleSave) {
  if (input.featureIds) {
    await q.query(`delete from vehicle_feature_links where vehicle_id = $1`, [vehicleId]);
    await q.query(`insert into vehicle_feature_links (vehicle_id, feature_id) select $1, unnest($2::uuid[])`, [
      vehicleId,
      input.featureIds,
    ]);
  }
  if (input.attributes) {
    await q.query(`delete from vehicle_attribute_values where vehicle_id = $1`, [vehicleId]);
    await q.query(
      `insert into vehicle_attribute_values (vehicle_id, attribute_id, value) select $1, unnest($2::uuid[]), unnest($3::text[])`,
      [vehicleId, input.attributes.map((a) => a.attributeId), input.attributes.map((a) => a.value)],
    );
  }
}

export const featuresOfVehicle = (q: Queryable, vehicleId: string) =>
  q.query<Pick<VehicleReference, 'id' | 'name'>>(
    `select f.id, f.name from vehicle_feature_links l join vehicle_features f on f.id = l.feature_id where l.vehicle_id = $1 order by f.name, f.id`,
    [vehicleId],
  );

export const attributesOfVehicle = (q: Queryable, vehicleId: string) =>
  q.query<VehicleAttributeOf>(
    `select a.id as "attributeId", a.name, v.value from vehicle_attribute_values v join vehicle_attributes a on a.id = v.attribute_id
     where v.vehicle_id = $1 order by a.name, a.id`,
    [vehicleId],
  );
