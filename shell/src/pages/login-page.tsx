/**
 * Sign in (platform spec 2.1, 4 Login): e-mail or user name and password. On success the session is
 * stored and, after the online redirect delay, the user goes to the page they attempted or their
 * landing page. A locked login (429) says when to try again; the typed values are kept on every failure.
 */
import { useEffect, useState } from 'react';
import { Alert, Flex } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type AuthSession, type LoginRequest } from '@meridian/shared/contract/auth';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { LOGIN_REDIRECT_DELAY } from '@meridian/shared/constants';
import { api } from '@meridian/shared/http/api';
import { ApiError } from '@meridian/shared/http/api-error';
import { MESSAGES, retryLaterMessage } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import { nextPageAfterSignIn } from './parts/after-sign-in';
import { applyFieldErrors } from './parts/api-errors';
import { AuthCard } from './parts/auth-card';
import { FormFrame, SubmitButton, TextField } from './parts/form-fields';

type Failure = { kind: 'locked'; text: string } | { kind: 'error'; text: string };

const isLockout = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 429 || error.code === ERROR_CODES.ACCOUNT_LOCKED);

function FailureAlert({ failure }: { failure: Failure | null }) {
  if (!failure) return null;
  return <Alert type={failure.kind === 'locked' ? 'warning' : 'error'} showIcon title={failure.text} style={{ marginBottom: 16 }} />;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(loginSchema),
    mode: 'onChange',
    defaultValues: { email: '', password: '' },
  });

  // The spec's online redirect delay: the success message is seen before the page changes.
  useEffect(() => {
    if (!next) return undefined;
    const timer = setTimeout(() => void navigate(next, { replace: true }), LOGIN_REDIRECT_DELAY.onlineMs);
    return () => clearTimeout(timer);
  }, [next, navigate]);

  const submit = handleSubmit(async (credentials: LoginRequest) => {
    setFailure(null);
    try {
      const { data } = await api.post<AuthSession>('/api/auth/login', credentials);
      sessionStore.getState().signIn(data);
      setNext(nextPageAfterSignIn(data.user, params.get('redirectFrom')));
    } catch (error) {
      if (isLockout(error)) {
        setFailure({ kind: 'locked', text: error.retryAfter !== undefined ? retryLaterMessage(error.retryAfter) : MESSAGES.accountLocked });
        return;
      }
      const text = applyFieldErrors(error, ['email', 'password'], setError);
      setFailure(text ? { kind: 'error', text } : null);
    }
  });

  return (
    <AuthCard title={MESSAGES.signInTitle}>
      <FormFrame onSubmit={submit}>
        <TextField control={control} name="email" label={MESSAGES.email} type="email" autoComplete="username" autoFocus />
        <TextField control={control} name="password" label={MESSAGES.password} type="password" autoComplete="current-password" />
        <FailureAlert failure={failure} />
        {next && <Alert type="success" showIcon title={MESSAGES.signedInRedirecting} style={{ marginBottom: 16 }} />}
        <SubmitButton busy={formState.isSubmitting} disabled={next !== null}>
          {MESSAGES.signIn}
        </SubmitButton>
      </FormFrame>
      <Flex justify="space-between" wrap style={{ marginTop: 16 }}>
        <Link to="/forgot-password">{MESSAGES.forgotPassword}</Link>
        <Link to="/saml">{MESSAGES.singleSignOn}</Link>
      </Flex>
    </AuthCard>
  );
}
