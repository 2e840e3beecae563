/**
 * The navigation guard of platform spec 2.5, rules 1 to 5, as a pure decision: the router supplies the
 * target, the session and the clock, and performs what comes back. Rules 6 (before-resolve hooks) and 7
 * (scroll) need the router itself and live there.
 *
 * Reconciling rule 2 with the public routes of spec 2.1. Read literally, rule 2 demands an unexpired
 * token on every route but four, which would force a sign-in for /coming-soon, /not-authorized, /offline,
 * /verify/..., the token and SSO entries and the catch-all not-found, all of which 2.1 lists as needing
 * no login. The two rules agree once rule 2 is read as a rule about a *stored* token:
 *  - a stored token that is expired or unreadable is stale: it is removed (clearToken) and the user signs
 *    in again, with redirectFrom, on every route but the four exempt ones (this is what rule 2 adds);
 *  - with no token stored at all, rule 2 only bites where the route requires auth; a public route
 *    (authRequired false) then proceeds by rule 3, so logged-out visitors reach public pages.
 * The four exempt routes are exempt because they are where a user without a valid token must be able to
 * go: sending /login to /login would loop.
 */
import { can } from '../contract/access';
import { publicPages } from '../contract/areas/platform';
import { pathBeforeParams } from '../contract/areas/path-to';
import type { RouteMeta } from '../module/domain-module';
import { isLoggedIn, permissionsOf, type SessionData } from '@meridian/shared/session/session-store';

export interface NavigationRequest {
  /** The attempted path, e.g. '/sales/leads/edit/42'. */
  path: string;
  /** The attempted query string, with or without its leading '?'; '' for none. */
  search: string;
  meta: RouteMeta;
  state: Pick<SessionData, 'token' | 'user'>;
  /** Whether the browser is online (the connectivity check's answer). */
  online: boolean;
  /** Epoch milliseconds, to judge token expiry. */
  now: number;
}

export type NavigationDecision =
  | { kind: 'proceed' }
  /** clearToken: the stored token is stale and must be removed before going on (spec 2.5 rule 2). */
  | { kind: 'redirect'; to: string; clearToken?: true };

export const OFFLINE_PATH = publicPages.screens.offline;
export const LOGIN_PATH = publicPages.screens.login;
export const NOT_AUTHORIZED_PATH = publicPages.screens.notAuthorized;
export const UPDATE_PASSWORD_PATH = publicPages.screens.updatePassword;

/** Routes a user without a valid token must still reach (spec 2.5 rule 2): sign-in and account recovery. */
export function isTokenCheckExempt(path: string): boolean {
  return (
    path === LOGIN_PATH ||
    path === publicPages.screens.forgotPassword ||
    path.startsWith(pathBeforeParams(publicPages.screens.resetPassword)) ||
    path.startsWith(pathBeforeParams(publicPages.screens.accountVerification))
  );
}

/** The attempted address as one query value, so '/a?b=1&c=2' survives as a single redirectFrom. */
export function withRedirectFrom(target: string, path: string, search: string): string {
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  return `${target}?redirectFrom=${encodeURIComponent(`${path}${query}`)}`;
}

const proceed = (): NavigationDecision => ({ kind: 'proceed' });

/**
 * Whether the stored session counts for this navigation. Offline, on a route that works offline, a
 * signed-in user whose access token has run out, or who has none since the page was reloaded (it lives
 * in memory only), keeps working: nothing reaches the server until the connection is back, when the
 * refresh cookie renews the session (the http client and the guard's loader renew it). Spec 2.5 leaves
 * this open ("offline, an expired token is removed by a helper whose rule is not shown"); removing it
 * would send a field agent who is offline for more than the token's 15 minutes to a sign-in page that
 * cannot work offline.
 */
const sessionHolds = ({ state, now, online, meta }: NavigationRequest) =>
  isLoggedIn(state, now) || (!online && meta.offline && !!state.user);

function toLogin(request: NavigationRequest, clearToken: boolean): NavigationDecision {
  const to = withRedirectFrom(LOGIN_PATH, request.path, request.search);
  return clearToken ? { kind: 'redirect', to, clearToken: true } : { kind: 'redirect', to };
}

/** Rule 1. The offline page itself always passes, so a mis-flagged route cannot make the guard loop. */
function offlineRule({ online, meta, path }: NavigationRequest): NavigationDecision | null {
  if (online || meta.offline || path === OFFLINE_PATH) return null;
  return { kind: 'redirect', to: OFFLINE_PATH };
}

/** Rule 2, read as described at the top of this file. */
function tokenRule(request: NavigationRequest): NavigationDecision | null {
  const { path, meta, state } = request;
  if (isTokenCheckExempt(path) || sessionHolds(request)) return null;
  if (state.token) return toLogin(request, true);
  return meta.authRequired ? toLogin(request, false) : null;
}

/** Rules 4 and 5: a signed-in user with a stored user record needs one of the route's permissions. */
function permissionRule(request: NavigationRequest): NavigationDecision {
  const { state, meta, path, search } = request;
  if (!state.user || !sessionHolds(request)) return toLogin(request, false);
  if (can(permissionsOf(state), meta.allowedPermissions)) return proceed();
  return { kind: 'redirect', to: withRedirectFrom(NOT_AUTHORIZED_PATH, path, search) };
}

/**
 * Signed in with a temporary or expired password: the server answers nothing but the password change
 * (PASSWORD_CHANGE_REQUIRED), so every signed-in page leads there first, and back afterwards.
 */
function passwordChangeRule({ state, path, search }: NavigationRequest): NavigationDecision | null {
  if (!state.user?.mustChangePassword) return null;
  return { kind: 'redirect', to: withRedirectFrom(UPDATE_PASSWORD_PATH, path, search) };
}

/** Decides one navigation by spec 2.5 rules 1-5, in order, with the password change before rule 4. */
export function decideNavigation(request: NavigationRequest): NavigationDecision {
  const offline = offlineRule(request);
  if (offline) return offline;
  const token = tokenRule(request);
  if (token) return token;
  if (!request.meta.authRequired) return proceed();
  return passwordChangeRule(request) ?? permissionRule(request);
}
