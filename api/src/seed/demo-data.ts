/**
 * Demo data on first start (SEED_DEMO=false skips it): a Group with two Companies, their branches and
 * teams, and one user per system role, e-mail <role-with-dashes>@demo.meridian.test, password
 * Demo-Password-1. It runs once per database; a marker in system_settings remembers it.
 */
import { ROLE_NAMES, roleSlug, type RoleName } from '@meridian/shared/contract/roles';
import type { Database, Queryable } from '../db/database';
import { hashPassword } from '../auth/passwords';
import { seedDemoActivities, seedDemoClientsAndLeads, seedDemoPlansTargetsCases } from './demo-sales';
import { seedDemoTracking } from './demo-tracking';
import { seedDemoAssets } from './demo-assets';
import { seedDemoVehicles } from './demo-vehicles';
import { seedDemoListing } from './demo-listing';
import { seedDemoRecoveryField } from './demo-recovery-field';
import { DEMO_LOANS_DEFAULT, seedDemoLoans } from './demo-loans';
import { seedDemoReports } from './demo-reports';
import { seedDemoUssd } from './demo-ussd';
import { seedDemoFieldDays } from './demo-field-days';
import { seedDemoScheduledReports } from './demo-scheduled-reports';

export const DEMO_PASSWORD = 'Demo-Password-1';
export const demoEmail = (role: RoleName) => `${roleSlug(role)}@demo.meridian.test`;

interface TenantSeed {
  key: string;
  name: string;
  type: 1 | 2 | 3 | 4;
  parent?: string;
  shortCode: string;
  location: string;
  lat?: number;
  lng?: number;
  currency?: [string, string];
}

export const DEMO_TENANTS: TenantSeed[] = [
  {
    key: 'group',
    name: 'Meridian Group',
    type: 1,
    shortCode: 'MG',
    location: 'Johannesburg',
    lat: -26.2041,
    lng: 28.0473,
    currency: ['ZAR', 'R'],
  },
  {
    key: 'lending',
    name: 'Meridian Lending',
    type: 2,
    parent: 'group',
    shortCode: 'ML',
    location: 'Johannesburg',
    lat: -26.1076,
    lng: 28.0567,
  },
  {
    key: 'tracking',
    name: 'Meridian Tracking',
    type: 2,
    parent: 'group',
    shortCode: 'MT',
    location: 'Durban',
    lat: -29.8587,
    lng: 31.0218,
  },
  {
    key: 'jhb',
    name: 'Johannesburg Branch',
    type: 3,
    parent: 'lending',
    shortCode: 'ML-JHB',
    location: 'Sandton, Johannesburg',
    lat: -26.1076,
    lng: 28.0567,
  },
  {
    key: 'cpt',
    name: 'Cape Town Branch',
    type: 3,
    parent: 'lending',
    shortCode: 'ML-CPT',
    location: 'Cape Town',
    lat: -33.9249,
    lng: 18.4241,
  },
  { key: 'dbn', name: 'Durban Branch', type: 3, parent: 'tracking', shortCode: 'MT-DBN', location: 'Durban' },
  { key: 'soweto', name: 'Soweto Team', type: 4, parent: 'jhb', shortCode: 'ML-JHB-SOW', location: 'Soweto', lat: -26.2485, lng: 27.854 },
  { key: 'sandton', name: 'Sandton Team', type: 4, parent: 'jhb', shortCode: 'ML-JHB-SAN', location: '' },
  {
    key: 'bellville',
    name: 'Bellville Team',
    type: 4,
    parent: 'cpt',
    shortCode: 'ML-CPT-BEL',
    location: 'Bellville',
    lat: -33.9,
    lng: 18.63,
  },
  { key: 'umhlanga', name: 'Umhlanga Team', type: 4, parent: 'dbn', shortCode: 'MT-DBN-UMH', location: 'Umhlanga' },
];

