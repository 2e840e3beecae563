/**
 * Sign in (platform spec 2.1, 4 Login): e-mail or user name and password. On success the session is
 * stored and, after the online redirect delay, the user goes to the page they attempted or their
 * landing page. A locked login (429) says when to try again; the typed values are kept on every failure.
 * Drawn without antd (parts/first-paint-ui): it is the page every visitor downloads first.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type AuthSession, type LoginRequest } from '@meridian/shared/contract/auth';
import { publicPages } from '@meridian/shared/contract/areas/platform';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { LOGIN_REDIRECT_DELAY } from '@meridian/shared/constants';
import { api } from '@meridian/shared/http/api';
import { ApiError } from '@meridian/shared/http/api-error';
import { MESSAGES, signInWaitMessage } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import { nextPageAfterSignIn } from './parts/after-sign-in';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { FirstPaintAlert, FirstPaintButton, FirstPaintCard, FirstPaintField } from './parts/first-paint-ui';

type Failure = { kind: 'locked'; text: string } | { kind: 'error'; text: string };

const isLockout = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 429 || error.code === ERROR_CODES.ACCOUNT_LOCKED);

function FailureAlert({ failure }: { failure: Failure | null }) {
  if (!failure) return null;
  return <FirstPaintAlert kind={failure.kind === 'locked' ? 'warning' : 'error'} text={failure.text} />;
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
        setFailure({ kind: 'locked', text: error.retryAfter !== undefined ? signInWaitMessage(error.retryAfter) : MESSAGES.accountLocked });
        return;
      }
      const text = applyFieldErrors(error, ['email', 'password'], setError);
      setFailure(text ? { kind: 'error', text } : null);
    }
  });

  return (
    <FirstPaintCard title={MESSAGES.signInTitle}>
      {/* noValidate: the zod schema is the only validator, so the browser's own bubbles never compete with it. */}
      <form noValidate onSubmit={submit}>
        <FirstPaintField control={control} name="email" label={MESSAGES.email} type="email" autoComplete="username" autoFocus />
        <FirstPaintField control={control} name="password" label={MESSAGES.password} type="password" autoComplete="current-password" />
        <FailureAlert failure={failure} />
        {next && <FirstPaintAlert kind="success" text={MESSAGES.signedInRedirecting} />}
        <FirstPaintButton busy={formState.isSubmitting} disabled={next !== null}>
          {MESSAGES.signIn}
        </FirstPaintButton>
      </form>
      <nav className="fp-links">
        <Link to={publicPages.screens.forgotPassword}>{MESSAGES.forgotPassword}</Link>
        <Link to={publicPages.screens.saml}>{MESSAGES.singleSignOn}</Link>
      </nav>
    </FirstPaintCard>
  );
}
