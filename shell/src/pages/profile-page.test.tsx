import { act, screen } from '@testing-library/react';
import { sessionStore } from '@meridian/shared/session/session-store';
import ProfilePage from './profile-page';
import { ADMIN, ADMIN_ID, makeSession, makeUser, renderPage, resetSession, signInAs } from './parts/page-test-kit';

const at = () => renderPage(<ProfilePage />, { path: '/profile', at: '/profile' });

afterEach(resetSession);

describe('profile page', () => {
  test("shows the signed-in user's details", () => {
    signInAs(makeUser());
    at();
    expect(screen.getByText('Lerato Dube')).toBeInTheDocument();
    expect(screen.getByText('loan-officer@demo.meridian.test')).toBeInTheDocument();
    expect(screen.getByText('loan-officer')).toBeInTheDocument();
    expect(screen.getByText('0821234567')).toBeInTheDocument();
    expect(screen.getByText('Loan Officer')).toBeInTheDocument();
    expect(screen.getByText('Soweto Team')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/profile/edit');
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/profile/change-password');
  });

  test('hides the password change while impersonating', () => {
    signInAs(ADMIN());
    act(() =>
      sessionStore.getState().startImpersonation(makeSession(makeUser(), { impersonator: { Id: ADMIN_ID, userName: 'administrator' } })),
    );
    at();
    expect(screen.getByText('Lerato Dube')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Change password' })).not.toBeInTheDocument();
  });
});
