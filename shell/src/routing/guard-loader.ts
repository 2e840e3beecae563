/**
 * The navigation guard of spec 2.5 as a router loader: it runs before every navigation to a route,
 * and a redirect it throws (from the rules or from the route's before-resolve hook) aborts it.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { decideNavigation } from '@meridian/shared/navigation/navigation-guard';
import { sessionStore } from '@meridian/shared/session/session-store';
import { isTokenExpired } from '@meridian/shared/session/token-expiry';
import { api } from '@meridian/shared/http/api';

/**
 * The access token lives in memory only: after a reload there is none, and after a pause it has run
 * out (15 minutes). While a user is stored, one renewal through the refresh cookie before the guard
 * judges keeps them signed in; if the server refuses, the store is signed out and the guard sends
 * them to sign in; offline (or the server unreachable) the stored user stays, and the guard opens
 * the offline screens only.
 */
async function renewIfNeeded() {
  const state = sessionStore.getState();
  if (!state.user || !state.networkOnline || !isTokenExpired(state.token)) return;
  await api.renewSession();
}

export function guardLoader(route: Pick<DomainRoute, 'meta' | 'beforeResolve'>) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    await renewIfNeeded();
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
