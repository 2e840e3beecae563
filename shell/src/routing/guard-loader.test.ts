/** @jest-environment node */
import { guardLoader } from './guard-loader';
import { sessionStore } from '@meridian/shared/session/session-store';
import { defaultRouteMeta } from '@meridian/shared/module/domain-module';
import type { AuthSession } from '@meridian/shared/contract/auth';
import { fakeJwt, fakeSession, fakeUser } from '@meridian/shared/testing/session-fixtures';

const jwt = (exp: number) => fakeJwt({ sub: 'u1', sid: 's1', exp });
const session = (token: string): AuthSession =>
  fakeSession(
    fakeUser({
      Id: 'u1',
      firstName: 'Lerato',
      lastName: 'Dlamini',
      userName: 'loan-officer',
      emailAddress: 'lo@demo.test',
      tenantId: 't1',
      selectedTenant: 't1',
      roles: [{ Id: 'r1', name: 'Loan Officer' }],
      rolepermissions: [{ hierarchy: 'SALES/LEADS' }],
      dateCreated: '',
    }),
    { token, refreshToken: undefined, sessionId: 's1', expiresAt: new Date().toISOString() },
  );
const run = async (path: string, meta: Partial<typeof defaultRouteMeta>, beforeResolve?: () => string | void) => {
  try {
    await guardLoader({ meta: { ...defaultRouteMeta, ...meta }, beforeResolve })({
      request: new Request(`http://localhost${path}`),
      params: {},
      context: undefined,
    } as never);
    return 'proceed';
  } catch (thrown) {
    return (thrown as Response).headers.get('Location');
  }
};

describe('the guard as a route loader', () => {
  beforeEach(() => {
    sessionStore.getState().signOut();
    sessionStore.getState().setNetworkOnline(true);
  });

  test('sends a signed-out visitor to sign in with where they were going', async () => {
    expect(await run('/sales/leads?x=1', {})).toBe('/login?redirectFrom=%2Fsales%2Fleads%3Fx%3D1');
  });

  test('lets a user with the permission through and refuses one without', async () => {
    sessionStore.getState().signIn(session(jwt(Math.floor(Date.now() / 1000) + 600)));
    expect(await run('/sales/leads', { allowedPermissions: ['SALES/LEADS'] })).toBe('proceed');
    expect(await run('/admin/users/list', { allowedPermissions: ['ADMIN/USERS'] })).toBe(
      '/not-authorized?redirectFrom=%2Fadmin%2Fusers%2Flist',
    );
  });

  test('a redirect from the before-resolve hook aborts the navigation', async () => {
    expect(await run('/login', { authRequired: false }, () => '/')).toBe('/');
  });

  test('after a reload (a stored user, no access token in memory) it renews through the refresh cookie before judging', async () => {
    const renewed = session(jwt(Math.floor(Date.now() / 1000) + 600));
    const fetchMock = jest.fn(
      async () => new Response(JSON.stringify({ result: { success: true, message: 'OK' }, data: renewed }), { status: 200 }),
    );
    const realFetch = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    try {
      sessionStore.getState().signIn(renewed);
      sessionStore.setState({ token: null });
      expect(await run('/sales/leads', { allowedPermissions: ['SALES/LEADS'] })).toBe('proceed');
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/auth/refresh');
      expect(sessionStore.getState().token).toBe(renewed.token);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  test('after a reload, a refused renewal signs the store out and the guard sends the user to sign in', async () => {
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ result: { success: false, message: 'No.', code: 'UNAUTHENTICATED' }, data: null }), {
        status: 401,
      })) as typeof fetch;
    try {
      sessionStore.getState().signIn(session(jwt(Math.floor(Date.now() / 1000) + 600)));
      sessionStore.setState({ token: null });
      expect(await run('/sales/leads', { allowedPermissions: ['SALES/LEADS'] })).toBe('/login?redirectFrom=%2Fsales%2Fleads');
      expect(sessionStore.getState().user).toBeNull();
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  test('offline, a route that is not offline-capable goes to the offline page', async () => {
    sessionStore.getState().signIn(session(jwt(Math.floor(Date.now() / 1000) + 600)));
    sessionStore.getState().setNetworkOnline(false);
    expect(await run('/sales/dashboard', { offline: false })).toMatch(/^\/offline/);
    expect(await run('/agents/landingpage', { offline: true })).toBe('proceed');
  });
});
