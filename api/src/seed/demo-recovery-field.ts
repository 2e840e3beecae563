/**
 * The recovery field demo (issue 20): Meridian Lending's spotters and third parties, a Spotter role (VEHICLES/
 * SIGHTINGS only) and its user spotter@demo.meridian.test (the demo password), linked to the spotter Sipho
 * Dlamini; dispatches of the demo repossessions with rewards in ZAR cents (one published, one earned), and
 * sightings around Johannesburg. Its own marker, as the vehicles demo.
 */
import { FIELD_SPOTTER_PERMISSIONS } from '@meridian/shared/contract/areas/vehicles';
import type { Database, Queryable } from '../db/database';
import { hashPassword } from '../auth/passwords';
import { DEMO_PASSWORD } from './demo-data';

export const DEMO_SPOTTER_EMAIL = 'spotter@demo.meridian.test';
export const DEMO_SPOTTER_ROLE = 'Spotter';

const SPOTTERS = [
  ['Sipho Dlamini', '0829990001', 'Drives Soweto and the south; reports through the app.'],
  ['Thandi Nkosi', '0829990002', 'East Rand taxi ranks and shopping centres.'],
  ['Pieter van Wyk', '0829990003', null],
] as const;
const THIRD_PARTIES = [
  ['Rapid Recoveries (Pty) Ltd', 'Johan Botha', '0115550101'],
  ['Gauteng Asset Tracing', 'Lerato Mokoena', '0115550202'],
] as const;

type Ids = Record<string, string>;

async function insertSpotterUser(q: Queryable, tenantId: string) {
  const role = await q.one<{ id: string }>(
    `insert into roles (name, description, system_role, tenant_id) values ($1, 'Field spotter: the wanted list and own sightings', false, $2)
     on conflict do nothing returning id`,
    [DEMO_SPOTTER_ROLE, tenantId],
  );
  if (role)
    await q.query(
      `insert into role_permissions (role_id, permission_id) select $1, id from permissions where hierarchy = any($2::text[])`,
      [role.id, FIELD_SPOTTER_PERMISSIONS],
    );
  const user = await q.one<{ id: string }>(
    `insert into users (first_name, last_name, user_name, email_address, mobile, tenant_id, selected_tenant_id, password_hash, password_changed_at, email_verified_at)
     values ('Sipho', 'Dlamini', 'spotter', $1, '0829990001', $2, $2, $3, now(), now()) on conflict do nothing returning id`,
    [DEMO_SPOTTER_EMAIL, tenantId, await hashPassword(DEMO_PASSWORD)],
  );
  if (!user) return null;
  await q.query(`insert into user_roles (user_id, role_id) select $1, id from roles where name = $2`, [user.id, DEMO_SPOTTER_ROLE]);
  await q.query(`insert into user_tenants (user_id, tenant_id) values ($1, $2)`, [user.id, tenantId]);
  return user.id;
}

async function insertParties(q: Queryable, tenantId: string, spotterUserId: string | null) {
  const ids: Ids = {};
  for (const [i, [name, mobile, notes]] of SPOTTERS.entries()) {
    const row = await q.one<{ id: string }>(
      `insert into spotters (tenant_id, name, mobile, notes, user_id) values ($1, $2, $3, $4, $5) returning id`,
      [tenantId, name, mobile, notes, i === 0 ? spotterUserId : null],
    );
    ids[name] = row!.id;
  }
  for (const [name, contact, mobile] of THIRD_PARTIES) {
    const row = await q.one<{ id: string }>(
      `insert into third_parties (tenant_id, name, contact_name, mobile) values ($1, $2, $3, $4) returning id`,
      [tenantId, name, contact, mobile],
    );
    ids[name] = row!.id;
  }
  return ids;
}

/** [registration, party, spotter?, status, reward in cents or null, published] */
const DISPATCHES = [
  ['GP 22 BB 22', 'Sipho Dlamini', true, 'Open', 500_000, false],
  ['GP 22 BB 22', 'Rapid Recoveries (Pty) Ltd', false, 'Open', 1_500_000, false],
  ['GP 33 CC 33', 'Thandi Nkosi', true, 'Open', 350_000, true],
  ['GP 44 DD 44', 'Rapid Recoveries (Pty) Ltd', false, 'Succeeded', 1_200_000, false],
  ['GP 99 JJ 99', 'Pieter van Wyk', true, 'Failed', null, false],
] as const;

