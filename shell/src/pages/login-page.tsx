/**
 * The sign-in page as a route of the shell's router: shown when the shell sends a visitor to sign in
 * (a page that needs it, a sign-out, an expired session). Opened directly, /login is drawn before the
 * shell loads, by standalone-sign-in.tsx; both draw the one form (parts/sign-in-form.tsx).
 */
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SignInForm, type GoTo } from './parts/sign-in-form';

export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const goTo = useCallback<GoTo>((to, options) => void navigate(to, options), [navigate]);
  return <SignInForm redirectFrom={params.get('redirectFrom')} goTo={goTo} />;
}
