import type { AuthSession } from '../contract/auth';
import type { User } from '../contract/user';
import { createMemoryStorage, createSessionStore, type SessionStore } from '../session/session-store';
import { browserRefreshCoordination, tabLocalCoordination, type RefreshCoordination } from '../session/refresh-coordination';
import { ApiError, NetworkError } from './api-error';
import { createHttpClient } from './http-client';
import { fakeJwt, fakeSession, fakeUser } from '../testing/session-fixtures';

const HOME_TENANT = '11111111-1111-4111-8111-111111111111';
const BRANCH_TENANT = '22222222-2222-4222-8222-222222222222';
const AGENT_HOME = '44444444-4444-4444-8444-444444444444';

const OLD_TOKEN = fakeJwt({ sub: 'old' });
const NEW_TOKEN = fakeJwt({ sub: 'new' });

/** Thandi, an administrator at the home tenant. */
const user = (overrides: Partial<User> = {}): User =>
  fakeUser({
    firstName: 'Thandi',
    lastName: 'Mokoena',
    userName: 'thandi',
    emailAddress: 'thandi@example.com',
    tenantId: HOME_TENANT,
    roles: [{ Id: 'r1', name: 'Administrator' }],
    ...overrides,
  });

const session = (overrides: Partial<AuthSession> = {}): AuthSession =>
  fakeSession(user(), {
    token: OLD_TOKEN,
    refreshToken: undefined,
    sessionId: 'session-1',
    expiresAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  });

const envelope = (data: unknown, extra: Record<string, unknown> = {}) => ({ result: { success: true, message: 'OK' }, data, ...extra });
const failure = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  result: { success: false, message, code, ...extra },
  data: null,
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
}

/**
 * A fake server: each handler answers one request (by URL and headers) and the calls are recorded,
 * so tests assert what was sent as well as what came back.
 */
function fakeFetch(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchImpl = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : undefined,
      credentials: init?.credentials,
    };
    calls.push(call);
    return handler(call);
  });
  return { calls, fetchImpl: fetchImpl as unknown as typeof fetch };
}

const bearer = (call: Call) => call.headers.get('authorization');
const isRefresh = (call: Call) => call.url.includes('/api/auth/refresh');

function setup(
  handler: (call: Call) => Response | Promise<Response>,
  signedIn: AuthSession | null = session(),
  coordination: RefreshCoordination = tabLocalCoordination(),
) {
  const store: SessionStore = createSessionStore(createMemoryStorage());
  if (signedIn) store.getState().signIn(signedIn);
  const onSignedOut = jest.fn();
  const server = fakeFetch(handler);
  const client = createHttpClient({
    baseUrl: 'https://api.example.test/',
    store,
    uiVersion: '1.4.2',
    onSignedOut,
    fetchImpl: server.fetchImpl,
    currentPath: () => '/sales/leads?page=2',
    coordination,
  });
  return { store, client, onSignedOut, calls: server.calls };
}

