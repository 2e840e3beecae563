/**
 * Tenant rows in the shared Tenant shape, subtrees, and the tree arrangement; a page of tenants, one
 * with its banks; and what a tenant inherits from above (company, currency, banks, location).
 */
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { Tenant, TenantLocation, TenantNode, TenantTree } from '@meridian/shared/contract/tenant';
import { MONEY, TENANT_TYPE, TENANT_TYPE_NAMES } from '@meridian/shared/constants';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { notFound } from '../../http/errors';
import { pagedQuery, pageSql } from '../../http/paging';
import { sqlParams } from '../../db/sql-params';
import { pathWithin, tenantRowInAnySubtree, tenantRowInScope } from '../../tenancy/subtree';

export const TENANT_COLUMNS = `t.id as "Id", t.name, t.parent_id as "parentId", t.type, t.location, t.lat, t.lng, t.short_code as "shortCode",
  t.location_required as "locationRequired", t.currency_code as "currencyCode", t.currency_symbol as "currencySymbol", t.date_created as "dateCreated"`;

/** Children under their parents; a tenant whose parent is not in the list is a root of the arrangement. */
export function arrange(tenants: Tenant[]): TenantNode[] {
  const nodes = new Map(tenants.map((t) => [t.Id, { ...t, children: [] as TenantNode[] }]));
  const roots: TenantNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Every live tenant under any of the given path prefixes (themselves included). */
export async function subtrees(q: Queryable, pathPrefixes: readonly string[]): Promise<TenantTree> {
  const p = sqlParams();
  const tenants = await q.query<Tenant>(
    `select ${TENANT_COLUMNS} from tenants t where ${tenantRowInAnySubtree('t', pathPrefixes, p)} order by t.type, t.name`,
    p.values,
  );
  return { tenants, tenantsArranged: arrange(tenants) };
}

/** The tenant and its ancestors, nearest first. */
export async function ancestry(q: Queryable, tenantId: string) {
  return q.query<Tenant & { path: string }>(
    `select ${TENANT_COLUMNS}, t.path from tenants self join tenants t on ${pathWithin('self.path', 't.path')}
     where self.id = $1 and t.deleted_at is null order by length(t.path) desc`,
    [tenantId],
  );
}

/** The tenant types, as the tenant-type list answers them. */
export const tenantTypes = () => Object.entries(TENANT_TYPE_NAMES).map(([Id, name]) => ({ Id: Number(Id), name }));

export const tenantById = (q: Queryable, id: string) => q.one(`select ${TENANT_COLUMNS} from tenants t where t.id = $1`, [id]);

/** A tenant with its own banks. */
export async function tenantWithBanks(q: Queryable, id: string) {
  const tenant = await tenantById(q, id);
  const banks = await q.query(
    `select id as "Id", name, code, branch_code as "branchCode" from tenant_banks where tenant_id = $1 order by name`,
    [id],
  );
  return { ...tenant, banks };
}

/** One page of the live tenants of the acting subtree, each with its parent's name and its number of children. */
export function tenantPage(q: Queryable, scope: TenantScope, query: PagingQuery, maxPageSize: number) {
  const page = pageSql(
    query,
    {
      fields: { parentId: 't.parent_id', name: 't.name', type: 't.type', shortCode: 't.short_code', dateCreated: 't.date_created' },
      defaultField: 'parentId',
      defaultOrder: 'DESC',
      tieBreaker: 't.id',
    },
    maxPageSize,
  );
  const p = sqlParams();
  let where = tenantRowInScope('t', scope, p);
  if (page.searchPattern) {
    where += ` and upper(t.name || ' ' || coalesce(t.short_code, '') || ' ' || coalesce(t.location, '')) like ${p.add(page.searchPattern)}`;
  }
  return pagedQuery(
    q,
    {
      select: `${TENANT_COLUMNS}, p.name as "parentName", (select count(*)::int from tenants c where c.parent_id = t.id and c.deleted_at is null) as "childCount"`,
      from: `from tenants t left join tenants p on p.id = t.parent_id where ${where}`,
      params: p.values,
    },
    page,
  );
}

/** The live tenants a user belongs to, their home tenant first. */
export const userTenants = (q: Queryable, userId: string) =>
  q.query<Tenant>(
    `select ${TENANT_COLUMNS} from user_tenants ut join tenants t on t.id = ut.tenant_id join users u on u.id = ut.user_id
   where ut.user_id = $1 and t.deleted_at is null order by (t.id = u.tenant_id) desc, t.name`,
    [userId],
  );

/** The company a tenant is, or lies under. */
export async function companyOfTenant(q: Queryable, tenantId: string): Promise<Tenant> {
  const company = (await ancestry(q, tenantId)).find((t) => t.type === TENANT_TYPE.COMPANY);
  if (!company) throw notFound('The company of this tenant');
  const { path: _path, ...tenant } = company;
  return tenant;
}

/** The currency of the nearest tenant up the tree that sets one; else the product's default prefix. */
export async function currencyOfTenant(q: Queryable, tenantId: string) {
  const owner = (await ancestry(q, tenantId)).find((t) => t.currencyCode || t.currencySymbol);
  return { currencyCode: owner?.currencyCode ?? null, currencySymbol: owner?.currencySymbol ?? MONEY.defaultCurrencyPrefix };
}

/** Banks are kept on the company (or any ancestor); the nearest tenant that has some answers. */
export const banksOfTenant = (q: Queryable, tenantId: string) =>
  q.query(
    `with chain as (select t.id, length(t.path) as depth from tenants self join tenants t on ${pathWithin('self.path', 't.path')} where self.id = $1),
        owner as (select c.id from chain c where exists (select 1 from tenant_banks b where b.tenant_id = c.id) order by c.depth desc limit 1)
   select b.id as "Id", b.tenant_id as "tenantId", b.name, b.code, b.branch_code as "branchCode"
   from tenant_banks b join owner o on o.id = b.tenant_id order by b.name`,
    [tenantId],
  );

/** The live tenants beneath the acting one, counted in all and per type. */
export async function subTenantCounts(q: Queryable, scope: TenantScope) {
  const p = sqlParams([scope.tenantId]);
  const rows = await q.query<{ type: number; count: number }>(
    `select t.type, count(*)::int as count from tenants t where ${tenantRowInScope('t', scope, p)} and t.id <> $1 group by t.type`,
    p.values,
  );
  const byType = Object.fromEntries(Object.keys(TENANT_TYPE_NAMES).map((t) => [t, rows.find((r) => r.type === Number(t))?.count ?? 0]));
  return { count: rows.reduce((sum, r) => sum + r.count, 0), byType };
}

/** Where a user's home tenant is: its own location text; lat and lng inherited from the nearest ancestor that has them. */
export async function locationOfUser(q: Queryable, userId: string): Promise<TenantLocation> {
  const home = await q.one<{ tenant_id: string }>(`select tenant_id from users where id = $1`, [userId]);
  const chain = await ancestry(q, home!.tenant_id);
  const withCoordinates = chain.find((t) => t.lat != null && t.lng != null);
  return {
    location: chain[0]?.location ?? withCoordinates?.location ?? null,
    lat: withCoordinates?.lat ?? null,
    lng: withCoordinates?.lng ?? null,
  };
}
