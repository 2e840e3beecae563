import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from 'redis';
import { AUTH_LIMITS } from '@meridian/shared/constants';
import type { AuthSession } from '@meridian/shared/contract/auth';
import type { ApiUserCreated } from '@meridian/shared/contract/api-user';
import type { Role } from '@meridian/shared/contract/role';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createMemoryThrottle } from '../src/http/throttle';
import { assertSignInAllowed, recordSignInFailure, signInAccount } from '../src/modules/auth/credentials';
import { DEMO_PASSWORD, databaseLabel, demoEmail, startServer, type TestServer } from './support/harness';

/**
 * The sign-in, password-reset and credential-guessing throttles, run against both stores: memory
 * (the embedded default) and Redis (REDIS_URL), where every API process shares one count. Calls come
 * through inject from 127.0.0.1; with TRUST_PROXY set, X-Forwarded-For stands in for other client
 * addresses, so each test uses addresses of its own.
 */
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redisAnswers = () =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(redisUrl);
    const socket = net.connect({ host: hostname, port: Number(port || 6379) }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
  });

const from = (address: string) => ({ 'x-forwarded-for': address });
const WRONG = 'Wrong-Password-1';
/** Lower than the defaults so a test reaches them in a few calls. */
const addressLimits = { signInFailures: 12, resetRequests: 6, invalidTokens: 5 };

const HOUR_MS = 60 * 60_000;

test('no account can be tried more than 100 times in any hour, even from a fresh address every time (ASVS 5.0 V6.3.1)', async () => {
  let clock = 0;
  const throttle = createMemoryThrottle(() => clock);
  const account = signInAccount('victim@example.test', 'a-user-id');
  const tried: number[] = [];
  for (let n = 0; clock < 6 * HOUR_MS; n++) {
    const address = `198.51.${(n >> 8) & 255}.${n & 255}`;
    try {
      await assertSignInAllowed(throttle, Number.POSITIVE_INFINITY, account, address);
    } catch {
      // An attacker who waits exactly as long as told.
      clock += await throttle.heldFor(account);
      continue;
    }
    tried.push(clock);
    await recordSignInFailure(throttle, account, address);
    clock += 10;
  }
  const mostInAnHour = Math.max(...tried.map((start) => tried.filter((t) => t >= start && t < start + HOUR_MS).length));
  assert.ok(mostInAnHour <= 100, `${mostInAnHour} attempts in one hour`);
  assert.ok(mostInAnHour > AUTH_LIMITS.maxFailedLogins, 'a user who mistypes is slowed, not shut out');
});

