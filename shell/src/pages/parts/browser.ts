/**
 * Leaving the single-page application for another address (single sign-on, an OAuth client). Kept in
 * its own module so tests can replace it: jsdom cannot navigate, and its location cannot be spied on.
 */
export function leaveTo(url: string) {
  window.location.assign(url);
}
