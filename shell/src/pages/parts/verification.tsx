/**
 * Confirming an e-mail address from the mailed link, shared by /verify/:token and
 * /account/verification/:userId/:token: one call on arrival, then the outcome and the way on.
 */
import { useState } from 'react';
import { api } from '@meridian/shared/http/api';
import { home, publicPages } from '@meridian/shared/contract/areas/platform';
import { ApiError } from '@meridian/shared/http/api-error';
import { MESSAGES } from '@meridian/shared/messages';
import { isLoggedIn, useSession } from '@meridian/shared/session/session-store';
import { ActionStatus, type ActionState } from './action-status';
import { errorText } from '@meridian/shared/http/api-errors';
import { AuthCard } from './auth-card';
import { LinkButton } from './link-button';
import { useRunOnce } from './use-run-once';

/** A refused token comes back as a field error on `token`; its message says the link is invalid or expired. */
const failureText = (error: unknown) =>
  error instanceof ApiError && error.fieldErrors.token?.length ? error.fieldErrors.token.join(' ') : errorText(error);

export function Verification({ path, body }: { path: string; body: Record<string, string> | null }) {
  const signedIn = useSession((state) => isLoggedIn(state));
  const [state, setState] = useState<ActionState>(body ? { kind: 'working' } : { kind: 'failed', title: MESSAGES.linkIncomplete });

  useRunOnce(async () => {
    if (!body) return;
    try {
      await api.post<null>(path, body);
      setState({ kind: 'done', title: MESSAGES.accountVerified });
    } catch (error) {
      setState({ kind: 'failed', title: failureText(error) });
    }
  });

  const onward = signedIn ? (
    <LinkButton to={home.screens.view}>{MESSAGES.goHome}</LinkButton>
  ) : (
    <LinkButton to={publicPages.screens.login}>{MESSAGES.signIn}</LinkButton>
  );
  return (
    <AuthCard title={MESSAGES.verifyTitle}>
      <ActionStatus state={state} working={MESSAGES.accountVerifying} extra={onward} />
    </AuthCard>
  );
}
