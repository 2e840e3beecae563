/**
 * Set a new password when the current one must change (a temporary or expired password): current,
 * new and confirmation. Afterwards the stored user no longer needs the change, and the user goes on to
 * where they were headed.
 */
import { useState } from 'react';
import { Alert, Result } from 'antd';
import { useSearchParams } from 'react-router';
import type { User } from '@meridian/shared/contract/user';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { currentAuthSession, sessionStore } from '@meridian/shared/session/session-store';
import { nextPageAfterSignIn } from './parts/after-sign-in';
import { AuthCard } from './parts/auth-card';
import { LinkButton } from './parts/link-button';
import { PasswordForm } from './parts/password-form';
import { RequireSignIn } from './parts/require-sign-in';

/** The stored user no longer has to change the password, so the next sign-in check lets them through. */
function markPasswordChanged() {
  const session = currentAuthSession(sessionStore.getState());
  if (session) sessionStore.getState().refreshed({ ...session, user: { ...session.user, mustChangePassword: false } });
}

function UpdatePassword({ user }: { user: User }) {
  const [params] = useSearchParams();
  const [done, setDone] = useState(false);

  const save = async (values: { currentPassword?: string; password: string }) => {
    await api.put<null>(`/api/users/change-password/${encodeURIComponent(user.Id)}`, values);
    markPasswordChanged();
    setDone(true);
  };

  if (done) {
    const next = nextPageAfterSignIn({ ...user, mustChangePassword: false }, params.get('redirectFrom'));
    return <Result status="success" title={MESSAGES.passwordChanged} extra={<LinkButton to={next}>{MESSAGES.continue}</LinkButton>} />;
  }
  return (
    <>
      {user.mustChangePassword && <Alert type="info" showIcon title={MESSAGES.passwordMustChange} style={{ marginBottom: 16 }} />}
      <PasswordForm askCurrent save={save} />
    </>
  );
}

export default function UpdatePasswordPage() {
  return (
    <AuthCard title={MESSAGES.updatePasswordTitle}>
      <RequireSignIn>{(user) => <UpdatePassword user={user} />}</RequireSignIn>
    </AuthCard>
  );
}
