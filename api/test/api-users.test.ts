import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_KEY_PATTERN, type ApiUserCreated, type ApiUser } from '@meridian/shared/contract/api-user';
import { MESSAGES } from '@meridian/shared/messages';
import type { DeletedCount } from '@meridian/shared/contract/deletion';
import type { Role } from '@meridian/shared/contract/role';
import type { IpAddressEntry } from '@meridian/shared/contract/ip-address';
import { databaseLabel, startServer, type Actor, type TestServer, fieldError } from './support/harness';

/** API users: keys for machine access, accepted by the guard with exactly their permissions. */
describe(`API users (${databaseLabel})`, () => {
  let s: TestServer;
  let lendingAdmin: Actor;
  let global: Actor;
  let lending: string;
  const permissionIds = new Map<string, string>();
  const perm = (hierarchy: string) => permissionIds.get(hierarchy.toUpperCase())!;

  before(async () => {
    // TRUST_PROXY lets X-Forwarded-For stand in for client addresses (the allow-list test).
    s = await startServer({ trustProxy: true });
    lendingAdmin = await s.as('company administrator');
    global = await s.as('global administrator');
    lending = await s.tenantId('Meridian Lending');
    for (const row of await s.db.query<{ id: string; hierarchy: string }>('select id, hierarchy from permissions'))
      permissionIds.set(row.hierarchy.toUpperCase(), row.id);
  });
  after(() => s.close());

  const withKey = <T = unknown>(
    key: string,
    method: string,
    url: string,
    options: { tenant?: string; headers?: Record<string, string> } = {},
  ) => s.call<T>(method, url, { ...options, headers: { ...options.headers, authorization: `Bearer ${key}` } });
  const createKey = async (creator: Actor, name: string, hierarchies: string[], extra: { tenant?: string; expiresAt?: string } = {}) => {
    const r = await creator.call<ApiUserCreated>('POST', '/api/api-users', {
      body: { name, permissionIds: hierarchies.map(perm), ...(extra.expiresAt ? { expiresAt: extra.expiresAt } : {}) },
      ...(extra.tenant ? { tenant: extra.tenant } : {}),
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.data;
  };

  test('the key is answered once, at creation, and never again; only its hash is stored', async () => {
    const created = await createKey(lendingAdmin, 'Reporting robot', ['ADMIN/ROLES']);
    assert.match(created.key, API_KEY_PATTERN);
    assert.equal(created.keyPrefix, created.key.slice(3, 11));
    assert.equal(created.tenantId, lending);
    assert.equal(created.status, 'active');
    assert.deepEqual(
      created.permissions.map((p) => p.hierarchy),
      ['ADMIN/ROLES'],
    );
    assert.equal(created.createdByUserName, 'company-administrator');
    assert.equal('keyHash' in created, false);

    const secret = created.key.slice(12);
    const read = await lendingAdmin.call<ApiUser>('GET', `/api/api-users/${created.Id}`);
    const list = await lendingAdmin.call<ApiUser[]>('GET', '/api/api-users?search=robot');
    assert.equal(read.status, 200);
    assert.deepEqual(
      list.body.data.map((k) => k.Id),
      [created.Id],
    );
    for (const answer of [read.body, list.body]) {
      const text = JSON.stringify(answer);
      assert.equal(text.includes(secret), false, 'the secret is never answered again');
      assert.equal(/"key"|keyHash/.test(text), false);
    }
    const stored = await s.db.one<Record<string, unknown>>('select * from api_users where id = $1', [created.Id]);
    assert.equal(
      Object.values(stored!).some((v) => typeof v === 'string' && v.includes(secret)),
      false,
      'nor stored',
    );
  });

  test('a key works for calls within its permissions, for its tenant and the tenants beneath it', async () => {
    const { key } = await createKey(lendingAdmin, 'Role reader', ['ADMIN/ROLES']);
    const roles = await withKey<Role[]>(key, 'GET', '/api/roles');
    assert.equal(roles.status, 200);
    assert.ok(roles.body.data.length > 0);
    assert.equal((await withKey(key, 'GET', '/api/roles', { tenant: await s.tenantId('Johannesburg Branch') })).status, 200);
    const elsewhere = await withKey(key, 'GET', '/api/roles', { tenant: await s.tenantId('Meridian Tracking') });
    assert.equal(elsewhere.status, 403);
    assert.equal(elsewhere.body.result.code, 'TENANT_FORBIDDEN');
  });

  test('a key is refused with 403 for a call outside its permissions, even when its creator could make it', async () => {
    const { key } = await createKey(global, 'Narrow robot', ['ADMIN/ROLES']);
    for (const url of ['/api/users', '/api/tenants', '/api/ip-addresses']) {
      const r = await withKey(key, 'GET', url);
      assert.equal(r.status, 403, url);
      assert.equal(r.body.result.code, 'FORBIDDEN', 'a key made by a global administrator is no global administrator');
    }
  });

  test('calls that need a signed-in user refuse a key with 403 USER_SESSION_REQUIRED', async () => {
    const { key } = await createKey(lendingAdmin, 'Everything robot', ['ADMIN/USERS', 'ADMIN/TENANTS', 'ADMIN/API']);
    const calls: [string, string][] = [
      ['GET', `/api/users/me/${lendingAdmin.userId}`],
      ['GET', '/api/tenants/descendantsByUserId'],
      ['GET', '/api/tenants/descendantsByTenantId'],
      ['GET', '/api/notification/unreadnotifications'],
      ['GET', '/api/auth/logout'],
      ['POST', '/api/api-users'],
    ];
    for (const [method, url] of calls) {
      const r = await withKey(key, method, url);
      assert.equal(r.status, 403, `${method} ${url}`);
      assert.equal(r.body.result.code, 'USER_SESSION_REQUIRED', `${method} ${url}`);
      assert.equal(r.body.result.message, MESSAGES.userSessionRequired);
    }
    assert.equal((await withKey(key, 'GET', '/api/users')).status, 200, 'while its permission-checked calls work');
    const minted = await s.call<ApiUserCreated>('POST', '/api/api-users', {
      headers: { authorization: `Bearer ${key}` },
      body: { name: 'Child', permissionIds: [perm('ADMIN/USERS')] },
    });
    assert.equal(minted.status, 403, 'a key cannot mint keys, which would outlive its revocation');
    assert.equal(minted.body.result.code, 'USER_SESSION_REQUIRED');
  });

  test('a revoked key is refused with 401 at once, however recently it was used', async () => {
    const created = await createKey(lendingAdmin, 'Short-lived robot', ['ADMIN/ROLES']);
    assert.equal((await withKey(created.key, 'GET', '/api/roles')).status, 200);
    const revoked = await lendingAdmin.call<ApiUser>('POST', `/api/api-users/${created.Id}/revoke`);
    assert.equal(revoked.status, 200);
    assert.equal(revoked.body.data.status, 'revoked');
    assert.ok(revoked.body.data.revokedAt);
    const refused = await withKey(created.key, 'GET', '/api/roles');
    assert.equal(refused.status, 401);
    assert.equal(refused.body.result.message, MESSAGES.apiKeyInvalid);
    assert.equal((await createKey(lendingAdmin, 'Short-lived robot', ['ADMIN/ROLES'])).status, 'active', 'its name may be reused');
  });

  test('an expired key is refused with 401 even while its identity is cached', async () => {
    const { key, Id } = await createKey(lendingAdmin, 'Expiring robot', ['ADMIN/ROLES'], {
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    assert.equal((await withKey(key, 'GET', '/api/roles')).status, 200);
    await sleep(1600);
    assert.equal((await withKey(key, 'GET', '/api/roles')).status, 401);
    assert.equal((await lendingAdmin.call<ApiUser>('GET', `/api/api-users/${Id}`)).body.data.status, 'expired');
    const past = await lendingAdmin.call<ApiUserCreated>('POST', '/api/api-users', {
      body: { name: 'Dead on arrival', permissionIds: [perm('ADMIN/ROLES')], expiresAt: '2020-01-01T00:00:00Z' },
    });
    assert.equal(past.status, 400);
  });

  test('a deleted key, or one whose creator was deleted, is refused with 401', async () => {
    const deleted = await createKey(lendingAdmin, 'Deleted robot', ['ADMIN/ROLES']);
    assert.equal((await withKey(deleted.key, 'GET', '/api/roles')).status, 200);
    assert.equal((await lendingAdmin.call('DELETE', `/api/api-users/${deleted.Id}`)).status, 200);
    assert.equal((await withKey(deleted.key, 'GET', '/api/roles')).status, 401);
    assert.equal((await lendingAdmin.call<ApiUser>('GET', `/api/api-users/${deleted.Id}`)).status, 404);

    const zonal = await s.as('zonal manager');
    await s.db.query(`insert into user_permissions (user_id, permission_id) values ($1, $2), ($1, $3)`, [
      zonal.userId,
      perm('ADMIN/API'),
      perm('ADMIN/ROLES'),
    ]);
    s.built.ctx.principals.invalidate();
    const orphan = await createKey(zonal, 'Orphan robot', ['ADMIN/ROLES']);
    assert.equal((await withKey(orphan.key, 'GET', '/api/roles')).status, 200);
    assert.equal((await lendingAdmin.call<DeletedCount>('DELETE', '/api/users/delete', { body: { userIds: [zonal.userId] } })).status, 200);
    assert.equal((await withKey(orphan.key, 'GET', '/api/roles')).status, 401);
  });

  test('unknown and garbled keys are refused with 401', async () => {
    const { key } = await createKey(lendingAdmin, 'Genuine robot', ['ADMIN/ROLES']);
    const tampered = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    for (const credential of ['mk_', 'mk_garbage', `mk_00000000_${'A'.repeat(43)}`, tampered, `${key}x`]) {
      const r = await withKey(credential, 'GET', '/api/roles');
      assert.equal(r.status, 401, credential);
      assert.equal(r.body.result.code, 'UNAUTHENTICATED');
    }
  });

  test('nobody creates a key with a permission they do not hold (403); what they hold they may grant', async () => {
    const manager = await s.as('branch manager');
    await s.db.query(`insert into user_permissions (user_id, permission_id) values ($1, $2)`, [manager.userId, perm('ADMIN/API')]);
    s.built.ctx.principals.invalidate();
    const beyond = await manager.call<ApiUserCreated>('POST', '/api/api-users', {
      body: { name: 'Greedy robot', permissionIds: [perm('ADMIN/USERS'), perm('ADMIN/ROLES')] },
    });
    assert.equal(beyond.status, 403);
    assert.match(fieldError(beyond, 'permissionIds')?.[0] ?? '', /ADMIN\/ROLES/);
    assert.equal(await s.db.one(`select 1 from api_users where name = 'Greedy robot'`), null);
    const held = await manager.call<ApiUserCreated>('POST', '/api/api-users', {
      body: { name: 'Modest robot', permissionIds: [perm('ADMIN/USERS')] },
    });
    assert.equal(held.status, 201);
    assert.equal(held.body.data.tenantId, manager.homeTenantId, 'the key belongs to the tenant its creator acts for');
  });

  test('names are unique among the live keys of a tenant, and a key needs at least one permission', async () => {
    await createKey(lendingAdmin, 'Twin robot', ['ADMIN/ROLES']);
    const twin = await lendingAdmin.call<ApiUserCreated>('POST', '/api/api-users', {
      body: { name: 'twin ROBOT', permissionIds: [perm('ADMIN/ROLES')] },
    });
    assert.equal(twin.status, 409);
    assert.deepEqual(fieldError(twin, 'name')!, [MESSAGES.apiUserNameTaken]);
    const none = await lendingAdmin.call<ApiUserCreated>('POST', '/api/api-users', { body: { name: 'Idle robot', permissionIds: [] } });
    assert.equal(none.status, 400);
  });

  test('lastUsedAt is recorded, and rewritten at most once a minute', async () => {
    const { key, Id } = await createKey(lendingAdmin, 'Busy robot', ['ADMIN/ROLES']);
    const lastUsed = async () =>
      (await s.db.one<{ last_used_at: Date | null }>('select last_used_at from api_users where id = $1', [Id]))!.last_used_at;
    assert.equal(await lastUsed(), null);
    await withKey(key, 'GET', '/api/roles');
    assert.ok(await lastUsed());
    await s.db.query(`update api_users set last_used_at = now() - interval '30 seconds' where id = $1`, [Id]);
    const recent = await lastUsed();
    s.built.ctx.principals.invalidate();
    await withKey(key, 'GET', '/api/roles');
    assert.deepEqual(await lastUsed(), recent, 'not rewritten within the minute');
    await s.db.query(`update api_users set last_used_at = now() - interval '2 minutes' where id = $1`, [Id]);
    s.built.ctx.principals.invalidate();
    await withKey(key, 'GET', '/api/roles');
    assert.ok(new Date((await lastUsed())!).getTime() > Date.now() - 10_000, 'rewritten after it');
    assert.ok((await lendingAdmin.call<ApiUser>('GET', `/api/api-users/${Id}`)).body.data.lastUsedAt);
  });

  test("the tenant's network allow-list applies to every call made with a key", async () => {
    const { key } = await createKey(lendingAdmin, 'Office robot', ['ADMIN/ROLES']);
    assert.equal((await withKey(key, 'GET', '/api/roles')).status, 200);
    const entry = await lendingAdmin.call<IpAddressEntry>('POST', '/api/ip-addresses', {
      body: { cidr: '10.0.0.0/8' },
      headers: { 'x-forwarded-for': '10.0.0.5' },
    });
    assert.equal(entry.status, 201);
    const outside = await withKey(key, 'GET', '/api/roles');
    assert.equal(outside.status, 403, 'at once, though the key was used a moment ago');
    assert.equal(outside.body.result.code, 'IP_NOT_ALLOWED');
    assert.equal((await withKey(key, 'GET', '/api/roles', { headers: { 'x-forwarded-for': '10.9.8.7' } })).status, 200);
    await s.db.query('delete from ip_addresses');
    s.built.ctx.principals.invalidate();
  });

  test('a user without ADMIN/API is refused with 403 on every route', async () => {
    const officer = await s.as('loan officer');
    const { Id } = await createKey(lendingAdmin, 'Untouchable robot', ['ADMIN/ROLES']);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/api-users'],
      ['GET', `/api/api-users/${Id}`],
      ['POST', '/api/api-users', { name: 'Sneaky robot', permissionIds: [perm('SALES')] }],
      ['POST', `/api/api-users/${Id}/revoke`],
      ['DELETE', `/api/api-users/${Id}`],
    ];
    for (const [method, url, body] of calls) {
      const r = await officer.call(method, url, body === undefined ? {} : { body });
      assert.equal(r.status, 403, `${method} ${url}`);
      assert.equal(r.body.result.code, 'FORBIDDEN');
    }
  });

  test("another company's keys answer 404, stay out of the list, and are left untouched", async () => {
    const theirs = await createKey(await s.as('company admin'), 'Tracking robot', ['TRACKING']);
    const ours = await createKey(lendingAdmin, 'Lending robot', ['SALES']);
    const listed = (await lendingAdmin.call<ApiUser[]>('GET', '/api/api-users?size=100')).body.data.map((k) => k.Id);
    assert.ok(listed.includes(ours.Id));
    assert.equal(listed.includes(theirs.Id), false);
    for (const [method, url] of [
      ['GET', `/api/api-users/${theirs.Id}`],
      ['POST', `/api/api-users/${theirs.Id}/revoke`],
      ['DELETE', `/api/api-users/${theirs.Id}`],
    ]) {
      assert.equal((await lendingAdmin.call(method!, url!)).status, 404, `${method} ${url}`);
    }
    const row = await s.db.one<{ revoked_at: Date | null }>('select revoked_at from api_users where id = $1', [theirs.Id]);
    assert.equal(row!.revoked_at, null);
  });
});
