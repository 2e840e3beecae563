/**
 * Edit your own name and mobile number. The server answers the saved user, which replaces the stored
 * one so the top bar and the profile show the change at once. A refusal keeps what was typed.
 */
import { useState } from 'react';
import { Alert } from 'antd';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { userUpdateSchema, type User } from '@meridian/shared/contract/user';
import { profile } from '@meridian/shared/contract/areas/platform';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { currentAuthSession, sessionStore, useSession } from '@meridian/shared/session/session-store';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { FormAlert, FormFrame, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { LinkButton } from './parts/link-button';

/** The profile fields a user may change about themselves; the rest of a user is an administrator's. */
const profileSchema = userUpdateSchema.pick({ firstName: true, lastName: true, mobile: true });
const FIELDS = ['firstName', 'lastName', 'mobile'] as const;

function storeSavedUser(user: User) {
  const session = currentAuthSession(sessionStore.getState());
  if (session) sessionStore.getState().refreshed({ ...session, user });
}

function ProfileForm({ user }: { user: User }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(profileSchema),
    mode: 'onChange',
    defaultValues: { firstName: user.firstName, lastName: user.lastName, mobile: user.mobile },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setSaved(false);
    try {
      const { data } = await api.put<User>(`/api/users/${encodeURIComponent(user.Id)}`, values);
      storeSavedUser(data);
      setSaved(true);
    } catch (error) {
      setFailure(applyFieldErrors(error, FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="firstName" label={MESSAGES.firstName} autoComplete="given-name" autoFocus />
      <TextField control={control} name="lastName" label={MESSAGES.lastName} autoComplete="family-name" />
      <TextField control={control} name="mobile" label={MESSAGES.mobile} type="tel" autoComplete="tel" emptyAsNull />
      <FormAlert text={failure} />
      {saved && <Alert type="success" showIcon title={MESSAGES.profileSaved} style={{ marginBottom: 16 }} />}
      <SubmitButton busy={formState.isSubmitting}>{MESSAGES.save}</SubmitButton>
    </FormFrame>
  );
}

export default function ProfileEditPage() {
  const user = useSession((state) => state.user);
  if (!user) return null;
  return (
    <PageFrame
      title={MESSAGES.editProfile}
      actions={
        <LinkButton to={profile.screens.view} type="link">
          {MESSAGES.backToProfile}
        </LinkButton>
      }
    >
      <div style={{ maxWidth: 520 }}>
        <ProfileForm user={user} />
      </div>
    </PageFrame>
  );
}
