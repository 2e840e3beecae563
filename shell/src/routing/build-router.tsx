/**
 * One router from the shell's own routes and every loaded remote's routes.
 *
 * The sign-in and offline pages sit directly under the antd-free root; everything else sits under
 * the antd frame, which the router loads lazily. Remote routes are not known until the remotes load,
 * which happens once a user is signed in: a path that matches none of the known routes (it falls to
 * the catch-all) asks `patchRoutesOnNavigation`, which waits for the remotes and adds their routes
 * before the navigation is matched again.
 */
import { createBrowserRouter, matchPath, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { route, type DomainRoute } from '@meridian/shared/module/domain-module';
import { areaScreenPaths } from '@meridian/shared/contract/areas/area';
import type { RemoteState } from '@meridian/shared/module/loaded-modules';
import { isLoggedIn, sessionStore } from '@meridian/shared/session/session-store';
import { FirstPaintRoot } from '../layout/first-paint-root';
import { PlainLayout } from '../layout/plain-layout';
import { loadRemotesOnce } from '../remotes/load-remotes';
import { AreaError } from './area-error';
import { guardLoader } from './guard-loader';
import { RoutePage } from './route-page';
import { routeHandle } from '@meridian/shared/ui/route-context';
import { FIRST_PAINT_ROUTES, NOT_FOUND_ROUTE, SHELL_ROUTES } from './shell-routes';

const toRouteObject = (route: DomainRoute, area: string): RouteObject => ({
  path: route.path,
  loader: guardLoader(route),
  // Also on the router's handle: a remote's copy of a shared module reads it through react-router, a true singleton.
  handle: routeHandle(route),
  element: <RoutePage route={route} />,
  errorElement: <AreaError area={area} />,
});

/** The routes of one area, split by the layout they are shown in. */
export function routesOfArea(area: string, routes: DomainRoute[]) {
  const main: RouteObject[] = [];
  const plain: RouteObject[] = [];
  for (const route of routes) (route.meta.layout === 'plain' ? plain : main).push(toRouteObject(route, area));
  return { main, plain };
}

const MAIN_LAYOUT_ID = 'main-layout';
const PLAIN_LAYOUT_ID = 'plain-layout';

/** Adds the routes of every loaded remote not added yet; `patch` is the router's. */
export function patchRemoteRoutes(remotes: RemoteState[], patch: (parentId: string, routes: RouteObject[]) => void, patched: Set<string>) {
  for (const remote of remotes) {
    if (remote.status !== 'loaded' || patched.has(remote.name)) continue;
    const { main, plain } = routesOfArea(remote.title, remote.module.routes);
    patch(MAIN_LAYOUT_ID, main);
    patch(PLAIN_LAYOUT_ID, plain);
    patched.add(remote.name);
  }
}

/**
 * For each remote that failed to load, its screens' addresses answer inside the main layout with the
 * area named as unavailable and a retry, instead of the plain "page does not exist". The areas'
 * addresses come from the contract, loaded only when a remote has failed.
 */
export async function patchUnavailableAreas(
  remotes: RemoteState[],
  patch: (parentId: string, routes: RouteObject[]) => void,
  patched: Set<string>,
) {
  const failed = remotes.filter((r) => r.status === 'failed' && !patched.has(r.name));
  if (failed.length === 0) return;
  const { ALL_AREAS } = await import('@meridian/shared/contract/areas/all-areas');
  const { AreaUnavailablePage } = await import('../pages/area-unavailable-page');
  for (const remote of failed) {
    const area = ALL_AREAS.find((a) => a.id === remote.name);
    if (!area) continue;
    const page = async () => ({ default: () => <AreaUnavailablePage remote={remote.name} title={remote.title} /> });
    const meta = { layout: 'main', authRequired: true, offline: true, title: remote.title } as const;
    patch(
      MAIN_LAYOUT_ID,
      areaScreenPaths(area).map((path) => toRouteObject(route(path, page, meta), remote.title)),
    );
    patched.add(remote.name);
  }
}

export function shellRouteTree(): RouteObject[] {
  const shell = routesOfArea('Meridian', SHELL_ROUTES);
  return [
    {
      element: <FirstPaintRoot />,
      // The antd frame or a layout failing to load (offline, a deploy in between) still shows something useful.
      errorElement: <AreaError area="Meridian" fullPage />,
      children: [
        { element: <PlainLayout />, children: FIRST_PAINT_ROUTES.map((route) => toRouteObject(route, 'Meridian')) },
        {
          lazy: async () => ({ Component: (await import('../layout/root-frame')).RootFrame }),
          children: [
            {
              id: MAIN_LAYOUT_ID,
              lazy: async () => ({ Component: (await import('../layout/main-layout')).MainLayout }),
              children: shell.main,
            },
            { id: PLAIN_LAYOUT_ID, element: <PlainLayout />, children: [...shell.plain, toRouteObject(NOT_FOUND_ROUTE, 'Meridian')] },
          ],
        },
      ],
    },
  ];
}

const SHELL_PATHS = [...FIRST_PAINT_ROUTES, ...SHELL_ROUTES].map((route) => route.path);
/** A path one of the shell's own routes answers; the router asks about those too when they have parameters. */
const isShellPath = (path: string) => SHELL_PATHS.some((pattern) => matchPath(pattern, path) !== null);

export function buildRouter() {
  const patched = new Set<string>();
  const discoverRemoteRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch, signal }) => {
    if (isShellPath(path)) return;
    const remotes = await loadRemotesOnce();
    if (signal.aborted) return;
    patchRemoteRoutes(remotes, patch, patched);
    await patchUnavailableAreas(remotes, patch, patched);
  };
  return createBrowserRouter(shellRouteTree(), { patchRoutesOnNavigation: discoverRemoteRoutes });
}

/**
 * Once signed in, the remotes and the antd frame start downloading at once (during the sign-in
 * page's redirect delay), rather than when the first page needs them.
 */
export function preloadWhenSignedIn() {
  let unsubscribe = () => {};
  // Once is enough: the downloads are kept, so the store is not watched (nor the token decoded) after that.
  const preload = (state: Parameters<typeof isLoggedIn>[0]) => {
    if (!isLoggedIn(state)) return false;
    unsubscribe();
    void loadRemotesOnce();
    void import('../layout/root-frame');
    void import('../layout/main-layout');
    return true;
  };
  if (!preload(sessionStore.getState())) unsubscribe = sessionStore.subscribe(preload);
  return () => unsubscribe();
}
