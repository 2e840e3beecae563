import { act, waitFor, screen } from '@testing-library/react';
import { sessionStore } from '@meridian/shared/session/session-store';
import EndImpersonationPage from './end-impersonation-page';
import { ADMIN, ADMIN_ID, fail, fakeFetch, makeSession, makeUser, ok, renderPage, resetSession, signInAs, USER_ID } from './parts/page-test-kit';

const at = () => renderPage(<EndImpersonationPage />, { path: '/end-impersonation', at: '/end-impersonation' });

function impersonate() {
  signInAs(ADMIN());
  act(() => sessionStore.getState().startImpersonation(makeSession(makeUser(), { impersonator: { Id: ADMIN_ID, userName: 'administrator' } })));
}

afterEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

describe('end impersonation page', () => {
  test("logs the end, restores the administrator's session and goes home", async () => {
    impersonate();
    const { callsTo } = fakeFetch(() => ok(null));
    at();

    await waitFor(() => expect(screen.getByTestId('arrived')).toHaveTextContent(/^\/$/));
    expect(callsTo('/api/auth/logImpersonation')[0]?.body).toEqual({ adminId: ADMIN_ID, impersonateId: USER_ID, state: 'ended' });
    expect(sessionStore.getState().user?.Id).toBe(ADMIN_ID);
    expect(sessionStore.getState().impersonationStatus).toBe('ended');
  });

  test('still restores the administrator when the end cannot be logged', async () => {
    impersonate();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    fakeFetch(() => fail(500, 'SERVER_ERROR', 'Something went wrong'));
    at();

    await waitFor(() => expect(screen.getByTestId('arrived')).toHaveTextContent(/^\/$/));
    expect(sessionStore.getState().user?.Id).toBe(ADMIN_ID);
    expect(warn).toHaveBeenCalled();
    // What was logged names the people, never the session's tokens.
    expect(JSON.stringify(warn.mock.calls)).not.toContain(sessionStore.getState().token ?? 'no token');
  });
});
