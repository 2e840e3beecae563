import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { databaseLabel, startServer, type Actor, type TestServer } from './support/harness';
import type { Role } from '@meridian/shared/contract/role';
import { EMPTY_GUID } from '@meridian/shared/constants';

/**
 * Every administrative route refuses a signed-in user without its permission (403), and answers a
 * global administrator. A loan officer holds only field permissions.
 */
describe(`permission refusals (${databaseLabel})`, () => {
  let s: TestServer;
  let officer: Actor;
  let global: Actor;
  let someone: string;
  let someRole: string;
  let someTenant: string;
  before(async () => {
    s = await startServer();
    officer = await s.as('loan officer');
    global = await s.as('global administrator');
    someone = await s.userId('team-leader');
    someRole = (await global.call<Role[]>('GET', '/api/roles?search=team%20leader')).body.data[0]!.Id;
    someTenant = await s.tenantId('Sandton Team');
  });
  after(() => s.close());

  const routes = (): [string, string, unknown?][] => [
    ['GET', '/api/users'],
    ['GET', '/api/users/deleted'],
    ['GET', `/api/users/${someone}`],
    ['GET', `/api/users/detailswithhighleveltenants/${someone}`],
    ['GET', `/api/users/by-email/team-leader@demo.meridian.test`],
    ['POST', '/api/users/exist', { userName: 'x' }],
    [
      'POST',
      '/api/users',
      { firstName: 'No', lastName: 'Way', userName: 'no-way', emailAddress: 'no@way.test', roleIds: [someRole], tenantIds: [someTenant] },
    ],
    ['PUT', `/api/users/${someone}`, { lastName: 'Changed' }],
    ['DELETE', '/api/users/delete', { userIds: [someone] }],
    ['POST', '/api/users/undelete', { data: { userIds: [someone] } }],
    ['GET', `/api/users/get-temp-password/${someone}`],
    ['PUT', `/api/users/change-password/${someone}`, { password: 'Another-Pass-1' }],
    ['PUT', `/api/users/change-password-and-expire/${someone}`, { password: 'Another-Pass-1' }],
    ['GET', '/api/users/password_changed_history'],
    ['GET', '/api/users/loginreport'],
    ['GET', '/api/users/dashboard/login-history'],
    ['GET', '/api/users/dashboard/new-users'],
    ['GET', '/api/roles'],
    ['GET', '/api/roles/groups'],
    ['GET', `/api/roles/${someRole}`],
    ['GET', `/api/roles/users/${someone}`],
    ['POST', '/api/roles', { name: 'Nope', permissionIds: [] }],
    ['PUT', `/api/roles/${someRole}`, { name: 'Team Leader', permissionIds: [] }],
    ['DELETE', `/api/roles/${someRole}`],
    ['GET', '/api/permissions'],
    ['GET', `/api/permissions/byUserId/${someone}`],
    ['GET', '/api/tenants'],
    ['GET', `/api/tenants/${someTenant}`],
    ['GET', `/api/tenants/usertenants/${someone}`],
    ['POST', '/api/tenants', { name: 'Nope Team', parentId: someTenant, type: 4 }],
    ['PUT', `/api/tenants/${someTenant}`, { name: 'Renamed' }],
    ['POST', '/api/tenants/delete', { id: someTenant }],
    ['GET', '/api/error_log/error-log-report'],
    ['POST', '/api/auth/impersonate', { userName: 'team-leader' }],
    // Tracking: a loan officer holds no TRACKING permission.
    ['GET', `/api/geo/device/${EMPTY_GUID}`],
    ['GET', `/api/geo/device/map/${EMPTY_GUID}`],
    ['POST', '/api/geo/device', { uniqueId: '352093089999999', name: 'Nope' }],
    ['GET', '/api/geo/device/dashboard/stats'],
    ['GET', '/api/geo/device-hardware'],
    ['GET', '/api/geo/fences'],
    ['GET', '/api/geo/fences/poi'],
    ['POST', '/api/geo/fences', { name: 'Nope', geometry: { type: 'Point', coordinates: [31, -29] }, radius: 10 }],
    ['GET', '/api/geo/commands'],
    ['GET', '/api/geo/eventActions'],
    ['GET', '/api/geo/eventIos'],
    ['GET', '/api/geo/drivers'],
    ['GET', '/api/geo/notifications'],
  ];

  test('a user without the permission is refused with 403 on every administrative route', async () => {
    const notRefused: string[] = [];
    for (const [method, url, body] of routes()) {
      const r = await officer.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 403) notRefused.push(`${method} ${url} -> ${r.status}`);
      else assert.equal(r.body.result.code, 'FORBIDDEN');
    }
    assert.deepEqual(notRefused, []);
  });

  test('the same routes are allowed for a global administrator (no 401 or 403)', async () => {
    const refused: string[] = [];
    // Read-only subset, so the database stays as the other test expects.
    for (const [method, url] of routes().filter(([m, u]) => m === 'GET' && !/temp-password/.test(u))) {
      const r = await global.call(method, url, { tenant: null });
      if (r.status === 401 || r.status === 403) refused.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(refused, []);
  });
});
