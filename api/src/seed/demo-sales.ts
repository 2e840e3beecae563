/**
 * The sales part of the demo data, run inside seedDemoData's transaction once the tenants, users
 * and the Soweto team exist. Each area adds its own function here.
 */
import { randomUUID } from 'node:crypto';
import { LEAD_STATUSES, currentWeek, type LeadStatus } from '@meridian/shared/contract/lead';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';
import type { Queryable } from '../db/database';
import { sqlParams } from '../db/sql-params';
import { inScope } from '../tenancy/subtree';

/** The first `limit` live rows of the table in a tenant's subtree, by name. */
async function firstLiveByName(q: Queryable, table: 'clients' | 'leads', subtreePath: string, limit: number) {
  const p = sqlParams();
  return (
    await q.query<{ id: string }>(
      `select x.id from ${table} x where ${inScope('x.tenant_id', subtreePath, p)} and x.deleted_at is null order by x.last_name, x.first_name, x.id limit ${limit}`,
      p.values,
    )
  ).map((r) => r.id);
}

export interface DemoIds {
  tenants: Map<string, { id: string; path: string }>;
}

/** [first name, last name, tenant key] of the demo clients: ten in Soweto, seven each in Sandton and Bellville. */
const DEMO_CLIENTS: [string, string, string][] = [
  ['Thandiwe', 'Nkosi', 'soweto'],
  ['Sipho', 'Mthembu', 'soweto'],
  ['Nomsa', 'Dube', 'soweto'],
  ['Bongani', 'Zwane', 'soweto'],
  ['Lindiwe', 'Mabaso', 'soweto'],
  ['Kagiso', 'Molefe', 'soweto'],
  ['Palesa', 'Radebe', 'soweto'],
  ['Tshepo', 'Masilela', 'soweto'],
  ['Zodwa', 'Ntuli', 'soweto'],
  ['Mpho', 'Letsoalo', 'soweto'],
  ['Johan', 'Pretorius', 'sandton'],
  ['Aisha', 'Patel', 'sandton'],
  ['Michael', 'Cohen', 'sandton'],
  ['Naledi', 'Khoza', 'sandton'],
  ['David', 'Smith', 'sandton'],
  ['Refilwe', 'Sebe', 'sandton'],
  ['Kevin', 'Naicker', 'sandton'],
  ['Anele', 'Jacobs', 'bellville'],
  ['Liezl', 'Fourie', 'bellville'],
  ['Riaan', 'Louw', 'bellville'],
  ['Fatima', 'Adams', 'bellville'],
  ['Charl', 'du Toit', 'bellville'],
  ['Nadia', 'Hendricks', 'bellville'],
  ['Wesley', 'Williams', 'bellville'],
];

/**
 * [first name, last name, tenant key, status] of the demo leads. A lead named like a demo client is
 * that client (same ID number, mobile and e-mail), so the clients' affordability view has data.
 */
const DEMO_LEADS: [string, string, string, LeadStatus][] = [
  ['Kagiso', 'Molefe', 'soweto', 'Application'],
  ['Palesa', 'Radebe', 'soweto', 'Approved'],
  ['Tshepo', 'Masilela', 'soweto', 'Converted'],
  ['Ayanda', 'Cele', 'soweto', 'New'],
  ['Busisiwe', 'Shabalala', 'soweto', 'New'],
  ['Lerato', 'Mofokeng', 'soweto', 'Contacted'],
  ['Themba', 'Ndlela', 'soweto', 'Contacted'],
  ['Nokuthula', 'Zulu', 'soweto', 'Qualified'],
  ['Sibusiso', 'Mahlangu', 'soweto', 'Qualified'],
  ['Dineo', 'Phiri', 'soweto', 'Application'],
  ['Karabo', 'Modise', 'soweto', 'Declined'],
  ['Lebo', 'Maseko', 'soweto', 'Lost'],
  ['Vusi', 'Khumalo', 'soweto', 'New'],
  ['Precious', 'Ngwenya', 'soweto', 'Converted'],
  ['Jessica', 'Naidoo', 'sandton', 'New'],
  ['Ruan', 'Botha', 'sandton', 'Contacted'],
  ['Amahle', 'Dlamini', 'sandton', 'Qualified'],
  ['Pieter', 'Venter', 'sandton', 'Application'],
  ['Sarah', 'Levin', 'sandton', 'Approved'],
  ['Tumelo', 'Sithole', 'sandton', 'Declined'],
  ['Imran', 'Moosa', 'sandton', 'New'],
  ['Olwethu', 'Mbeki', 'sandton', 'Lost'],
  ['Megan', 'Petersen', 'bellville', 'New'],
  ['Yusuf', 'Abrahams', 'bellville', 'Contacted'],
  ['Elna', 'Steyn', 'bellville', 'Qualified'],
  ['Lwazi', 'Mkhize', 'bellville', 'Application'],
  ['Chantel', 'Isaacs', 'bellville', 'Approved'],
  ['Brandon', 'February', 'bellville', 'Converted'],
  ['Zintle', 'Mayekiso', 'bellville', 'New'],
  ['Marius', 'Nel', 'bellville', 'Declined'],
];

