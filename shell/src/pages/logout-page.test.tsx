import { screen, waitFor } from '@testing-library/react';
import { sessionStore } from '@meridian/shared/session/session-store';
import LogoutPage from './logout-page';
import { fail, fakeFetch, ok, renderPage, resetSession, signInAs } from './parts/page-test-kit';

const at = () => renderPage(<LogoutPage />, { path: '/logout', at: '/logout' });

afterEach(resetSession);

describe('logout page', () => {
  test('revokes the session on the server, forgets it and goes to login', async () => {
    signInAs();
    const { callsTo } = fakeFetch(() => ok(null));
    at();

    await waitFor(() => expect(screen.getByTestId('arrived')).toHaveTextContent(/^\/login$/));
    expect(callsTo('/api/auth/logout')).toHaveLength(1);
    expect(sessionStore.getState().token).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  test('signs out even when the server call fails', async () => {
    signInAs();
    fakeFetch(() => fail(503, 'SERVICE_UNAVAILABLE', 'Down'));
    at();

    await waitFor(() => expect(screen.getByTestId('arrived')).toHaveTextContent(/^\/login$/));
    expect(sessionStore.getState().user).toBeNull();
  });
});
