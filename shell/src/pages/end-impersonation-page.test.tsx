import { act, waitFor, screen } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import EndImpersonationPage from './end-impersonation-page';
import {
  ADMIN,
  ADMIN_ID,
  fail,
  fakeFetch,
  makeSession,
  makeUser,
  ok,
  renderPage,
  resetSession,
  signInAs,
  USER_ID,
} from './parts/page-test-kit';

const at = () => renderPage(<EndImpersonationPage />, { path: '/end-impersonation', at: '/end-impersonation' });

function impersonate() {
  signInAs(ADMIN());
  act(() =>
    sessionStore.getState().startImpersonation(makeSession(makeUser(), { impersonator: { Id: ADMIN_ID, userName: 'administrator' } })),
  );
}

/** The administrator's own session as the server answers the end: a fresh access token, no refresh token. */
const adminSessionFromServer = () => makeSession(ADMIN(), { token: 'header.admin-from-server.signature', refreshToken: undefined });

afterEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

describe('end impersonation page', () => {
  test("ends the impersonation on the server and takes on the administrator's session it answers, then goes home", async () => {
    impersonate();
    const admin = adminSessionFromServer();
    const { callsTo } = fakeFetch(() => ok(admin));
    at();

    await waitFor(() => expect(screen.getByTestId('arrived')).toHaveTextContent(/^\/$/));
    expect(callsTo('/api/auth/logImpersonation')[0]?.body).toEqual({ adminId: ADMIN_ID, impersonateId: USER_ID, state: 'ended' });
    const state = sessionStore.getState();
    expect(state.user?.Id).toBe(ADMIN_ID);
    expect(state.token).toBe(admin.token);
    expect(state.impersonator).toBeNull();
    expect(state.impersonationStatus).toBe('ended');
  });

  test('signs out when the server refuses: the administrator session it would return to is gone', async () => {
    impersonate();
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    fakeFetch(() => fail(401, 'UNAUTHENTICATED', 'Sign in again.'));
    at();

    await waitFor(() => expect(screen.getByTestId('arrived')).toHaveTextContent(/^\/login$/));
    expect(sessionStore.getState().user).toBeNull();
  });

  test('stays impersonating and offers to try again when the server cannot be reached', async () => {
    impersonate();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    fakeFetch(() => fail(500, 'SERVER_ERROR', 'Something went wrong'));
    at();

    expect(await screen.findByRole('button', { name: MESSAGES.retry })).toBeInTheDocument();
    expect(sessionStore.getState().user?.Id).toBe(USER_ID);
    expect(sessionStore.getState().impersonationStatus).toBe('in-progress');
    // What was logged names the people, never the session's tokens.
    expect(JSON.stringify(warn.mock.calls)).not.toContain(sessionStore.getState().token ?? 'no token');
  });
});
