/**
 * The password form shared by reset-password, update-password, change-password and an administrator's
 * change-user-password: new password and confirmation, plus the current password when users change
 * their own. The page decides where the password goes; the server's field errors land on the fields.
 */
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@meridian/shared/messages';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { FormAlert, FormFrame, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { passwordFormSchema, type PasswordFormValues } from './password-schemas';

export interface PasswordFormProps {
  /** Ask for the current password (users changing their own). */
  askCurrent?: boolean;
  submitLabel?: string;
  /** Sends the password; throws the ApiError of a refusal. */
  save: (values: { currentPassword?: string; password: string }) => Promise<void>;
}

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;

export function PasswordForm({ askCurrent = false, submitLabel = MESSAGES.savePassword, save }: PasswordFormProps) {
  const schema = useMemo(() => passwordFormSchema(askCurrent), [askCurrent]);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, getValues, trigger, formState } = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });

  // A confirmation already typed must be re-checked when the password it repeats changes.
  const recheckConfirmation = () => {
    if (getValues('confirmPassword')) void trigger('confirmPassword');
  };

  const submit = handleSubmit(async ({ currentPassword, password }: PasswordFormValues) => {
    setFailure(null);
    try {
      await save(askCurrent ? { currentPassword, password } : { password });
    } catch (error) {
      setFailure(applyFieldErrors(error, FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      {askCurrent && (
        <TextField
          control={control}
          name="currentPassword"
          label={MESSAGES.currentPassword}
          type="password"
          autoComplete="current-password"
          autoFocus
        />
      )}
      <TextField
        control={control}
        name="password"
        label={MESSAGES.newPassword}
        type="password"
        autoComplete="new-password"
        autoFocus={!askCurrent}
        onValueChange={recheckConfirmation}
      />
      <TextField control={control} name="confirmPassword" label={MESSAGES.confirmPassword} type="password" autoComplete="new-password" />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{submitLabel}</SubmitButton>
    </FormFrame>
  );
}
