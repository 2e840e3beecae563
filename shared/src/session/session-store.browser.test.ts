/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import type { AuthSession } from '../contract/auth';
import { isLoggedIn, sessionStore, useSession } from './session-store';

const jwt = (exp: number) => `h.${btoa(JSON.stringify({ sub: 'x', exp })).replace(/=+$/, '')}.s`;

const session: AuthSession = {
  user: {
    Id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    firstName: 'Thandi',
    lastName: 'Mokoena',
    userName: 'thandi',
    emailAddress: 'thandi@example.com',
    mobile: null,
    tenantId: '11111111-1111-4111-8111-111111111111',
    selectedTenant: null,
    roles: [{ Id: 'r1', name: 'Branch Manager' }],
    tenants: [],
    permissions: [],
    rolepermissions: [],
    tours: [],
    emailVerified: true,
    mustChangePassword: false,
    passwordExpiresAt: null,
    lastLoginAt: null,
    dateCreated: '2024-01-01T00:00:00.000Z',
    dateDeleted: null,
  },
  token: jwt(Math.floor(Date.now() / 1000) + 3600),
  refreshToken: 'refresh-0001',
  sessionId: 'session-1',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  impersonator: null,
};

describe('the session singleton in a browser', () => {
  afterEach(() => act(() => sessionStore.getState().signOut()));

  test('persists to localStorage under the spec key user', () => {
    act(() => sessionStore.getState().signIn(session));
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ userName: 'thandi', token: session.token, SessionID: 'session-1' });
  });

  test('useSession re-renders a component when the selected slice changes', () => {
    const { result } = renderHook(() => [useSession(isLoggedIn), useSession((state) => state.user?.firstName ?? null)]);
    expect(result.current).toEqual([false, null]);

    act(() => sessionStore.getState().signIn(session));
    expect(result.current).toEqual([true, 'Thandi']);
  });
});
