import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES, selfLockoutMessage } from '@meridian/shared/messages';
import { CIDR_HINT, type IpAddressEntry } from '@meridian/shared/contract/ip-address';
import type { AuthSession } from '@meridian/shared/contract/auth';
import { DEMO_PASSWORD, databaseLabel, demoEmail, startServer, type Actor, type TestServer, fieldError, pagingOf } from './support/harness';

/**
 * The per-tenant network allow-list. Calls through inject come from 127.0.0.1; with TRUST_PROXY
 * set, X-Forwarded-For stands in for other client addresses.
 */
describe(`IP allow-list (${databaseLabel})`, () => {
  let s: TestServer;
  let lendingAdmin: Actor;
  let global: Actor;
  let lending: string;
  before(async () => {
    s = await startServer({ trustProxy: true });
    lendingAdmin = await s.as('company administrator');
    global = await s.as('global administrator');
    lending = await s.tenantId('Meridian Lending');
  });
  after(() => s.close());
  afterEach(async () => {
    await s.db.query('delete from ip_addresses');
    s.built.ctx.principals.invalidate();
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const signIn = (role: Parameters<typeof demoEmail>[0], address?: string, password = DEMO_PASSWORD) =>
    s.call<AuthSession>('POST', '/api/auth/login', { body: { email: demoEmail(role), password }, headers: address ? from(address) : {} });
  /** Lending's list admits 10.0.0.0/8 only; added from inside it, so the caller keeps access. */
  const restrictLendingTo10 = async () => {
    const r = await lendingAdmin.call<IpAddressEntry>('POST', '/api/ip-addresses', {
      body: { cidr: '10.0.0.0/8', description: 'Head office' },
      headers: from('10.0.0.5'),
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.data;
  };

  test('a tenant without entries lets every address sign in', async () => {
    assert.equal((await signIn('loan officer')).status, 200);
    assert.equal((await signIn('loan officer', '203.0.113.9')).status, 200);
  });

  test('an entry is stored normalised, with its tenant and who added it', async () => {
    const r = await lendingAdmin.call<IpAddressEntry>('POST', '/api/ip-addresses', {
      body: { cidr: ' 127.1.2.3/8 ', description: 'Local' },
    });
    assert.equal(r.status, 201);
    assert.equal(r.body.data.cidr, '127.0.0.0/8');
    assert.equal(r.body.data.tenantId, lending);
    assert.equal(r.body.data.active, true);
    assert.equal(r.body.data.createdByUserName, 'company-administrator');
    const list = await lendingAdmin.call<IpAddressEntry[]>('GET', '/api/ip-addresses?search=local');
    assert.deepEqual(
      list.body.data.map((e) => e.Id),
      [r.body.data.Id],
    );
    assert.equal(pagingOf(list).total, 1);
  });

  test("an ancestor's active entry refuses a branch user's sign-in from outside it, with 403 IP_NOT_ALLOWED and a clear message", async () => {
    await restrictLendingTo10();
    const outside = await signIn('loan officer');
    assert.equal(outside.status, 403);
    assert.equal(outside.body.result.code, 'IP_NOT_ALLOWED');
    assert.equal(outside.body.result.message, MESSAGES.ipNotAllowed);
    assert.equal(outside.body.data, null);
    const history = await s.db.one<{ success: boolean; reason: string }>(
      `select success, reason from login_history where user_id = $1 order by date_created desc limit 1`,
      [await s.userId('loan-officer')],
    );
    assert.deepEqual(history, { success: false, reason: 'network not allowed' });
    assert.equal((await signIn('loan officer', '10.20.30.40')).status, 200, 'inside the range the same user signs in');
    assert.equal((await signIn('branch manager', '10.1.1.1')).status, 200);
    assert.equal((await signIn('branch manager', '11.0.0.1')).status, 403);
  });

  test('a wrong password from outside the list answers exactly like any wrong password', async () => {
    await restrictLendingTo10();
    const r = await signIn('loan officer', '192.0.2.1', 'Wrong-Password-1');
    assert.equal(r.status, 401);
    assert.equal(r.body.result.message, MESSAGES.loginFailed);
  });

  test('refresh, biometric and token sign-in are refused outside the list, and the refusal does not use up the refresh token', async () => {
    const session = (await signIn('credit officer', '10.0.0.9')).body.data;
    await restrictLendingTo10();
    const refused = await s.call<AuthSession>('GET', `/api/auth/refresh/${session.refreshToken}`, { headers: from('192.0.2.1') });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.result.code, 'IP_NOT_ALLOWED');
    assert.equal(
      (
        await s.call<AuthSession>('POST', '/api/auth/biometric', {
          body: { refreshToken: session.refreshToken },
          headers: from('192.0.2.1'),
        })
      ).status,
      403,
    );
    assert.equal(
      (await s.call<AuthSession>('POST', '/api/auth/token', { body: { email: demoEmail('credit officer'), token: session.token } })).status,
      403,
    );
    const inside = await s.call<AuthSession>('GET', `/api/auth/refresh/${session.refreshToken}`, { headers: from('10.0.0.9') });
    assert.equal(inside.status, 200, 'back inside, the same refresh token still works');
  });

  test('inactive entries restrict nobody', async () => {
    const entry = await restrictLendingTo10();
    const off = await lendingAdmin.call<IpAddressEntry>('PUT', `/api/ip-addresses/${entry.Id}`, {
      body: { cidr: entry.cidr, description: entry.description, active: false },
      headers: from('10.0.0.5'),
    });
    assert.equal(off.status, 200);
    assert.equal(off.body.data.active, false);
    assert.equal((await signIn('loan officer')).status, 200);
  });

  test('a list binds its tenant and the tenants beneath it only; global administrators follow the list of their own tenant', async () => {
    await restrictLendingTo10();
    assert.equal((await signIn('admin')).status, 200, 'Meridian Tracking has no list');
    assert.equal((await signIn('global administrator')).status, 200, "Lending's list does not bind the group's users");
    const group = await global.call<IpAddressEntry>('POST', '/api/ip-addresses', {
      body: { cidr: '10.0.0.0/8' },
      headers: from('10.0.0.1'),
    });
    assert.equal(group.status, 201);
    assert.equal((await signIn('global administrator')).status, 403, 'a list on their own tenant does');
    assert.equal((await signIn('admin')).status, 403, "and the group's list binds every tenant beneath it");
    assert.equal((await signIn('global administrator', '10.0.0.1')).status, 200);
  });

  test("a change that would shut out the caller's own address is refused with 400; one that keeps it is allowed", async () => {
    const lockout = await lendingAdmin.call<IpAddressEntry>('POST', '/api/ip-addresses', { body: { cidr: '10.0.0.0/8' } });
    assert.equal(lockout.status, 400);
    assert.equal(lockout.body.result.message, selfLockoutMessage('127.0.0.1'));
    assert.deepEqual(fieldError(lockout, 'cidr')!, [selfLockoutMessage('127.0.0.1')]);
    assert.equal(await s.db.one('select 1 from ip_addresses'), null, 'nothing was stored');

    const own = (await lendingAdmin.call<IpAddressEntry>('POST', '/api/ip-addresses', { body: { cidr: '127.0.0.1' } })).body.data;
    assert.equal(own.cidr, '127.0.0.1/32');
    assert.equal(
      (await lendingAdmin.call<IpAddressEntry>('POST', '/api/ip-addresses', { body: { cidr: '10.0.0.0/8' } })).status,
      201,
      'further entries are fine',
    );
    assert.equal(
      (await lendingAdmin.call('DELETE', `/api/ip-addresses/${own.Id}`)).status,
      400,
      'removing the entry that admits the caller',
    );
    assert.equal(
      (await lendingAdmin.call<IpAddressEntry>('PUT', `/api/ip-addresses/${own.Id}`, { body: { cidr: '127.0.0.1', active: false } }))
        .status,
      400,
      'or switching it off',
    );
    assert.equal(
      (await lendingAdmin.call<IpAddressEntry>('PUT', `/api/ip-addresses/${own.Id}`, { body: { cidr: '192.0.2.0/24' } })).status,
      400,
      'or moving it away',
    );

    const forBranch = await global.call<IpAddressEntry>('POST', '/api/ip-addresses', {
      body: { cidr: '10.0.0.0/8' },
      tenant: await s.tenantId('Cape Town Branch'),
    });
    assert.equal(forBranch.status, 201, "a list that does not bind the caller's own tenant may exclude the caller's address");
  });

  test('an address or range that is not valid is refused with a hint, and a duplicate with 409', async () => {
    for (const cidr of ['10.0.0.0/33', 'not-an-address', '300.1.1.1', '2001:db8:::1']) {
      const r = await lendingAdmin.call<IpAddressEntry>('POST', '/api/ip-addresses', { body: { cidr } });
      assert.equal(r.status, 400, cidr);
      assert.deepEqual(fieldError(r, 'cidr')!, [CIDR_HINT]);
    }
    await lendingAdmin.call<IpAddressEntry>('POST', '/api/ip-addresses', { body: { cidr: '127.0.0.0/8' } });
    assert.equal(
      (await lendingAdmin.call<IpAddressEntry>('POST', '/api/ip-addresses', { body: { cidr: '2001:DB8::/32' } })).body.data.cidr,
      '2001:db8::/32',
    );
    const twice = await lendingAdmin.call<IpAddressEntry>('POST', '/api/ip-addresses', { body: { cidr: '2001:0db8:0:0::/32' } });
    assert.equal(twice.status, 409);
    assert.deepEqual(fieldError(twice, 'cidr')!, [MESSAGES.ipAddressExists]);
  });

  test('a user without ADMIN/IPADDRESSES is refused with 403 on every route', async () => {
    const officer = await s.as('loan officer');
    const entry = (await global.call<IpAddressEntry>('POST', '/api/ip-addresses', { body: { cidr: '127.0.0.0/8' }, tenant: lending })).body
      .data;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/ip-addresses'],
      ['GET', `/api/ip-addresses/${entry.Id}`],
      ['POST', '/api/ip-addresses', { cidr: '127.0.0.0/8' }],
      ['PUT', `/api/ip-addresses/${entry.Id}`, { cidr: '127.0.0.0/8' }],
      ['DELETE', `/api/ip-addresses/${entry.Id}`],
    ];
    for (const [method, url, body] of calls) {
      const r = await officer.call(method, url, body === undefined ? {} : { body });
      assert.equal(r.status, 403, `${method} ${url}`);
      assert.equal(r.body.result.code, 'FORBIDDEN');
    }
  });

  test("another company's entries answer 404 and stay out of the list", async () => {
    const tracking = await s.as('company admin');
    const theirs = (
      await tracking.call<IpAddressEntry>('POST', '/api/ip-addresses', { body: { cidr: '127.0.0.0/8', description: 'Tracking office' } })
    ).body.data;
    const ours = (
      await lendingAdmin.call<IpAddressEntry>('POST', '/api/ip-addresses', { body: { cidr: '127.0.0.0/8', description: 'Lending office' } })
    ).body.data;
    assert.deepEqual(
      (await lendingAdmin.call<IpAddressEntry[]>('GET', '/api/ip-addresses')).body.data.map((e) => e.Id),
      [ours.Id],
    );
    assert.equal((await lendingAdmin.call<IpAddressEntry>('GET', `/api/ip-addresses/${ours.Id}`)).status, 200);
    for (const [method, body] of [['GET'], ['PUT', { cidr: '0.0.0.0/0' }], ['DELETE']] as const) {
      const r = await lendingAdmin.call(method, `/api/ip-addresses/${theirs.Id}`, body ? { body } : {});
      assert.equal(r.status, 404, method);
    }
    assert.equal(
      (await s.db.one<{ cidr: string }>(`select cidr from ip_addresses where id = $1`, [theirs.Id]))!.cidr,
      '127.0.0.0/8',
      'untouched',
    );
  });
});

describe(`IP allow-list without TRUST_PROXY (${databaseLabel})`, () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ trustProxy: false });
  });
  after(() => s.close());

  test('X-Forwarded-For is ignored: the address is the one the connection comes from', async () => {
    await s.db.query(`insert into ip_addresses (tenant_id, cidr) values ($1, '10.0.0.0/8')`, [await s.tenantId('Meridian Lending')]);
    const r = await s.call<AuthSession>('POST', '/api/auth/login', {
      body: { email: demoEmail('loan officer'), password: DEMO_PASSWORD },
      headers: { 'x-forwarded-for': '10.1.1.1' },
    });
    assert.equal(r.status, 403);
    assert.equal(r.body.result.code, 'IP_NOT_ALLOWED');
  });
});
