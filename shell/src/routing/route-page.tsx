/** Renders a route's lazily loaded page inside the route's metadata context. */
import { lazy, Suspense, useMemo } from 'react';
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { RouteMetaContext } from '@meridian/shared/ui/route-context';
import { PageSpinner } from '../pages/parts/first-paint-ui';

export function RoutePage({ route }: { route: DomainRoute }) {
  const Page = useMemo(() => lazy(route.page), [route]);
  return (
    <RouteMetaContext.Provider value={{ ...route.meta, path: route.path }}>
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </RouteMetaContext.Provider>
  );
}
