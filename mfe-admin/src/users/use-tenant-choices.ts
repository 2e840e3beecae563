/**
 * The tenants an administrator may pick from: the subtree of the tenant they act for
 * (GET /api/tenants/descendantsByTenantId). The users calls scope everything to that subtree (a
 * tenantId filter or a tenant given to a user outside it is refused), so this is exactly what they accept.
 */
import { useMemo } from 'react';
import type { TenantNode, TenantTree } from '@meridian/shared/contract/tenant';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { tenantPathLabels } from '@meridian/shared/tenant-path-labels';

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
