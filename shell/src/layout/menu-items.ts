/**
 * The sidebar as data: the shell's entries plus every remote's, an "unavailable" entry for a remote
 * that failed, each item kept only when the user holds one of its hierarchies (spec 2.6), and
 * administration hidden offline. Pure, so it is tested without a browser.
 */
import { can, type PermissionHolder } from '@meridian/shared/contract/access';
import { home } from '@meridian/shared/contract/areas/platform';
import type { MenuEntry } from '@meridian/shared/module/domain-module';
import type { RemoteState } from '@meridian/shared/module/loaded-modules';

export interface VisibleItem {
  key: string;
  label: string;
  path?: string;
  icon?: string;
  unavailable?: string;
  children?: VisibleItem[];
}

export const SHELL_MENU: MenuEntry[] = [{ label: 'Dashboard', path: home.screens.view, icon: 'dashboard', order: 0 }];

function visible(entry: MenuEntry, holder: PermissionHolder, online: boolean, keyPrefix: string): VisibleItem | null {
  if (entry.hiddenOffline && !online) return null;
  if (entry.permissions && !can(holder, entry.permissions)) return null;
  const key = entry.path ?? `${keyPrefix}/${entry.label}`;
  if (!entry.children) return { key, label: entry.label, path: entry.path, icon: entry.icon };
  const children = entry.children.map((c) => visible(c, holder, online, key)).filter((c): c is VisibleItem => c !== null);
  return children.length ? { key, label: entry.label, icon: entry.icon, children } : null;
}

export function menuItems(remotes: RemoteState[], holder: PermissionHolder, online: boolean): VisibleItem[] {
  const entries = [...SHELL_MENU, ...remotes.flatMap((r) => (r.status === 'loaded' ? r.module.menu : []))].sort(
    (a, b) => (a.order ?? 50) - (b.order ?? 50),
  );
  const items = entries.map((e) => visible(e, holder, online, 'menu')).filter((i): i is VisibleItem => i !== null);
  const failed = remotes
    .filter((r) => r.status === 'failed')
    .map((r) => ({ key: `unavailable:${r.name}`, label: r.title, icon: 'warning', unavailable: r.name }));
  return [...items, ...failed];
}

/** Keys of the groups that hold the item at `path`, to open them. */
export function ancestorsOf(items: VisibleItem[], path: string, trail: string[] = []): string[] | null {
  for (const item of items) {
    if (item.path === path) return trail;
    if (item.children) {
      const found = ancestorsOf(item.children, path, [...trail, item.key]);
      if (found) return found;
    }
  }
  return null;
}
