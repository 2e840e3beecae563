/**
 * End impersonation: the server logs the end (and revokes the impersonation session), then the store
 * restores the administrator's own session and tenant. Logging is a record, not a gate: its failure is
 * logged and the administrator gets their session back regardless.
 */
import { useNavigate } from 'react-router';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import { ActionStatus } from './parts/action-status';
import { AuthCard } from './parts/auth-card';
import { useRunOnce } from './parts/use-run-once';

async function logEnd(adminId: string, impersonateId: string) {
  try {
    await api.post<null>('/api/auth/logImpersonation', { adminId, impersonateId, state: 'ended' });
  } catch (error) {
    // Ids only: never the session or its tokens.
    console.warn('[impersonation] the end could not be logged', { adminId, impersonateId, error: (error as Error | null)?.name });
  }
}

export default function EndImpersonationPage() {
  const navigate = useNavigate();

  useRunOnce(async () => {
    const { impersonator, user, impersonationStatus } = sessionStore.getState();
    if (impersonationStatus === 'in-progress') {
      if (impersonator && user) await logEnd(impersonator.Id, user.Id);
      sessionStore.getState().endImpersonation();
    }
    void navigate('/', { replace: true });
  });

  return (
    <AuthCard title={MESSAGES.endImpersonation}>
      <ActionStatus state={{ kind: 'working' }} working={MESSAGES.endingImpersonation} />
    </AuthCard>
  );
}
