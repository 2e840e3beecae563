/**
 * Token sign-in (/token?email=&token=): exchanges an access token of this server, with its owner's
 * e-mail, for a new session, then goes to the landing page. The token is never logged or shown, and
 * the address holding it is replaced in the history.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { tokenLoginSchema, type AuthSession } from '@meridian/shared/contract/auth';
import { publicPages } from '@meridian/shared/contract/areas/platform';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import { ActionStatus, type ActionState } from './parts/action-status';
import { nextPageAfterSignIn } from './parts/after-sign-in';
import { errorText, isApiStatus } from '@meridian/shared/http/api-errors';
import { AuthCard } from './parts/auth-card';
import { LinkButton } from './parts/link-button';
import { useRunOnce } from './parts/use-run-once';

export default function TokenLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [state, setState] = useState<ActionState>({ kind: 'working' });

  useRunOnce(async () => {
    const request = tokenLoginSchema.safeParse({ email: params.get('email') ?? '', token: params.get('token') ?? '' });
    if (!request.success) {
      setState({ kind: 'failed', title: MESSAGES.linkIncomplete });
      return;
    }
    try {
      const { data } = await api.post<AuthSession>('/api/auth/token', request.data);
      sessionStore.getState().signIn(data);
      void navigate(nextPageAfterSignIn(data.user, params.get('redirectFrom')), { replace: true });
    } catch (error) {
      setState({ kind: 'failed', title: isApiStatus(error, 401) ? MESSAGES.tokenLoginFailed : errorText(error) });
    }
  });

  return (
    <AuthCard title={MESSAGES.signIn}>
      <ActionStatus
        state={state}
        working={MESSAGES.signingIn}
        extra={<LinkButton to={publicPages.screens.login}>{MESSAGES.signIn}</LinkButton>}
      />
    </AuthCard>
  );
}
