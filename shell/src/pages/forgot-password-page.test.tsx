import { screen } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import ForgotPasswordPage from './forgot-password-page';
import { fail, fakeFetch, ok, renderPage, typist } from './parts/page-test-kit';

const at = () => renderPage(<ForgotPasswordPage />, { path: '/forgot-password', at: '/forgot-password' });

async function request(email: string) {
  const user = typist();
  await user.click(screen.getByLabelText('Email'));
  await user.paste(email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

jest.setTimeout(20_000);

describe('forgot password page', () => {
  test("sends the address and shows the server's message, whoever it belongs to", async () => {
    const { callsTo } = fakeFetch(() => ok(null, MESSAGES.passwordResetSent));
    at();

    await request('someone@example.com');

    expect(await screen.findByText(MESSAGES.passwordResetSent)).toBeInTheDocument();
    expect(callsTo('/api/auth/forgot-password')[0]?.body).toEqual({ email: 'someone@example.com' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  test('shows a failure and keeps the address, e.g. when throttled', async () => {
    fakeFetch(() => fail(429, 'RATE_LIMITED', 'Too many requests. Try again later.'));
    at();

    await request('someone@example.com');

    expect(await screen.findByText('Too many requests. Try again later.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('someone@example.com');
  });

  test('asks for an address before sending', async () => {
    const { calls } = fakeFetch(() => ok(null));
    at();
    await typist().click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
