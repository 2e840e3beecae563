/**
 * The navigation guard of spec 2.5 as a router loader: it runs before every navigation to a route,
 * and a redirect it throws (from the rules or from the route's before-resolve hook) aborts it.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { decideNavigation } from '@meridian/shared/navigation/navigation-guard';
import { sessionStore } from '@meridian/shared/session/session-store';

export function guardLoader(route: Pick<DomainRoute, 'meta' | 'beforeResolve'>) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const state = sessionStore.getState();
    const decision = decideNavigation({
      path: url.pathname,
      search: url.search,
      meta: route.meta,
      state,
      online: state.networkOnline,
      now: Date.now(),
    });
    if (decision.kind === 'redirect') {
      if (decision.clearToken) state.signOut();
      throw redirect(decision.to);
    }
    const hooked = await route.beforeResolve?.({ path: url.pathname, params });
    if (hooked) throw redirect(hooked);
    return null;
  };
}
