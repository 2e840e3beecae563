/**
 * An administrator sets another user's password (/admin/users/change-user-password/:id). The server
 * checks the ADMIN/USERS permission and that the user lies in the administrator's tenants, and signs
 * that user out everywhere. Your own password needs the current one, so that goes to the profile page.
 */
import { useState } from 'react';
import { Alert, Result } from 'antd';
import { useParams } from 'react-router';
import { users } from '@meridian/shared/contract/areas/admin';
import { profile } from '@meridian/shared/contract/areas/platform';
import type { User } from '@meridian/shared/contract/user';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { AuthCard } from './parts/auth-card';
import { LinkButton } from './parts/link-button';
import { PasswordForm } from './parts/password-form';
import { RequireSignIn } from './parts/require-sign-in';

function ChangeUserPassword({ admin, userId }: { admin: User; userId: string }) {
  const [done, setDone] = useState(false);

  if (userId === admin.Id) {
    return (
      <Alert
        type="info"
        showIcon
        title={MESSAGES.ownPasswordElsewhere}
        action={<LinkButton to={profile.screens.changePassword}>{MESSAGES.changePassword}</LinkButton>}
      />
    );
  }
  if (done) {
    return (
      <Result
        status="success"
        title={MESSAGES.userPasswordChanged}
        extra={<LinkButton to={users.screens.list}>{MESSAGES.backToUsers}</LinkButton>}
      />
    );
  }
  const save = async ({ password }: { password: string }) => {
    await api.put<null>(`/api/users/change-password/${encodeURIComponent(userId)}`, { password });
    setDone(true);
  };
  return <PasswordForm save={save} />;
}

export default function ChangeUserPasswordPage() {
  const { id = '' } = useParams();
  return (
    <AuthCard title={MESSAGES.changeUserPasswordTitle}>
      <RequireSignIn>{(admin) => <ChangeUserPassword admin={admin} userId={id} />}</RequireSignIn>
    </AuthCard>
  );
}