for (const backend of ['memory', 'redis'] as const) {
  describe(`throttles in ${backend} (${databaseLabel})`, async () => {
    const available = backend === 'memory' || (await redisAnswers());
    const skip = available ? false : `no Redis answers at ${redisUrl}`;
    // A prefix of this run's own: parallel runs do not share counts, and nothing is left behind.
    const keyPrefix = `meridian-test:${crypto.randomBytes(6).toString('hex')}:`;
    let s: TestServer;

    before(async () => {
      if (!available) return;
      s = await startServer({
        trustProxy: true,
        redisUrl: backend === 'redis' ? redisUrl : null,
        throttleKeyPrefix: keyPrefix,
        addressLimits,
      });
    });
    after(async () => {
      if (!available) return;
      await s.close();
      if (backend !== 'redis') return;
      const client = createClient({ url: redisUrl });
      await client.connect();
      for await (const keys of client.scanIterator({ MATCH: `${keyPrefix}*` })) if (keys.length) await client.del(keys);
      assert.deepEqual(await client.keys(`${keyPrefix}*`), []);
      await client.close();
    });

    const signIn = (login: string, password: string, address: string) =>
      s.call<AuthSession>('POST', '/api/auth/login', { body: { email: login, password }, headers: from(address) });

    test('failures typed as e-mail address and as user name count against one account, from any address', { skip }, async () => {
      for (let i = 0; i < 3; i++) assert.equal((await signIn(demoEmail('credit officer'), WRONG, `192.0.2.${i}`)).status, 401);
      for (let i = 3; i < AUTH_LIMITS.maxFailedLogins; i++)
        assert.equal((await signIn('CREDIT-OFFICER', WRONG, `192.0.2.${i}`)).status, 401);
      const waiting = await signIn(demoEmail('credit officer'), DEMO_PASSWORD, '192.0.2.99');
      assert.equal(waiting.status, 429);
      assert.equal(waiting.body.result.code, 'ACCOUNT_LOCKED');
    });

    test('an unknown account waits exactly like a known one', { skip }, async () => {
      const answers = [];
      for (const login of [demoEmail('branch manager'), 'no-such-user@demo.meridian.test']) {
        for (let i = 0; i < AUTH_LIMITS.maxFailedLogins; i++) await signIn(login, WRONG, '192.0.2.120');
        answers.push(await signIn(login, DEMO_PASSWORD, '192.0.2.121'));
      }
      assert.equal(answers[0]!.status, 429);
      assert.deepEqual(answers[1]!.body, answers[0]!.body);
      assert.equal(answers[1]!.headers['retry-after'], answers[0]!.headers['retry-after']);
    });

    test('the wait is short, grows only with further failures, and a successful sign-in clears the count', { skip }, async () => {
      const login = demoEmail('team leader');
      const address = '192.0.2.140';
      for (let i = 0; i < AUTH_LIMITS.maxFailedLogins; i++) assert.equal((await signIn(login, WRONG, address)).status, 401);
      for (const attempt of [1, 2]) {
        const early = await signIn(login, DEMO_PASSWORD, address);
        assert.equal(early.status, 429, `attempt ${attempt} during the wait`);
        assert.equal(early.body.result.retryAfter, 1, 'refused attempts do not make the wait longer');
        assert.equal(early.headers['retry-after'], '1');
      }
      await sleep(1100);
      assert.equal((await signIn(login, WRONG, address)).status, 401);
      const longer = await signIn(login, DEMO_PASSWORD, address);
      assert.equal(longer.status, 429);
      assert.equal(longer.body.result.retryAfter, 2, 'each further failure doubles the wait');
      await sleep(2100);
      assert.equal((await signIn(login, DEMO_PASSWORD, address)).status, 200);
      for (let i = 0; i < AUTH_LIMITS.maxFailedLogins - 1; i++) assert.equal((await signIn(login, WRONG, address)).status, 401);
      assert.equal((await signIn(login, DEMO_PASSWORD, address)).status, 200, 'the count started again after the success');
    });

    test('an address that fails across many accounts is refused for every account; other addresses are not', { skip }, async () => {
      const sprayer = '203.0.113.7';
      for (let i = 0; i < addressLimits.signInFailures; i++) {
        assert.equal((await signIn(`spray-${i}@demo.meridian.test`, WRONG, sprayer)).status, 401);
      }
      const refused = await signIn(demoEmail('sales manager'), DEMO_PASSWORD, sprayer);
      assert.equal(refused.status, 429);
      assert.equal(refused.body.result.code, 'RATE_LIMITED');
      const retryAfter = Number(refused.headers['retry-after']);
      assert.ok(retryAfter > 0 && retryAfter <= AUTH_LIMITS.addressWindowMs / 1000, `retry-after ${retryAfter}`);
      assert.equal(refused.body.result.retryAfter, retryAfter);
      assert.equal((await signIn(demoEmail('sales manager'), DEMO_PASSWORD, '203.0.113.8')).status, 200);
    });

    const resetMailsTo = async (email: string) =>
      (await s.db.one<{ n: number }>(
        `select count(*)::int as n from outbox_emails where lower(to_address) = lower($1) and kind = 'reset'`,
        [email],
      ))!.n;
    const requestsWorkedOff = async () => {
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; await sleep(25)) {
        if (!(await s.db.one(`select 1 from password_reset_requests limit 1`))) return;
      }
      throw new Error('reset requests still pending');
    };
    const forgot = (login: string, address: string) =>
      s.call('POST', '/api/auth/forgot-password', { body: { email: login }, headers: from(address) });

    test(
      `one account gets at most ${AUTH_LIMITS.resetMailsPerAccount} reset mails an hour, however the login is typed`,
      { skip },
      async () => {
        const email = demoEmail('product manager');
        for (let i = 0; i < AUTH_LIMITS.resetMailsPerAccount + 2; i++) {
          assert.equal((await forgot(i % 2 ? 'product-manager' : email, `198.51.100.${i}`)).status, 200);
        }
        await requestsWorkedOff();
        assert.equal(await resetMailsTo(email), AUTH_LIMITS.resetMailsPerAccount);
      },
    );

    test('an address that asks for resets too often is refused with 429; other addresses are not', { skip }, async () => {
      for (let i = 0; i < addressLimits.resetRequests; i++)
        assert.equal((await forgot(`someone-${i}@demo.meridian.test`, '198.51.100.50')).status, 200);
      const refused = await forgot('someone-else@demo.meridian.test', '198.51.100.50');
      assert.equal(refused.status, 429);
      assert.equal(refused.body.result.code, 'RATE_LIMITED');
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal((await forgot('someone-else@demo.meridian.test', '198.51.100.51')).status, 200);
      await requestsWorkedOff();
    });

    test(
      'forgot-password answers known and unknown logins alike before any mail is prepared, and a failed preparation is retried',
      { skip },
      async () => {
        const email = demoEmail('zonal manager');
        await s.db.query('alter table outbox_emails rename to outbox_emails_away');
        try {
          const known = await forgot(email, '198.51.100.60');
          const unknown = await forgot('nobody-here@demo.meridian.test', '198.51.100.61');
          assert.equal(known.status, 200, 'the answer does not wait for the mail');
          assert.deepEqual(known.body, unknown.body);
          for (const deadline = Date.now() + 5000; ; await sleep(25)) {
            const failing = await s.db.one(`select 1 from password_reset_requests where attempts >= 1`);
            if (failing) break;
            assert.ok(Date.now() < deadline, 'the request was attempted');
          }
        } finally {
          await s.db.query('alter table outbox_emails_away rename to outbox_emails');
        }
        await requestsWorkedOff();
        assert.equal(await resetMailsTo(email), 1, 'the request was kept and its mail prepared once the outbox was back');
      },
    );

    test('unknown API keys from one address are refused with 429 past the limit; a valid key elsewhere still works', { skip }, async () => {
      const admin = await s.as('company administrator');
      const roles = (await s.db.one<{ id: string }>(`select id from permissions where upper(hierarchy) = 'ADMIN/ROLES'`))!.id;
      const created = await admin.call<ApiUserCreated>('POST', '/api/api-users', {
        body: { name: 'Throttle robot', permissionIds: [roles] },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const withKey = (key: string, address: string) =>
        s.call<Role[]>('GET', '/api/roles', { tenant: admin.homeTenantId, headers: { ...from(address), authorization: `Bearer ${key}` } });
      const guesser = '192.0.2.200';
      for (let i = 0; i < addressLimits.invalidTokens; i++) {
        const guess = `mk_${crypto.randomBytes(4).toString('hex')}_${crypto.randomBytes(32).toString('base64url').slice(0, 43)}`;
        assert.equal((await withKey(i === 0 ? 'mk_garbled' : guess, guesser)).status, 401);
      }
      const refused = await withKey(`mk_00000000_${'A'.repeat(43)}`, guesser);
      assert.equal(refused.status, 429);
      assert.equal(refused.body.result.code, 'RATE_LIMITED');
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal((await withKey(created.body.data.key, '192.0.2.201')).status, 200);
    });

    test(
      'unknown reset, verification and refresh tokens count together per address; valid callers elsewhere are not affected',
      { skip },
      async () => {
        const guesser = '192.0.2.210';
        const fake = () => crypto.randomBytes(32).toString('base64url');
        const headers = from(guesser);
        assert.equal(
          (await s.call('POST', '/api/auth/reset-password', { body: { token: fake(), password: 'New-Password-22' }, headers })).status,
          400,
        );
        assert.equal((await s.call('POST', '/api/auth/verify', { body: { token: fake() }, headers })).status, 400);
        assert.equal(
          (await s.call('POST', '/api/auth/verification', { body: { token: fake(), userId: crypto.randomUUID() }, headers })).status,
          400,
        );
        assert.equal((await s.call<AuthSession>('GET', `/api/auth/refresh/${fake()}`, { headers })).status, 401);
        assert.equal((await s.call<AuthSession>('POST', '/api/auth/biometric', { body: { refreshToken: fake() }, headers })).status, 401);
        const session = await s.login(demoEmail('loan officer'));
        const refused = await s.call<AuthSession>('GET', `/api/auth/refresh/${session.refreshToken!}`, { headers });
        assert.equal(refused.status, 429);
        assert.equal(refused.body.result.code, 'RATE_LIMITED');
        assert.ok(Number(refused.headers['retry-after']) > 0);
        assert.equal(
          (await s.call<AuthSession>('GET', `/api/auth/refresh/${session.refreshToken!}`, { headers: from('192.0.2.211') })).status,
          200,
        );
      },
    );

    if (backend === 'redis') {
      test('two API instances sharing one Redis see one count', { skip }, async () => {
        // A second instance on the same database and Redis, as a load balancer would run it.
        const second = await buildApp(loadConfig({ ...process.env, DATABASE_URL: '' }, { ...s.config, seedDemo: false }), {
          db: s.db,
          logger: false,
        });
        try {
          const onSecond = (login: string, password: string) =>
            second.app.inject({
              method: 'POST',
              url: '/api/auth/login',
              payload: { email: login, password },
              headers: from('192.0.2.230'),
            });
          for (let i = 0; i < 3; i++) assert.equal((await signIn(demoEmail('managing director'), WRONG, '192.0.2.231')).status, 401);
          for (let i = 3; i < AUTH_LIMITS.maxFailedLogins; i++) assert.equal((await onSecond('managing-director', WRONG)).statusCode, 401);
          assert.equal((await onSecond(demoEmail('managing director'), DEMO_PASSWORD)).statusCode, 429);
          assert.equal((await signIn(demoEmail('managing director'), DEMO_PASSWORD, '192.0.2.232')).status, 429);
        } finally {
          await second.close();
        }
      });
    }
  });
}
