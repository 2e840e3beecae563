/**
 * Complete a password reset from the mailed link (/reset-password/:token): new password and its
 * confirmation. Success signs out every session on the server, so the page then offers sign-in.
 */
import { useState } from 'react';
import { Result } from 'antd';
import { useParams } from 'react-router';
import { publicPages } from '@meridian/shared/contract/areas/platform';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { AuthCard } from './parts/auth-card';
import { LinkButton } from './parts/link-button';
import { PasswordForm } from './parts/password-form';

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [done, setDone] = useState(false);

  const save = async ({ password }: { password: string }) => {
    await api.post<null>('/api/auth/reset-password', { token, password });
    setDone(true);
  };

  return (
    <AuthCard title={MESSAGES.resetPasswordTitle}>
      {done ? (
        <Result
          status="success"
          title={MESSAGES.passwordResetDone}
          extra={<LinkButton to={publicPages.screens.login}>{MESSAGES.signIn}</LinkButton>}
        />
      ) : (
        <PasswordForm save={save} />
      )}
    </AuthCard>
  );
}
