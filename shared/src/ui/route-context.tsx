/**
 * The metadata of the route being shown, provided by the shell around every page, and carried on the
 * route's handle as well. A remote that bundles its own copy of a shared module (one the shell never
 * imported itself, so federation had no shell copy to hand it) sees a context of its own, never
 * provided; react-router is a federation singleton, so the handle reaches every copy.
 */
import { createContext, useContext } from 'react';
import { UNSAFE_DataRouterStateContext as DataRouterStateContext } from 'react-router';
import type { DomainRoute, RouteMeta } from '../module/domain-module';

export type ShownRouteMeta = RouteMeta & { path: string };

export const RouteMetaContext = createContext<ShownRouteMeta | null>(null);

export const routeHandle = (route: DomainRoute) => ({ routeMeta: { ...route.meta, path: route.path } satisfies ShownRouteMeta });

export function useRouteMeta(): ShownRouteMeta | null {
  const provided = useContext(RouteMetaContext);
  // The state context, not useMatches(): pages are also drawn under a plain router in tests, where it is absent.
  const matches = useContext(DataRouterStateContext)?.matches ?? [];
  if (provided) return provided;
  for (let i = matches.length - 1; i >= 0; i--) {
    const meta = (matches[i]?.route.handle as { routeMeta?: ShownRouteMeta } | undefined)?.routeMeta;
    if (meta) return meta;
  }
  return null;
}
