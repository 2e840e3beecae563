/**
 * The product's one HTTP client instance, shared by the shell and every remote (this package is a
 * federation singleton, so there is exactly one). The shell tells it where to send a user whose
 * session could not be refreshed.
 */
import { BUILD_INFO } from '../build-info';
import { publicPages } from '../contract/areas/platform';
import { sessionStore } from '@meridian/shared/session/session-store';
import { createHttpClient } from './http-client';

let signedOutHandler = (redirectFrom: string) => {
  window.location.assign(`${publicPages.screens.login}?redirectFrom=${encodeURIComponent(redirectFrom)}`);
};

/** The shell routes signed-out users through its router instead of a full page load. */
export function onSignedOut(handler: (redirectFrom: string) => void) {
  signedOutHandler = handler;
}

export const api = createHttpClient({
  store: sessionStore,
  uiVersion: BUILD_INFO.version,
  onSignedOut: (redirectFrom) => signedOutHandler(redirectFrom),
});
