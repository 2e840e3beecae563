import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeJwt } from 'jose';
import { AUTH_LIMITS } from '@meridian/shared/constants';
import { MESSAGES } from '@meridian/shared/messages';
import type { AuthSession, AuthorizeRedirect } from '@meridian/shared/contract/auth';
import type { User } from '@meridian/shared/contract/user';
import type { Role } from '@meridian/shared/contract/role';
import { DEMO_PASSWORD, ROLE_NAMES, databaseLabel, demoEmail, startServer, type TestServer } from './support/harness';

const latestMailTo = (s: TestServer, to: string, kind: string) =>
  s.db.one<{ body_text: string; status: string }>(
    `select body_text, status from outbox_emails where lower(to_address) = lower($1) and kind = $2 order by date_created desc limit 1`,
    [to, kind],
  );
/** Reset mails are prepared after forgot-password has answered (modules/auth/reset-requests.ts). */
const mailArriving = async (s: TestServer, to: string, kind: string) => {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(25)) {
    const mail = await latestMailTo(s, to, kind);
    if (mail) return mail;
  }
  throw new Error(`no ${kind} mail to ${to} in time`);
};
const requestsPending = async (s: TestServer) =>
  (await s.db.one<{ n: number }>(`select count(*)::int as n from password_reset_requests`))!.n;
const tokenFromMail = (body: string, marker: string) => body.split(marker)[1]!.split(/\s/)[0]!.split('/').pop()!;

