/**
 * Request a reset link. The answer is the same whether or not the address has an account (the server
 * never reveals which), so the page always shows that one message after sending.
 */
import { useState } from 'react';
import { Result, Typography } from 'antd';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@meridian/shared/contract/auth';
import { publicPages } from '@meridian/shared/contract/areas/platform';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { AuthCard } from './parts/auth-card';
import { FormAlert, FormFrame, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { LinkButton } from './parts/link-button';

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onChange',
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await api.post<null>('/api/auth/forgot-password', values);
      setSent(true);
    } catch (error) {
      setFailure(applyFieldErrors(error, ['email'], setError));
    }
  });

  return (
    <AuthCard title={MESSAGES.forgotPasswordTitle}>
      {sent ? (
        <Result
          status="success"
          title={MESSAGES.passwordResetSent}
          extra={<LinkButton to={publicPages.screens.login}>{MESSAGES.backToSignIn}</LinkButton>}
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{MESSAGES.forgotPasswordIntro}</Typography.Paragraph>
          <FormFrame onSubmit={submit}>
            <TextField control={control} name="email" label={MESSAGES.email} type="email" autoComplete="email" autoFocus />
            <FormAlert text={failure} />
            <SubmitButton busy={formState.isSubmitting}>{MESSAGES.sendResetLink}</SubmitButton>
          </FormFrame>
          <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
            <Link to={publicPages.screens.login}>{MESSAGES.backToSignIn}</Link>
          </Typography.Paragraph>
        </>
      )}
    </AuthCard>
  );
}
