/**
 * The contract every remote fulfils: its one exposed entry `./module` default-exports a DomainModule.
 * The shell learns remotes at runtime from /remotes.json and builds one router and one menu from them.
 */
import type { ComponentType } from 'react';
import type { MenuSection } from '../contract/areas/area';

export type RouteLayout = 'main' | 'plain';

/** Route metadata of the spec (platform 2.2, 2.5): layout, offline flag, auth flag, permissions. */
export interface RouteMeta {
  layout: RouteLayout;
  /** May be opened while the browser is offline. */
  offline: boolean;
  authRequired: boolean;
  /** Any one of these hierarchies is enough; ['ALL'] (the default) or ['ANY'] means no restriction. */
  allowedPermissions: string[];
  title?: string;
}

export interface BeforeResolveContext {
  path: string;
  params: Record<string, string | undefined>;
}
/** Answers nothing to go on, or a path to redirect to (which aborts this navigation). */
export type BeforeResolve = (context: BeforeResolveContext) => Promise<string | void> | string | void;

export interface DomainRoute {
  /** React Router path, e.g. '/sales/leads/edit/:id'. */
  path: string;
  meta: RouteMeta;
  /** A lazily loaded page: code is split per route. */
  page: () => Promise<{ default: ComponentType }>;
  beforeResolve?: BeforeResolve;
  /** The sidebar entries that open this route (from its resource's menu placements); see `menuFromRoutes`. */
  menu?: RouteMenuEntry[];
}

/** A sidebar entry carried by a route: its place (section chain) and who sees it. */
export interface RouteMenuEntry {
  section: MenuSection;
  label: string;
  order: number;
  path: string;
  icon?: string;
  permissions?: string[];
}

export interface MenuEntry {
  label: string;
  path?: string;
  /** Shown when the user holds any one of these; omitted means everyone signed in. */
  permissions?: string[];
  /** Hidden while offline (administration entries). */
  hiddenOffline?: boolean;
  icon?: string;
  children?: MenuEntry[];
  /** Sort key among the shell's top-level sections. */
  order?: number;
}

export interface DomainModule {
  /** The remote's name, as in remotes.json. */
  id: string;
  title: string;
  routes: DomainRoute[];
  menu: MenuEntry[];
  /** The hierarchies this area introduces, shown in the role editor. */
  permissions: string[];
}

export const defaultRouteMeta: RouteMeta = { layout: 'main', offline: false, authRequired: true, allowedPermissions: ['ALL'] };

/** Fills the defaults of the spec's route metadata. */
export const route = (
  path: string,
  page: DomainRoute['page'],
  meta: Partial<RouteMeta> = {},
  beforeResolve?: BeforeResolve,
): DomainRoute => ({
  path,
  page,
  meta: { ...defaultRouteMeta, ...meta },
  ...(beforeResolve ? { beforeResolve } : {}),
});

/** A route shown by the shared route overview until its screen is built (issues 4 and 5). */
export const overviewRoute = (path: string, title: string, allowedPermissions: string[], meta: Partial<RouteMeta> = {}): DomainRoute =>
  route(path, () => import('../ui/route-overview'), { title, allowedPermissions, ...meta });
