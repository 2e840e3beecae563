/**
 * What the category form offers: the parent categories of the acting subtree (not the category itself or
 * one below it), the roles the caller may list (those already chosen stay choosable when they may not), and
 * the tenants of the acting subtree.
 */
import { roles } from '@meridian/shared/contract/areas/admin';
import type { ReportCategory } from '@meridian/shared/contract/report-category';
import type { Role } from '@meridian/shared/contract/role';
import type { TenantTree } from '@meridian/shared/contract/tenant';
import { api } from '@meridian/shared/http/api';
import { apiPath } from '@meridian/shared/http/api-path';
import { useLoad } from '@meridian/shared/http/use-load';
import { useCan } from '@meridian/shared/session/use-can';
import type { Choice } from '@meridian/shared/ui/form-fields';
import { CATEGORY_API } from './category-paths';

const loaded = <T>(state: { status: string; data?: T }, fallback: T): T => (state.status === 'loaded' ? (state.data as T) : fallback);

/** Below `category` in the tree: its path of names starts with the category's own. */
const isWithin = (candidate: ReportCategory, category: ReportCategory) =>
  candidate.id === category.id || candidate.path.startsWith(`${category.path} / `);

export function useCategoryChoices(category: ReportCategory | null) {
  const mayListRoles = useCan(roles, 'readForUsers');
  const categories = useLoad(
    async (signal) => (await api.get<ReportCategory[]>(CATEGORY_API.list, { query: { size: 1000 }, signal })).data,
    [],
  );
  const roleList = useLoad(
    async (signal) => (mayListRoles ? (await api.get<Role[]>(apiPath(roles.api.list), { query: { size: 1000 }, signal })).data : []),
    [mayListRoles],
  );
  const tenantTree = useLoad(async (signal) => (await api.get<TenantTree>('/api/tenants/descendantsByTenantId', { signal })).data, []);

  const parents: Choice<string>[] = loaded(categories, [] as ReportCategory[])
    .filter((c) => !category || (!isWithin(c, category) && c.tenantId === category.tenantId))
    .map((c) => ({ value: c.id, label: c.path }));
  const roleChoices: Choice<string>[] = loaded(roleList, [] as Role[]).map((r) => ({ value: r.Id, label: r.name }));
  for (const chosen of category?.roles ?? [])
    if (!roleChoices.some((c) => c.value === chosen.roleId)) roleChoices.push({ value: chosen.roleId, label: chosen.name });
  const tenantChoices: Choice<string>[] = (tenantTree.status === 'loaded' ? tenantTree.data.tenants : []).map((t) => ({
    value: t.Id,
    label: t.name,
  }));
  for (const chosen of category?.tenants ?? [])
    if (!tenantChoices.some((c) => c.value === chosen.tenantId)) tenantChoices.push({ value: chosen.tenantId, label: chosen.name });

  return {
    parents,
    roles: roleChoices,
    tenants: tenantChoices,
    mayListRoles,
    loading: categories.status === 'loading' || roleList.status === 'loading' || tenantTree.status === 'loading',
  };
}
