import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AuthSession } from '@meridian/shared/contract/auth';
import type { RoleName } from '@meridian/shared/contract/roles';
import type { User } from '@meridian/shared/contract/user';
import { tokenHash } from '../src/auth/passwords';
import { DEMO_PASSWORD, databaseLabel, demoEmail, startServer, type AnswerEnvelope, type TestServer } from './support/harness';

const COOKIE = 'meridian_refresh';
const SECURE_COOKIE = `__Secure-${COOKIE}`;
/** What a fetch of a page in Chromium adds by itself (Fetch Metadata) and what the product's client adds. */
const BROWSER = { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-origin', 'x-requested-with': 'meridian' };

interface Cookie {
  name: string;
  value: string;
  path?: string;
  httpOnly?: boolean;
  sameSite?: string;
  secure?: boolean;
  maxAge?: number;
}
interface BrowserAnswer<T> {
  status: number;
  body: AnswerEnvelope<T>;
  cookie: Cookie | undefined;
}

/** One browser call: the refresh cookie goes along when given, the refresh cookie set by the answer comes back. */
async function browserCall<T = unknown>(
  s: TestServer,
  method: string,
  url: string,
  options: { token?: string; cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<BrowserAnswer<T>> {
  const response = await s.built.app.inject({
    method: method as 'GET',
    url,
    headers: { ...BROWSER, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.headers ?? {}) },
    ...(options.cookie ? { cookies: { [COOKIE]: options.cookie } } : {}),
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  const cookies = response.cookies as Cookie[];
  return {
    status: response.statusCode,
    body: response.json<AnswerEnvelope<T>>(),
    cookie: cookies.find((c) => c.name === COOKIE || c.name === SECURE_COOKIE),
  };
}

async function browserSignIn(s: TestServer, role: RoleName) {
  const answer = await browserCall<AuthSession>(s, 'POST', '/api/auth/login', {
    body: { email: demoEmail(role), password: DEMO_PASSWORD },
  });
  assert.equal(answer.status, 200);
  return { session: answer.body.data, cookie: answer.cookie!.value };
}

const refreshByCookie = (s: TestServer, cookie: string) => browserCall<AuthSession>(s, 'POST', '/api/auth/refresh', { cookie });
const me = (s: TestServer, session: { token: string; user: { Id: string } }) =>
  s.call<User>('GET', `/api/users/me/${session.user.Id}`, { token: session.token });
/** Moves a rotation back in time, past the grace window. */
const rotatedLongAgo = (s: TestServer, cookie: string) =>
  s.db.query(`update refresh_tokens set used_at = now() - interval '1 hour' where token_hash = $1`, [tokenHash(cookie)]);

describe(`session cookies (${databaseLabel})`, () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(() => s.close());

  test('a browser sign-in answers no refresh token in its body and sets it as an HttpOnly, SameSite=Strict cookie scoped to the refresh path', async () => {
    const answer = await browserCall<AuthSession>(s, 'POST', '/api/auth/login', {
      body: { email: demoEmail('loan officer'), password: DEMO_PASSWORD },
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.data.refreshToken, undefined);
    assert.ok(answer.body.data.token, 'the access token is answered, for memory');
    const cookie = answer.cookie!;
    assert.ok(cookie.value.length > 20);
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Strict');
    assert.equal(cookie.path, '/api/auth/refresh');
    assert.equal(cookie.maxAge, s.config.refreshTokenTtlSeconds);
    assert.ok(!JSON.stringify(answer.body).includes(cookie.value), 'the body never repeats the cookie');
  });

  test('the cookie is Secure except over plain http to this machine, unless configured', async () => {
    const login = { email: demoEmail('loan officer'), password: DEMO_PASSWORD };
    const development = (await browserCall<AuthSession>(s, 'POST', '/api/auth/login', { body: login, headers: { host: 'localhost:8080' } }))
      .cookie!;
    assert.deepEqual([development.name, development.secure], [COOKIE, undefined]);
    const served = await browserCall<AuthSession>(s, 'POST', '/api/auth/login', { body: login, headers: { host: 'meridian.example.com' } });
    assert.deepEqual([served.cookie!.name, served.cookie!.secure], [SECURE_COOKIE, true], 'a Secure cookie carries the __Secure- prefix');
    const renewed = await s.built.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...BROWSER, host: 'meridian.example.com' },
      cookies: { [SECURE_COOKIE]: served.cookie!.value },
    });
    assert.equal(renewed.statusCode, 200, 'the prefixed cookie is the one read back');
    const strict = await startServer({ cookieSecure: 'always' });
    try {
      assert.equal(
        (await browserCall<AuthSession>(strict, 'POST', '/api/auth/login', { body: login, headers: { host: 'localhost:8080' } })).cookie!
          .secure,
        true,
      );
    } finally {
      await strict.close();
    }
  });

  test('a device (no Fetch Metadata, no browser header) gets the refresh token in the body and no cookie', async () => {
    const response = await s.built.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: demoEmail('loan officer'), password: DEMO_PASSWORD },
    });
    assert.equal(response.statusCode, 200);
    assert.ok(response.json().data.refreshToken.length > 20);
    assert.equal(
      (response.cookies as Cookie[]).find((c) => c.name === COOKIE),
      undefined,
    );
  });

  test('refresh by cookie rotates it and answers a working access token; the old cookie presented after the grace window revokes the family', async () => {
    const { session, cookie } = await browserSignIn(s, 'branch manager');
    const refreshed = await refreshByCookie(s, cookie);
    assert.equal(refreshed.status, 200);
    assert.equal(refreshed.body.data.refreshToken, undefined);
    assert.equal(refreshed.body.data.sessionId, session.sessionId);
    assert.notEqual(refreshed.cookie!.value, cookie);
    assert.equal((await me(s, refreshed.body.data)).status, 200);

    await rotatedLongAgo(s, cookie);
    const reused = await refreshByCookie(s, cookie);
    assert.equal(reused.status, 401);
    assert.equal(reused.cookie!.value, '', 'a refused cookie is cleared');
    assert.equal((await refreshByCookie(s, refreshed.cookie!.value)).status, 401, 'the newest cookie of the family is dead too');
    assert.equal((await me(s, refreshed.body.data)).status, 401, 'and so is its access token');
  });

  test('refresh by cookie needs the browser header, the CSRF guard on top of SameSite', async () => {
    const { cookie } = await browserSignIn(s, 'branch manager');
    const forged = await browserCall<AuthSession>(s, 'POST', '/api/auth/refresh', {
      cookie,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    assert.equal(forged.status, 403);
    assert.equal((await refreshByCookie(s, cookie)).status, 200, 'the refused call did not spend the cookie');
    assert.equal((await browserCall<AuthSession>(s, 'POST', '/api/auth/refresh')).status, 401, 'no cookie, no session');
  });

  test('two tabs refreshing at once with the same cookie both get a working session of the same family, and it goes on', async () => {
    const { session, cookie } = await browserSignIn(s, 'sales manager');
    const [first, second] = await Promise.all([refreshByCookie(s, cookie), refreshByCookie(s, cookie)]);
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);
    for (const answer of [first, second]) {
      assert.equal(answer.body.data.sessionId, session.sessionId);
      assert.equal((await me(s, answer.body.data)).status, 200);
    }
    // Whichever answer the browser kept last, the session goes on.
    assert.equal((await refreshByCookie(s, second.cookie!.value)).status, 200);
    assert.equal((await refreshByCookie(s, first.cookie!.value)).status, 200);
  });

  test('within the grace window a rotated cookie is answered once more; a further presentation is theft and revokes the family', async () => {
    const { cookie } = await browserSignIn(s, 'zonal manager');
    const rotated = await refreshByCookie(s, cookie);
    const replayed = await refreshByCookie(s, cookie);
    assert.equal(replayed.status, 200);
    assert.equal((await refreshByCookie(s, cookie)).status, 401);
    assert.equal((await me(s, rotated.body.data)).status, 401);
  });

  test('a device presenting its own used refresh token gets no grace', async () => {
    const device = await s.login(demoEmail('credit officer'));
    assert.equal((await s.call<AuthSession>('GET', `/api/auth/refresh/${device.refreshToken}`)).status, 200);
    assert.equal((await s.call<AuthSession>('GET', `/api/auth/refresh/${device.refreshToken}`)).status, 401);
    assert.equal((await me(s, device)).status, 401);
  });

  test('logout revokes the session and clears the cookie', async () => {
    const { session, cookie } = await browserSignIn(s, 'product manager');
    const out = await browserCall(s, 'GET', '/api/auth/logout', { token: session.token });
    assert.equal(out.status, 200);
    assert.equal(out.cookie!.value, '');
    assert.equal(out.cookie!.path, '/api/auth/refresh');
    assert.equal((await refreshByCookie(s, cookie)).status, 401);
  });
});

