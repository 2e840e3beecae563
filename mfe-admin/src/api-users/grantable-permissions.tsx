/**
 * The permissions an administrator may give an API key: the ones they hold themselves (the server
 * refuses any other), as a tree nested by hierarchy segments like the role editor's
 * (roles/permission-tree). The hierarchies come from every loaded area plus what the server says the
 * user holds; a key needs permission ids, so the server's list supplies them:
 * GET /api/permissions/byUserId/:id (the caller's own, with no administration right needed), or the
 * whole catalogue (GET /api/permissions) for a global administrator, who holds every permission.
 */
import { useMemo } from 'react';
import { Typography, type TreeDataNode } from 'antd';
import { can, type PermissionHolder } from '@meridian/shared/contract/access';
import { isGlobalAdministrator } from '@meridian/shared/contract/roles';
import type { PermissionRef } from '@meridian/shared/contract/user';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { loadedModules, useLoadedRemotes } from '@meridian/shared/module/loaded-modules';
import { permissionsOf, useSession } from '@meridian/shared/session/session-store';
import { loadedHierarchies, permissionForest, type PermissionNode } from '../roles/permission-tree';
import { ADMIN_TEXT } from '../parts/admin-text';

/** A tree key for a hierarchy the server has no permission row for: shown, never sent. */
export const UNKNOWN_PERMISSION_PREFIX = 'unknown:';

/** The permissions (with their ids) the signed-in user may grant. */
export function useGrantableCatalogue() {
  const userId = useSession((state) => state.user?.Id ?? null);
  const globalAdministrator = useSession((state) => isGlobalAdministrator(state.user?.roles ?? []));
  return useLoad(
    async (signal) => {
      if (!userId) return [];
      const path = globalAdministrator ? '/api/permissions' : `/api/permissions/byUserId/${encodeURIComponent(userId)}`;
      const { data } = await api.get<PermissionRef[]>(path, { signal });
      return data;
    },
    [userId, globalAdministrator],
  );
}

function NodeTitle({ node, unknown }: { node: PermissionNode; unknown: boolean }) {
  return (
    <span title={unknown ? ADMIN_TEXT.permissionUnknown : undefined}>
      <span>{node.label}</span>
      {node.label !== node.hierarchy && (
        <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
          {node.hierarchy}
        </Typography.Text>
      )}
    </span>
  );
}

function toTreeData(nodes: PermissionNode[], idOf: Map<string, string>): TreeDataNode[] {
  return nodes.map((node) => {
    const id = idOf.get(node.hierarchy.toUpperCase());
    return {
      key: id ?? `${UNKNOWN_PERMISSION_PREFIX}${node.hierarchy}`,
      title: <NodeTitle node={node} unknown={!id} />,
      disableCheckbox: !id,
      children: toTreeData(node.children, idOf),
    };
  });
}

/** Only what `holder` holds, of the loaded areas' hierarchies and the server's list. */
export function grantableTree(
  catalogue: readonly PermissionRef[],
  areaHierarchies: readonly string[],
  holder: PermissionHolder,
): TreeDataNode[] {
  const idOf = new Map(catalogue.map((p) => [p.hierarchy.toUpperCase(), p.Id]));
  const held = [...areaHierarchies, ...catalogue.map((p) => p.hierarchy)].filter((h) => can(holder, [h]));
  return toTreeData(permissionForest(held), idOf);
}

/**
 * The tree for the signed-in user. An area that failed to load loses nothing here: the server's list
 * still names what the user holds of it.
 */
export function useGrantableTree(catalogue: readonly PermissionRef[]) {
  const user = useSession((state) => state.user);
  const remotes = useLoadedRemotes();
  return useMemo(
    () => grantableTree(catalogue, loadedHierarchies(loadedModules(remotes)), permissionsOf({ user })),
    [catalogue, remotes, user],
  );
}
