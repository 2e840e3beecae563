/**
 * The role editor's permission tree: hierarchies nest by their '/' segments, so SALES/ACTIVITIES/CALENDAR
 * sits under SALES/ACTIVITIES, which sits under SALES, and CLIENTS/CREATE and CLIENTS/EDIT sit under
 * CLIENTS. A hierarchy whose parent segment is no permission of its own (SALES/AGENTS/MYWORK has no
 * SALES/AGENTS) hangs under the nearest one that is, labelled with the rest of its path.
 */
import type { DomainModule } from '@meridian/shared/module/domain-module';

export interface PermissionNode {
  /** The hierarchy as first spelled (the server matches hierarchies case-insensitively). */
  hierarchy: string;
  /** What the node shows: the part of the hierarchy below its parent node. */
  label: string;
  children: PermissionNode[];
}

const keyOf = (hierarchy: string) => hierarchy.trim().toUpperCase();
const byLabel = (a: PermissionNode, b: PermissionNode) => a.label.localeCompare(b.label, 'en', { sensitivity: 'base' });

/** Every hierarchy once (case-insensitively, first spelling kept), nested by '/' segments and sorted at every level. */
export function permissionForest(hierarchies: readonly string[]): PermissionNode[] {
  const spelling = new Map<string, string>();
  for (const raw of hierarchies) {
    const hierarchy = raw.trim();
    if (hierarchy && !spelling.has(keyOf(hierarchy))) spelling.set(keyOf(hierarchy), hierarchy);
  }
  const nodes = new Map<string, PermissionNode>();
  for (const [key, hierarchy] of spelling) nodes.set(key, { hierarchy, label: hierarchy, children: [] });

  const roots: PermissionNode[] = [];
  for (const [key, node] of nodes) {
    const segments = key.split('/');
    // The longest proper prefix that is a permission itself.
    let parent: PermissionNode | undefined;
    let at = segments.length - 1;
    for (; at > 0; at--) {
      parent = nodes.get(segments.slice(0, at).join('/'));
      if (parent) break;
    }
    if (parent) {
      node.label = node.hierarchy.split('/').slice(at).join('/');
      parent.children.push(node);
    } else {
      roots.push(node);
    }
  }
  const sort = (list: PermissionNode[]) => {
    list.sort(byLabel);
    list.forEach((n) => sort(n.children));
    return list;
  };
  return sort(roots);
}

/** The hierarchies the loaded areas bring (each DomainModule's `permissions`), de-duplicated. */
export function loadedHierarchies(modules: readonly DomainModule[]): string[] {
  return [...new Set(modules.flatMap((m) => m.permissions))];
}
