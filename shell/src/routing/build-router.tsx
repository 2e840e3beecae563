/** One router from the shell's own routes and every loaded remote's routes. */
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import type { RemoteState } from '../remotes/load-remotes';
import { MainLayout } from '../layout/main-layout';
import { PlainLayout } from '../layout/plain-layout';
import { RootFrame } from '../layout/root-frame';
import { AreaError } from './area-error';
import { guardLoader } from './guard-loader';
import { RoutePage } from './route-page';
import { NOT_FOUND_ROUTE, SHELL_ROUTES } from './shell-routes';

const toRouteObject = (route: DomainRoute, area: string): RouteObject => ({
  path: route.path,
  loader: guardLoader(route),
  element: <RoutePage route={route} />,
  errorElement: <AreaError area={area} />,
});

export function routesOf(remotes: RemoteState[]) {
  const areas: { area: string; routes: DomainRoute[] }[] = [
    { area: 'Meridian', routes: SHELL_ROUTES },
    ...remotes.flatMap((r) => (r.status === 'loaded' ? [{ area: r.title, routes: r.module.routes }] : [])),
  ];
  const main: RouteObject[] = [];
  const plain: RouteObject[] = [];
  for (const { area, routes } of areas) {
    for (const route of routes) (route.meta.layout === 'plain' ? plain : main).push(toRouteObject(route, area));
  }
  return { main, plain };
}

export function buildRouter(remotes: RemoteState[]) {
  const { main, plain } = routesOf(remotes);
  return createBrowserRouter([
    {
      element: <RootFrame />,
      children: [
        { element: <MainLayout />, children: main },
        { element: <PlainLayout />, children: [...plain, toRouteObject(NOT_FOUND_ROUTE, 'Meridian')] },
      ],
    },
  ]);
}
