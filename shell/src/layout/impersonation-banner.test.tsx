import { act, screen } from '@testing-library/react';
import { sessionStore } from '@meridian/shared/session/session-store';
import { ADMIN, ADMIN_ID, makeSession, makeUser, renderPage, resetSession, signInAs } from '../pages/parts/page-test-kit';
import { ImpersonationBanner } from './impersonation-banner';

afterEach(resetSession);

describe('the impersonation banner', () => {
  test('says whose account is in use and links to the end of the impersonation while one is on', () => {
    signInAs(ADMIN());
    act(() =>
      sessionStore.getState().startImpersonation(makeSession(makeUser(), { impersonator: { Id: ADMIN_ID, userName: 'administrator' } })),
    );
    renderPage(<ImpersonationBanner />, { path: '/', at: '/' });
    expect(screen.getByTestId('impersonation-banner')).toHaveTextContent('You are working as Lerato Dube (impersonated by administrator)');
    expect(screen.getByRole('link', { name: 'End impersonation' })).toHaveAttribute('href', '/end-impersonation');
  });

  test('is absent for a user signed in as themselves', () => {
    signInAs(ADMIN());
    renderPage(<ImpersonationBanner />, { path: '/', at: '/' });
    expect(screen.queryByTestId('impersonation-banner')).not.toBeInTheDocument();
  });
});
