import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { databaseLabel, startServer, type TestServer, fieldError, fieldErrorsOf, pagingOf } from './support/harness';
import type { Health } from '@meridian/shared/contract/health';
import type { User, UserListItem } from '@meridian/shared/contract/user';
import type { Role } from '@meridian/shared/contract/role';

/** The demo's users: one per system role, and the field spotter of the recovery demo (seed/demo-recovery-field.ts). */
const DEMO_USERS = 15;

describe(`envelope, status codes and paging (${databaseLabel})`, () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ maxPageSize: 5 });
  });
  after(() => s.close());

  test('a success answers the envelope with result.success, result.message and data', async () => {
    const r = await s.call<Health>('GET', '/api/health');
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ['data', 'result']);
    assert.equal(r.body.result.success, true);
    assert.equal(typeof r.body.result.message, 'string');
    assert.equal(r.body.data.status, 'ok');
    assert.equal(r.body.data.database, databaseLabel);
  });

  test('invalid input answers 400 with per-field errors', async () => {
    const admin = await s.as('global administrator');
    const r = await admin.call<User>('POST', '/api/users', {
      body: { firstName: 'B4d', emailAddress: 'nope', roleIds: [], tenantIds: [] },
    });
    assert.equal(r.status, 400);
    assert.equal(r.body.result.success, false);
    assert.equal(r.body.result.code, 'VALIDATION');
    assert.equal(r.body.data, null);
    const fields = fieldErrorsOf(r);
    for (const field of ['firstName', 'emailAddress', 'roleIds', 'tenantIds', 'lastName', 'userName'])
      assert.ok(fields[field], `expected an error for ${field}: ${JSON.stringify(fields)}`);
  });

  test('no token answers 401, a bad token 401, and an unknown route 404, all as envelopes', async () => {
    const none = await s.call<UserListItem[]>('GET', '/api/users');
    assert.equal(none.status, 401);
    assert.equal(none.body.result.code, 'UNAUTHENTICATED');
    const bad = await s.call<UserListItem[]>('GET', '/api/users', { token: 'not.a.jwt' });
    assert.equal(bad.status, 401);
    const missing = await s.call('GET', '/api/nothing-here');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.result.success, false);
  });

  test('a missing permission answers 403 and an unknown object 404', async () => {
    const officer = await s.as('loan officer');
    assert.equal((await officer.call<UserListItem[]>('GET', '/api/users')).status, 403);
    const admin = await s.as('global administrator');
    const r = await admin.call('GET', '/api/users/00000000-0000-4000-8000-000000000000');
    assert.equal(r.status, 404);
    assert.equal(r.body.result.code, 'NOT_FOUND');
  });

  test('a duplicate answers 409 naming the fields in conflict', async () => {
    const admin = await s.as('global administrator');
    const r = await admin.call<User>('POST', '/api/users', {
      body: {
        firstName: 'Dup',
        lastName: 'User',
        userName: 'loan-officer',
        emailAddress: 'loan-officer@demo.meridian.test',
        roleIds: [(await admin.call<Role[]>('GET', '/api/roles?search=loan')).body.data[0]!.Id],
        tenantIds: [admin.homeTenantId],
      },
    });
    assert.equal(r.status, 409);
    assert.ok(fieldError(r, 'emailAddress')!);
    assert.ok(fieldError(r, 'userName')!);
  });

  test('meta.paging reports page number, the page size actually used (clamped) and the total', async () => {
    const admin = await s.as('global administrator');
    const r = await admin.call<UserListItem[]>('GET', '/api/users?page=1&size=100000');
    assert.equal(r.status, 200);
    assert.deepEqual(pagingOf(r), { pageNumber: 1, pageSize: 5, total: DEMO_USERS });
    assert.equal(r.body.data.length, 5);
    const last = await admin.call<UserListItem[]>('GET', '/api/users?page=3&size=5');
    assert.equal(last.body.data.length, DEMO_USERS - 10);
    assert.equal(pagingOf(last).pageNumber, 3);
    const beyond = await admin.call<UserListItem[]>('GET', '/api/users?page=99&size=5');
    assert.deepEqual(beyond.body.data, []);
    assert.equal(pagingOf(beyond).total, DEMO_USERS, 'a page past the end still reports the total');
    const searchedBeyond = await admin.call<UserListItem[]>('GET', '/api/users?page=9&size=5&search=manager');
    assert.deepEqual(searchedBeyond.body.data, []);
    assert.equal(pagingOf(searchedBeyond).total, 5, 'the five *-manager users');
  });

  test('pages do not overlap and together hold every row once', async () => {
    const admin = await s.as('global administrator');
    const ids = new Set<string>();
    for (let page = 1; page <= 3; page++) {
      for (const row of (await admin.call<UserListItem[]>('GET', `/api/users?page=${page}&size=5&sortField=lastName&sortOrder=asc`)).body
        .data)
        ids.add(row.Id);
    }
    assert.equal(ids.size, DEMO_USERS);
  });

  test('sorting follows sortField and sortOrder, and an unknown sort field is refused', async () => {
    const admin = await s.as('global administrator');
    const asc = (await admin.call<UserListItem[]>('GET', '/api/users?size=5&sortField=userName&sortOrder=ASC')).body.data.map(
      (u) => u.userName,
    );
    assert.deepEqual(asc, [...asc].sort());
    assert.equal(asc[0], 'admin');
    const desc = (await admin.call<UserListItem[]>('GET', '/api/users?size=5&sortField=userName&sortOrder=desc')).body.data.map(
      (u) => u.userName,
    );
    assert.equal(desc[0], 'zonal-manager');
    const bad = await admin.call<UserListItem[]>('GET', '/api/users?sortField=password_hash');
    assert.equal(bad.status, 400);
    assert.ok(fieldError(bad, 'sortField')!);
  });

  test('search is trimmed and case-insensitive, %% matches everything, and LIKE wildcards are literal', async () => {
    const admin = await s.as('global administrator');
    const byName = await admin.call<UserListItem[]>('GET', `/api/users?search=${encodeURIComponent('  lerato ')}`);
    assert.equal(pagingOf(byName).total, 1);
    assert.equal(byName.body.data[0]!.userName, 'loan-officer');
    assert.equal(pagingOf(await admin.call<UserListItem[]>('GET', '/api/users?search=%25%25')).total, DEMO_USERS);
    assert.equal(pagingOf(await admin.call<UserListItem[]>('GET', '/api/users?search=%25LERATO%25')).total, 1);
    assert.equal(pagingOf(await admin.call<UserListItem[]>('GET', '/api/users?search=_')).total, 0);
  });

  test('page and size must be positive whole numbers', async () => {
    const admin = await s.as('global administrator');
    const r = await admin.call<UserListItem[]>('GET', '/api/users?page=0&size=abc');
    assert.equal(r.status, 400);
    assert.ok(fieldError(r, 'page')! || fieldError(r, 'size')!);
  });

  test('the OpenAPI document lists every route and is public', async () => {
    const r = await s.built.app.inject({ method: 'GET', url: '/api/docs/json' });
    assert.equal(r.statusCode, 200);
    const paths = Object.keys(r.json().paths);
    for (const p of [
      '/api/auth/login',
      '/api/users',
      '/api/tenants/descendantsByUserId',
      '/api/roles',
      '/api/notification/unreadnotifications',
      '/api/stats/{userId}',
    ]) {
      assert.ok(paths.includes(p), `${p} missing from OpenAPI`);
    }
    const ui = await s.built.app.inject({ method: 'GET', url: '/api/docs' });
    assert.ok([200, 302].includes(ui.statusCode));
  });
});