describe(`authentication (${databaseLabel})`, () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(() => s.close());

  test('every demo user signs in with the documented password and gets their roles and tenants', async () => {
    for (const role of ROLE_NAMES) {
      const session = await s.login(demoEmail(role));
      assert.equal(session.user.emailAddress, demoEmail(role));
      assert.equal(session.user.roles[0]!.name.toLowerCase(), role);
      assert.ok(session.user.tenants.length >= 1);
      assert.ok(session.refreshToken!.length > 20);
    }
  });

  test('the user name works as the login too, case-insensitively', async () => {
    const session = await s.login('  LOAN-OFFICER ');
    assert.equal(session.user.userName, 'loan-officer');
  });

  test("the access token's own exp sets its expiry and it names the user and session", async () => {
    const session = await s.login(demoEmail('loan officer'));
    const claims = decodeJwt(session.token);
    assert.equal(claims.sub, session.user.Id);
    assert.equal(claims.sid, session.sessionId);
    assert.equal(new Date(claims.exp! * 1000).toISOString(), session.expiresAt);
    // exp is rounded up to a whole second, iat down: the token lives at least its time to live.
    const ttl = s.config.accessTokenTtlSeconds;
    assert.ok(claims.exp! - claims.iat! >= ttl && claims.exp! - claims.iat! <= ttl + 1, `exp - iat = ${claims.exp! - claims.iat!}`);
  });

  test('a wrong password and an unknown account get the same 401 answer', async () => {
    const wrong = await s.call<AuthSession>('POST', '/api/auth/login', {
      body: { email: demoEmail('admin'), password: 'Wrong-Password-1' },
    });
    const unknown = await s.call<AuthSession>('POST', '/api/auth/login', {
      body: { email: 'nobody@nowhere.test', password: 'Wrong-Password-1' },
    });
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.deepEqual(wrong.body, unknown.body);
    assert.equal(wrong.body.result.message, MESSAGES.loginFailed);
  });

  test('refresh rotates: the new refresh token works once, and the old one no longer does', async () => {
    const first = await s.login(demoEmail('branch manager'));
    const second = (await s.call<AuthSession>('GET', `/api/auth/refresh/${first.refreshToken}`)).body.data;
    assert.notEqual(second.refreshToken, first.refreshToken);
    assert.equal(second.sessionId, first.sessionId);
    assert.equal((await s.call<User>('GET', '/api/users/me/' + second.user.Id, { token: second.token })).status, 200);
    const third = await s.call<AuthSession>('GET', `/api/auth/refresh/${second.refreshToken}`);
    assert.equal(third.status, 200);
  });

  test('presenting a used refresh token revokes the whole family, access tokens included', async () => {
    const first = await s.login(demoEmail('sales manager'));
    const second = (await s.call<AuthSession>('GET', `/api/auth/refresh/${first.refreshToken}`)).body.data;
    const reuse = await s.call<AuthSession>('GET', `/api/auth/refresh/${first.refreshToken}`);
    assert.equal(reuse.status, 401);
    assert.equal(reuse.body.result.message, MESSAGES.refreshInvalid);
    assert.equal(
      (await s.call<AuthSession>('GET', `/api/auth/refresh/${second.refreshToken}`)).status,
      401,
      'the newest token of the family is dead too',
    );
    assert.equal(
      (await s.call<User>('GET', `/api/users/me/${second.user.Id}`, { token: second.token })).status,
      401,
      'and so is its access token',
    );
    assert.equal((await s.login(demoEmail('sales manager'))).user.userName, 'sales-manager', 'a fresh sign-in still works');
  });

  test('biometric sign-in exchanges a refresh token like refresh does', async () => {
    const first = await s.login(demoEmail('credit officer'));
    const r = await s.call<AuthSession>('POST', '/api/auth/biometric', { body: { refreshToken: first.refreshToken } });
    assert.equal(r.status, 200);
    assert.equal(r.body.data.user.userName, 'credit-officer');
    assert.equal((await s.call<AuthSession>('POST', '/api/auth/biometric', { body: { refreshToken: first.refreshToken } })).status, 401);
  });

  test('after logout the access token and the refresh token stop working', async () => {
    const session = await s.login(demoEmail('zonal manager'));
    const me = `/api/users/me/${session.user.Id}`;
    assert.equal((await s.call('GET', me, { token: session.token })).status, 200);
    assert.equal((await s.call('GET', '/api/auth/logout', { token: session.token })).status, 200);
    assert.equal((await s.call('GET', me, { token: session.token })).status, 401);
    assert.equal((await s.call<AuthSession>('GET', `/api/auth/refresh/${session.refreshToken}`)).status, 401);
  });

  test('token login exchanges a valid access token and its e-mail for a new session', async () => {
    const session = await s.login(demoEmail('product manager'));
    const r = await s.call<AuthSession>('POST', '/api/auth/token', { body: { email: demoEmail('product manager'), token: session.token } });
    assert.equal(r.status, 200);
    assert.notEqual(r.body.data.sessionId, session.sessionId);
    const wrongEmail = await s.call<AuthSession>('POST', '/api/auth/token', { body: { email: demoEmail('admin'), token: session.token } });
    assert.equal(wrongEmail.status, 401);
  });

  test('the authorize flow returns a token only to a registered address', async () => {
    const registered = await startServer({ oauthRedirectUris: ['https://partner.example.test/callback'] });
    try {
      const session = await registered.login(demoEmail('loan officer'));
      const ok = await registered.call<AuthorizeRedirect>('POST', '/api/auth/authorize', {
        token: session.token,
        body: { redirectUri: 'https://partner.example.test/callback?state=1' },
      });
      assert.equal(ok.status, 200);
      const url = new URL(ok.body.data.redirectUrl);
      assert.equal(url.searchParams.get('success'), 'true');
      assert.equal(decodeJwt(url.searchParams.get('token')!).sub, session.user.Id);
      const evil = await registered.call<AuthorizeRedirect>('POST', '/api/auth/authorize', {
        token: session.token,
        body: { redirectUri: 'https://evil.example.test/callback' },
      });
      assert.equal(evil.status, 400);
    } finally {
      await registered.close();
    }
  });

  test('auth-url answers a configured provider and says clearly when single sign-on is not configured', async () => {
    const r = await s.call('GET', '/api/auth/auth-url/saml');
    assert.equal(r.status, 404);
    assert.match(r.body.result.message, /Single sign-on provider 'saml'/);
  });

  test(`after ${AUTH_LIMITS.maxFailedLogins} failures an account must wait a second, known or not, even with the right password`, async () => {
    for (const email of [demoEmail('regional manager'), 'ghost@demo.meridian.test']) {
      for (let i = 0; i < AUTH_LIMITS.maxFailedLogins; i++) {
        assert.equal((await s.call<AuthSession>('POST', '/api/auth/login', { body: { email, password: 'Wrong-Password-1' } })).status, 401);
      }
      const waiting = await s.call<AuthSession>('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } });
      assert.equal(waiting.status, 429, `${email} should have to wait`);
      assert.equal(waiting.body.result.code, 'ACCOUNT_LOCKED');
      assert.equal(waiting.body.result.retryAfter, AUTH_LIMITS.signInFirstDelayMs / 1000);
      assert.equal(waiting.headers['retry-after'], String(waiting.body.result.retryAfter));
    }
    // Other accounts are untouched, and the wait is short: no lock anyone can set off at will.
    assert.equal((await s.login(demoEmail('managing director'))).user.userName, 'managing-director');
    await sleep(AUTH_LIMITS.signInFirstDelayMs + 100);
    assert.equal((await s.login(demoEmail('regional manager'))).user.userName, 'regional-manager');
  });

  test('forgot-password answers the same whether or not the account exists, and mails a single-use link', async () => {
    const known = await s.call('POST', '/api/auth/forgot-password/', { body: { email: demoEmail('team leader') } });
    const unknown = await s.call('POST', '/api/auth/forgot-password/', { body: { email: 'nobody@demo.meridian.test' } });
    assert.equal(known.status, 200);
    assert.deepEqual(known.body, unknown.body);
    const mail = await mailArriving(s, demoEmail('team leader'), 'reset');
    while (await requestsPending(s)) await sleep(25);
    assert.equal(await latestMailTo(s, 'nobody@demo.meridian.test', 'reset'), null);
    assert.equal(mail!.status, 'kept', 'without SMTP_URL the mail is kept in the outbox');
    const token = tokenFromMail(mail!.body_text, '/reset-password/');

    const before = await s.login(demoEmail('team leader'));
    const weak = await s.call('POST', '/api/auth/reset-password/', { body: { token, password: 'short' } });
    assert.equal(weak.status, 400);
    const reset = await s.call('POST', '/api/auth/reset-password/', { body: { token, password: 'New-Password-22' } });
    assert.equal(reset.status, 200);
    assert.equal(
      (await s.call('POST', '/api/auth/reset-password/', { body: { token, password: 'Other-Password-33' } })).status,
      400,
      'the link works once',
    );
    assert.equal((await s.call<User>('GET', `/api/users/me/${before.user.Id}`, { token: before.token })).status, 401, 'old sessions end');
    assert.equal(
      (await s.call<AuthSession>('POST', '/api/auth/login', { body: { email: demoEmail('team leader'), password: DEMO_PASSWORD } })).status,
      401,
    );
    assert.equal((await s.login(demoEmail('team leader'), 'New-Password-22')).user.userName, 'team-leader');
  });

  test('an expired reset token is refused', async () => {
    await s.call('POST', '/api/auth/forgot-password', { body: { email: demoEmail('admin') } });
    const token = tokenFromMail((await mailArriving(s, demoEmail('admin'), 'reset')).body_text, '/reset-password/');
    await s.db.query(`update user_tokens set expires_at = now() - interval '1 second' where purpose = 'reset' and used_at is null`);
    const r = await s.call('POST', '/api/auth/reset-password', { body: { token, password: 'New-Password-22' } });
    assert.equal(r.status, 400);
    assert.equal(r.body.result.message, MESSAGES.resetTokenInvalid);
  });

  test('a new user verifies their account through the mailed link, once', async () => {
    const admin = await s.as('global administrator');
    const roleId = (await admin.call<Role[]>('GET', '/api/roles?search=LOAN%20OFFICER')).body.data[0]!.Id;
    const created = await admin.call<User>('POST', '/api/users', {
      body: {
        firstName: 'Vera',
        lastName: 'Fied',
        userName: 'vera',
        emailAddress: 'vera@demo.meridian.test',
        roleIds: [roleId],
        tenantIds: [admin.homeTenantId],
      },
    });
    assert.equal(created.status, 201);
    assert.equal(created.body.data.emailVerified, false);
    const mail = await latestMailTo(s, 'vera@demo.meridian.test', 'verify');
    const [userId, token] = mail!.body_text.split('/account/verification/')[1]!.split(/\s/)[0]!.split('/');
    assert.equal(userId, created.body.data.Id);
    assert.equal(
      (await s.call('POST', '/api/auth/verification/', { body: { userId: admin.userId, token } })).status,
      400,
      'the token belongs to another user',
    );
    assert.equal((await s.call('POST', '/api/auth/verification/', { body: { userId, token } })).status, 200);
    assert.equal((await s.call('POST', '/api/auth/verify', { body: { token } })).status, 400, 'used once');
    assert.equal((await admin.call<User>('GET', `/api/users/${userId}`)).body.data.emailVerified, true);
  });

  test('passwords are stored as argon2id hashes and never answered', async () => {
    const row = await s.db.one<{ password_hash: string }>(`select password_hash from users where user_name = 'admin'`);
    assert.match(row!.password_hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const admin = await s.as('global administrator');
    const body = JSON.stringify((await admin.call<User>('GET', `/api/users/${await s.userId('admin')}`)).body);
    assert.doesNotMatch(body, /argon2|password_hash|passwordHash/);
  });

  test('the tour call records a finished tour once', async () => {
    const officer = await s.as('loan officer');
    await officer.call<User>('POST', '/api/users/tour', { body: { tour: 'my-work' } });
    const r = await officer.call<User>('POST', '/api/users/tour', { body: { tour: 'my-work' } });
    assert.deepEqual(r.body.data.tours, ['my-work']);
  });
});

describe(`access token expiry (${databaseLabel})`, () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ accessTokenTtlSeconds: 1 });
  });
  after(() => s.close());

  test('an expired access token answers 401 TOKEN_EXPIRED and a refresh brings a working one', async () => {
    const session = await s.login(demoEmail('loan officer'));
    await new Promise((r) => setTimeout(r, 2100));
    const expired = await s.call<User>('GET', `/api/users/me/${session.user.Id}`, { token: session.token });
    assert.equal(expired.status, 401);
    assert.equal(expired.body.result.code, 'TOKEN_EXPIRED');
    const fresh = (await s.call<AuthSession>('GET', `/api/auth/refresh/${session.refreshToken}`)).body.data;
    assert.equal((await s.call<User>('GET', `/api/users/me/${session.user.Id}`, { token: fresh.token })).status, 200);
  });
});