const DEMO_PLACES: Record<string, { city: string; postcode: string; state: string; lat: number; lng: number; street: string }> = {
  soweto: { city: 'Soweto', postcode: '1804', state: 'Gauteng', lat: -26.2485, lng: 27.854, street: 'Vilakazi Street' },
  sandton: { city: 'Sandton', postcode: '2196', state: 'Gauteng', lat: -26.1076, lng: 28.0567, street: 'Rivonia Road' },
  bellville: { city: 'Bellville', postcode: '7530', state: 'Western Cape', lat: -33.9, lng: 18.63, street: 'Voortrekker Road' },
};

const demoEmailOf = (first: string, last: string) => `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.com';
const HOUR_MS = 60 * 60 * 1000;

/**
 * 24 clients over the Soweto, Sandton and Bellville teams (created over the last seven weeks), two
 * client groups ('Soweto savings club' of the Soweto Team, 'Premium clients' of Meridian Lending),
 * and 30 leads across every status, half created this week and half last week (server time), with
 * consent and affordability where their status implies it, a home address for every other one, their
 * status history, and the Soweto ones assigned to loan-officer (most) or team-leader.
 */
export async function seedDemoClientsAndLeads(q: Queryable, ids: DemoIds) {
  const userId = async (userName: string) => (await q.one<{ id: string }>(`select id from users where user_name = $1`, [userName]))!.id;
  const [officer, leader, creditOfficer, companyAdmin] = [
    await userId('loan-officer'),
    await userId('team-leader'),
    await userId('credit-officer'),
    await userId('company-administrator'),
  ];
  const creatorIn = (tenant: string, i: number) =>
    tenant === 'soweto' ? (i % 2 === 0 ? officer : leader) : tenant === 'sandton' ? creditOfficer : companyAdmin;
  const now = Date.now();

  const clients = DEMO_CLIENTS.map(([first, last, tenant], i) => {
    const place = DEMO_PLACES[tenant]!;
    return {
      id: randomUUID(),
      tenant,
      first,
      last,
      email: i % 5 === 4 ? null : demoEmailOf(first, last),
      mobile: i % 7 === 6 ? null : `07${21000000 + i * 10007}`,
      idNumber: String(7501015000080 + i * 10000101),
      dob: `${1970 + ((i * 7) % 30)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 5) % 28)).padStart(2, '0')}`,
      gender: i % 2 === 0 ? 'FEMALE' : 'MALE',
      address: `${12 + i * 3} ${place.street}`,
      city: place.city,
      postcode: place.postcode,
      lat: place.lat + ((i % 5) - 2) * 0.01,
      lng: place.lng + ((i % 3) - 1) * 0.01,
      creator: creatorIn(tenant, i),
      created: new Date(now - (i * 2 + 1) * 24 * HOUR_MS),
    };
  });
  await q.query(
    `insert into clients (id, tenant_id, first_name, last_name, email_address, mobile, id_number, date_of_birth, gender, address_line, city, postcode, country,
       lat, lng, created_user_id, date_created, date_modified)
     select x.id, x.tenant_id, x.first_name, x.last_name, x.email, x.mobile, x.id_number, x.dob, x.gender, x.address, x.city, x.postcode, 'South Africa',
       x.lat, x.lng, x.creator, x.created, x.created
     from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::date[], $9::text[], $10::text[], $11::text[],
       $12::text[], $13::float8[], $14::float8[], $15::uuid[], $16::timestamptz[])
       as x(id, tenant_id, first_name, last_name, email, mobile, id_number, dob, gender, address, city, postcode, lat, lng, creator, created)`,
    [
      clients.map((c) => c.id),
      clients.map((c) => ids.tenants.get(c.tenant)!.id),
      clients.map((c) => c.first),
      clients.map((c) => c.last),
      clients.map((c) => c.email),
      clients.map((c) => c.mobile),
      clients.map((c) => c.idNumber),
      clients.map((c) => c.dob),
      clients.map((c) => c.gender),
      clients.map((c) => c.address),
      clients.map((c) => c.city),
      clients.map((c) => c.postcode),
      clients.map((c) => c.lat),
      clients.map((c) => c.lng),
      clients.map((c) => c.creator),
      clients.map((c) => c.created),
    ],
  );

  const groups: [string, string, string, string, number[]][] = [
    ['soweto', 'Soweto savings club', 'Members of the stokvel that meets at the Orlando community hall.', leader, [0, 1, 2, 3, 4]],
    ['lending', 'Premium clients', 'Clients with a good repayment record, offered the lower rate.', companyAdmin, [10, 11, 17, 18, 20]],
  ];
  for (const [tenant, name, description, creator, members] of groups) {
    const group = await q.one<{ id: string }>(
      `insert into client_groups (tenant_id, name, description, created_user_id) values ($1, $2, $3, $4) returning id`,
      [ids.tenants.get(tenant)!.id, name, description, creator],
    );
    await q.query(`insert into client_group_members (group_id, client_id) select $1, unnest($2::uuid[])`, [
      group!.id,
      members.map((m) => clients[m]!.id),
    ]);
  }

  // Half this week (Monday 00:00 server time up to now), half last week, spread evenly.
  const { start: weekStart } = currentWeek(new Date(now));
  const thisWeekSpan = now - weekStart.getTime();
  const thisWeek = DEMO_LEADS.filter((_, i) => i % 2 === 0).length;
  const lastWeek = DEMO_LEADS.length - thisWeek;
  const weekMs = 7 * 24 * HOUR_MS;
  const leads = DEMO_LEADS.map(([first, last, tenant, status], i) => {
    const place = DEMO_PLACES[tenant]!;
    const client = clients.find((c) => c.first === first && c.last === last);
    const k = Math.floor(i / 2);
    const created =
      i % 2 === 0
        ? new Date(weekStart.getTime() + (thisWeekSpan * (k + 1)) / (thisWeek + 1))
        : new Date(weekStart.getTime() - weekMs + (weekMs * (k + 0.5)) / lastWeek);
    const later = (hours: number) => new Date(Math.min(now, created.getTime() + hours * HOUR_MS));
    const stage = LEAD_STATUSES.indexOf(status);
    const consent =
      client || stage >= LEAD_STATUSES.indexOf('Qualified') ? 'PROVIDED' : status === 'Contacted' ? 'REQUESTED' : 'NONE PROVIDED';
    const outcome =
      status === 'Declined' ? 'NOT AFFORDABLE' : ['Application', 'Approved', 'Converted'].includes(status) ? 'AFFORDABLE' : 'NONE';
    const total = outcome === 'NONE' ? null : outcome === 'AFFORDABLE' ? 2500 + i * 350 : 600 + i * 10;
    const located = i % 5 !== 4;
    const contact = client?.mobile ?? `06${30000000 + i * 10009}`;
    return {
      id: randomUUID(),
      tenant,
      first,
      last,
      status,
      created,
      email: client ? client.email : i % 4 === 3 ? null : demoEmailOf(first, last),
      contact,
      idNumber: client?.idNumber ?? (i % 3 === 0 ? String(8203155000081 + i * 1000003) : null),
      source: i % 6 === 5 ? 'REFERRAL' : i % 7 === 6 ? 'WALK_IN' : 'WEB',
      creator: creatorIn(tenant, i),
      assignee: tenant !== 'soweto' ? null : i % 4 === 1 ? leader : i % 4 === 3 ? null : officer,
      consent,
      consentDate: consent === 'PROVIDED' ? later(4) : null,
      consentRequestedAt: consent === 'NONE PROVIDED' ? null : later(2),
      outcome,
      total,
      installment: total === null ? null : Math.round(total * 0.3),
      affordabilityDate: outcome === 'NONE' ? null : later(6),
      location: located ? `${place.city}, ${place.state}` : null,
      lat: located ? place.lat + ((i % 7) - 3) * 0.005 : 0,
      lng: located ? place.lng + ((i % 4) - 2) * 0.005 : 0,
      statusChanged: later(8),
    };
  });
  await q.query(
    `insert into leads (id, tenant_id, first_name, last_name, email_address, phonenumber, trimmed_phonenumber, country_code, contact_number, id_number,
       status, source, created_by_user_id, assigned_user_id, consent_status, consent_date, consent_requested_at, installment_amount, total_affordability,
       affordability_outcome, affordability_date, location, latitude, longitude, date_created, date_modified)
     select x.id, x.tenant_id, x.first_name, x.last_name, x.email, x.contact, x.contact, '+27', x.contact, x.id_number, x.status, x.source, x.creator, x.assignee,
       x.consent, x.consent_date, x.consent_requested_at, x.installment, x.total, x.outcome, x.affordability_date, x.location, x.lat, x.lng, x.created,
       greatest(x.created, x.consent_date, x.affordability_date)
     from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::uuid[], $11::uuid[],
       $12::text[], $13::timestamptz[], $14::timestamptz[], $15::numeric[], $16::numeric[], $17::text[], $18::timestamptz[], $19::text[], $20::float8[],
       $21::float8[], $22::timestamptz[])
       as x(id, tenant_id, first_name, last_name, email, contact, id_number, status, source, creator, assignee, consent, consent_date, consent_requested_at,
         installment, total, outcome, affordability_date, location, lat, lng, created)`,
    [
      leads.map((l) => l.id),
      leads.map((l) => ids.tenants.get(l.tenant)!.id),
      leads.map((l) => l.first),
      leads.map((l) => l.last),
      leads.map((l) => l.email),
      leads.map((l) => l.contact),
      leads.map((l) => l.idNumber),
      leads.map((l) => l.status),
      leads.map((l) => l.source),
      leads.map((l) => l.creator),
      leads.map((l) => l.assignee),
      leads.map((l) => l.consent),
      leads.map((l) => l.consentDate),
      leads.map((l) => l.consentRequestedAt),
      leads.map((l) => l.installment),
      leads.map((l) => l.total),
      leads.map((l) => l.outcome),
      leads.map((l) => l.affordabilityDate),
      leads.map((l) => l.location),
      leads.map((l) => l.lat),
      leads.map((l) => l.lng),
      leads.map((l) => l.created),
    ],
  );

  // Every lead started New; those that moved on have a second entry.
  const history = leads.flatMap((l) => [
    { lead: l.id, status: 'New', by: l.creator, at: l.created },
    ...(l.status === 'New' ? [] : [{ lead: l.id, status: l.status, by: l.assignee ?? l.creator, at: l.statusChanged }]),
  ]);
  await q.query(
    `insert into lead_status_history (lead_id, status, changed_by_user_id, date_created)
     select * from unnest($1::uuid[], $2::text[], $3::uuid[], $4::timestamptz[])`,
    [history.map((h) => h.lead), history.map((h) => h.status), history.map((h) => h.by), history.map((h) => h.at)],
  );

  const addressed = leads.filter((_, i) => i % 2 === 0);
  await q.query(
    `insert into lead_addresses (lead_id, type, lineone, city, postcode, state, country, latitude, longitude, date_created)
     select x.lead_id, 'HOME', x.lineone, x.city, x.postcode, x.state, 'South Africa', x.lat, x.lng, x.created
     from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::float8[], $8::timestamptz[])
       as x(lead_id, lineone, city, postcode, state, lat, lng, created)`,
    [
      addressed.map((l) => l.id),
      addressed.map((l, i) => `${3 + i * 4} ${DEMO_PLACES[l.tenant]!.street}`),
      addressed.map((l) => DEMO_PLACES[l.tenant]!.city),
      addressed.map((l) => DEMO_PLACES[l.tenant]!.postcode),
      addressed.map((l) => DEMO_PLACES[l.tenant]!.state),
      addressed.map((l) => l.lat),
      addressed.map((l) => l.lng),
      addressed.map((l) => l.created),
    ],
  );
}

/** Demo activity catalogues per company: [name, status] of types, [name, status, default] of statuses. */
const DEMO_ACTIVITY_CATALOGUE: Record<string, { types: [string, number][]; statuses: [string, number, boolean][] }> = {
  lending: {
    types: [
      ['Visit', 1],
      ['Call', 1],
      ['Collection', 1],
      ['Training', 1],
      ['Old type', 0],
    ],
    statuses: [
      ['Pending', 1, true],
      ['In progress', 1, false],
      ['Completed', 1, false],
      ['Cancelled', 1, false],
      ['On hold', 0, false],
    ],
  },
  tracking: {
    types: [
      ['Installation', 1],
      ['Inspection', 1],
      ['Call', 1],
    ],
    statuses: [
      ['Pending', 1, true],
      ['Completed', 1, false],
      ['Cancelled', 1, false],
    ],
  },
};

const SOWETO_PLACES = [
  'Orlando West',
  'Diepkloof',
  'Meadowlands',
  'Pimville',
  'Jabulani',
  'Dobsonville',
  'Protea Glen',
  'Naledi',
  'Zola',
  'Moroka',
];
const SANDTON_PLACES = ['Rivonia', 'Bryanston', 'Morningside', 'Illovo', 'Wendywood'];

/**
 * Activity types and statuses per company, and activities from yesterday to 7 days ahead: 30 of the
 * Soweto Team, three a day (for loan-officer, team-leader, and both; yesterday's completed, today's
 * of loan-officer in progress; the first ones linked to the team's clients and leads when there are
 * any), 10 unassigned ones of the Sandton Team and 3 of the Umhlanga Team (Meridian Tracking).
 */
export async function seedDemoActivities(q: Queryable, ids: DemoIds) {
  const zone = SETTING_DEFAULTS.timeZone;
  const catalogue = new Map<string, { types: Map<string, string>; statuses: Map<string, string> }>();
  for (const [company, items] of Object.entries(DEMO_ACTIVITY_CATALOGUE)) {
    const tenantId = ids.tenants.get(company)!.id;
    const types = await q.query<{ id: string; name: string }>(
      `insert into activity_types (tenant_id, name, status) select $1, x.name, x.status from unnest($2::text[], $3::smallint[]) as x(name, status) returning id, name`,
      [tenantId, items.types.map((t) => t[0]), items.types.map((t) => t[1])],
    );
    const statuses = await q.query<{ id: string; name: string }>(
      `insert into activity_statuses (tenant_id, name, status, is_default) select $1, x.name, x.status, x.is_default
       from unnest($2::text[], $3::smallint[], $4::boolean[]) as x(name, status, is_default) returning id, name`,
      [tenantId, items.statuses.map((s) => s[0]), items.statuses.map((s) => s[1]), items.statuses.map((s) => s[2])],
    );
    catalogue.set(company, { types: new Map(types.map((t) => [t.name, t.id])), statuses: new Map(statuses.map((s) => [s.name, s.id])) });
  }
  const userId = async (userName: string) => (await q.one<{ id: string }>(`select id from users where user_name = $1`, [userName]))!.id;
  const [officer, leader, branchManager, trackingAdmin] = [
    await userId('loan-officer'),
    await userId('team-leader'),
    await userId('branch-manager'),
    await userId('company-admin'),
  ];
  const soweto = ids.tenants.get('soweto')!;
  const linkable = (table: 'clients' | 'leads') => firstLiveByName(q, table, soweto.path, 5);
  const [clients, leads] = [await linkable('clients'), await linkable('leads')];

  interface Seeded {
    tenant: string;
    company: string;
    name: string;
    day: number;
    hour: number;
    type: number;
    creator: string;
    assignees: string[];
    status: string;
    lat: number;
    lng: number;
    place: string;
  }
  const seeded: Seeded[] = [];
  for (let i = 0; i < 40; i += 1) {
    const inSoweto = i < 30;
    const places = inSoweto ? SOWETO_PLACES : SANDTON_PLACES;
    const place = places[i % places.length]!;
    // Three a day in Soweto: one for loan-officer, one for team-leader, one for both.
    const day = -1 + (Math.floor(i / 3) % 9);
    const type = i % 4;
    const assignees = !inSoweto ? [] : i % 3 === 0 ? [officer] : i % 3 === 1 ? [leader] : [officer, leader];
    const status = !assignees.length ? 'Pending' : day < 0 ? 'Completed' : day === 0 && i % 3 !== 1 ? 'In progress' : 'Pending';
    const [baseLat, baseLng] = inSoweto ? [-26.2485, 27.854] : [-26.1076, 28.0567];
    seeded.push({
      tenant: inSoweto ? 'soweto' : 'sandton',
      company: 'lending',
      name: `${DEMO_ACTIVITY_CATALOGUE.lending!.types[type]![0]}: ${place}`,
      day,
      hour: 8 + (i % 5) * 2,
      type,
      creator: inSoweto ? leader : branchManager,
      assignees,
      status,
      lat: baseLat + (((i * 7) % 11) - 5) * 0.004,
      lng: baseLng + (((i * 5) % 13) - 6) * 0.004,
      place: `${place}, ${inSoweto ? 'Soweto' : 'Sandton'}`,
    });
  }
  for (const [i, place] of ['Umhlanga Ridge', 'La Lucia', 'Gateway'].entries()) {
    seeded.push({
      tenant: 'umhlanga',
      company: 'tracking',
      name: `${DEMO_ACTIVITY_CATALOGUE.tracking!.types[i]![0]}: ${place}`,
      day: i,
      hour: 9 + i,
      type: i,
      creator: trackingAdmin,
      assignees: [],
      status: 'Pending',
      lat: -29.7262 + i * 0.003,
      lng: 31.0854 + i * 0.003,
      place: `${place}, Umhlanga`,
    });
  }

  for (const [i, a] of seeded.entries()) {
    const { types, statuses } = catalogue.get(a.company)!;
    const typeId = types.get(DEMO_ACTIVITY_CATALOGUE[a.company]!.types[a.type]![0])!;
    const statusId = statuses.get(a.status)!;
    const row = await q.one<{ id: string }>(
      `insert into activities (tenant_id, name, description, activity_type_id, status_id, status, location, lat, lng, start_date, end_date, created_user_id)
       select $1, $2, $3, $4, $5, $6, $7, $8, $9, s.at, s.at + interval '1 hour', $10
       from (select ((now() at time zone $11::text)::date + $12::int)::timestamp at time zone $11::text + make_interval(hours => $13::int) as at) s
       returning id`,
      [
        ids.tenants.get(a.tenant)!.id,
        a.name,
        `Demo activity ${i + 1}`,
        typeId,
        statusId,
        a.status,
        a.place,
        a.lat,
        a.lng,
        a.creator,
        zone,
        a.day,
        a.hour,
      ],
    );
    const activityId = row!.id;
    for (const assignee of a.assignees) {
      const assignment = await q.one<{ id: string }>(
        `insert into activity_assignments (activity_id, user_id, status_id, status_text) values ($1, $2, $3, $4) returning id`,
        [activityId, assignee, statusId, a.status],
      );
      if (a.status !== 'Pending') {
        await q.query(
          `insert into activity_status_history (assignment_id, status_id, status_text, latitude, longitude, accuracy, changed_by_user_id) values ($1, $2, $3, $4, $5, 12, $6)`,
          [assignment!.id, statusId, a.status, a.lat, a.lng, assignee],
        );
      }
    }
    if (a.tenant === 'soweto' && i < 5 && clients[i])
      await q.query(`insert into activity_clients (activity_id, client_id) values ($1, $2)`, [activityId, clients[i]]);
    if (a.tenant === 'soweto' && i >= 5 && i < 10 && leads[i - 5])
      await q.query(`insert into activity_leads (activity_id, lead_id) values ($1, $2)`, [activityId, leads[i - 5]]);
  }
}

/**
 * Route plans, sales targets and cases: loan-officer's plan for tomorrow over their first three
 * activities of that day not yet in a plan (none when the day has no activities), this month's
 * targets for the Soweto Field Team and for loan-officer, and three cases of the Soweto Team.
 */
export async function seedDemoPlansTargetsCases(q: Queryable, ids: DemoIds) {
  const soweto = ids.tenants.get('soweto')!;
  const zone = SETTING_DEFAULTS.timeZone;
  const userId = async (userName: string) => (await q.one<{ id: string }>(`select id from users where user_name = $1`, [userName]))!.id;
  const [officer, leader] = [await userId('loan-officer'), await userId('team-leader')];

  const stops = await q.query<{ id: string }>(
    `select a.id from activities a join activity_assignments aa on aa.activity_id = a.id and aa.user_id = $1
     where a.deleted_at is null and (a.start_date at time zone $2::text)::date = (now() at time zone $2::text)::date + 1
       and not exists (select 1 from activity_plan_stops s where s.activity_id = a.id)
     order by a.start_date, a.name, a.id limit 3`,
    [officer, zone],
  );
  if (stops.length > 0) {
    const plan = await q.one<{ id: string }>(
      `insert into activity_plans (tenant_id, name, plan_date, status, agent_user_id, created_user_id)
       values ($1, 'Soweto visits', (now() at time zone $2::text)::date + 1, 'PENDING', $3, $4) returning id`,
      [soweto.id, zone, officer, leader],
    );
    await q.query(
      `insert into activity_plan_stops (plan_id, activity_id, position) select $1, x.id, x.ord::int from unnest($2::uuid[]) with ordinality as x(id, ord)`,
      [plan!.id, stops.map((s) => s.id)],
    );
  }

  const month = `date_trunc('month', now() at time zone $2::text)::date`;
  await q.query(
    `insert into sales_targets (tenant_id, name, metric, target_value, period_start, period_end, team_id, user_id, created_user_id)
     select $1::uuid, 'Soweto Field Team visits this month', 'ACTIVITIES_COMPLETED', 40, ${month}, (${month} + interval '1 month' - interval '1 day')::date,
       tm.id, null::uuid, $3::uuid
       from teams tm where tm.name = 'Soweto Field Team' and tm.tenant_id = $1::uuid
     union all
     select $1::uuid, 'New leads this month', 'LEADS_CREATED', 15, ${month}, (${month} + interval '1 month' - interval '1 day')::date, null::uuid, $4::uuid, $3::uuid`,
    [soweto.id, zone, leader, officer],
  );

  const [clientId] = await firstLiveByName(q, 'clients', soweto.path, 1);
  const [leadId] = await firstLiveByName(q, 'leads', soweto.path, 1);
  await q.query(
    `insert into sales_cases (tenant_id, title, description, status, priority, owner_user_id, client_id, lead_id, due_date, created_user_id, closed_at) values
       ($1, 'Client disputes the instalment amount', 'The client says the debit order is higher than agreed. Check the signed offer.', 'OPEN', 'HIGH', $2, $4, null,
        (now() at time zone $6::text)::date + 3, $3, null),
       ($1, 'Collect the missing ID copy', 'The affordability check is waiting for a certified ID copy.', 'IN_PROGRESS', 'NORMAL', $3, null, $5,
        (now() at time zone $6::text)::date + 7, $2, null),
       ($1, 'Update the client''s address', 'The client moved within Soweto; the new address was captured on the visit.', 'RESOLVED', 'LOW', $3, $4, null,
        null, $2, now())`,
    [soweto.id, leader, officer, clientId ?? null, leadId ?? null, zone],
  );
}
