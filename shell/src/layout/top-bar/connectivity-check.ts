/**
 * The connectivity check of spec 4 and 7.8: is the application reachable? The old product pinged an
 * outside website; this one asks its own health endpoint, which is what actually matters (an outside
 * site can answer while our server cannot, and a closed network may block outside sites). It also
 * follows the browser's online/offline events and writes the outcome to the session store
 * (`networkOnline`), which the network indicator, the navigation guard and the menu read.
 *
 * Started once by the shell's root frame: `const stop = startConnectivityCheck({})`.
 */
import { sessionStore } from '@meridian/shared/session/session-store';
import { startPolling, type PollingOptions } from './status-polling';

export { nextCheckDelay } from './status-polling';

/** A ping slower than this counts as a failure. */
export const CONNECTIVITY_TIMEOUT_MS = 5_000;

export interface ConnectivityCheckOptions {
  /** What to ping; the product's own health endpoint by default. */
  url?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** Where the outcome goes; the session store by default. */
  setOnline?: (online: boolean) => void;
  /** Whose online/offline events to follow; the window by default. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The schedule; the spec's by default. */
  delay?: PollingOptions['delay'];
}

/**
 * One ping: true when the server answered with a success within the time limit. `no-store` keeps a
 * cached answer from pretending the server is there; a 503 (database down) counts as unreachable.
 */
export async function ping(
  url: string,
  { timeoutMs = CONNECTIVITY_TIMEOUT_MS, fetchImpl, signal }: { timeoutMs?: number; fetchImpl?: typeof fetch; signal?: AbortSignal } = {},
): Promise<boolean> {
  if (signal?.aborted) return false;
  const controller = new AbortController();
  const abort = () => controller.abort();
  const timer = setTimeout(abort, timeoutMs);
  signal?.addEventListener('abort', abort, { once: true });
  try {
    const send = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
    const response = await send(url, {
      method: 'GET',
      cache: 'no-store',
      headers: { accept: 'application/json' },
      signal: controller.signal,
    });
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/** Starts checking; returns the function that stops it (timer and event listeners). */
export function startConnectivityCheck({
  url = '/api/health',
  timeoutMs = CONNECTIVITY_TIMEOUT_MS,
  fetchImpl,
  setOnline = (online) => sessionStore.getState().setNetworkOnline(online),
  events = typeof window !== 'undefined' ? window : undefined,
  delay,
}: ConnectivityCheckOptions = {}): () => void {
  // Until the first ping the browser's own view is the best there is.
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') setOnline(navigator.onLine);

  const poller = startPolling(
    async (signal) => {
      const reachable = await ping(url, { timeoutMs, signal, ...(fetchImpl ? { fetchImpl } : {}) });
      if (!signal.aborted) setOnline(reachable);
      return reachable;
    },
    delay ? { delay } : {},
  );

  // "offline" is certain at once; "online" only says a network exists, so the ping decides.
  const wentOffline = () => {
    setOnline(false);
    poller.checkNow();
  };
  const wentOnline = () => poller.checkNow();
  events?.addEventListener('offline', wentOffline);
  events?.addEventListener('online', wentOnline);

  return () => {
    poller.stop();
    events?.removeEventListener('offline', wentOffline);
    events?.removeEventListener('online', wentOnline);
  };
}
