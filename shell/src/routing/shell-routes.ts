/**
 * The shell's own routes: the public pages of spec 2.1, home and profile. Public pages use the plain
 * layout and need no sign-in; /login and /token send a signed-in user on, /forgot-password to the profile.
 */
import { route, type DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { documents, home, profile, publicPages } from '@meridian/shared/contract/areas/platform';
import type { ScreenOf } from '@meridian/shared/contract/areas/area';
import { isLoggedIn, sessionStore } from '@meridian/shared/session/session-store';
// Bundled with the shell, not split: it must render when the network (and so any chunk) is gone.
import OfflinePage from '../pages/offline-page';

const publicPage = (
  screen: ScreenOf<typeof publicPages>,
  page: DomainRoute['page'],
  title: string,
  beforeResolve?: DomainRoute['beforeResolve'],
) => screenRoute(publicPages, screen, page, { layout: 'plain', authRequired: false, offline: true, title }, beforeResolve);
const signedIn = () => isLoggedIn(sessionStore.getState());
const homeWhenSignedIn = () => (signedIn() ? home.screens.view : undefined);

/** Pages drawn without antd, so they show before it loads (sign-in) or when nothing can load (offline). */
export const FIRST_PAINT_ROUTES: DomainRoute[] = [
  publicPage('login', () => import('../pages/login-page'), 'Sign in', homeWhenSignedIn),
  publicPage('offline', async () => ({ default: OfflinePage }), 'Offline'),
];

export const SHELL_ROUTES: DomainRoute[] = [
  publicPage('oauthAuthorize', () => import('../pages/oauth-authorize-page'), 'Authorize'),
  publicPage('token', () => import('../pages/token-login-page'), 'Signing in', homeWhenSignedIn),
  publicPage('impersonate', () => import('../pages/impersonate-page'), 'Impersonate'),
  publicPage(
    'forgotPassword',
    () => import('../pages/forgot-password-page'),
    'Forgot password',
    () => (signedIn() ? profile.screens.view : undefined),
  ),
  publicPage('updatePassword', () => import('../pages/update-password-page'), 'Update password'),
  publicPage('logout', () => import('../pages/logout-page'), 'Signing out'),
  publicPage('endImpersonation', () => import('../pages/end-impersonation-page'), 'Ending impersonation'),
  publicPage('resetPassword', () => import('../pages/reset-password-page'), 'Reset password'),
  publicPage('verify', () => import('../pages/verify-page'), 'Verify account'),
  publicPage('accountVerification', () => import('../pages/account-verification-page'), 'Account verification'),
  publicPage('changeUserPassword', () => import('../pages/change-user-password-page'), 'Change password'),
  publicPage('saml', () => import('../pages/saml-page'), 'Single sign-on'),
  publicPage('notAuthorized', () => import('../pages/not-authorized-page'), 'Not authorized'),
  publicPage('comingSoon', () => import('../pages/coming-soon-page'), 'Coming soon'),
  // A shared vehicle's live position: no sign-in, and nothing to show offline.
  screenRoute(publicPages, 'sharedAsset', () => import('../pages/shared-asset-page'), {
    layout: 'plain',
    authRequired: false,
    title: 'Shared vehicle',
  }),
  // A lender's vehicles for sale with the offer form: no sign-in, and nothing to show offline.
  screenRoute(publicPages, 'publicListing', () => import('../pages/public-listing-page'), {
    layout: 'plain',
    authRequired: false,
    title: 'Vehicles for sale',
  }),
  screenRoute(home, 'view', () => import('../pages/home-page'), { title: 'Dashboard', offline: true }),
  screenRoute(profile, 'view', () => import('../pages/profile-page'), { title: 'Profile', offline: true }),
  screenRoute(profile, 'edit', () => import('../pages/profile-edit-page'), { title: 'Edit profile' }),
  screenRoute(profile, 'changePassword', () => import('../pages/change-password-page'), { title: 'Change password' }),
  screenRoute(documents, 'preview', () => import('../pages/preview-page'), { title: 'Preview' }),
  screenRoute(documents, 'pdfReader', () => import('../pages/pdf-reader-page'), { title: 'PDF reader' }),
];

/** The catch-all, named not-found; no sign-in needed. */
export const NOT_FOUND_ROUTE: DomainRoute = route('*', () => import('../pages/not-found-page'), {
  layout: 'plain',
  authRequired: false,
  offline: true,
  title: 'Not found',
});
