import { screen } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import AccountVerificationPage from './account-verification-page';
import VerifyPage from './verify-page';
import { fail, fakeFetch, ok, renderPage, resetSession, USER_ID } from './parts/page-test-kit';

const TOKEN = 'verify-token-0123456789';

afterEach(resetSession);

describe('verify page', () => {
  test('confirms the address on arrival and offers sign-in', async () => {
    const { callsTo } = fakeFetch(() => ok(null));
    renderPage(<VerifyPage />, { path: '/verify/:token', at: `/verify/${TOKEN}` });

    expect(await screen.findByText(MESSAGES.accountVerified)).toBeInTheDocument();
    expect(callsTo('/api/auth/verify')).toEqual([expect.objectContaining({ method: 'POST', body: { token: TOKEN } })]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  test("shows the server's reason when the link is refused", async () => {
    fakeFetch(() => fail(400, 'VALIDATION', MESSAGES.validationFailed, { fieldErrors: { token: [MESSAGES.verifyTokenInvalid] } }));
    renderPage(<VerifyPage />, { path: '/verify/:token', at: `/verify/${TOKEN}` });

    expect(await screen.findByText(MESSAGES.verifyTokenInvalid)).toBeInTheDocument();
  });

  test('reports a link cut short without calling the server', () => {
    const { calls } = fakeFetch(() => ok(null));
    renderPage(<VerifyPage />, { path: '/verify/:token', at: '/verify/abc' });
    expect(screen.getByText(MESSAGES.linkIncomplete)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('account verification page', () => {
  test('confirms the address of that user', async () => {
    const { callsTo } = fakeFetch(() => ok(null));
    renderPage(<AccountVerificationPage />, {
      path: '/account/verification/:userId/:token',
      at: `/account/verification/${USER_ID}/${TOKEN}`,
    });

    expect(await screen.findByText(MESSAGES.accountVerified)).toBeInTheDocument();
    expect(callsTo('/api/auth/verification')[0]?.body).toEqual({ userId: USER_ID, token: TOKEN });
  });
});
