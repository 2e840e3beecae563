/**
 * The tenants an administrator may pick from: the subtree of the tenant they act for
 * (GET /api/tenants/descendantsByTenantId). The users calls scope everything to that subtree (a
 * tenantId filter or a tenant given to a user outside it is refused), so this is exactly what they accept.
 */
import { useMemo } from 'react';
import type { Tenant, TenantNode, TenantTree } from '@meridian/shared/contract/tenant';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';

export interface TenantTreeOption {
  value: string;
  title: string;
  children: TenantTreeOption[];
}

export interface TenantChoices {
  loading: boolean;
  /** The tenants could not be loaded; `reload` tries again. */
  failed: boolean;
  reload: () => void;
  /** For a TreeSelect. */
  tree: TenantTreeOption[];
  /** Every tenant with its line as the label ("Group / Company / Branch"), in tree order. */
  flat: { value: string; label: string }[];
}

const toTree = (nodes: readonly TenantNode[]): TenantTreeOption[] =>
  nodes.map((node) => ({ value: node.Id, title: node.name, children: toTree(node.children ?? []) }));

/** The names from the top of the list down to the tenant, as one label. */
export function tenantPathLabels(tenants: readonly Pick<Tenant, 'Id' | 'name' | 'parentId'>[]): { value: string; label: string }[] {
  const byId = new Map(tenants.map((t) => [t.Id, t]));
  const labelOf = (tenant: Pick<Tenant, 'Id' | 'name' | 'parentId'>) => {
    const names = [tenant.name];
    const seen = new Set([tenant.Id]);
    for (
      let parent = tenant.parentId ? byId.get(tenant.parentId) : undefined;
      parent && !seen.has(parent.Id);
      parent = parent.parentId ? byId.get(parent.parentId) : undefined
    ) {
      seen.add(parent.Id);
      names.unshift(parent.name);
    }
    return names.join(' / ');
  };
  return tenants.map((t) => ({ value: t.Id, label: labelOf(t) })).sort((a, b) => a.label.localeCompare(b.label));
}

export function useTenantChoices(): TenantChoices {
  const tenants = useLoad((signal) => api.get<TenantTree>('/api/tenants/descendantsByTenantId', { signal }), []);
  const data = tenants.status === 'loaded' ? tenants.data.data : null;
  const { status, reload } = tenants;
  return useMemo(
    () => ({
      loading: status === 'loading',
      failed: status === 'failed',
      reload,
      tree: toTree(data?.tenantsArranged ?? []),
      flat: tenantPathLabels(data?.tenants ?? []),
    }),
    [data, status, reload],
  );
}