/** [registration, latitude, longitude, accuracy, hours ago, note, confirmed] around Johannesburg. */
const SIGHTINGS = [
  ['GP 33 CC 33', -26.2485, 27.854, 12, 30, 'Parked outside Maponya Mall, Soweto', true],
  ['GP 33 CC 33', -26.1929, 28.0305, 25, 6, 'Driving north on Jan Smuts Avenue', false],
  ['GP 22 BB 22', -26.1076, 28.0567, 8, 3, 'In the Sandton City parking, level P3', false],
] as const;

async function insertDispatchesAndSightings(
  q: Queryable,
  tenantId: string,
  ids: Ids,
  staffId: string | null,
  spotterUserId: string | null,
) {
  const repossessionOf = async (reg: string) =>
    (await q.one<{ id: string }>(
      `select r.id from repossessions r join vehicles v on v.id = r.vehicle_id where v.registration_number = $1 and r.tenant_id = $2`,
      [reg, tenantId],
    ))!.id;
  for (const [reg, party, isSpotter, status, reward, published] of DISPATCHES) {
    const row = await q.one<{ id: string }>(
      `insert into repossession_dispatches (tenant_id, repossession_id, spotter_id, third_party_id, status, dispatched_user_id,
         date_created, date_closed, closed_user_id)
       values ($1, $2, $3, $4, $5, $6, now() - interval '5 days', case when $5 = 'Open' then null else now() - interval '1 day' end,
         case when $5 = 'Open' then null else $6::uuid end) returning id`,
      [tenantId, await repossessionOf(reg), isSpotter ? ids[party] : null, isSpotter ? null : ids[party], status, staffId],
    );
    if (reward)
      await q.query(
        `insert into repossession_rewards (dispatch_id, tenant_id, amount_minor, currency, published, date_published)
         values ($1, $2, $3, 'ZAR', $4, case when $4 then now() - interval '4 days' end)`,
        [row!.id, tenantId, reward, published],
      );
  }
  const reporter = spotterUserId ?? staffId;
  if (!reporter) return;
  for (const [reg, lat, lng, accuracy, hoursAgo, note, confirmed] of SIGHTINGS)
    await q.query(
      `insert into vehicle_sightings (tenant_id, repossession_id, latitude, longitude, accuracy, seen_at, note, spotter_id, reported_user_id,
         status, confirmed_user_id, date_confirmed)
       values ($1, $2, $3, $4, $5, now() - make_interval(hours => $6), $7, $8, $9, $10, $11, $12)`,
      [
        tenantId,
        await repossessionOf(reg),
        lat,
        lng,
        accuracy,
        hoursAgo,
        note,
        spotterUserId ? ids['Sipho Dlamini'] : null,
        reporter,
        confirmed ? 'Confirmed' : 'Reported',
        confirmed ? staffId : null,
        confirmed ? new Date(Date.now() - (hoursAgo - 1) * 3_600_000) : null,
      ],
    );
}

export async function seedDemoRecoveryField(db: Database) {
  const done = await db.one(`select 1 from system_settings where key = 'demo_recovery_field_seeded'`);
  if (done) return;
  await db.tx(async (q) => {
    const marked = await q.one(
      `insert into system_settings (key, value) values ('demo_recovery_field_seeded', now()::text) on conflict do nothing returning key`,
    );
    if (!marked) return;
    const lending = await q.one<{ id: string }>(`select id from tenants where name = 'Meridian Lending' and deleted_at is null`);
    if (!lending) return;
    const staff = await q.one<{ id: string }>(`select id from users where user_name = 'company-administrator'`);
    const spotterUserId = await insertSpotterUser(q, lending.id);
    const ids = await insertParties(q, lending.id, spotterUserId);
    await insertDispatchesAndSightings(q, lending.id, ids, staff?.id ?? null, spotterUserId);
  });
}
