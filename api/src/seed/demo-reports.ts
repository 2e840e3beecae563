/**
 * The custom reports demo (issue 22 items 2 and 3): Meridian Lending's report categories as a small tree,
 * some open to everyone of the company and some limited to roles or to one branch, and custom reports filed
 * in them, made by the company administrator (at the company) and the branch manager (in Johannesburg, so
 * the branch manager's list has reports of their own branch). Its own marker, as the other demos.
 */
import { reportDefinitionSchema, type ReportDefinitionInput } from '@meridian/shared/contract/report-catalogue';
import type { Database, Queryable } from '../db/database';

interface DemoCategory {
  name: string;
  /** The tenant it belongs to; Meridian Lending unless said. */
  at?: string;
  parent?: string;
  roles?: string[];
  tenants?: string[];
}

const CATEGORIES: DemoCategory[] = [
  { name: 'Portfolio' },
  {
    name: 'Arrears',
    parent: 'Portfolio',
    roles: ['branch manager', 'regional manager', 'zonal manager', 'managing director', 'company administrator'],
  },
  { name: 'Sales' },
  { name: 'Field work', parent: 'Sales' },
  { name: 'Board pack', roles: ['managing director', 'company administrator'] },
  { name: 'Cape Town', tenants: ['Cape Town Branch'] },
  // The branch's own: managed by its branch manager (REPORTCATEGORIES over the branch).
  { name: 'Johannesburg branch', at: 'Johannesburg Branch' },
  // A team's own, so a manager acting for the team finds a category and a report there too.
  { name: 'Soweto team', at: 'Soweto Team' },
];

interface DemoReport {
  name: string;
  description: string;
  category: string | null;
  tenant: string;
  owner: string;
  definition: ReportDefinitionInput;
}

const REPORTS: DemoReport[] = [
  {
    name: 'Loans by status and currency',
    description: 'How many loans are in each status, and their principal.',
    category: 'Portfolio',
    tenant: 'Meridian Lending',
    owner: 'company-administrator',
    definition: {
      dataset: 'loans',
      columns: [
        { column: 'status' },
        { column: 'currency' },
        { column: 'principal', aggregate: 'count' },
        { column: 'principal', aggregate: 'sum' },
      ],
      groupBy: ['status', 'currency'],
      sort: [{ column: 'principal', aggregate: 'sum', direction: 'DESC' }],
    },
  },
  {
    name: 'Active loans over 30 days in arrears',
    description: 'Every active loan more than 30 days behind, the longest first.',
    category: 'Arrears',
    tenant: 'Meridian Lending',
    owner: 'company-administrator',
    definition: {
      dataset: 'loans',
      columns: [
        { column: 'client' },
        { column: 'product' },
        { column: 'tenant' },
        { column: 'currency' },
        { column: 'outstanding' },
        { column: 'arrearsDays' },
      ],
      filters: [
        { column: 'status', operator: 'eq', value: 'active' },
        { column: 'arrearsDays', operator: 'gt', value: 30 },
      ],
      sort: [{ column: 'arrearsDays', direction: 'DESC' }],
    },
  },
  {
    name: 'Payments by channel',
    description: 'Live payments per channel and currency.',
    category: 'Board pack',
    tenant: 'Meridian Lending',
    owner: 'company-administrator',
    definition: {
      dataset: 'payments',
      columns: [
        { column: 'channel' },
        { column: 'currency' },
        { column: 'amount', aggregate: 'count' },
        { column: 'amount', aggregate: 'sum' },
      ],
      filters: [{ column: 'state', operator: 'eq', value: 'live' }],
      groupBy: ['channel', 'currency'],
      sort: [{ column: 'channel', direction: 'ASC' }],
    },
  },
  {
    name: 'Leads by status',
    description: 'The pipeline: leads per status and source.',
    category: 'Sales',
    tenant: 'Meridian Lending',
    owner: 'company-administrator',
    definition: {
      dataset: 'leads',
      columns: [{ column: 'status' }, { column: 'source' }, { column: 'lastName', aggregate: 'count' }],
      groupBy: ['status', 'source'],
      sort: [{ column: 'status', direction: 'ASC' }],
    },
  },
  {
    name: 'Clients by city',
    description: 'Where the clients live.',
    category: null,
    tenant: 'Meridian Lending',
    owner: 'company-administrator',
    definition: {
      dataset: 'clients',
      columns: [{ column: 'city' }, { column: 'lastName', aggregate: 'count' }],
      groupBy: ['city'],
      sort: [{ column: 'lastName', aggregate: 'count', direction: 'DESC' }],
    },
  },
  {
    name: 'Branch activities by status',
    description: "The branch's activities per type and status.",
    category: 'Johannesburg branch',
    tenant: 'Johannesburg Branch',
    owner: 'branch-manager',
    definition: {
      dataset: 'activities',
      columns: [{ column: 'type' }, { column: 'status' }, { column: 'name', aggregate: 'count' }],
      groupBy: ['type', 'status'],
      sort: [{ column: 'type', direction: 'ASC' }],
    },
  },
  {
    name: 'Branch loans in arrears',
    description: 'Active loans of the branch with any arrears.',
    category: 'Arrears',
    tenant: 'Johannesburg Branch',
    owner: 'branch-manager',
    definition: {
      dataset: 'loans',
      columns: [
        { column: 'client' },
        { column: 'currency' },
        { column: 'outstanding' },
        { column: 'arrearsDays' },
        { column: 'disbursedOn' },
      ],
      filters: [
        { column: 'status', operator: 'eq', value: 'active' },
        { column: 'arrearsDays', operator: 'gt', value: 0 },
      ],
      sort: [{ column: 'arrearsDays', direction: 'DESC' }],
    },
  },
  {
    name: 'Team activities by status',
    description: "The team's activities per type and status.",
    category: 'Soweto team',
    tenant: 'Soweto Team',
    owner: 'branch-manager',
    definition: {
      dataset: 'activities',
      columns: [{ column: 'type' }, { column: 'status' }, { column: 'name', aggregate: 'count' }],
      groupBy: ['type', 'status'],
      sort: [{ column: 'type', direction: 'ASC' }],
    },
  },
  {
    name: 'Devices by state',
    description: 'Tracking devices enabled and disabled, per model.',
    category: null,
    tenant: 'Meridian Tracking',
    owner: 'company-admin',
    definition: {
      dataset: 'devices',
      columns: [{ column: 'state' }, { column: 'model' }, { column: 'name', aggregate: 'count' }],
      groupBy: ['state', 'model'],
      sort: [{ column: 'state', direction: 'ASC' }],
    },
  },
];

