/** Tenant rows in the shared Tenant shape, subtrees, and the tree arrangement. */
import type { Tenant, TenantNode, TenantTree } from '@meridian/shared/contract/tenant';
import type { Queryable } from '../../db/database';

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
  const tenants = await q.query<Tenant>(
    `select ${TENANT_COLUMNS} from tenants t where t.deleted_at is null and t.path like any($1::text[]) order by t.type, t.name`,
    [pathPrefixes.map((p) => `${p}%`)],
  );
  return { tenants, tenantsArranged: arrange(tenants) };
}

/** The tenant and its ancestors, nearest first. */
export async function ancestry(q: Queryable, tenantId: string) {
  return q.query<Tenant & { path: string }>(
    `select ${TENANT_COLUMNS}, t.path from tenants self join tenants t on self.path like t.path || '%'
     where self.id = $1 and t.deleted_at is null order by length(t.path) desc`,
    [tenantId],
  );
}
