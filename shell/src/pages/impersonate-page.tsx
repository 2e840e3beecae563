/**
 * Start impersonating (/impersonate/:id/:name): an administrator, signed in as themselves, takes on the
 * session of the user with that user name. The server records the start and keeps the administrator's
 * own session for the way back; the browser keeps none of its tokens (the refresh cookie now belongs
 * to the impersonation), only the tenant the administrator was working in.
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { AuthSession } from '@meridian/shared/contract/auth';
import { isInRoleGroup } from '@meridian/shared/contract/roles';
import type { User } from '@meridian/shared/contract/user';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { landingAfterLogin } from '@meridian/shared/navigation/landing';
import { sessionStore, useSession } from '@meridian/shared/session/session-store';
import { ActionStatus, type ActionState } from './parts/action-status';
import { errorText, isApiStatus } from '@meridian/shared/http/api-errors';
import { AuthCard } from './parts/auth-card';
import { LinkButton } from './parts/link-button';
import { useRunOnce } from './parts/use-run-once';
import { RequireSignIn } from './parts/require-sign-in';

const failure = (error: unknown): ActionState =>
  isApiStatus(error, 404)
    ? { kind: 'failed', title: MESSAGES.impersonationFailedNoUser }
    : { kind: 'failed', title: MESSAGES.impersonationFailed, detail: errorText(error) };

function Impersonate({ admin, userName }: { admin: User; userName: string }) {
  const navigate = useNavigate();
  const alreadyImpersonating = useSession((state) => state.impersonator !== null);
  // Checked here too so a non-administrator sees why at once; the server makes the same check.
  const allowed = isInRoleGroup(admin.roles, 'admin') && !alreadyImpersonating && userName.trim() !== '';
  const [state, setState] = useState<ActionState>(
    allowed
      ? { kind: 'working' }
      : { kind: 'failed', status: '403', title: MESSAGES.impersonationFailed, detail: MESSAGES.impersonationNeedsAdmin },
  );

  useRunOnce(async () => {
    if (!allowed) return;
    try {
      const { data } = await api.post<AuthSession>('/api/auth/impersonate', { userName: userName.trim() });
      sessionStore.getState().startImpersonation(data);
      void navigate(landingAfterLogin(data.user), { replace: true });
    } catch (error) {
      setState(failure(error));
    }
  });

  return <ActionStatus state={state} working={MESSAGES.impersonating} extra={<LinkButton to="/">{MESSAGES.goHome}</LinkButton>} />;
}

export default function ImpersonatePage() {
  const { name = '' } = useParams();
  return (
    <AuthCard title={`${MESSAGES.impersonateTitle} ${name}`}>
      <RequireSignIn>{(admin) => <Impersonate admin={admin} userName={name} />}</RequireSignIn>
    </AuthCard>
  );
}
