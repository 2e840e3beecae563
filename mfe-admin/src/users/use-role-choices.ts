/** The roles an administrator may pick from (GET /api/roles: system roles and those of the acting tenant's line). */
import { useMemo } from 'react';
import type { Role } from '@meridian/shared/contract/role';
import { DEFAULT_MAX_PAGE_SIZE } from '@meridian/shared/constants';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';

export interface RoleChoices {
  loading: boolean;
  /** The roles could not be loaded; `reload` tries again. */
  failed: boolean;
  reload: () => void;
  /** By id, for the user form. */
  byId: { value: string; label: string }[];
  /** By name, for the list's role filter (the list call filters on the role's name). */
  byName: { value: string; label: string }[];
}

export function useRoleChoices(): RoleChoices {
  const roles = useLoad(
    (signal) =>
      api.get<Role[]>('/api/roles', { signal, query: { page: 1, size: DEFAULT_MAX_PAGE_SIZE, sortField: 'name', sortOrder: 'ASC' } }),
    [],
  );
  const list = roles.status === 'loaded' ? roles.data.data : null;
  const { status, reload } = roles;
  return useMemo(() => {
    const all = list ?? [];
    const names = new Map<string, string>();
    for (const role of all) if (!names.has(role.name.trim().toLowerCase())) names.set(role.name.trim().toLowerCase(), role.name);
    return {
      loading: status === 'loading',
      failed: status === 'failed',
      reload,
      byId: all.map((role) => ({ value: role.Id, label: role.name })),
      byName: [...names.values()].map((name) => ({ value: name, label: name })),
    };
  }, [list, status, reload]);
}
