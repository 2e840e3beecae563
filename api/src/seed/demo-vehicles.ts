/**
 * The vehicles demo (issue 20): reference lists (categories, features, attributes) and bluebook values
 * of Meridian Lending and Meridian Tracking; Tracking's vehicles linked to its demo assets (so their
 * details carry a live position); Lending's financed vehicles with a repossession in every status of
 * the workflow, each with the history of moves that led there. Its own marker, as the assets demo.
 */
import { REPOSSESSION_STATUSES, type RepossessionStatus } from '@meridian/shared/contract/repossession';
import type { Database, Queryable } from '../db/database';
import { DEMO_ASSETS } from './demo-assets';

const CATEGORIES = ['Sedan', 'Hatchback', 'Pickup', 'SUV', 'Van', 'Truck'] as const;
const FEATURES = ['Air conditioning', 'Tow bar', 'Canopy', 'Alarm', 'Navigation', 'Leather seats'] as const;
const ATTRIBUTES = ['Condition', 'Keys present', 'Spare wheel', 'Service book', 'Fuel level'] as const;

/** Values in cents (ZAR minor units). */
export const DEMO_BLUEBOOK = [
  { make: 'Toyota', model: 'Hilux', year: 2021, valueMinor: 42_500_000 },
  { make: 'Toyota', model: 'Corolla', year: 2019, valueMinor: 21_990_000 },
  { make: 'Volkswagen', model: 'Polo', year: 2020, valueMinor: 19_850_000 },
  { make: 'Ford', model: 'Ranger', year: 2022, valueMinor: 51_000_000 },
  { make: 'Nissan', model: 'NP200', year: 2018, valueMinor: 11_250_000 },
  { make: 'Hyundai', model: 'i20', year: 2021, valueMinor: 17_400_000 },
] as const;

/** The moves that lead to each status (Sighted skipped once, to show it may be). */
const PATH_TO: Record<RepossessionStatus, RepossessionStatus[]> = {
  New: ['New'],
  Dispatched: ['New', 'Dispatched'],
  Sighted: ['New', 'Dispatched', 'Sighted'],
  Recovered: ['New', 'Dispatched', 'Recovered'],
  'In storage': ['New', 'Dispatched', 'Sighted', 'Recovered', 'In storage'],
  Listed: ['New', 'Dispatched', 'Sighted', 'Recovered', 'In storage', 'Listed'],
  Sold: ['New', 'Dispatched', 'Sighted', 'Recovered', 'In storage', 'Listed', 'Sold'],
  Returned: ['New', 'Dispatched', 'Sighted', 'Returned'],
  Cancelled: ['New', 'Dispatched', 'Cancelled'],
};
const VEHICLE_STATUS: Record<RepossessionStatus, string> = {
  New: 'repossession',
  Dispatched: 'repossession',
  Sighted: 'repossession',
  Recovered: 'recovered',
  'In storage': 'recovered',
  Listed: 'recovered',
  Sold: 'sold',
  Returned: 'active',
  Cancelled: 'active',
};

const FINANCED = [
  ['GP 11 AA 11', 'Toyota', 'Corolla', 2019, 'White'],
  ['GP 22 BB 22', 'Volkswagen', 'Polo', 2020, 'Silver'],
  ['GP 33 CC 33', 'Ford', 'Ranger', 2022, 'Blue'],
  ['GP 44 DD 44', 'Nissan', 'NP200', 2018, 'White'],
  ['GP 55 EE 55', 'Hyundai', 'i20', 2021, 'Red'],
  ['GP 66 FF 66', 'Toyota', 'Hilux', 2021, 'Grey'],
  ['GP 77 GG 77', 'Toyota', 'Corolla', 2019, 'Black'],
  ['GP 88 HH 88', 'Volkswagen', 'Polo', 2020, 'Blue'],
  ['GP 99 JJ 99', 'Ford', 'Ranger', 2022, 'White'],
] as const;

async function insertCatalogue(q: Queryable, tenantId: string) {
  for (const [table, names] of [
    ['vehicle_categories', CATEGORIES],
    ['vehicle_features', FEATURES],
    ['vehicle_attributes', ATTRIBUTES],
  ] as const)
    await q.query(`insert into ${table} (tenant_id, name) select $1, unnest($2::text[]) on conflict do nothing`, [tenantId, names]);
  for (const b of DEMO_BLUEBOOK)
    await q.query(
      `insert into bluebook_values (tenant_id, make, model, year, value_minor, currency) values ($1, $2, $3, $4, $5, 'ZAR') on conflict do nothing`,
      [tenantId, b.make, b.model, b.year, b.valueMinor],
    );
}

