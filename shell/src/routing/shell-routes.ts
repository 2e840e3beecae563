/**
 * The shell's own routes: the public pages of spec 2.1, home and profile. Public pages use the plain
 * layout and need no sign-in; /login and /token send a signed-in user on, /forgot-password to the profile.
 */
import { route, type DomainRoute } from '@meridian/shared/module/domain-module';
import { isLoggedIn, sessionStore } from '@meridian/shared/session/session-store';
// Bundled with the shell, not split: it must render when the network (and so any chunk) is gone.
import OfflinePage from '../pages/offline-page';

const publicPage = (path: string, page: DomainRoute['page'], title: string, beforeResolve?: DomainRoute['beforeResolve']) =>
  route(path, page, { layout: 'plain', authRequired: false, offline: true, title }, beforeResolve);
const signedIn = () => isLoggedIn(sessionStore.getState());
const homeWhenSignedIn = () => (signedIn() ? '/' : undefined);

/** Pages drawn without antd, so they show before it loads (sign-in) or when nothing can load (offline). */
export const FIRST_PAINT_ROUTES: DomainRoute[] = [
  publicPage('/login', () => import('../pages/login-page'), 'Sign in', homeWhenSignedIn),
  publicPage('/offline', async () => ({ default: OfflinePage }), 'Offline'),
];

export const SHELL_ROUTES: DomainRoute[] = [
  publicPage('/login/oauth/authorize', () => import('../pages/oauth-authorize-page'), 'Authorize'),
  publicPage('/token', () => import('../pages/token-login-page'), 'Signing in', homeWhenSignedIn),
  publicPage('/impersonate/:id/:name', () => import('../pages/impersonate-page'), 'Impersonate'),
  publicPage('/forgot-password', () => import('../pages/forgot-password-page'), 'Forgot password', () => (signedIn() ? '/profile' : undefined)),
  publicPage('/update-password', () => import('../pages/update-password-page'), 'Update password'),
  publicPage('/logout', () => import('../pages/logout-page'), 'Signing out'),
  publicPage('/end-impersonation', () => import('../pages/end-impersonation-page'), 'Ending impersonation'),
  publicPage('/reset-password/:token', () => import('../pages/reset-password-page'), 'Reset password'),
  publicPage('/verify/:token', () => import('../pages/verify-page'), 'Verify account'),
  publicPage('/account/verification/:userId/:token', () => import('../pages/account-verification-page'), 'Account verification'),
  publicPage('/admin/users/change-user-password/:id', () => import('../pages/change-user-password-page'), 'Change password'),
  publicPage('/saml', () => import('../pages/saml-page'), 'Single sign-on'),
  publicPage('/not-authorized', () => import('../pages/not-authorized-page'), 'Not authorized'),
  publicPage('/coming-soon', () => import('../pages/coming-soon-page'), 'Coming soon'),
  route('/', () => import('../pages/home-page'), { title: 'Dashboard', offline: true }),
  route('/profile', () => import('../pages/profile-page'), { title: 'Profile', offline: true }),
  route('/profile/edit', () => import('../pages/profile-edit-page'), { title: 'Edit profile' }),
  route('/profile/change-password', () => import('../pages/change-password-page'), { title: 'Change password' }),
  route('/preview', () => import('../pages/preview-page'), { title: 'Preview' }),
  route('/pdfReader', () => import('../pages/pdf-reader-page'), { title: 'PDF reader' }),
];

/** The catch-all, named not-found; no sign-in needed. */
export const NOT_FOUND_ROUTE: DomainRoute = publicPage('*', () => import('../pages/not-found-page'), 'Not found');

