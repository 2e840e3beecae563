/** Tenant choices as people read them: each tenant named with the tenants above it ("Group / Company / Branch"). */
import type { Tenant } from './contract/tenant';

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
