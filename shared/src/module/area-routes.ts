/**
 * Routes, menus and modules built from an area's data (contract/areas): a screen's path and the
 * permissions that open it are read from its resource, never written again here, and the sidebar is
 * derived from the routes' menu placements, as ant-design-pro derives its menu from the route config.
 */
import {
  areaPermissions,
  grantOf,
  screenAction,
  screenGrant,
  screenPath,
  type AnyResource,
  type Area,
  type MenuPlacement,
  type MenuSection,
  type ScreenOf,
} from '../contract/areas/area';
import { pathTo } from '../contract/areas/path-to';
import {
  overviewRoute,
  route,
  type DomainModule,
  type DomainRoute,
  type MenuEntry,
  type RouteMenuEntry,
  type RouteMeta,
} from './domain-module';

type RouteOptions = Partial<Omit<RouteMeta, 'allowedPermissions'>>;

const allowedFor = <R extends AnyResource>(res: R, screen: ScreenOf<R>): string[] => {
  const grant = screenGrant(res, screen);
  return grant ? [...grant] : ['ALL'];
};

function menuEntriesFor<R extends AnyResource>(res: R, screen: ScreenOf<R>): RouteMenuEntry[] {
  return res.menu
    .filter((placement) => (placement.screen ?? 'list') === screen)
    .map((placement: MenuPlacement) => {
      const action = placement.can ?? screenAction(res, screen);
      const grant = action === undefined ? undefined : grantOf(res, action);
      const path = placement.params ? pathTo(screenPath(res, screen), placement.params as never) : screenPath(res, screen);
      return {
        section: placement.section,
        label: placement.label,
        order: placement.order,
        path,
        ...(placement.icon ? { icon: placement.icon } : {}),
        ...(grant ? { permissions: [...grant] } : {}),
      };
    });
}

/** The route of one of a resource's screens: its path and permissions from the resource, its sidebar entries from its menu placements. */
export function screenRoute<R extends AnyResource>(
  res: R,
  screen: ScreenOf<R>,
  page: DomainRoute['page'],
  meta: RouteOptions = {},
  beforeResolve?: DomainRoute['beforeResolve'],
): DomainRoute {
  const built = route(screenPath(res, screen), page, { ...meta, allowedPermissions: allowedFor(res, screen) }, beforeResolve);
  const menu = menuEntriesFor(res, screen);
  return menu.length ? { ...built, menu } : built;
}

/** Routes shown by the shared route overview until their screens are built: one per titled screen. */
export function overviewRoutes<R extends AnyResource>(
  res: R,
  titles: Partial<Record<ScreenOf<R>, string>>,
  meta: RouteOptions = {},
): DomainRoute[] {
  return (Object.keys(titles) as ScreenOf<R>[]).map((screen) => {
    const built = overviewRoute(screenPath(res, screen), titles[screen] as string, allowedFor(res, screen), meta);
    const menu = menuEntriesFor(res, screen);
    return menu.length ? { ...built, menu } : built;
  });
}

interface SectionNode {
  section: MenuSection;
  children: { order: number; entry: MenuEntry | SectionNode }[];
}

const isSectionNode = (value: MenuEntry | SectionNode): value is SectionNode => 'section' in value;

/** The section's chain from the top-level section down. */
const chainOf = (section: MenuSection): MenuSection[] => (section.within ? [...chainOf(section.within), section] : [section]);

function toMenuEntry(node: SectionNode, topLevel: boolean, hiddenOffline: boolean): MenuEntry {
  const { section } = node;
  const hidden = hiddenOffline || Boolean(section.hiddenOffline);
  const children = [...node.children]
    .sort((a, b) => a.order - b.order)
    .map(({ entry }) =>
      isSectionNode(entry) ? toMenuEntry(entry, false, hidden) : { ...entry, ...(hidden ? { hiddenOffline: true } : {}) },
    );
  return {
    label: section.label,
    ...(topLevel ? { order: section.order } : {}),
    ...(section.icon ? { icon: section.icon } : {}),
    ...(hidden ? { hiddenOffline: true } : {}),
    ...(section.can ? { permissions: typeof section.can === 'string' ? [section.can] : [...section.can] } : {}),
    children,
  };
}

/** The sidebar of a set of routes: their menu entries grouped by section, each group sorted by order. */
export function menuFromRoutes(routes: readonly DomainRoute[]): MenuEntry[] {
  const nodes = new Map<MenuSection, SectionNode>();
  const roots: SectionNode[] = [];
  const nodeOf = (section: MenuSection): SectionNode => {
    const known = nodes.get(section);
    if (known) return known;
    const node: SectionNode = { section, children: [] };
    nodes.set(section, node);
    if (section.within) nodeOf(section.within).children.push({ order: section.order, entry: node });
    else roots.push(node);
    return node;
  };
  for (const entry of routes.flatMap((r) => r.menu ?? [])) {
    chainOf(entry.section).forEach(nodeOf);
    const { section, order, label, path, icon, permissions } = entry;
    nodeOf(section).children.push({ order, entry: { label, path, ...(icon ? { icon } : {}), ...(permissions ? { permissions } : {}) } });
  }
  return [...roots].sort((a, b) => a.section.order - b.section.order).map((node) => toMenuEntry(node, true, false));
}

/** The module a remote exposes: id, title and permissions from its area, the menu from its routes. */
export const domainModule = (of: Area, routes: DomainRoute[]): DomainModule => ({
  id: of.id,
  title: of.title,
  permissions: areaPermissions(of),
  menu: menuFromRoutes(routes),
  routes,
});
