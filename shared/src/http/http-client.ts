/**
 * The one fetch client of the product (ARCHITECTURE: `http`). It sends the headers of platform spec 7.1,
 * unwraps the response envelope, refreshes an expired access token once, and turns every failure into a
 * typed error: a call either resolves with data or throws, never both. Files come through `download`.
 *
 * The access token lives in the session store's memory; the refresh token is an HttpOnly cookie this
 * code never sees. Renewing is a POST to /api/auth/refresh that the browser sends the cookie with:
 * one at a time per tab (single flight) and across tabs (refresh-coordination.ts).
 */
import type { AuthSession } from '../contract/auth';
import { BROWSER_CLIENT_HEADER } from '../contract/browser-client';
import type { ApiEnvelope, PagingMeta } from '../contract/envelope';
import { requestTenantId, type SessionState } from '@meridian/shared/session/session-store';
import { browserRefreshCoordination, tabLocalCoordination, type RefreshCoordination } from '@meridian/shared/session/refresh-coordination';
import { isTokenExpired } from '@meridian/shared/session/token-expiry';
import { ApiError, NetworkError, isAbortError } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  /** Appended as a query string; null and undefined values are left out, arrays repeat the key. */
  query?: QueryParams;
  signal?: AbortSignal;
  /** Extra headers; they win over the defaults (e.g. a call that must act for another tenant). */
  headers?: Record<string, string>;
}

export interface RequestInitWithBody extends RequestOptions {
  /** Sent as JSON, except FormData, Blob and URLSearchParams, which the browser encodes itself. */
  body?: unknown;
}

/** A file asked with GET (the default), or made by the server from a POSTed body (a PDF of a lead, say). */
export interface DownloadOptions extends RequestOptions {
  method?: 'GET' | 'POST';
  /** Sent as a request body is (JSON unless native); only with POST. */
  body?: unknown;
}

/** A successful answer: the envelope's data and, for lists, its paging. */
export interface ApiResponse<T> {
  data: T;
  paging: PagingMeta | undefined;
}

/** What the client needs of the session store: read the session, store a refreshed one, sign out. */
export interface SessionStoreLike {
  getState(): Pick<SessionState, 'token' | 'user' | 'selectedTenantId' | 'impersonationStatus' | 'userTenant' | 'refreshed' | 'signOut'>;
}

export interface HttpClientOptions {
  /** Origin (and prefix) of the main API; '' means the page's own origin. */
  baseUrl?: string;
  store: SessionStoreLike;
  /** Sent as x-ui-version so the server can tell which build is calling. */
  uiVersion: string;
  /** Called after the client signed the user out (refresh refused): the shell sends the user to /login. */
  onSignedOut: (currentPath: string) => void;
  fetchImpl?: typeof fetch;
  /** Where the user is, passed to onSignedOut; defaults to the browser location. */
  currentPath?: () => string;
  /** How refreshes take turns with other tabs; the browser's locks and channel by default. */
  coordination?: RefreshCoordination;
}

/**
 * What renewing the session came to: a new access token; refused (the session is over, the store is
 * signed out); or unavailable (offline, the server failing), when the stored session is kept.
 */
export type RenewOutcome = 'renewed' | 'refused' | 'unavailable';

export interface HttpClient {
  get<T>(path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse<T>>;
  delete<T>(path: string, options?: RequestInitWithBody): Promise<ApiResponse<T>>;
  request<T>(method: HttpMethod, path: string, init?: RequestInitWithBody): Promise<ApiResponse<T>>;
  /** A file (a document, a PDF): the body as it came, with the same headers and token renewal; a failure throws as any call does. */
  download(path: string, options?: DownloadOptions): Promise<Blob>;
  /**
   * A new access token through the refresh cookie (after a reload, or once the old one expired),
   * shared with any renewal already under way in this tab or another. It never sends anyone to /login:
   * a refusal signs the store out and the caller decides where to go.
   */
  renewSession(): Promise<RenewOutcome>;
}

/** The browser's refresh (cookie); '/api/auth/refresh/{token}' (a device's) lies beneath it. */
const REFRESH_PATH = '/api/auth/refresh';

/**
 * Calls whose 401 means "wrong credentials", not "expired token": refreshing on them would be pointless,
 * and on the refresh call itself it would loop. Token sign-in and biometric sign-in are credential
 * exchanges like login, so they are treated the same way.
 */
const CREDENTIAL_PATHS = ['/api/auth/login', '/api/auth/token', '/api/auth/biometric'];

const pathOnly = (path: string) => (path.split('?')[0] ?? '').replace(/\/+$/, '');

export function mayRefreshOn(path: string): boolean {
  const bare = pathOnly(path);
  return !CREDENTIAL_PATHS.includes(bare) && !`${bare}/`.startsWith(`${REFRESH_PATH}/`);
}

function queryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) if (item !== null && item !== undefined) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Bodies the browser must encode itself (it sets the multipart boundary); everything else goes as JSON. */
const isNativeBody = (body: unknown) =>
  (typeof FormData !== 'undefined' && body instanceof FormData) ||
  (typeof Blob !== 'undefined' && body instanceof Blob) ||
  body instanceof URLSearchParams;

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  const result = (value as { result?: unknown } | null)?.result;
  return result !== null && typeof result === 'object' && typeof (result as { success?: unknown }).success === 'boolean';
}