describe('headers of every request', () => {
  test('sends tenant, UI version, no-cache, bearer token and a JSON body', async () => {
    const { client, store, calls } = setup(() => json(200, envelope({ saved: true })));
    store.getState().selectTenant(BRANCH_TENANT);
    await client.post('/api/notification/insertnotification', { notification: { message: 'hi' } });

    const [call] = calls;
    expect(call?.url).toBe('https://api.example.test/api/notification/insertnotification');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('x-tenant-id')).toBe(BRANCH_TENANT);
    expect(call?.headers.get('x-ui-version')).toBe('1.4.2');
    expect(call?.headers.get('cache-control')).toBe('no-cache');
    expect(call?.headers.get('pragma')).toBe('no-cache');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${OLD_TOKEN}`);
    expect(call?.headers.get('content-type')).toBe('application/json');
    expect(call?.headers.get('x-requested-with')).toBe('meridian');
    expect(call?.body).toBe('{"notification":{"message":"hi"}}');
  });

  test('after impersonation has ended, x-tenant-id is the saved original tenant even if another is selected', async () => {
    const { client, store, calls } = setup(() => json(200, envelope(null)));
    store.getState().selectTenant(BRANCH_TENANT);
    store.getState().startImpersonation(session({ user: user({ userName: 'agent', tenantId: AGENT_HOME }), token: NEW_TOKEN }));
    await client.get('/api/agent/action/latest');
    expect(calls[0]?.headers.get('x-tenant-id')).toBe(AGENT_HOME);

    store.getState().endImpersonation(session());
    store.setState({ selectedTenantId: HOME_TENANT });
    await client.get('/api/agent/action/latest');
    expect(calls[1]?.headers.get('x-tenant-id')).toBe(BRANCH_TENANT);
  });

  test('sends neither bearer token nor tenant when signed out', async () => {
    const { client, calls } = setup(() => json(200, envelope(null)), null);
    await client.post('/api/auth/forgot-password', { email: 'a@b.c' });
    expect(calls[0]?.headers.has('authorization')).toBe(false);
    expect(calls[0]?.headers.has('x-tenant-id')).toBe(false);
    expect(calls[0]?.headers.get('x-ui-version')).toBe('1.4.2');
  });

  test('GET query parameters are encoded, empty ones left out and arrays repeated', async () => {
    const { client, calls } = setup(() => json(200, envelope([])));
    await client.get('/api/users/list', {
      query: { page: 2, search: 'van der Berg', tenantId: undefined, roleName: null, ids: ['a', 'b'] },
    });
    expect(calls[0]?.url).toBe('https://api.example.test/api/users/list?page=2&search=van+der+Berg&ids=a&ids=b');
    expect(calls[0]?.body).toBeUndefined();
  });
});

describe('the envelope', () => {
  test('a success resolves with its data and paging', async () => {
    const paging = { pageNumber: 2, pageSize: 10, total: 31 };
    const { client } = setup(() => json(200, envelope([{ Id: 'x' }], { meta: { paging } })));
    await expect(client.get('/api/users/list')).resolves.toEqual({ data: [{ Id: 'x' }], paging });
  });

  test('a 400 throws an ApiError carrying the code, message and field errors', async () => {
    const fieldErrors = { emailAddress: ['Enter a valid e-mail address.'] };
    const { client } = setup(() => json(400, failure('VALIDATION', 'Some fields are not valid.', { fieldErrors })));
    const error = await client.post('/api/users/add', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Some fields are not valid.', fieldErrors });
  });

  test('an answer marked unsuccessful is an error even with status 200, never data', async () => {
    const { client } = setup(() => json(200, failure('SERVER_ERROR', 'Nope')));
    await expect(client.get('/api/anything')).rejects.toMatchObject({ name: 'ApiError', code: 'SERVER_ERROR', message: 'Nope' });
  });

  test('an answer that is not an envelope (a proxy page) becomes an ApiError with its status', async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await expect(client.get('/api/anything')).rejects.toMatchObject({
      name: 'ApiError',
      status: 502,
      code: 'SERVER_ERROR',
      fieldErrors: {},
    });
  });

  test('a 429 carries retryAfter from the envelope, or else from the Retry-After header', async () => {
    const fromEnvelope = setup(() => json(429, failure('ACCOUNT_LOCKED', 'Locked', { retryAfter: 900 })));
    await expect(fromEnvelope.client.post('/api/auth/login', {})).rejects.toMatchObject({
      status: 429,
      code: 'ACCOUNT_LOCKED',
      retryAfter: 900,
    });

    const fromHeader = setup(() => new Response('', { status: 429, headers: { 'retry-after': '30' } }));
    await expect(fromHeader.client.get('/api/anything')).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 30 });
  });

  test('a fetch that throws (offline, unreachable) becomes a NetworkError', async () => {
    const { client } = setup(() => {
      throw new TypeError('fetch failed');
    });
    const error = await client.get('/api/anything').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError);
  });

  test('an aborted request rejects with the abort, not a NetworkError', async () => {
    const controller = new AbortController();
    const { client, calls } = setup(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    controller.abort();
    const error = await client.get('/api/anything', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as Error).name).toBe('AbortError');
    expect(calls).toHaveLength(1);
  });
});

describe('an expired access token', () => {
  const refreshedSession = session({ token: NEW_TOKEN, expiresAt: '2030-01-01T01:00:00.000Z' });

  /** 401 for the old token, success for the new one; the refresh answers the next session. */
  const server =
    (refresh: () => Response | Promise<Response> = () => json(200, envelope(refreshedSession))) =>
    (call: Call) => {
      if (isRefresh(call)) return refresh();
      if (bearer(call) === `Bearer ${NEW_TOKEN}`) return json(200, envelope({ ok: call.url }));
      return json(401, failure('TOKEN_EXPIRED', 'Your session has expired. Please sign in again.'));
    };

  test('is refreshed once through POST /api/auth/refresh (the cookie, the browser header) and the request retried with the new token', async () => {
    const { client, store, calls, onSignedOut } = setup(server());
    store.getState().selectTenant(BRANCH_TENANT);
    const answer = await client.put('/api/users/edit/1', { firstName: 'Thandi' });

    expect(answer.data).toEqual({ ok: 'https://api.example.test/api/users/edit/1' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PUT https://api.example.test/api/users/edit/1',
      'POST https://api.example.test/api/auth/refresh',
      'PUT https://api.example.test/api/users/edit/1',
    ]);
    expect(calls[1]?.headers.has('authorization')).toBe(false);
    expect(calls[1]?.headers.get('x-requested-with')).toBe('meridian');
    expect(calls[1]?.credentials).toBe('same-origin');
    expect(calls[1]?.body).toBeUndefined();
    expect(calls[2]?.body).toBe('{"firstName":"Thandi"}');
    expect(store.getState()).toMatchObject({ token: NEW_TOKEN, selectedTenantId: BRANCH_TENANT });
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  test('after a reload (a stored user, no access token in memory) the first call renews through the cookie and goes through', async () => {
    const { client, store, calls } = setup(server());
    store.setState({ token: null });
    await expect(client.get('/api/a')).resolves.toMatchObject({ data: { ok: 'https://api.example.test/api/a' } });
    expect(calls.map((c) => (isRefresh(c) ? 'refresh' : bearer(c)))).toEqual([null, 'refresh', `Bearer ${NEW_TOKEN}`]);
  });

  test('renewSession renews, or on a refusal signs the store out without sending anyone to sign in, or offline keeps the stored user', async () => {
    const renewed = setup(server());
    await expect(renewed.client.renewSession()).resolves.toBe('renewed');
    expect(renewed.store.getState().token).toBe(NEW_TOKEN);

    const refused = setup(server(() => json(401, failure('UNAUTHENTICATED', 'Refused'))));
    await expect(refused.client.renewSession()).resolves.toBe('refused');
    expect(refused.store.getState().user).toBeNull();
    expect(refused.onSignedOut).not.toHaveBeenCalled();

    const offline = setup(
      server(() => {
        throw new TypeError('fetch failed');
      }),
    );
    offline.store.setState({ token: null });
    await expect(offline.client.renewSession()).resolves.toBe('unavailable');
    expect(offline.store.getState().user?.userName).toBe('thandi');

    const nobody = setup(server(), null);
    await expect(nobody.client.renewSession()).resolves.toBe('refused');
    expect(nobody.calls).toHaveLength(0);
  });

  test('two requests failing together share one refresh, since a refresh token works only once', async () => {
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const { client, calls } = setup(
      server(async () => {
        await refreshGate;
        return json(200, envelope(refreshedSession));
      }),
    );

    const both = Promise.all([client.get('/api/a'), client.get('/api/b')]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    releaseRefresh();
    const [a, b] = await both;

    expect(a.data).toEqual({ ok: 'https://api.example.test/api/a' });
    expect(b.data).toEqual({ ok: 'https://api.example.test/api/b' });
    expect(calls.filter(isRefresh)).toHaveLength(1);
    expect(calls.filter((c) => !isRefresh(c)).map(bearer)).toEqual([
      `Bearer ${OLD_TOKEN}`,
      `Bearer ${OLD_TOKEN}`,
      `Bearer ${NEW_TOKEN}`,
      `Bearer ${NEW_TOKEN}`,
    ]);
  });

  test('a 401 arriving after another request already refreshed retries with the new token without refreshing again', async () => {
    let firstAnswered: () => void = () => undefined;
    const slowStarted = new Promise<void>((resolve) => {
      firstAnswered = resolve;
    });
    const { client, calls } = setup(async (call) => {
      if (call.url.endsWith('/api/slow') && bearer(call) === `Bearer ${OLD_TOKEN}`) {
        await slowStarted;
        return json(401, failure('TOKEN_EXPIRED', 'expired'));
      }
      return server()(call);
    });

    const slow = client.get('/api/slow');
    await client.get('/api/fast');
    firstAnswered();
    await expect(slow).resolves.toMatchObject({ data: { ok: 'https://api.example.test/api/slow' } });
    expect(calls.filter(isRefresh)).toHaveLength(1);
  });

  test('when the refresh is refused the user is signed out, told where they were, and the 401 thrown', async () => {
    const { client, store, calls, onSignedOut } = setup(
      server(() => json(401, failure('UNAUTHENTICATED', 'This session can no longer be refreshed.'))),
    );
    const error = await client.get('/api/notification/unreadnotifications').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
    expect(store.getState()).toMatchObject({ user: null, token: null, selectedTenantId: null });
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    expect(onSignedOut).toHaveBeenCalledWith('/sales/leads?page=2');
    expect(calls.filter(isRefresh)).toHaveLength(1);
  });

  test('with nobody signed in on this device a 401 sends to sign in at once, with no refresh call', async () => {
    const { client, calls, onSignedOut } = setup(server(), null);
    await expect(client.get('/api/a')).rejects.toMatchObject({ status: 401 });

    expect(calls.filter(isRefresh)).toHaveLength(0);
    expect(onSignedOut).toHaveBeenCalledWith('/sales/leads?page=2');
  });

  test('a retry that is still refused signs out instead of refreshing again', async () => {
    const { client, store, calls, onSignedOut } = setup((call) =>
      isRefresh(call) ? json(200, envelope(refreshedSession)) : json(401, failure('UNAUTHENTICATED', 'Revoked')),
    );
    await expect(client.get('/api/a')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });

    expect(calls).toHaveLength(3);
    expect(store.getState().user).toBeNull();
    expect(onSignedOut).toHaveBeenCalledTimes(1);
  });

  test('a refresh that cannot reach the server keeps the session, so an offline agent stays signed in', async () => {
    const { client, store, onSignedOut } = setup(
      server(() => {
        throw new TypeError('fetch failed');
      }),
    );
    await expect(client.get('/api/a')).rejects.toBeInstanceOf(NetworkError);
    expect(store.getState().user?.userName).toBe('thandi');
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  test('a 401 from login is a wrong password: no refresh, no sign-out, just the error', async () => {
    const { client, store, calls, onSignedOut } = setup(() =>
      json(401, failure('UNAUTHENTICATED', 'The e-mail address or password is not correct.')),
    );
    await expect(client.post('/api/auth/login', { email: 'a', password: 'b' })).rejects.toMatchObject({
      status: 401,
      message: 'The e-mail address or password is not correct.',
    });

    expect(calls).toHaveLength(1);
    expect(store.getState().token).toBe(OLD_TOKEN);
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  test('a 401 from a refresh call itself never triggers another refresh', async () => {
    const { client, calls } = setup(() => json(401, failure('UNAUTHENTICATED', 'Refused')));
    await expect(client.post('/api/auth/refresh')).rejects.toMatchObject({ status: 401 });
    await expect(client.get('/api/auth/refresh/some-refresh-token')).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(2);
  });
});

/** Web Locks as a browser grants them: one holder at a time, the others queued in order. */
function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  let held = 0;
  let mostHeldAtOnce = 0;
  const locks = {
    request: (_name: string, callback: () => Promise<unknown>) => {
      const run = tail.then(async () => {
        held += 1;
        mostHeldAtOnce = Math.max(mostHeldAtOnce, held);
        try {
          return await callback();
        } finally {
          held -= 1;
        }
      });
      tail = run.catch(() => undefined);
      return run;
    },
  };
  return { locks: locks as unknown as LockManager, mostHeldAtOnce: () => mostHeldAtOnce };
}

/** A BroadcastChannel per tab on one hub: a message reaches every other tab's channel. */
function fakeChannels() {
  const listeners = new Set<{ owner: object; listener: (event: MessageEvent) => void }>();
  return () => {
    const channel = {
      postMessage: (data: unknown) => {
        for (const entry of listeners) if (entry.owner !== channel) entry.listener({ data } as MessageEvent);
      },
      addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.add({ owner: channel, listener }),
      removeEventListener: () => undefined,
    };
    return channel as unknown as BroadcastChannel;
  };
}

describe('two tabs of one browser', () => {
  test('refresh one at a time across tabs: the tab that waited for the lock takes the token the other handed over', async () => {
    const { locks, mostHeldAtOnce } = fakeLocks();
    const openChannel = fakeChannels();
    const calls: Call[] = [];
    const serve = (call: Call) => {
      calls.push(call);
      if (isRefresh(call)) return json(200, envelope(session({ token: NEW_TOKEN })));
      return bearer(call) === `Bearer ${NEW_TOKEN}` ? json(200, envelope({ ok: true })) : json(401, failure('TOKEN_EXPIRED', 'expired'));
    };
    const tab = () => setup(serve, session(), browserRefreshCoordination(locks, openChannel));
    const first = tab();
    const second = tab();

    const [a, b] = await Promise.all([first.client.get('/api/a'), second.client.get('/api/b')]);

    expect(a.data).toEqual({ ok: true });
    expect(b.data).toEqual({ ok: true });
    expect(calls.filter(isRefresh)).toHaveLength(1);
    expect(mostHeldAtOnce()).toBe(1);
    expect(second.store.getState().token).toBe(NEW_TOKEN);
    expect(first.store.getState().token).toBe(NEW_TOKEN);
  });

  test('without Web Locks or BroadcastChannel each tab still refreshes once, however many of its calls fail together', async () => {
    const coordination = browserRefreshCoordination(undefined, null);
    const { client, calls } = setup(
      (call) => {
        if (isRefresh(call)) return json(200, envelope(session({ token: NEW_TOKEN })));
        return bearer(call) === `Bearer ${NEW_TOKEN}` ? json(200, envelope({ ok: true })) : json(401, failure('TOKEN_EXPIRED', 'expired'));
      },
      session(),
      coordination,
    );
    await Promise.all([client.get('/api/a'), client.get('/api/b'), client.get('/api/c')]);
    expect(calls.filter(isRefresh)).toHaveLength(1);
  });
});

describe('files', () => {
  const WORD_BYTES = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x7f]);
  const file = () => new Response(WORD_BYTES, { status: 200, headers: { 'content-type': 'application/octet-stream' } });

  test('a download answers the bytes as they came, asked with the usual headers and any content type', async () => {
    const { client, calls } = setup(() => file());
    const blob = await client.download('/api/templates/t1/document');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(WORD_BYTES);
    expect(bearer(calls[0]!)).toBe(`Bearer ${OLD_TOKEN}`);
    expect(calls[0]!.headers.get('x-tenant-id')).toBe(HOME_TENANT);
    expect(calls[0]!.headers.get('accept')).toBe('*/*');
  });

  test('a download with an expired token renews it once and asks again', async () => {
    const { client, calls, store } = setup((call) => {
      if (isRefresh(call)) return json(200, envelope(session({ token: NEW_TOKEN })));
      return bearer(call) === `Bearer ${NEW_TOKEN}` ? file() : json(401, failure('TOKEN_EXPIRED', 'Your session has expired.'));
    });
    const blob = await client.download('/api/templates/t1/document');
    expect(blob.size).toBe(WORD_BYTES.length);
    expect(calls.map((c) => (isRefresh(c) ? 'refresh' : bearer(c)))).toEqual([`Bearer ${OLD_TOKEN}`, 'refresh', `Bearer ${NEW_TOKEN}`]);
    expect(store.getState().token).toBe(NEW_TOKEN);
  });

  test('a file the server makes from a posted body is asked with POST and the body as JSON', async () => {
    const { client, calls } = setup(() => file());
    const blob = await client.download('/api/leads/generate-pdf', { method: 'POST', body: { leadId: 'l1' } });
    expect(blob.size).toBe(WORD_BYTES.length);
    expect(calls[0]!.method).toBe('POST');
    expect(JSON.parse(calls[0]!.body!)).toEqual({ leadId: 'l1' });
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(calls[0]!.headers.get('accept')).toBe('*/*');
  });

  test('a refused download is the server message as a typed error, not a file', async () => {
    const { client } = setup(() => json(404, failure('NOT_FOUND', 'The document of this template was not found.')));
    const refusal = client.download('/api/templates/t1/document');
    await expect(refusal).rejects.toEqual(expect.any(ApiError));
    await expect(client.download('/api/templates/t1/document')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'The document of this template was not found.',
    });
  });
});
