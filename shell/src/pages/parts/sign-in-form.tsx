/**
 * Sign in (platform spec 2.1, 4 Login): e-mail or user name and password. On success the session is
 * stored and, after the online redirect delay, the user goes to the page they attempted or their
 * landing page. A locked login (429) says when to try again; the typed values are kept on every failure.
 *
 * It is the page every visitor downloads first, so it is drawn without antd (first-paint-ui), holds its
 * two fields without a form library (sign-in-rules), and knows no router: it is shown by the shell's
 * router (login-page.tsx) and on its own, before the shell has loaded (standalone-sign-in.tsx). Each
 * says how to go to another page.
 */
import { useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import type { AuthSession, LoginRequest } from '@meridian/shared/contract/auth';
import { publicPages } from '@meridian/shared/contract/areas/platform';
import { ERROR_CODES } from '@meridian/shared/contract/error-codes';
import { LOGIN_REDIRECT_DELAY } from '@meridian/shared/constants';
import { api } from '@meridian/shared/http/api';
import { ApiError } from '@meridian/shared/http/api-error';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { MESSAGES, signInWaitMessage } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import { nextPageAfterSignIn } from './after-sign-in';
import { FirstPaintAlert, FirstPaintButton, FirstPaintCard, FirstPaintField } from './first-paint-ui';
import { signInErrors, signInFieldError, signInRequest, SIGN_IN_FIELDS, type SignInErrors, type SignInField } from './sign-in-rules';

/** Goes to another page of the product; `replace` leaves no history entry for the page left. */
export type GoTo = (to: string, options?: { replace?: boolean }) => void;

type Failure = { kind: 'locked'; text: string } | { kind: 'error'; text: string };

const isLockout = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 429 || error.code === ERROR_CODES.ACCOUNT_LOCKED);

function FailureAlert({ failure }: { failure: Failure | null }) {
  if (!failure) return null;
  return <FirstPaintAlert kind={failure.kind === 'locked' ? 'warning' : 'error'} text={failure.text} />;
}

/** A plain link whose ordinary click goes through `goTo` (a new tab or window still opens the address). */
function PageLink({ to, goTo, children }: { to: string; goTo: GoTo; children: ReactNode }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    goTo(to);
  };
  return (
    <a href={to} onClick={follow}>
      {children}
    </a>
  );
}

/** The two fields, their messages (checked as the user types, and all at once on submit) and focus. */
function useSignInFields() {
  const [values, setValues] = useState<LoginRequest>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const inputs = useRef<Partial<Record<SignInField, HTMLInputElement | null>>>({});

  const change = (field: SignInField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: signInFieldError(field, value) }));
  };
  const focusFirst = (found: SignInErrors) => {
    const first = SIGN_IN_FIELDS.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  };
  const showErrors = (found: SignInErrors) => {
    setErrors(found);
    focusFirst(found);
  };
  /** A field error the server answered (applyFieldErrors names only the form's own fields). */
  const setServerError: UseFormSetError<LoginRequest> = (name, error) => {
    const field = SIGN_IN_FIELDS.find((known) => known === name);
    if (!field) return;
    setErrors((current) => ({ ...current, [field]: error.message }));
    focusFirst({ [field]: error.message });
  };
  const inputRef = (field: SignInField) => (input: HTMLInputElement | null) => {
    inputs.current[field] = input;
  };
  return { values, errors, change, showErrors, setServerError, inputRef };
}

export function SignInForm({ redirectFrom, goTo }: { redirectFrom: string | null; goTo: GoTo }) {
  const fields = useSignInFields();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [next, setNext] = useState<string | null>(null);

  // The spec's online redirect delay: the success message is seen before the page changes.
  useEffect(() => {
    if (!next) return undefined;
    const timer = setTimeout(() => goTo(next, { replace: true }), LOGIN_REDIRECT_DELAY.onlineMs);
    return () => clearTimeout(timer);
  }, [next, goTo]);

  const send = async (credentials: LoginRequest) => {
    setFailure(null);
    try {
      const { data } = await api.post<AuthSession>('/api/auth/login', credentials);
      sessionStore.getState().signIn(data);
      setNext(nextPageAfterSignIn(data.user, redirectFrom));
    } catch (error) {
      if (isLockout(error)) {
        setFailure({ kind: 'locked', text: error.retryAfter !== undefined ? signInWaitMessage(error.retryAfter) : MESSAGES.accountLocked });
        return;
      }
      const text = applyFieldErrors<LoginRequest>(error, SIGN_IN_FIELDS, fields.setServerError);
      setFailure(text ? { kind: 'error', text } : null);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const errors = signInErrors(fields.values);
    fields.showErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    await send(signInRequest(fields.values));
    setBusy(false);
  };

  return (
    <FirstPaintCard title={MESSAGES.signInTitle}>
      {/* noValidate: the sign-in rules are the only validator, so the browser's own bubbles never compete with them. */}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <FirstPaintField
          name="email"
          label={MESSAGES.email}
          type="email"
          autoComplete="username"
          autoFocus
          value={fields.values.email}
          onChange={(value) => fields.change('email', value)}
          error={fields.errors.email}
          inputRef={fields.inputRef('email')}
        />
        <FirstPaintField
          name="password"
          label={MESSAGES.password}
          type="password"
          autoComplete="current-password"
          value={fields.values.password}
          onChange={(value) => fields.change('password', value)}
          error={fields.errors.password}
          inputRef={fields.inputRef('password')}
        />
        <FailureAlert failure={failure} />
        {next && <FirstPaintAlert kind="success" text={MESSAGES.signedInRedirecting} />}
        <FirstPaintButton busy={busy} disabled={next !== null}>
          {MESSAGES.signIn}
        </FirstPaintButton>
      </form>
      <nav className="fp-links">
        <PageLink to={publicPages.screens.forgotPassword} goTo={goTo}>
          {MESSAGES.forgotPassword}
        </PageLink>
        <PageLink to={publicPages.screens.saml} goTo={goTo}>
          {MESSAGES.singleSignOn}
        </PageLink>
      </nav>
    </FirstPaintCard>
  );
}