const idOf = async (q: Queryable, sql: string, value: string) => (await q.one<{ id: string }>(sql, [value]))?.id ?? null;

async function insertCategories(q: Queryable, ownerId: string | null) {
  const ids = new Map<string, string>();
  for (const c of CATEGORIES) {
    const row = await q.one<{ id: string }>(
      `insert into report_categories (tenant_id, name, parent_category_id, created_user_id)
       select id, $2, $3, $4 from tenants where name = $1 and deleted_at is null returning id`,
      [c.at ?? 'Meridian Lending', c.name, c.parent ? ids.get(c.parent)! : null, ownerId],
    );
    if (!row) continue;
    ids.set(c.name, row!.id);
    await q.query(`insert into report_category_roles (category_id, role_id) select $1, id from roles where lower(name) = any($2::text[])`, [
      row!.id,
      c.roles ?? [],
    ]);
    await q.query(
      `insert into report_category_tenants (category_id, tenant_id) select $1, id from tenants where name = any($2::text[]) and deleted_at is null`,
      [row!.id, c.tenants ?? []],
    );
  }
  return ids;
}

export async function seedDemoReports(db: Database) {
  const done = await db.one(`select 1 from system_settings where key = 'demo_reports_seeded'`);
  if (done) return;
  await db.tx(async (q) => {
    const marked = await q.one(
      `insert into system_settings (key, value) values ('demo_reports_seeded', now()::text) on conflict do nothing returning key`,
    );
    if (!marked) return;
    const categories = await insertCategories(q, await idOf(q, `select id from users where user_name = $1`, 'company-administrator'));
    for (const r of REPORTS) {
      const tenant = await idOf(q, `select id from tenants where name = $1 and deleted_at is null`, r.tenant);
      if (!tenant) continue;
      const definition = reportDefinitionSchema.parse(r.definition);
      await q.query(
        `insert into custom_reports (tenant_id, category_id, name, description, dataset, definition, owner_user_id)
         values ($1, $2, $3, $4, $5, $6, (select id from users where user_name = $7))`,
        [
          tenant,
          r.category ? categories.get(r.category)! : null,
          r.name,
          r.description,
          definition.dataset,
          JSON.stringify(definition),
          r.owner,
        ],
      );
    }
  });
}
