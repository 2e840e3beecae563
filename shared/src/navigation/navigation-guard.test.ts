import type { User } from '../contract/user';
import { defaultRouteMeta, type RouteMeta } from '../module/domain-module';
import { decideNavigation, isTokenCheckExempt, withRedirectFrom, type NavigationRequest } from './navigation-guard';
import { fakeJwt, fakeUser } from '../testing/session-fixtures';

const NOW = 1_700_000_000_000;
const jwt = (expSeconds: number) => fakeJwt({ sub: 'u', exp: expSeconds });
const VALID = jwt(NOW / 1000 + 900);
const EXPIRED = jwt(NOW / 1000 - 1);

const user = (roles: string[], permissions: string[] = [], rolepermissions: string[] = []): User =>
  fakeUser({
    roles: roles.map((name, i) => ({ Id: `r${i}`, name })),
    permissions: permissions.map((hierarchy, i) => ({ Id: `p${i}`, hierarchy })),
    rolepermissions: rolepermissions.map((hierarchy) => ({ hierarchy })),
  });

const PUBLIC: RouteMeta = { ...defaultRouteMeta, authRequired: false, allowedPermissions: [] };
const protectedRoute = (allowedPermissions: string[], extra: Partial<RouteMeta> = {}): RouteMeta => ({
  ...defaultRouteMeta,
  allowedPermissions,
  ...extra,
});
const signedIn = { token: VALID, user: user(['Branch Manager'], ['CLIENTS'], ['SALES/LEADS']) };
const signedOut = { token: null, user: null };

const navigate = (overrides: Partial<NavigationRequest>) =>
  decideNavigation({ path: '/', search: '', meta: protectedRoute(['ALL']), state: signedIn, online: true, now: NOW, ...overrides });

describe('rule 1: offline', () => {
  test('a route that is not offline-capable goes to /offline while the browser is offline', () => {
    expect(navigate({ path: '/admin/users/list', online: false })).toEqual({ kind: 'redirect', to: '/offline' });
  });

  test('an offline-capable route still opens offline', () => {
    expect(navigate({ path: '/agents/landingpage', online: false, meta: protectedRoute(['ALL'], { offline: true }) })).toEqual({
      kind: 'proceed',
    });
  });

  test('the offline page itself is never redirected to itself', () => {
    expect(navigate({ path: '/offline', online: false, meta: PUBLIC })).toEqual({ kind: 'proceed' });
  });

  test('offline wins over a missing sign-in, as rule 1 comes first', () => {
    expect(navigate({ path: '/clients/list', online: false, state: signedOut })).toEqual({ kind: 'redirect', to: '/offline' });
  });
});

describe('rule 2: a stored token must be unexpired', () => {
  test('an expired token is removed and the user sent to login with the attempted address', () => {
    expect(navigate({ path: '/clients/list', search: '?page=2', state: { ...signedIn, token: EXPIRED } })).toEqual({
      kind: 'redirect',
      to: '/login?redirectFrom=%2Fclients%2Flist%3Fpage%3D2',
      clearToken: true,
    });
  });

  test('offline, an expired token keeps a signed-in user on routes that work offline, until the connection is back to renew it', () => {
    const expired = { ...signedIn, token: EXPIRED };
    const myWork = protectedRoute(['ALL'], { offline: true });
    expect(navigate({ path: '/agents/landingpage', online: false, meta: myWork, state: expired })).toEqual({ kind: 'proceed' });
    expect(navigate({ path: '/agents/landingpage', online: true, meta: myWork, state: expired })).toEqual({
      kind: 'redirect',
      to: '/login?redirectFrom=%2Fagents%2Flandingpage',
      clearToken: true,
    });
    expect(navigate({ path: '/agents/landingpage', online: false, meta: myWork, state: signedOut })).toEqual({
      kind: 'redirect',
      to: '/login?redirectFrom=%2Fagents%2Flandingpage',
    });
    expect(
      navigate({ path: '/sales/leads', online: false, meta: protectedRoute(['ADMIN/USERS'], { offline: true }), state: expired }),
    ).toEqual({ kind: 'redirect', to: '/not-authorized?redirectFrom=%2Fsales%2Fleads' });
  });

  test('offline after a reload, the stored user without any token (it lives in memory only) still opens routes that work offline', () => {
    const reloaded = { ...signedIn, token: null };
    const myWork = protectedRoute(['ALL'], { offline: true });
    expect(navigate({ path: '/agents/landingpage', online: false, meta: myWork, state: reloaded })).toEqual({ kind: 'proceed' });
    expect(navigate({ path: '/agents/landingpage', online: true, meta: myWork, state: reloaded })).toEqual({
      kind: 'redirect',
      to: '/login?redirectFrom=%2Fagents%2Flandingpage',
    });
  });

  test('an unreadable token is treated as expired', () => {
    expect(navigate({ path: '/profile', state: { ...signedIn, token: 'not-a-jwt' } })).toMatchObject({
      kind: 'redirect',
      clearToken: true,
    });
  });

  test('a token expiring exactly now is expired', () => {
    expect(navigate({ path: '/profile', state: { ...signedIn, token: jwt(NOW / 1000) } })).toMatchObject({
      kind: 'redirect',
      clearToken: true,
    });
  });

  test('an expired token also sends a public route such as /coming-soon to login, as the spec exempts only four routes', () => {
    expect(navigate({ path: '/coming-soon', meta: PUBLIC, state: { ...signedIn, token: EXPIRED } })).toEqual({
      kind: 'redirect',
      to: '/login?redirectFrom=%2Fcoming-soon',
      clearToken: true,
    });
  });

  test.each(['/login', '/forgot-password', '/reset-password/abc123', '/account/verification/u1/t1'])(
    '%s opens with an expired token',
    (path) => {
      expect(navigate({ path, meta: PUBLIC, state: { ...signedIn, token: EXPIRED } })).toEqual({ kind: 'proceed' });
    },
  );

  test('only the four sign-in and recovery routes are exempt', () => {
    expect(isTokenCheckExempt('/login')).toBe(true);
    expect(isTokenCheckExempt('/reset-password')).toBe(true);
    expect(isTokenCheckExempt('/account/verification/u/t')).toBe(true);
    expect(isTokenCheckExempt('/login/oauth/authorize')).toBe(false);
    expect(isTokenCheckExempt('/forgot-password/x')).toBe(false);
    expect(isTokenCheckExempt('/verify/abc')).toBe(false);
  });

  test('with no token at all, an auth-required route goes to login without a token to clear', () => {
    expect(navigate({ path: '/sales/leads', state: signedOut })).toEqual({ kind: 'redirect', to: '/login?redirectFrom=%2Fsales%2Fleads' });
  });
});

