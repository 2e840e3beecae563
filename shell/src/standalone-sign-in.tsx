/**
 * The sign-in page drawn alone, before the shell has loaded: React and the one form, without the
 * federation runtime, the router or any area (start.ts decides when). Every page it leads to is a
 * page load, which starts the shell; the shell finds the stored user and renews the access token
 * through the refresh cookie, as after any reload.
 */
import { createRoot } from 'react-dom/client';
import { sessionStore } from '@meridian/shared/session/session-store';
import { pageBrand } from './brands/brands';
import { SignInForm, type GoTo } from './pages/parts/sign-in-form';
import { registerServiceWorker } from './service-worker-registration';

const goTo: GoTo = (to, options) => (options?.replace ? window.location.replace(to) : window.location.assign(to));

/**
 * Shows the sign-in page, unless a user is stored: the shell then renews their session and sends them
 * on from /login as it always does (or, offline, opens what works offline).
 */
export function showSignInAlone(startShell: () => void) {
  if (sessionStore.getState().user) {
    startShell();
    return;
  }
  document.title = pageBrand().name;
  registerServiceWorker();
  const redirectFrom = new URLSearchParams(window.location.search).get('redirectFrom');
  createRoot(document.getElementById('root')!).render(
    <main style={{ minHeight: '100vh' }}>
      <SignInForm redirectFrom={redirectFrom} goTo={goTo} />
    </main>,
  );
}
