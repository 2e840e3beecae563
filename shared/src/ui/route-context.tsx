/** The metadata of the route being shown, provided by the shell around every page. */
import { createContext, useContext } from 'react';
import type { RouteMeta } from '../module/domain-module';

export const RouteMetaContext = createContext<(RouteMeta & { path: string }) | null>(null);
export const useRouteMeta = () => useContext(RouteMetaContext);
