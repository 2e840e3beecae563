/** @jest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import type { AuthSession } from '../contract/auth';
import { isLoggedIn, sessionStore, useSession } from './session-store';
import { fakeSession, fakeUser } from '../testing/session-fixtures';

/** Thandi, a branch manager, signed in for the next hour. */
const session: AuthSession = fakeSession(
  fakeUser({
    firstName: 'Thandi',
    lastName: 'Mokoena',
    userName: 'thandi',
    emailAddress: 'thandi@example.com',
    roles: [{ Id: 'r1', name: 'Branch Manager' }],
  }),
  { refreshToken: 'refresh-0001', sessionId: 'session-1' },
);

describe('the session singleton in a browser', () => {
  afterEach(() => act(() => sessionStore.getState().signOut()));

  test('persists to localStorage under the spec key user, without the access token, which stays in memory', () => {
    act(() => sessionStore.getState().signIn(session));
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ userName: 'thandi', SessionID: 'session-1' });
    const stored = Array.from({ length: localStorage.length }, (_, i) => localStorage.getItem(localStorage.key(i)!)).join('\n');
    expect(stored).not.toContain(session.token);
    expect(stored).not.toContain('refresh-0001');
    expect(sessionStore.getState().token).toBe(session.token);
  });

  test('useSession re-renders a component when the selected slice changes', () => {
    const { result } = renderHook(() => [useSession(isLoggedIn), useSession((state) => state.user?.firstName ?? null)]);
    expect(result.current).toEqual([false, null]);

    act(() => sessionStore.getState().signIn(session));
    expect(result.current).toEqual([true, 'Thandi']);
  });
});
