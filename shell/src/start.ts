/**
 * The page's first script (index.html loads it): the sign-in page, which every visitor downloads
 * first, is drawn from a small bundle of its own (standalone-sign-in.tsx); every other page starts the
 * shell (shell.js: the federation runtime, the router, the areas). Built without module federation
 * (webpack.config.cjs), so the sign-in page loads none of it.
 */
import { publicPages } from '@meridian/shared/contract/areas/platform';

/** The shell's entry, built beside this one (webpack.config.cjs names it). */
const SHELL_ENTRY = '/shell.js';

function startShell() {
  const script = document.createElement('script');
  script.src = SHELL_ENTRY;
  document.head.append(script);
}

const isSignInPage = window.location.pathname.replace(/\/+$/, '') === publicPages.screens.login;

if (isSignInPage) {
  import('./standalone-sign-in')
    .then(({ showSignInAlone }) => showSignInAlone(startShell))
    // Its files could not be fetched (a deploy in between, offline without the service worker): the shell's own sign-in route still works.
    .catch(startShell);
} else {
  startShell();
}