describe(`session families (${databaseLabel})`, () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(() => s.close());

  const exchange = (token: string, email: string) => s.call<AuthSession>('POST', '/api/auth/token', { body: { email, token } });
  const impersonate = (admin: AuthSession, userName: string) =>
    s.call<AuthSession>('POST', '/api/auth/impersonate', { token: admin.token, body: { userName } });
  const endImpersonation = (impersonation: AuthSession) =>
    s.call<AuthSession>('POST', '/api/auth/logImpersonation', {
      token: impersonation.token,
      body: { adminId: impersonation.impersonator!.Id, impersonateId: impersonation.user.Id, state: 'ended' },
    });

  test('a session exchanged for an access token belongs to that session and ends with its logout', async () => {
    const original = await s.login(demoEmail('managing director'));
    const exchanged = (await exchange(original.token, demoEmail('managing director'))).body.data;
    assert.notEqual(exchanged.sessionId, original.sessionId);
    assert.equal((await me(s, exchanged)).status, 200, 'and it works (its principal is now cached)');
    assert.equal((await s.call('GET', '/api/auth/logout', { token: original.token })).status, 200);
    assert.equal((await me(s, exchanged)).status, 401);
    assert.equal((await s.call<AuthSession>('GET', `/api/auth/refresh/${exchanged.refreshToken}`)).status, 401);
    assert.equal((await exchange(exchanged.token, demoEmail('managing director'))).status, 401, 'nor can it be exchanged again');
  });

  test('an exchanged session whose parent was revoked while it was being made is refused on every call and on refresh', async () => {
    const original = await s.login(demoEmail('regional manager'));
    const exchanged = (await exchange(original.token, demoEmail('regional manager'))).body.data;
    // The parent alone, as a revocation racing the child's creation would leave it.
    await s.db.query(`update sessions set revoked_at = now() where id = $1`, [original.sessionId]);
    s.built.ctx.principals.invalidate();
    assert.equal((await me(s, exchanged)).status, 401);
    assert.equal((await s.call<AuthSession>('GET', `/api/auth/refresh/${exchanged.refreshToken}`)).status, 401);
  });

  test('a session exchanged from an impersonation ends when the impersonation ends', async () => {
    const admin = await s.login(demoEmail('company administrator'));
    const impersonation = (await impersonate(admin, 'loan-officer')).body.data;
    const exchanged = (await exchange(impersonation.token, demoEmail('loan officer'))).body.data;
    assert.deepEqual(exchanged.impersonator, impersonation.impersonator, 'still acting as the administrator');
    assert.equal((await endImpersonation(impersonation)).status, 200);
    assert.equal((await me(s, exchanged)).status, 401);
    assert.equal((await s.call<AuthSession>('GET', `/api/auth/refresh/${exchanged.refreshToken}`)).status, 401);
  });

  test("ending an impersonation in the browser answers the administrator's own session, whose tokens the browser never held", async () => {
    const { session: admin, cookie: adminCookie } = await browserSignIn(s, 'company administrator');
    const started = await browserCall<AuthSession>(s, 'POST', '/api/auth/impersonate', {
      token: admin.token,
      body: { userName: 'team-leader' },
    });
    assert.equal(started.status, 200);
    const impersonation = started.body.data;
    assert.equal(impersonation.refreshToken, undefined);
    assert.notEqual(started.cookie!.value, adminCookie, "the cookie now holds the impersonation's family");
    assert.ok(!JSON.stringify(started.body).includes(admin.token), "the answer carries nothing of the administrator's tokens");

    const ended = await browserCall<AuthSession>(s, 'POST', '/api/auth/logImpersonation', {
      token: impersonation.token,
      body: { adminId: admin.user.Id, impersonateId: impersonation.user.Id, state: 'ended' },
    });
    assert.equal(ended.status, 200);
    const back = ended.body.data;
    assert.equal(back.user.Id, admin.user.Id);
    assert.equal(back.sessionId, admin.sessionId, "the administrator's own session, kept on the server");
    assert.equal(back.impersonator, null);
    assert.equal(back.refreshToken, undefined);
    assert.equal((await me(s, back)).status, 200);
    assert.equal((await me(s, impersonation)).status, 401, 'the impersonation is over');
    assert.equal((await refreshByCookie(s, started.cookie!.value)).status, 401);
    const renewed = await refreshByCookie(s, ended.cookie!.value);
    assert.equal(renewed.status, 200, "the cookie is back in the administrator's family");
    assert.equal(renewed.body.data.user.Id, admin.user.Id);
    assert.equal(renewed.body.data.impersonator, null);
  });

  test("signing out of the administrator's session ends the impersonations started from it", async () => {
    const admin = await s.login(demoEmail('company administrator'));
    const impersonation = (await impersonate(admin, 'credit-officer')).body.data;
    assert.equal((await me(s, impersonation)).status, 200);
    assert.equal((await s.call('GET', '/api/auth/logout', { token: admin.token })).status, 200);
    assert.equal((await me(s, impersonation)).status, 401);
    assert.equal((await s.call<AuthSession>('GET', `/api/auth/refresh/${impersonation.refreshToken}`)).status, 401);
    assert.equal((await endImpersonation(impersonation)).status, 401, 'and there is no administrator session to return to');
  });

  test("an administrator's password reset by someone else ends the impersonations they started", async () => {
    const admin = await s.login(demoEmail('company administrator'));
    const impersonation = (await impersonate(admin, 'branch-manager')).body.data;
    const global = await s.as('global administrator');
    const changed = await global.call('PUT', `/api/users/change-password-and-expire/${admin.user.Id}`, {
      body: { password: 'Changed-Password-77' },
    });
    assert.equal(changed.status, 200);
    assert.equal((await me(s, impersonation)).status, 401);
  });
});
