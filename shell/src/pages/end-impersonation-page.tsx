/**
 * End impersonation: the server logs the end, revokes the impersonation session and answers the
 * administrator's own session, which it kept all along (the browser held none of its tokens); the
 * store then restores the administrator and the tenant they were working in. If the server refuses
 * (the administrator's session has ended meanwhile) there is nobody to return to, so the browser signs
 * out; if it cannot be reached, the impersonation goes on and the page offers to try again.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { home, publicPages } from '@meridian/shared/contract/areas/platform';
import type { AuthSession } from '@meridian/shared/contract/auth';
import { api } from '@meridian/shared/http/api';
import { ApiError } from '@meridian/shared/http/api-error';
import { errorText } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import { ActionStatus, type ActionState } from './parts/action-status';
import { AuthCard } from './parts/auth-card';
import { useRunOnce } from './parts/use-run-once';

/** A 4xx: the impersonation session or the administrator's is gone; anything else may pass. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

async function returnToAdministrator(adminId: string, impersonateId: string) {
  const { data } = await api.post<AuthSession>('/api/auth/logImpersonation', { adminId, impersonateId, state: 'ended' });
  sessionStore.getState().endImpersonation(data);
}

export default function EndImpersonationPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<ActionState>({ kind: 'working' });

  const end = async () => {
    setState({ kind: 'working' });
    const { impersonator, user, impersonationStatus } = sessionStore.getState();
    if (impersonationStatus !== 'in-progress' || !impersonator || !user) {
      void navigate(home.screens.view, { replace: true });
      return;
    }
    try {
      await returnToAdministrator(impersonator.Id, user.Id);
      void navigate(home.screens.view, { replace: true });
    } catch (error) {
      // Ids only: never the session or its tokens.
      console.warn('[impersonation] the end failed', {
        adminId: impersonator.Id,
        impersonateId: user.Id,
        error: (error as Error | null)?.name,
      });
      if (!isRefusal(error)) {
        setState({ kind: 'failed', title: MESSAGES.endImpersonation, detail: errorText(error) });
        return;
      }
      sessionStore.getState().signOut();
      void navigate(publicPages.screens.login, { replace: true });
    }
  };
  useRunOnce(end);

  return (
    <AuthCard title={MESSAGES.endImpersonation}>
      <ActionStatus
        state={state}
        working={MESSAGES.endingImpersonation}
        extra={
          <Button type="primary" onClick={() => void end()}>
            {MESSAGES.retry}
          </Button>
        }
      />
    </AuthCard>
  );
}
