import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import ImpersonatePage from './impersonate-page';
import {
  accessToken,
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

const at = (name = 'loan-officer') =>
  renderPage(<ImpersonatePage />, { path: '/impersonate/:id/:name', at: `/impersonate/${USER_ID}/${name}` });

afterEach(resetSession);

describe('impersonate page', () => {
  test("takes on the user's session, keeps none of the administrator's tokens, and goes to the user's landing page", async () => {
    signInAs(ADMIN());
    const impersonated = makeSession(makeUser(), { impersonator: { Id: ADMIN_ID, userName: 'administrator' } });
    const { callsTo } = fakeFetch(() => ok(impersonated));
    at();

    await waitFor(() => expect(screen.getByTestId('arrived')).toHaveTextContent('/agents/landingpage'));
    expect(callsTo('/api/auth/impersonate')[0]?.body).toEqual({ userName: 'loan-officer' });
    const state = sessionStore.getState();
    expect(state.user?.Id).toBe(USER_ID);
    expect(state.impersonationStatus).toBe('in-progress');
    expect(state.token).toBe(impersonated.token);
    const stored = Array.from({ length: localStorage.length }, (_, i) => localStorage.getItem(localStorage.key(i)!)).join('\n');
    expect(stored).not.toContain(accessToken(ADMIN_ID));
    expect(stored).not.toContain(impersonated.token);
  });

  test('says the user was not found on 404', async () => {
    signInAs(ADMIN());
    fakeFetch(() => fail(404, 'NOT_FOUND', 'User not found.'));
    at('nobody');

    expect(await screen.findByText(MESSAGES.impersonationFailedNoUser)).toBeInTheDocument();
    expect(sessionStore.getState().user?.Id).toBe(ADMIN_ID);
  });

  test('says impersonation failed, with the reason, on any other refusal', async () => {
    signInAs(ADMIN());
    fakeFetch(() => fail(403, 'FORBIDDEN', MESSAGES.impersonationNotAllowed));
    at('global-administrator');

    expect(await screen.findByText(MESSAGES.impersonationFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.impersonationNotAllowed)).toBeInTheDocument();
  });

  test('refuses a user who is not an administrator without calling the server', () => {
    signInAs(makeUser());
    const { calls } = fakeFetch(() => ok(null));
    at();
    expect(screen.getByText(MESSAGES.impersonationNeedsAdmin)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  test('sends a visitor who is not signed in to login first', () => {
    fakeFetch(() => ok(null));
    at();
    expect(screen.getByTestId('arrived')).toHaveTextContent(
      `/login?redirectFrom=${encodeURIComponent(`/impersonate/${USER_ID}/loan-officer`)}`,
    );
  });
});
