import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import TokenLoginPage from './token-login-page';
import { accessToken, fail, fakeFetch, makeSession, makeUser, ok, renderPage, resetSession } from './parts/page-test-kit';

const TOKEN = accessToken();
const at = (query: string) => renderPage(<TokenLoginPage />, { path: '/token', at: `/token${query}` });

afterEach(resetSession);

describe('token sign-in page', () => {
  test('exchanges the token, signs in and goes to the landing page', async () => {
    const session = makeSession(makeUser());
    const { callsTo } = fakeFetch(() => ok(session));
    at(`?email=loan-officer%40demo.meridian.test&token=${TOKEN}`);

    await waitFor(() => expect(screen.getByTestId('arrived')).toHaveTextContent('/agents/landingpage'));
    expect(callsTo('/api/auth/token')[0]?.body).toEqual({ email: 'loan-officer@demo.meridian.test', token: TOKEN });
    expect(sessionStore.getState().token).toBe(session.token);
  });

  test('shows the failure when the server refuses the token', async () => {
    fakeFetch(() => fail(401, 'UNAUTHENTICATED', MESSAGES.unauthenticated));
    at(`?email=someone%40example.com&token=${TOKEN}`);

    expect(await screen.findByText(MESSAGES.tokenLoginFailed)).toBeInTheDocument();
    expect(sessionStore.getState().user).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  test('reports an incomplete link without calling the server', () => {
    const { calls } = fakeFetch(() => ok(null));
    at('?email=someone%40example.com');
    expect(screen.getByText(MESSAGES.linkIncomplete)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