/** The envelope of an answer, or null when the body is empty or not an envelope (a proxy's HTML page, say). */
async function readEnvelope(response: Response): Promise<ApiEnvelope<unknown> | null> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isEnvelope(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Retry-After in seconds; the HTTP-date form is not used by this API and is ignored. */
function retryAfterHeader(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return response.headers.has('retry-after') && Number.isFinite(seconds) ? seconds : undefined;
}

function apiErrorOf(response: Response, envelope: ApiEnvelope<unknown> | null): ApiError {
  const result = envelope?.result;
  return new ApiError({
    // A 2xx carrying success:false is still a failure; it must not be mistaken for data.
    status: response.ok ? 500 : response.status,
    ...(result?.code ? { code: result.code } : {}),
    ...(result?.message ? { message: result.message } : {}),
    ...(result?.fieldErrors ? { fieldErrors: result.fieldErrors } : {}),
    ...(result?.retryAfter !== undefined ? { retryAfter: result.retryAfter } : {}),
    ...(result?.retryAfter === undefined && retryAfterHeader(response) !== undefined ? { retryAfter: retryAfterHeader(response) } : {}),
  });
}

/** Data and paging of a successful envelope; anything else becomes an ApiError. */
async function unwrap<T>(response: Response): Promise<ApiResponse<T>> {
  if (response.status === 204) return { data: null as T, paging: undefined };
  const envelope = await readEnvelope(response);
  if (response.ok && envelope?.result.success) return { data: envelope.data as T, paging: envelope.meta?.paging };
  throw apiErrorOf(response, envelope);
}

/** A refusal means the refresh token is dead; anything else (offline, 5xx, 429) may pass, so the session is kept. */
const isRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

const browserPath = () => (typeof location !== 'undefined' ? `${location.pathname}${location.search}` : '/');

const defaultCoordination = () => (typeof window !== 'undefined' ? browserRefreshCoordination() : tabLocalCoordination());

interface Renewal {
  outcome: RenewOutcome;
  error?: unknown;
}

export function createHttpClient({
  baseUrl = '',
  store,
  uiVersion,
  onSignedOut,
  // Resolved at call time and called unbound: a bare `fetch` stored on an object throws "Illegal invocation".
  fetchImpl = (input, init) => globalThis.fetch(input, init),
  currentPath = browserPath,
  coordination = defaultCoordination(),
}: HttpClientOptions): HttpClient {
  const origin = baseUrl.replace(/\/+$/, '');
  let renewalInFlight: Promise<Renewal> | null = null;

  // Another tab renewed: its access token serves this tab too (the cookie, and so the session, is shared).
  coordination.onAnnounced((session) => {
    if (store.getState().user) store.getState().refreshed(session);
  });

  function headersFor(init: RequestInitWithBody, withAuth: boolean): Record<string, string> {
    const state = store.getState();
    const tenantId = requestTenantId(state);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'cache-control': 'no-cache',
      pragma: 'no-cache',
      'x-ui-version': uiVersion,
      [BROWSER_CLIENT_HEADER.name]: BROWSER_CLIENT_HEADER.value,
    };
    if (tenantId) headers['x-tenant-id'] = tenantId;
    if (withAuth && state.token) headers.authorization = `Bearer ${state.token}`;
    if (init.body !== undefined && !isNativeBody(init.body)) headers['content-type'] = 'application/json';
    return { ...headers, ...init.headers };
  }

  /** One HTTP exchange. Returns the token it sent, so a 401 can tell whether someone refreshed meanwhile. */
  async function send(method: HttpMethod, path: string, init: RequestInitWithBody, withAuth = true) {
    const sentToken = withAuth ? store.getState().token : null;
    const body = init.body === undefined || isNativeBody(init.body) ? (init.body as BodyInit | undefined) : JSON.stringify(init.body);
    try {
      const response = await fetchImpl(`${origin}${path}${queryString(init.query)}`, {
        method,
        headers: headersFor(init, withAuth),
        ...(body !== undefined ? { body } : {}),
        ...(init.signal ? { signal: init.signal } : {}),
        // The refresh cookie goes with same-origin calls only (and only to its path, by its own scope).
        credentials: 'same-origin',
      });
      return { response, sentToken };
    } catch (error) {
      if (isAbortError(error) || init.signal?.aborted) throw error;
      throw new NetworkError({ cause: error });
    }
  }

  function endSession() {
    store.getState().signOut();
    onSignedOut(currentPath());
  }

  /** The POST that spends the cookie, made while this tab holds the browser-wide refresh lock. */
  async function refreshByCookie(tokenBefore: string | null): Promise<Renewal> {
    // Another tab renewed while this one waited for the lock, and handed its token over: nothing left to do.
    const handedOver = store.getState().token;
    if (handedOver && handedOver !== tokenBefore && !isTokenExpired(handedOver)) return { outcome: 'renewed' };
    try {
      const { response } = await send('POST', REFRESH_PATH, {}, false);
      const { data } = await unwrap<AuthSession>(response);
      // Signed out while the refresh was under way: that newer state wins.
      if (!store.getState().user) return { outcome: 'refused' };
      store.getState().refreshed(data);
      coordination.announce(data);
      return { outcome: 'renewed' };
    } catch (error) {
      if (!isRefusal(error)) return { outcome: 'unavailable', error };
      store.getState().signOut();
      return { outcome: 'refused', error };
    }
  }

  async function runRenewal(): Promise<Renewal> {
    // Nobody signed in on this device: there is no session to renew.
    if (!store.getState().user) return { outcome: 'refused' };
    const tokenBefore = store.getState().token;
    return coordination.exclusive(() => refreshByCookie(tokenBefore));
  }

  /**
   * Single flight: a refresh token is single use (the server forgives a second presentation only
   * within a few seconds, and only once), so concurrent 401s share one refresh rather than each
   * spending the cookie; across tabs the coordination does the same.
   */
  function renewOnce(): Promise<Renewal> {
    renewalInFlight ??= runRenewal().finally(() => {
      renewalInFlight = null;
    });
    return renewalInFlight;
  }

  /** After a 401: refresh (unless another request already did) and retry once; a second 401 ends the session. */
  async function retryAfterUnauthorized(
    method: HttpMethod,
    path: string,
    init: RequestInitWithBody,
    sentToken: string | null,
    unauthorized: ApiError,
  ) {
    const current = store.getState().token;
    const refreshedMeanwhile = current !== null && current !== sentToken;
    if (!refreshedMeanwhile) {
      const renewal = await renewOnce();
      if (renewal.outcome === 'refused') {
        endSession();
        throw unauthorized;
      }
      if (renewal.outcome === 'unavailable') throw renewal.error;
    }
    if (!store.getState().token) throw unauthorized;
    const { response } = await send(method, path, init);
    if (response.status === 401) {
      const error = apiErrorOf(response, await readEnvelope(response));
      endSession();
      throw error;
    }
    return response;
  }

  /** One call, with the token refreshed and the call repeated once after a 401. */
  async function exchange(method: HttpMethod, path: string, init: RequestInitWithBody): Promise<Response> {
    const { response, sentToken } = await send(method, path, init);
    if (response.status !== 401 || !mayRefreshOn(path)) return response;
    const unauthorized = apiErrorOf(response, await readEnvelope(response));
    return retryAfterUnauthorized(method, path, init, sentToken, unauthorized);
  }

  async function request<T>(method: HttpMethod, path: string, init: RequestInitWithBody = {}): Promise<ApiResponse<T>> {
    return unwrap<T>(await exchange(method, path, init));
  }

  async function download(path: string, { method = 'GET', ...options }: DownloadOptions = {}): Promise<Blob> {
    const response = await exchange(method, path, { ...options, headers: { accept: '*/*', ...options.headers } });
    if (response.ok) return response.blob();
    throw apiErrorOf(response, await readEnvelope(response));
  }

  return {
    request,
    download,
    renewSession: async () => (await renewOnce()).outcome,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}