/** A financed vehicle's features and attribute values, so its page shows them. */
async function insertLinks(q: Queryable, tenantId: string, vehicleId: string, i: number) {
  await q.query(
    `insert into vehicle_feature_links (vehicle_id, feature_id) select $1, id from vehicle_features where tenant_id = $2 and name = any($3::text[])`,
    [vehicleId, tenantId, [FEATURES[i % FEATURES.length], FEATURES[(i + 2) % FEATURES.length]]],
  );
  await q.query(
    `insert into vehicle_attribute_values (vehicle_id, attribute_id, value)
     select $1, id, case name when 'Condition' then 'Good' when 'Keys present' then 'Yes' else 'Half' end
     from vehicle_attributes where tenant_id = $2 and name = any($3::text[])`,
    [vehicleId, tenantId, ['Condition', 'Keys present', 'Fuel level']],
  );
}

const vin = (n: number) => `AHT${String(100000 + n).padStart(14, '0')}`;

async function insertTrackedVehicles(q: Queryable) {
  for (const [i, demo] of DEMO_ASSETS.entries()) {
    const asset = await q.one<{ id: string; tenant_id: string }>(
      `select id, tenant_id from assets where registration_number = $1 and deleted_at is null`,
      [demo.registrationNumber],
    );
    if (!asset) continue;
    const [make, ...model] = demo.make.split(' ');
    await q.query(
      `insert into vehicles (tenant_id, registration_number, engine_number, vehicle_identification_number, make, model, year, asset_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`,
      [asset.tenant_id, demo.registrationNumber, `ENG-T${1000 + i}`, vin(i), make, model.join(' ') || null, 2021, asset.id],
    );
  }
}

async function insertRepossessions(q: Queryable, tenantId: string, userId: string | null) {
  for (const [i, status] of REPOSSESSION_STATUSES.entries()) {
    const [reg, make, model, year, colour] = FINANCED[i]!;
    const vehicle = await q.one<{ id: string }>(
      `insert into vehicles (tenant_id, registration_number, engine_number, vehicle_identification_number, make, model, year, colour, status)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing returning id`,
      [tenantId, reg, `ENG-L${2000 + i}`, vin(100 + i), make, model, year, colour, VEHICLE_STATUS[status]],
    );
    if (!vehicle) continue;
    await insertLinks(q, tenantId, vehicle.id, i);
    const path = PATH_TO[status];
    const days = path.length;
    const row = await q.one<{ id: string }>(
      `insert into repossessions (tenant_id, vehicle_id, status, reason, created_user_id, date_created, date_modified)
       values ($1, $2, $3, 'Instalments three months in arrears', $4, now() - make_interval(days => $5), now()) returning id`,
      [tenantId, vehicle.id, status, userId, days],
    );
    for (const [step, to] of path.entries())
      await q.query(
        `insert into repossession_history (repossession_id, from_status, to_status, note, user_id, date_created)
         values ($1, $2, $3, $4, $5, now() - make_interval(days => $6))`,
        [row!.id, step === 0 ? null : path[step - 1], to, step === 0 ? 'Raised by the collections desk' : null, userId, days - step],
      );
  }
}

export async function seedDemoVehicles(db: Database) {
  const done = await db.one(`select 1 from system_settings where key = 'demo_vehicles_seeded'`);
  if (done) return;
  await db.tx(async (q) => {
    const marked = await q.one(
      `insert into system_settings (key, value) values ('demo_vehicles_seeded', now()::text) on conflict do nothing returning key`,
    );
    if (!marked) return;
    const companies = await q.query<{ id: string; name: string }>(
      `select id, name from tenants where name in ('Meridian Lending', 'Meridian Tracking') and deleted_at is null`,
    );
    for (const company of companies) await insertCatalogue(q, company.id);
    await insertTrackedVehicles(q);
    const lending = companies.find((c) => c.name === 'Meridian Lending');
    if (!lending) return;
    const officer = await q.one<{ id: string }>(
      `select u.id from users u join user_tenants ut on ut.user_id = u.id where ut.tenant_id = $1 order by u.date_created limit 1`,
      [lending.id],
    );
    await insertRepossessions(q, lending.id, officer?.id ?? null);
  });
}