/** Where each demo user works. */
export const DEMO_USER_TENANT: Record<RoleName, string> = {
  'global administrator': 'group',
  administrator: 'group',
  'managing director': 'group',
  'company administrator': 'lending',
  'company admin': 'tracking',
  admin: 'tracking',
  'regional manager': 'lending',
  'zonal manager': 'lending',
  'sales manager': 'lending',
  'product manager': 'lending',
  'branch manager': 'jhb',
  'credit officer': 'jhb',
  'team leader': 'soweto',
  'loan officer': 'soweto',
};

const DEMO_NAMES: Record<RoleName, [string, string]> = {
  'global administrator': ['Grace', 'Admin'],
  administrator: ['Adam', 'Ndlovu'],
  'company administrator': ['Carla', 'Mokoena'],
  'company admin': ['Connor', 'Pillay'],
  admin: ['Amina', 'Naidoo'],
  'loan officer': ['Lerato', 'Dlamini'],
  'credit officer': ['Chris', 'Botha'],
  'team leader': ['Thabo', 'Khumalo'],
  'sales manager': ['Sara', 'Van Wyk'],
  'branch manager': ['Ben', 'Mahlangu'],
  'zonal manager': ['Zanele', 'Sithole'],
  'product manager': ['Priya', 'Govender'],
  'regional manager': ['Ruan', 'Steyn'],
  'managing director': ['Mandla', 'Zulu'],
};

async function insertTenants(q: Queryable) {
  const ids = new Map<string, { id: string; path: string }>();
  for (const t of DEMO_TENANTS) {
    const parent = t.parent ? ids.get(t.parent)! : null;
    const row = await q.one<{ id: string; path: string }>(
      `insert into tenants (id, name, parent_id, type, path, short_code, location, lat, lng, location_required, currency_code, currency_symbol)
       select g.id, $1, $2, $3, coalesce($4, '') || g.id || '/', $5, $6, $7, $8, $9, $10, $11 from (select gen_random_uuid() as id) g returning id, path`,
      [
        t.name,
        parent?.id ?? null,
        t.type,
        parent?.path ?? null,
        t.shortCode,
        t.location || null,
        t.lat ?? null,
        t.lng ?? null,
        t.type === 4,
        t.currency?.[0] ?? null,
        t.currency?.[1] ?? null,
      ],
    );
    ids.set(t.key, row!);
  }
  const lending = ids.get('lending')!.id;
  await q.query(
    `insert into tenant_banks (tenant_id, name, code, branch_code) values ($1, 'Standard Bank', 'SBZA', '051001'), ($1, 'Absa', 'ABSA', '632005'), ($1, 'Capitec', 'CABL', '470010')`,
    [lending],
  );
  return ids;
}

/**
 * The offices the field staff meet at (Locations), one allow-list entry, switched off so that it
 * restricts no sign-in, showing what an administrator would switch on (IP addresses), and two message
 * templates with merge fields (Templates).
 */
async function insertPlacesNetworksAndTemplates(q: Queryable, tenants: Map<string, { id: string }>) {
  /** Inserts one row per entry; an entry's first value is the key of its demo tenant. */
  const insertForTenants = async (sql: string, rows: [tenant: string, ...values: unknown[]][]) => {
    for (const [tenant, ...values] of rows) await q.query(sql, [tenants.get(tenant)!.id, ...values]);
  };
  await insertForTenants(`insert into locations (tenant_id, name, address, lat, lng) values ($1, $2, $3, $4, $5)`, [
    ['jhb', 'Johannesburg regional office', '22 Commissioner Street, Johannesburg', -26.2054, 28.0437],
    ['soweto', 'Soweto branch office', 'Maponya Mall, Chris Hani Road, Soweto', -26.2611, 27.8804],
    ['cpt', 'Cape Town regional office', '1 Adderley Street, Cape Town', -33.9218, 18.4231],
  ]);
  await insertForTenants(`insert into ip_addresses (tenant_id, cidr, description, active) values ($1, $2, $3, false)`, [
    ['jhb', '196.25.0.0/16', 'Branch office network (switched off: switch it on to admit sign-ins from the office only)'],
  ]);
  await insertForTenants(`insert into templates (tenant_id, name, type, body) values ($1, $2, $3, $4)`, [
    ['lending', 'Instalment reminder', 3, 'Dear {{client.firstName}}, your instalment of R {{lead.installmentAmount}} is due on Friday.'],
    [
      'jhb',
      'Visit confirmation',
      4,
      'Hello {{lead.firstName}}, this confirms our visit in {{lead.city}} tomorrow. Reply to change the time.',
    ],
  ]);
}

