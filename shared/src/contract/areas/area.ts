/**
 * Areas as data: each resource of an area names its screen paths, its API paths and the permissions
 * of each action once, here in the contract. The API's guards, the remotes' routes, the menu and
 * `useCan` all read it, so an address or a permission is never written twice, and a misspelt
 * permission is a compile error (every grant is typed as a known `PermissionHierarchy`).
 */
import type { PermissionHierarchy } from '../permissions';

/** Any one of these hierarchies is enough. */
export type Grant = PermissionHierarchy | readonly PermissionHierarchy[];

/** A group of the sidebar: a top-level section, or a sub-menu `within` one. */
export interface MenuSection {
  label: string;
  /** Sort key among its siblings (top-level sections sort among every area's). */
  order: number;
  icon?: string;
  /** Hidden while offline (administration). */
  hiddenOffline?: boolean;
  /** Shown only to holders of one of these; without it the section shows when one of its entries does. */
  can?: Grant;
  within?: MenuSection;
}

/** Where one of a resource's screens sits in the sidebar. */
export interface MenuPlacement<Screen extends string = string, Action extends string = string> {
  section: MenuSection;
  label: string;
  /** Sort key within the section. */
  order: number;
  /** The screen the entry opens; 'list' unless said. */
  screen?: Screen;
  icon?: string;
  /** Values of the screen path's parameters, for an entry that opens one instance (an inbox). */
  params?: Readonly<Record<string, string>>;
  /** The action whose grant shows the entry; the screen's own unless said. */
  can?: Action;
}

type Paths = Readonly<Record<string, string>>;
type Grants = Readonly<Record<string, Grant>>;

export interface ResourceSpec<S extends Paths, A extends Paths, C extends Grants> {
  /** React Router paths of the screens, e.g. `{ list: '/sales/leads', edit: '/sales/leads/edit/:id' }`. */
  screens?: S;
  /** The API's paths (as the server registers them, without the /api prefix). */
  api?: A;
  /** Per action, the hierarchies any one of which allows it. */
  can?: C;
  /**
   * Which action guards a screen, where it is not the action of the screen's own name (or `read`,
   * the default for a screen that names no action).
   */
  guards?: Partial<Record<keyof S & string, keyof C & string>>;
  menu?: MenuPlacement<keyof S & string, keyof C & string> | readonly MenuPlacement<keyof S & string, keyof C & string>[];
}

/** Any resource: what consumers that take every resource (the menu, the scanners) see of one. */
export interface AnyResource {
  readonly screens: Paths;
  readonly api: Paths;
  readonly can: Grants;
  readonly guards: Readonly<Partial<Record<string, string>>>;
  readonly menu: readonly MenuPlacement[];
}

export interface Resource<S extends Paths = Paths, A extends Paths = Paths, C extends Grants = Grants> extends AnyResource {
  screens: S;
  api: A;
  can: C;
  guards: Partial<Record<keyof S & string, keyof C & string>>;
  menu: readonly MenuPlacement<keyof S & string, keyof C & string>[];
}

export type ScreenOf<R extends AnyResource> = keyof R['screens'] & string;
export type ActionOf<R extends AnyResource> = keyof R['can'] & string;

/** A resource of an area, typed as written: its paths stay literal types so `pathTo` knows their parameters. */
export const resource = <
  const S extends Paths = Record<never, string>,
  const A extends Paths = Record<never, string>,
  const C extends Grants = Record<never, Grant>,
>(
  spec: ResourceSpec<S, A, C>,
): Resource<S, A, C> => ({
  screens: spec.screens ?? ({} as S),
  api: spec.api ?? ({} as A),
  can: spec.can ?? ({} as C),
  guards: spec.guards ?? {},
  menu:
    spec.menu === undefined ? [] : Array.isArray(spec.menu) ? spec.menu : [spec.menu as MenuPlacement<keyof S & string, keyof C & string>],
});

/** The hierarchies of a grant, as a list. */
export const grantList = (grant: Grant): readonly PermissionHierarchy[] => (typeof grant === 'string' ? [grant] : grant);

/** The hierarchies that allow an action; undefined when the resource restricts it to nobody in particular. */
export function grantOf<R extends AnyResource>(res: R, action: ActionOf<R>): readonly PermissionHierarchy[] | undefined {
  const grant = res.can[action];
  return grant === undefined ? undefined : grantList(grant);
}

/** The hierarchies of several actions together (any one allows), in order, without repeats. */
export const grantOfAny = <R extends AnyResource>(res: R, ...actions: ActionOf<R>[]): PermissionHierarchy[] => [
  ...new Set(actions.flatMap((action) => grantOf(res, action) ?? [])),
];

/** The action that guards a screen: its own guard, the action of its name, else `read`. */
export function screenAction<R extends AnyResource>(res: R, screen: ScreenOf<R>): ActionOf<R> | undefined {
  const guard = res.guards[screen] as ActionOf<R> | undefined;
  if (guard) return guard;
  if (screen in res.can) return screen as string as ActionOf<R>;
  return 'read' in res.can ? ('read' as ActionOf<R>) : undefined;
}

/** The hierarchies that open a screen; undefined means every signed-in user. */
export function screenGrant<R extends AnyResource>(res: R, screen: ScreenOf<R>): readonly PermissionHierarchy[] | undefined {
  const action = screenAction(res, screen);
  return action === undefined ? undefined : grantOf(res, action);
}

export interface Area<R extends Readonly<Record<string, AnyResource>> = Readonly<Record<string, AnyResource>>> {
  /** The remote's name, as in remotes.json ('platform' for the shell's own pages). */
  id: string;
  title: string;
  resources: R;
  /** Hierarchies the area brings to the role editor that guard none of its screens (held for finer actions). */
  alsoIntroduces?: readonly PermissionHierarchy[];
}

export const area = <const R extends Readonly<Record<string, AnyResource>>>(spec: Area<R>): Area<R> => spec;

/**
 * The hierarchies an area introduces, for the role editor: those that open its screens and menu
 * entries, and what it names besides. Grants of API-only actions belong to the screens' areas.
 */
export function areaPermissions(of: Area): PermissionHierarchy[] {
  const found: PermissionHierarchy[] = [];
  for (const res of Object.values(of.resources)) {
    for (const screen of Object.keys(res.screens)) found.push(...(screenGrant(res, screen) ?? []));
    for (const placement of res.menu) {
      const action = placement.can ?? screenAction(res, placement.screen ?? 'list');
      found.push(...((action && grantOf(res, action)) || []));
      for (let section: MenuSection | undefined = placement.section; section; section = section.within) {
        if (section.can) found.push(...grantList(section.can));
      }
    }
  }
  return [...new Set([...found, ...(of.alsoIntroduces ?? [])])];
}

/** Every screen path of an area. */
export const areaScreenPaths = (of: Area): string[] => Object.values(of.resources).flatMap((res) => Object.values(res.screens));

/** A screen's path (typed keys make a missing one impossible; the check keeps the index honest). */
export function screenPath<R extends AnyResource>(res: R, screen: ScreenOf<R>): string {
  const path = res.screens[screen];
  if (path === undefined) throw new Error(`No screen ${screen}`);
  return path;
}
