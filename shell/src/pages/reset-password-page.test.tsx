import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import ResetPasswordPage from './reset-password-page';
import { fail, fakeFetch, ok, renderPage, resetSession, typist } from './parts/page-test-kit';

const TOKEN = 'reset-token-0123456789';
const at = () => renderPage(<ResetPasswordPage />, { path: '/reset-password/:token', at: `/reset-password/${TOKEN}` });

async function choose(password: string, confirmation: string) {
  const user = typist();
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Save password' }));
}

// Typing into antd inputs in jsdom is slow on a loaded machine; the default 5 s is too tight.
jest.setTimeout(20_000);

afterEach(resetSession);

describe('reset password page', () => {
  test('refuses a confirmation that does not match, without calling the server', async () => {
    const { calls } = fakeFetch(() => ok(null));
    at();

    await choose('New-Password-1', 'New-Password-2');

    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  test("checks the password against the contract's rules as the user types", async () => {
    fakeFetch(() => ok(null));
    at();
    await typist().type(screen.getByLabelText('New password'), 'short');
    expect(await screen.findByText('A password has at least 8 characters.')).toBeInTheDocument();
  });

  test('shows server field errors beside the field and keeps what was typed', async () => {
    fakeFetch(() => fail(400, 'VALIDATION', MESSAGES.validationFailed, { fieldErrors: { password: [MESSAGES.passwordReused] } }));
    at();

    await choose('Old-Password-1', 'Old-Password-1');

    expect(await screen.findByText(MESSAGES.passwordReused)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('Old-Password-1');
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  test('shows a refused reset token as an alert, since the form has no token field', async () => {
    fakeFetch(() => fail(400, 'VALIDATION', MESSAGES.validationFailed, { fieldErrors: { token: [MESSAGES.resetTokenInvalid] } }));
    at();

    await choose('New-Password-1', 'New-Password-1');

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetTokenInvalid);
  });

  test('sends the token with the new password, then offers sign-in', async () => {
    const { callsTo } = fakeFetch(() => ok(null));
    at();

    await choose('New-Password-1', 'New-Password-1');

    expect(await screen.findByText(MESSAGES.passwordResetDone)).toBeInTheDocument();
    expect(callsTo('/api/auth/reset-password')[0]?.body).toEqual({ token: TOKEN, password: 'New-Password-1' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  test('re-checks the confirmation when the password changes after it', async () => {
    fakeFetch(() => ok(null));
    at();
    const user = typist();
    await user.type(screen.getByLabelText('New password'), 'New-Password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'New-Password-1');
    expect(screen.queryByText(MESSAGES.passwordsDoNotMatch)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('New password'), 'x');
    await waitFor(() => expect(screen.getByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument());
  });
});
