import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import ChangePasswordPage from './change-password-page';
import ChangeUserPasswordPage from './change-user-password-page';
import UpdatePasswordPage from './update-password-page';
import { ADMIN, fail, fakeFetch, makeUser, ok, renderPage, resetSession, signInAs, USER_ID, typist } from './parts/page-test-kit';

const OTHER_USER = '30000000-0000-4000-8000-000000000009';

async function fill(fields: Record<string, string>, submit = 'Save password') {
  const user = typist();
  for (const [label, value] of Object.entries(fields)) {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
  await user.click(screen.getByRole('button', { name: submit }));
}

jest.setTimeout(20_000);
afterEach(resetSession);

describe('change password page (your own)', () => {
  test('puts a wrong current password on its field and keeps what was typed', async () => {
    signInAs(makeUser());
    fakeFetch(() =>
      fail(400, 'VALIDATION', MESSAGES.validationFailed, { fieldErrors: { currentPassword: [MESSAGES.currentPasswordWrong] } }),
    );
    renderPage(<ChangePasswordPage />, { path: '/profile/change-password', at: '/profile/change-password' });

    await fill({ 'Current password': 'Not-It-1', 'New password': 'New-Password-1', 'Confirm new password': 'New-Password-1' });

    expect(await screen.findByText(MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('Not-It-1');
  });

  test('asks for the current password', async () => {
    signInAs(makeUser());
    const { calls } = fakeFetch(() => ok(null));
    renderPage(<ChangePasswordPage />, { path: '/profile/change-password', at: '/profile/change-password' });

    await fill({ 'New password': 'New-Password-1', 'Confirm new password': 'New-Password-1' });

    expect(await screen.findByText(MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  test('changes the password with the current one', async () => {
    signInAs(makeUser());
    const { callsTo } = fakeFetch(() => ok(null));
    renderPage(<ChangePasswordPage />, { path: '/profile/change-password', at: '/profile/change-password' });

    await fill({ 'Current password': 'Demo-Password-1', 'New password': 'New-Password-1', 'Confirm new password': 'New-Password-1' });

    expect(await screen.findByText(MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(callsTo(`/api/users/change-password/${USER_ID}`)[0]).toMatchObject({
      method: 'PUT',
      body: { currentPassword: 'Demo-Password-1', password: 'New-Password-1' },
    });
  });
});

describe('update password page (a password that must change)', () => {
  test('sets the new password, clears the must-change flag and goes on to the attempted page', async () => {
    signInAs(makeUser({ mustChangePassword: true }));
    const { callsTo } = fakeFetch(() => ok(null));
    renderPage(<UpdatePasswordPage />, {
      path: '/update-password',
      at: `/update-password?redirectFrom=${encodeURIComponent('/sales/leads')}`,
    });

    expect(screen.getByText(MESSAGES.passwordMustChange)).toBeInTheDocument();
    await fill({ 'Current password': 'Temp-Password-1', 'New password': 'New-Password-1', 'Confirm new password': 'New-Password-1' });

    expect(await screen.findByText(MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(callsTo(`/api/users/change-password/${USER_ID}`)).toHaveLength(1);
    expect(sessionStore.getState().user?.mustChangePassword).toBe(false);
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/sales/leads');
  });

  test('sends a visitor who is not signed in to login first', () => {
    fakeFetch(() => ok(null));
    renderPage(<UpdatePasswordPage />, { path: '/update-password', at: '/update-password' });
    expect(screen.getByTestId('arrived')).toHaveTextContent(`/login?redirectFrom=${encodeURIComponent('/update-password')}`);
  });
});

describe("change user password page (an administrator sets another user's)", () => {
  const at = (id = OTHER_USER) =>
    renderPage(<ChangeUserPasswordPage />, {
      path: '/admin/users/change-user-password/:id',
      at: `/admin/users/change-user-password/${id}`,
    });

  test("sets the user's password without asking for a current one", async () => {
    signInAs(ADMIN());
    const { callsTo } = fakeFetch(() => ok(null));
    at();

    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await fill({ 'New password': 'New-Password-1', 'Confirm new password': 'New-Password-1' });

    expect(await screen.findByText(MESSAGES.userPasswordChanged)).toBeInTheDocument();
    expect(callsTo(`/api/users/change-password/${OTHER_USER}`)[0]).toMatchObject({ method: 'PUT', body: { password: 'New-Password-1' } });
  });

  test('shows a refusal from the server', async () => {
    signInAs(makeUser());
    fakeFetch(() => fail(403, 'FORBIDDEN', MESSAGES.forbidden));
    at();

    await fill({ 'New password': 'New-Password-1', 'Confirm new password': 'New-Password-1' });

    await waitFor(() => expect(screen.getByText(MESSAGES.forbidden)).toBeInTheDocument());
  });

  test('sends a visitor who is not signed in to login with redirectFrom', () => {
    fakeFetch(() => ok(null));
    at();
    expect(screen.getByTestId('arrived')).toHaveTextContent(
      `/login?redirectFrom=${encodeURIComponent(`/admin/users/change-user-password/${OTHER_USER}`)}`,
    );
  });
});
