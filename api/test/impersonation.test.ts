import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeJwt } from 'jose';
import { databaseLabel, startServer, type TestServer } from './support/harness';
import type { AuthSession } from '@meridian/shared/contract/auth';
import type { User } from '@meridian/shared/contract/user';

describe(`impersonation (${databaseLabel})`, () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(() => s.close());

  test('an administrator impersonates a user in their subtree; the token names both principals and it is logged', async () => {
    const admin = await s.as('company administrator');
    const r = await admin.call<AuthSession>('POST', '/api/auth/impersonate', { body: { userName: 'LOAN-OFFICER' } });
    assert.equal(r.status, 200);
    const session = r.body.data;
    assert.equal(session.user.userName, 'loan-officer');
    assert.deepEqual(session.impersonator, { Id: admin.userId, userName: 'company-administrator' });
    const claims = decodeJwt(session.token) as { sub: string; act: { sub: string } };
    assert.equal(claims.sub, session.user.Id);
    assert.equal(claims.act.sub, admin.userId);
    const log = await s.db.one<{ state: string }>(`select state from impersonation_log where admin_id = $1 and impersonated_id = $2`, [
      admin.userId,
      session.user.Id,
    ]);
    assert.equal(log!.state, 'started');
    assert.equal(
      (await s.call<User>('GET', `/api/users/me/${session.user.Id}`, { token: session.token })).body.data.userName,
      'loan-officer',
    );
  });

  test("ending is logged through logImpersonation, ends the impersonation session and answers the administrator's own session", async () => {
    const admin = await s.as('company administrator');
    const session = (await admin.call<AuthSession>('POST', '/api/auth/impersonate', { body: { userName: 'team-leader' } })).body.data;
    const body = { adminId: admin.userId, impersonateId: session.user.Id, state: 'ended' };
    const r = await s.call<AuthSession>('POST', '/api/auth/logImpersonation', { token: session.token, body });
    assert.equal(r.status, 200);
    assert.equal(r.body.data.user.Id, admin.userId);
    assert.equal(r.body.data.sessionId, admin.session.sessionId);
    assert.equal(r.body.data.impersonator, null);
    assert.equal((await s.call<User>('GET', `/api/users/me/${admin.userId}`, { token: r.body.data.token })).status, 200);
    assert.equal((await s.call<User>('GET', `/api/users/me/${session.user.Id}`, { token: session.token })).status, 401);
    assert.equal((await admin.call<User>('GET', `/api/users/me/${admin.userId}`)).status, 200, "the administrator's own session goes on");
    const states = await s.db.query<{ state: string }>(
      `select state from impersonation_log where impersonated_id = $1 order by date_created`,
      [session.user.Id],
    );
    assert.deepEqual(
      states.map((x) => x.state),
      ['started', 'ended'],
    );
  });

  test('logImpersonation refuses a caller who is neither the administrator nor the impersonation', async () => {
    const officer = await s.as('loan officer');
    const admin = await s.as('company administrator');
    const r = await officer.call('POST', '/api/auth/logImpersonation', {
      body: { adminId: admin.userId, impersonateId: officer.userId, state: 'started' },
    });
    assert.equal(r.status, 403);
  });

  test('non-administrators cannot impersonate', async () => {
    for (const role of ['loan officer', 'branch manager', 'managing director'] as const) {
      const actor = await s.as(role);
      assert.equal(
        (await actor.call<AuthSession>('POST', '/api/auth/impersonate', { body: { userName: 'loan-officer' } })).status,
        403,
        role,
      );
    }
  });

  test('a user outside the administrator subtree is not found, and unknown users likewise', async () => {
    const admin = await s.as('company administrator');
    assert.equal((await admin.call<AuthSession>('POST', '/api/auth/impersonate', { body: { userName: 'admin' } })).status, 404);
    assert.equal((await admin.call<AuthSession>('POST', '/api/auth/impersonate', { body: { userName: 'nobody-at-all' } })).status, 404);
  });

  test('no one impersonates themselves, nests an impersonation, or (below global) a global administrator', async () => {
    const admin = await s.as('administrator');
    assert.equal((await admin.call<AuthSession>('POST', '/api/auth/impersonate', { body: { userName: 'administrator' } })).status, 403);
    assert.equal(
      (await admin.call<AuthSession>('POST', '/api/auth/impersonate', { body: { userName: 'global-administrator' } })).status,
      403,
    );
    const asAdmin2 = (await admin.call<AuthSession>('POST', '/api/auth/impersonate', { body: { userName: 'company-administrator' } })).body
      .data;
    const nested = await s.call<AuthSession>('POST', '/api/auth/impersonate', {
      token: asAdmin2.token,
      body: { userName: 'loan-officer' },
    });
    assert.equal(nested.status, 403);
    const global = await s.as('global administrator');
    assert.equal((await global.call<AuthSession>('POST', '/api/auth/impersonate', { body: { userName: 'administrator' } })).status, 200);
  });

  test('an impersonation survives token refresh with both principals kept', async () => {
    const admin = await s.as('company administrator');
    const session = (await admin.call<AuthSession>('POST', '/api/auth/impersonate', { body: { userName: 'credit-officer' } })).body.data;
    const refreshed = (await s.call<AuthSession>('GET', `/api/auth/refresh/${session.refreshToken}`)).body.data;
    assert.equal((decodeJwt(refreshed.token) as { act: { sub: string } }).act.sub, admin.userId);
    assert.equal(refreshed.impersonator!.Id, admin.userId);
  });
});