/** `loans`: the size of the lending demo's portfolio (SEED_DEMO_LOANS). */
export async function seedDemoData(db: Database, options: { loans?: number } = {}) {
  await seedDemoPlatformAndSales(db);
  await seedDemoFieldDays(db);
  // Its own marker: an installation seeded before the tracking demo existed gets it on its next start.
  await seedDemoTracking(db);
  await seedDemoAssets(db);
  await seedDemoVehicles(db);
  await seedDemoListing(db);
  await seedDemoRecoveryField(db);
  await seedDemoLoans(db, options.loans ?? DEMO_LOANS_DEFAULT);
  await seedDemoUssd(db);
  await seedDemoReports(db);
  await seedDemoScheduledReports(db);
}

async function seedDemoPlatformAndSales(db: Database) {
  const done = await db.one(`select 1 from system_settings where key = 'demo_seeded'`);
  if (done) return;
  const passwordHashes = await Promise.all(ROLE_NAMES.map(() => hashPassword(DEMO_PASSWORD)));
  await db.tx(async (q) => {
    const marked = await q.one(
      `insert into system_settings (key, value) values ('demo_seeded', now()::text) on conflict do nothing returning key`,
    );
    if (!marked) return;
    const tenants = await insertTenants(q);
    await insertPlacesNetworksAndTemplates(q, tenants);
    for (const [i, role] of ROLE_NAMES.entries()) {
      const tenant = tenants.get(DEMO_USER_TENANT[role])!;
      const [first, last] = DEMO_NAMES[role];
      const user = await q.one<{ id: string }>(
        `insert into users (first_name, last_name, user_name, email_address, mobile, tenant_id, selected_tenant_id, password_hash, password_changed_at, email_verified_at)
         values ($1, $2, $3, $4, $5, $6, $6, $7, now(), now()) returning id`,
        [first, last, roleSlug(role), demoEmail(role), `07${String(10000000 + i).padStart(8, '0')}`, tenant.id, passwordHashes[i]],
      );
      await q.query(`insert into user_roles (user_id, role_id) select $1, id from roles where lower(name) = $2`, [user!.id, role]);
      await q.query(`insert into user_tenants (user_id, tenant_id) values ($1, $2)`, [user!.id, tenant.id]);
      await q.query(`insert into password_history (user_id, password_hash) values ($1, $2)`, [user!.id, passwordHashes[i]]);
    }
    const leader = await q.one<{ id: string }>(`select id from users where user_name = 'team-leader'`);
    const team = await q.one<{ id: string }>(
      `insert into teams (tenant_id, name, leader_user_id) values ($1, 'Soweto Field Team', $2) returning id`,
      [tenants.get('soweto')!.id, leader!.id],
    );
    await q.query(
      `insert into team_members (team_id, user_id) select $1, id from users where user_name in ('team-leader', 'loan-officer')`,
      [team!.id],
    );
    await seedDemoClientsAndLeads(q, { tenants });
    await seedDemoActivities(q, { tenants });
    await seedDemoPlansTargetsCases(q, { tenants });
  });
  // Tables this small never reach autovacuum's analyze threshold: without statistics the planner
  // guesses their size and may, say, walk every client for each activity of a page.
  await db.exec('analyze');
}
