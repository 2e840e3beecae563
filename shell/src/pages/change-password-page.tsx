/** Users change their own password from the profile: current password, new password and confirmation. */
import { useState } from 'react';
import { Result } from 'antd';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { profile } from '@meridian/shared/contract/areas/platform';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { useSession } from '@meridian/shared/session/session-store';
import { LinkButton } from './parts/link-button';
import { PasswordForm } from './parts/password-form';

export default function ChangePasswordPage() {
  const userId = useSession((state) => state.user?.Id ?? null);
  const [done, setDone] = useState(false);

  const save = async (values: { currentPassword?: string; password: string }) => {
    // The route requires sign-in, so the guard has already sent anyone without a user to /login.
    if (!userId) return;
    await api.put<null>(`/api/users/change-password/${encodeURIComponent(userId)}`, values);
    setDone(true);
  };

  return (
    <PageFrame title={MESSAGES.changePassword}>
      <div style={{ maxWidth: 520 }}>
        {done ? (
          <Result
            status="success"
            title={MESSAGES.passwordChanged}
            extra={<LinkButton to={profile.screens.view}>{MESSAGES.backToProfile}</LinkButton>}
          />
        ) : (
          <PasswordForm askCurrent save={save} />
        )}
      </div>
    </PageFrame>
  );
}
