import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import LoginPage from './login-page';
import { fail, fakeFetch, makeSession, makeUser, ok, renderPage, resetSession, typist } from './parts/page-test-kit';

const at = (url = '/login') => renderPage(<LoginPage />, { path: '/login', at: url });

/** Pastes rather than types: these tests are about what happens after submitting, not keystrokes. */
async function signIn(email: string, password: string) {
  const user = typist();
  await user.click(screen.getByLabelText('Email'));
  await user.paste(email);
  await user.click(screen.getByLabelText('Password'));
  await user.paste(password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

// The spec's 900 ms redirect delay runs on real timers here, on top of rendering antd in jsdom.
jest.setTimeout(20_000);

afterEach(resetSession);

describe('login page', () => {
  test('shows validation messages as the user types', async () => {
    const user = typist();
    const { calls } = fakeFetch(() => ok(null));
    at();

    await user.type(screen.getByLabelText('Email'), 'a');
    await user.clear(screen.getByLabelText('Email'));
    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'x');
    await user.clear(screen.getByLabelText('Password'));
    expect(await screen.findByText('Enter your password.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'loan-officer');
    await waitFor(() => expect(screen.queryByText('Enter your e-mail address.')).not.toBeInTheDocument());
    expect(calls).toHaveLength(0);
  });

  test('refuses to send an empty form', async () => {
    const { calls } = fakeFetch(() => ok(null));
    at();
    await typist().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  test('signs in, stores the session and takes a loan officer to My Work after the redirect delay', async () => {
    const session = makeSession(makeUser());
    const { callsTo } = fakeFetch(() => ok(session));
    const { location } = at();

    await signIn('loan-officer@demo.meridian.test', 'Demo-Password-1');

    expect(await screen.findByText(MESSAGES.signedInRedirecting)).toBeInTheDocument();
    expect(callsTo('/api/auth/login')[0]?.body).toEqual({ email: 'loan-officer@demo.meridian.test', password: 'Demo-Password-1' });
    expect(sessionStore.getState().user?.Id).toBe(session.user.Id);
    expect(sessionStore.getState().token).toBe(session.token);
    // Not yet: the spec's 900 ms online delay comes first.
    expect(location().pathname).toBe('/login');

    await waitFor(() => expect(screen.getByTestId('arrived')).toHaveTextContent('/agents/landingpage'), { timeout: 3000 });
  });

  test('goes to the attempted page given as redirectFrom', async () => {
    fakeFetch(() => ok(makeSession(makeUser())));
    at(`/login?redirectFrom=${encodeURIComponent('/clients/edit/7?tab=loans')}`);

    await signIn('loan-officer', 'Demo-Password-1');

    await waitFor(() => expect(screen.getByTestId('arrived')).toHaveTextContent('/clients/edit/7?tab=loans'), { timeout: 3000 });
  });

  test('ignores a redirectFrom that leaves the application', async () => {
    fakeFetch(() => ok(makeSession(makeUser({ roles: [{ Id: 'r', name: 'Branch Manager' }] }))));
    const { location } = at(`/login?redirectFrom=${encodeURIComponent('//evil.example/steal')}`);

    await signIn('branch-manager', 'Demo-Password-1');

    await waitFor(() => expect(location().pathname).toBe('/'), { timeout: 3000 });
  });

  test('keeps the typed e-mail and shows the wait on 429, in seconds when it is short', async () => {
    fakeFetch(() => fail(429, 'ACCOUNT_LOCKED', MESSAGES.accountLocked, { retryAfter: 8 }));
    at();

    await signIn('loan-officer@demo.meridian.test', 'wrong');

    expect(await screen.findByText('Too many failed sign-in attempts. Try again in 8 seconds.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('loan-officer@demo.meridian.test');
    expect(sessionStore.getState().user).toBeNull();
  });

  test("shows the server's message when the credentials are wrong", async () => {
    fakeFetch(() => fail(401, 'UNAUTHENTICATED', MESSAGES.loginFailed));
    at();

    await signIn('loan-officer', 'not-it');

    expect(await screen.findByText(MESSAGES.loginFailed)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('not-it');
  });

  test('sends a user whose password must change to update-password first', async () => {
    fakeFetch(() => ok(makeSession(makeUser({ mustChangePassword: true }))));
    at(`/login?redirectFrom=${encodeURIComponent('/sales/leads')}`);

    await signIn('loan-officer', 'Temp-Password-1');

    await waitFor(
      () => expect(screen.getByTestId('arrived')).toHaveTextContent(`/update-password?redirectFrom=${encodeURIComponent('/sales/leads')}`),
      {
        timeout: 3000,
      },
    );
  });

  test('links to the forgotten-password page', () => {
    fakeFetch(() => ok(null));
    at();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
  });
});
