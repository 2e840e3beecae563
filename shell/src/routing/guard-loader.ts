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
import type { AuthSession } from '@meridian/shared/contract/auth';

/**
 * Access tokens live 15 minutes; a user who comes back after a pause still holds a good refresh
 * token. One refresh before the guard judges the token keeps them signed in; if it fails (or the
 * browser is offline) the guard's rules apply as the spec writes them.
 */
async function refreshIfExpired() {
  const state = sessionStore.getState();
  if (!state.token || !state.refreshToken || !state.networkOnline || !isTokenExpired(state.token)) return;
  try {
    const { data } = await api.get<AuthSession>(`/api/auth/refresh/${state.refreshToken}`);
    state.refreshed(data);
  } catch {
    // The guard sends the user to sign in.
  }
}

export function guardLoader(route: Pick<DomainRoute, 'meta' | 'beforeResolve'>) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    await refreshIfExpired();
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
