/**
 * Sign out: the server revokes the session, the browser forgets it, and the user goes to /login.
 * A failed call must not keep anyone signed in, so it is ignored.
 */
import { useNavigate } from 'react-router';
import { publicPages } from '@meridian/shared/contract/areas/platform';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { isLoggedIn, sessionStore } from '@meridian/shared/session/session-store';
import { ActionStatus } from './parts/action-status';
import { AuthCard } from './parts/auth-card';
import { useRunOnce } from './parts/use-run-once';

export default function LogoutPage() {
  const navigate = useNavigate();

  useRunOnce(async () => {
    // Without a usable token there is no server session to revoke, and the call would only try a refresh.
    if (isLoggedIn(sessionStore.getState())) {
      await api.get<null>('/api/auth/logout').catch(() => undefined);
    }
    sessionStore.getState().signOut();
    void navigate(publicPages.screens.login, { replace: true });
  });

  return (
    <AuthCard title={MESSAGES.logOut}>
      <ActionStatus state={{ kind: 'working' }} working={MESSAGES.signingOut} />
    </AuthCard>
  );
}
