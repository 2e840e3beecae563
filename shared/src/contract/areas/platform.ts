/**
 * The platform area: the shell's own pages (platform spec 2.1): the public pages, home, the profile
 * and the document viewers. They need no permission beyond being signed in, where they need that.
 */
import { area, resource } from './area';

export const publicPages = resource({
  screens: {
    login: '/login',
    offline: '/offline',
    oauthAuthorize: '/login/oauth/authorize',
    token: '/token',
    impersonate: '/impersonate/:id/:name',
    forgotPassword: '/forgot-password',
    updatePassword: '/update-password',
    logout: '/logout',
    endImpersonation: '/end-impersonation',
    resetPassword: '/reset-password/:token',
    verify: '/verify/:token',
    accountVerification: '/account/verification/:userId/:token',
    changeUserPassword: '/admin/users/change-user-password/:id',
    saml: '/saml',
    notAuthorized: '/not-authorized',
    comingSoon: '/coming-soon',
    /** A share link's page (tracking: one asset's live position, signed out, until the link expires). */
    sharedAsset: '/share/:token',
    /** A lender's public listing of repossessed vehicles, with a bid form (vehicles area; signed out). */
    publicListing: '/listing/:tenantKey',
  },
});

export const home = resource({ screens: { view: '/' } });

export const profile = resource({ screens: { view: '/profile', edit: '/profile/edit', changePassword: '/profile/change-password' } });

export const documents = resource({ screens: { preview: '/preview', pdfReader: '/pdfReader' } });

export const platformArea = area({ id: 'platform', title: 'Platform', resources: { publicPages, home, profile, documents } });
