/**
 * Single sign-on entry: asks the server for the SAML provider's address and leaves for it. Without a
 * configured provider (404) the page says so plainly and offers the ordinary sign-in.
 */
import { useState } from 'react';
import { api } from '@meridian/shared/http/api';
import { publicPages } from '@meridian/shared/contract/areas/platform';
import { MESSAGES } from '@meridian/shared/messages';
import { ActionStatus, type ActionState } from './parts/action-status';
import { errorText, isApiStatus } from '@meridian/shared/http/api-errors';
import { AuthCard } from './parts/auth-card';
import { leaveTo } from './parts/browser';
import { LinkButton } from './parts/link-button';
import { isWebAddress } from './parts/safe-url';
import { useRunOnce } from './parts/use-run-once';

export default function SamlPage() {
  const [state, setState] = useState<ActionState>({ kind: 'working' });

  useRunOnce(async () => {
    try {
      const { data } = await api.get<{ provider: string; url: string }>('/api/auth/auth-url/saml');
      // Only a web address is followed: a javascript: or data: answer would run in our origin.
      if (isWebAddress(data?.url)) leaveTo(data.url);
      else setState({ kind: 'failed', status: 'warning', title: MESSAGES.ssoNotConfigured, detail: MESSAGES.ssoNotConfiguredDetail });
    } catch (error) {
      setState(
        isApiStatus(error, 404)
          ? { kind: 'failed', status: 'info', title: MESSAGES.ssoNotConfigured, detail: MESSAGES.ssoNotConfiguredDetail }
          : { kind: 'failed', title: errorText(error) },
      );
    }
  });

  return (
    <AuthCard title={MESSAGES.singleSignOn}>
      <ActionStatus
        state={state}
        working={MESSAGES.ssoRedirecting}
        extra={<LinkButton to={publicPages.screens.login}>{MESSAGES.backToSignIn}</LinkButton>}
      />
    </AuthCard>
  );
}
