/** Reading the arranged tenant tree (the descendants calls' `tenantsArranged`) for tables and pickers. */
import { tenants } from '@meridian/shared/contract/areas/admin';
import { TENANT_TYPE, TENANT_TYPE_NAMES } from '@meridian/shared/constants';
import type { TenantNode, TenantTree } from '@meridian/shared/contract/tenant';
import { api } from '@meridian/shared/http/api';

export const TENANTS_LIST_PATH = tenants.screens.list;

/** The tenants the acting tenant may change: itself and everything beneath it (what create, edit and delete accept). */
export const loadActingSubtree = (signal: AbortSignal) =>
  api.get<TenantTree>('/api/tenants/descendantsByTenantId', { signal }).then((r) => r.data);

export function* walk(nodes: readonly TenantNode[]): Generator<TenantNode> {
  for (const node of nodes) {
    yield node;
    yield* walk(node.children ?? []);
  }
}

export const byId = (nodes: readonly TenantNode[]) => new Map([...walk(nodes)].map((n) => [n.Id, n]));

/** The ids of a tenant and everything beneath it; null when the tree does not hold it. */
export function subtreeIds(nodes: readonly TenantNode[], rootId: string | null | undefined): Set<string> | null {
  const root = rootId ? byId(nodes).get(rootId) : undefined;
  return root ? new Set([...walk([root])].map((n) => n.Id)) : null;
}

export const typeName = (type: number) => TENANT_TYPE_NAMES[type as keyof typeof TENANT_TYPE_NAMES] ?? String(type);

/** A team is the lowest level: nothing can sit under it. */
export const mayHaveChildren = (type: number) => type < TENANT_TYPE.TEAM;

export interface TenantOption {
  value: string;
  title: string;
  disabled?: boolean;
  children: TenantOption[];
}

/** The tree for a TreeSelect, each tenant named with its type; `disabled` greys out what may not be chosen. */
export function tenantOptions(nodes: readonly TenantNode[], disabled: (node: TenantNode) => boolean = () => false): TenantOption[] {
  return nodes.map((n) => ({
    value: n.Id,
    title: `${n.name} (${typeName(n.type)})`,
    disabled: disabled(n),
    children: tenantOptions(n.children ?? [], disabled),
  }));
}

/** The nearest position at or above a tenant, where a map should open when the tenant has none. */
export function nearestPosition(tenants: Map<string, TenantNode>, fromId: string | null | undefined): { lat: number; lng: number } | null {
  const seen = new Set<string>();
  for (let at = fromId ? tenants.get(fromId) : undefined; at && !seen.has(at.Id); at = at.parentId ? tenants.get(at.parentId) : undefined) {
    seen.add(at.Id);
    if (at.lat != null && at.lng != null) return { lat: at.lat, lng: at.lng };
  }
  return null;
}