describe('rule 3: public routes', () => {
  test.each(['/coming-soon', '/not-authorized', '/verify/abc', '/no/such/page'])('%s opens for a logged-out visitor', (path) => {
    expect(navigate({ path, meta: PUBLIC, state: signedOut })).toEqual({ kind: 'proceed' });
  });

  test('a public route ignores its permissions', () => {
    expect(navigate({ path: '/coming-soon', meta: { ...PUBLIC, allowedPermissions: ['ADMIN'] }, state: signedIn })).toEqual({
      kind: 'proceed',
    });
  });
});

describe('rule 4: permissions', () => {
  test("the user's own permission is enough", () => {
    expect(navigate({ path: '/clients/list', meta: protectedRoute(['CLIENTS']) })).toEqual({ kind: 'proceed' });
  });

  test('a role permission is enough, compared case-insensitively', () => {
    expect(navigate({ path: '/sales/leads', meta: protectedRoute(['sales/leads']) })).toEqual({ kind: 'proceed' });
  });

  test('any one of several required permissions is enough', () => {
    expect(navigate({ path: '/x', meta: protectedRoute(['ADMIN/USERS', 'SALES/LEADS']) })).toEqual({ kind: 'proceed' });
  });

  test('with no matching permission the user goes to not-authorized with the attempted address', () => {
    expect(navigate({ path: '/admin/users/list', search: '?tab=deleted&q=a b', meta: protectedRoute(['ADMIN/USERS']) })).toEqual({
      kind: 'redirect',
      to: '/not-authorized?redirectFrom=%2Fadmin%2Fusers%2Flist%3Ftab%3Ddeleted%26q%3Da%20b',
    });
  });

  test.each([['ALL'], ['ANY']])('%s means no restriction', (marker) => {
    const nobody = { token: VALID, user: user(['Loan Officer']) };
    expect(navigate({ path: '/x', meta: protectedRoute([marker]), state: nobody })).toEqual({ kind: 'proceed' });
  });

  test('a global administrator passes every permission check', () => {
    const admin = { token: VALID, user: user([' Global Administrator ']) };
    expect(navigate({ path: '/admin/settings', meta: protectedRoute(['ADMIN/SETTINGS']), state: admin })).toEqual({ kind: 'proceed' });
  });

  test('a parent hierarchy does not grant its children', () => {
    const state = { token: VALID, user: user(['Administrator'], ['ADMIN']) };
    expect(navigate({ path: '/admin/users/list', meta: protectedRoute(['ADMIN/USERS']), state })).toMatchObject({
      to: expect.stringMatching(/^\/not-authorized\?/),
    });
  });
});

describe('rule 5: no stored user', () => {
  test('a valid token without a stored user goes to login', () => {
    expect(navigate({ path: '/profile', state: { token: VALID, user: null } })).toEqual({
      kind: 'redirect',
      to: '/login?redirectFrom=%2Fprofile',
    });
  });
});

describe('redirectFrom', () => {
  test('holds path and query as one encoded value, with or without the leading ?', () => {
    expect(withRedirectFrom('/login', '/sales/leads/edit/7', '?a=1&b=%2F')).toBe(
      '/login?redirectFrom=%2Fsales%2Fleads%2Fedit%2F7%3Fa%3D1%26b%3D%252F',
    );
    expect(withRedirectFrom('/login', '/sales/leads', 'a=1')).toBe('/login?redirectFrom=%2Fsales%2Fleads%3Fa%3D1');
    expect(new URLSearchParams(withRedirectFrom('/login', '/x', '?a=1&b=2').split('?')[1]).get('redirectFrom')).toBe('/x?a=1&b=2');
  });
});

describe('a password that must change', () => {
  const mustChange = { token: VALID, user: { ...signedIn.user, mustChangePassword: true } };

  test('every signed-in page leads to the password change first, keeping the attempted address', () => {
    expect(navigate({ path: '/sales/leads', search: '?page=2', state: mustChange })).toEqual({
      kind: 'redirect',
      to: withRedirectFrom('/update-password', '/sales/leads', '?page=2'),
    });
  });

  test('public pages, the password change among them, still open', () => {
    expect(navigate({ path: '/update-password', meta: PUBLIC, state: mustChange })).toEqual({ kind: 'proceed' });
  });
});
