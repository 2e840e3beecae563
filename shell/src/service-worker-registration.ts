/**
 * Registers the service worker (service-worker/service-worker.ts), which keeps the built product so
 * that it opens without a connection. Only in a production build served by the API: the development
 * build changes its files all the time. A browser without service workers, or one that refuses the
 * registration, just works online; the refusal is logged.
 */
/** Replaced by webpack with the build's mode. */
declare const process: { env: { NODE_ENV?: string } };

export function registerServiceWorker() {
  if (process.env.NODE_ENV !== 'production' || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .catch((error: unknown) => console.warn('[offline] the service worker was not registered:', error));
  });
}
