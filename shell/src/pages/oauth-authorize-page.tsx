/**
 * Sign-in through the authorization flow (/login/oauth/authorize?redirect_uri=...): a signed-in user is
 * sent to the requesting application's registered address with a fresh token; anyone else signs in first
 * and comes back here. An address the server has not registered is refused with its reason.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { api } from '@meridian/shared/http/api';
import { ApiError } from '@meridian/shared/http/api-error';
import { MESSAGES } from '@meridian/shared/messages';
import { ActionStatus, type ActionState } from './parts/action-status';
import { errorText } from '@meridian/shared/http/api-errors';
import { AuthCard } from './parts/auth-card';
import { leaveTo } from './parts/browser';
import { LinkButton } from './parts/link-button';
import { RequireSignIn } from './parts/require-sign-in';
import { isWebAddress } from './parts/safe-url';
import { useRunOnce } from './parts/use-run-once';

/** The server answers an unregistered (or malformed) address with a validation failure on redirectUri. */
const refusal = (error: unknown, redirectUri: string): ActionState =>
  error instanceof ApiError && error.code === ERROR_CODES.VALIDATION
    ? { kind: 'failed', status: '403', title: MESSAGES.redirectNotRegistered, detail: redirectUri }
    : { kind: 'failed', title: errorText(error) };

function Authorize({ redirectUri }: { redirectUri: string }) {
  const [state, setState] = useState<ActionState>({ kind: 'working' });

  useRunOnce(async () => {
    try {
      const { data } = await api.post<{ redirectUrl: string }>('/api/auth/authorize', { redirectUri });
      if (isWebAddress(data?.redirectUrl)) leaveTo(data.redirectUrl);
      else setState({ kind: 'failed', title: MESSAGES.serverError });
    } catch (error) {
      setState(refusal(error, redirectUri));
    }
  });

  return <ActionStatus state={state} working={MESSAGES.authorizing} extra={<LinkButton to="/">{MESSAGES.goHome}</LinkButton>} />;
}

export default function OAuthAuthorizePage() {
  const [params] = useSearchParams();
  const redirectUri = params.get('redirect_uri')?.trim() ?? '';
  return (
    <AuthCard title={MESSAGES.signIn}>
      {redirectUri === '' ? (
        <ActionStatus state={{ kind: 'failed', title: MESSAGES.authorizeNoRedirect }} working="" />
      ) : (
        <RequireSignIn>{() => <Authorize redirectUri={redirectUri} />}</RequireSignIn>
      )}
    </AuthCard>
  );
}
