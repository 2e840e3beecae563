import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { databaseLabel, startServer, type Actor, type TestServer, fieldError } from './support/harness';
import type { Role } from '@meridian/shared/contract/role';
import type { DeletedCount } from '@meridian/shared/contract/deletion';
import type { RestoredCount, User, UserContact, UserListItem } from '@meridian/shared/contract/user';
import type { Tenant } from '@meridian/shared/contract/tenant';
import type { IdOnly } from '@meridian/shared/contract/answer-fields';
import type { GeoDevice } from '@meridian/shared/contract/geo-device';
import type { Geofence } from '@meridian/shared/contract/geofence';
import type { Driver } from '@meridian/shared/contract/driver';

/**
 * The company administrator of Meridian Lending holds every permission but acts only inside
 * Lending. For every object route, the same call is made on an object inside Lending (it must
 * work) and on the matching object inside Meridian Tracking (it must answer as if the object did
 * not exist: 404, or 400 where the id is a field of a form).
 */
interface Objects {
  user: string;
  userEmail: string;
  tenant: string;
  role: string;
  team: string;
  errorLog: string;
  device: string;
  deviceUniqueId: string;
  geofence: string;
  driver: string;
}

describe(`cross-tenant isolation (${databaseLabel})`, () => {
  let s: TestServer;
  let actor: Actor;
  let inside: Objects;
  let outside: Objects;

  async function objectsOf(admin: Actor, tenantName: string, userName: string, suffix: string): Promise<Objects> {
    const tenant = await s.tenantId(tenantName);
    const user = await s.userId(userName);
    const role = (await admin.call<Role>('POST', '/api/roles', { body: { name: `Isolation role ${suffix}`, permissionIds: [] } })).body.data
      .Id;
    const team = (await s.db.one<{ id: string }>(`insert into teams (tenant_id, name) values ($1, $2) returning id`, [
      tenant,
      `Team ${suffix}`,
    ]))!.id;
    await s.db.query(`insert into team_members (team_id, user_id) values ($1, $2)`, [team, user]);
    const errorLog = (await admin.call<IdOnly>('POST', '/api/error_log', { body: { errorDetail: `boom ${suffix}` } })).body.data.Id;
    const deviceUniqueId = `isolation-${suffix}`;
    const device = (
      await admin.call<GeoDevice>('POST', '/api/geo/device', {
        body: { uniqueId: deviceUniqueId, name: `Device ${suffix}`, tenantId: tenant },
      })
    ).body.data.id;
    const geofence = (
      await admin.call<Geofence>('POST', '/api/geo/fences', {
        body: { name: `Zone ${suffix}`, geometry: { type: 'Point', coordinates: [31, -29.8] }, radius: 100, tenantId: tenant },
      })
    ).body.data.id;
    const driver = (
      await admin.call<Driver>('POST', '/api/geo/drivers', {
        body: { name: `Driver ${suffix}`, uniqueId: `card-${suffix}`, tenantId: tenant },
      })
    ).body.data.id;
    return { user, userEmail: `${userName}@demo.meridian.test`, tenant, role, team, errorLog, device, deviceUniqueId, geofence, driver };
  }

  before(async () => {
    s = await startServer();
    actor = await s.as('company administrator');
    inside = await objectsOf(actor, 'Johannesburg Branch', 'credit-officer', 'in');
    outside = await objectsOf(await s.as('company admin'), 'Durban Branch', 'admin', 'out');
  });
  after(() => s.close());

  const day = new Date().toISOString().slice(0, 10);
  const cases: [string, (o: Objects) => [string, string, unknown?]][] = [
    ['read a user', (o) => ['GET', `/api/users/${o.user}`]],
    ['read a user with high-level tenants', (o) => ['GET', `/api/users/detailswithhighleveltenants/${o.user}`]],
    ['read a user by e-mail', (o) => ['GET', `/api/users/by-email/${o.userEmail}`]],
    ['list users of a tenant', (o) => ['GET', `/api/users/bytenantid/${o.tenant}`]],
    ['list agents of a tenant', (o) => ['GET', `/api/users/getagentscte/${o.tenant}`]],
    ['list users of a team', (o) => ['GET', `/api/users/by-team-id/${o.team}`]],
    ['filter users by tenant', (o) => ['GET', `/api/users?tenantId=${o.tenant}`]],
    ['edit a user', (o) => ['PUT', `/api/users/${o.user}`, { lastName: 'Renamed' }]],
    ['issue a temporary password', (o) => ['GET', `/api/users/get-temp-password/${o.user}`]],
    [
      "change a user's password",
      (o) => ['PUT', `/api/users/change-password/${o.user}`, { password: `Changed-Pass-${Math.random().toString(36).slice(2, 8)}1A` }],
    ],
    [
      'change and expire a password',
      (o) => [
        'PUT',
        `/api/users/change-password-and-expire/${o.user}`,
        { password: `Expire-Pass-${Math.random().toString(36).slice(2, 8)}1A` },
      ],
    ],
    ["read a user's roles", (o) => ['GET', `/api/roles/users/${o.user}`]],
    ["read a user's permissions", (o) => ['GET', `/api/permissions/byUserId/${o.user}`]],
    ["read a user's tenants", (o) => ['GET', `/api/tenants/usertenants/${o.user}`]],
    ["read a user's location", (o) => ['GET', `/api/tenants/location/${o.user}`]],
    ['read stats of a user', (o) => ['GET', `/api/stats/${o.user}`]],
    ['read stats of an agent', (o) => ['GET', `/api/stats/agent/${o.user}`]],
    ['read stats of a team', (o) => ['GET', `/api/stats/team/${o.user}`]],
    ["read a user's positions", (o) => ['GET', `/api/usertracking/datewithid/${day}/${day}T23:59:59Z/${o.user}`]],
    [
      'notify a user',
      (o) => [
        'POST',
        '/api/notification/insertnotification',
        { notification: { userId: o.user, itemType: 'activityComment', message: 'hi' } },
      ],
    ],
    ['read a role', (o) => ['GET', `/api/roles/${o.role}`]],
    ['edit a role', (o) => ['PUT', `/api/roles/${o.role}`, { name: `Isolation role ${o === inside ? 'in' : 'out'}`, permissionIds: [] }]],
    ['read a tenant', (o) => ['GET', `/api/tenants/${o.tenant}`]],
    ['edit a tenant', (o) => ['PUT', `/api/tenants/${o.tenant}`, { location: 'Somewhere' }]],
    ['read descendants of a tenant', (o) => ['GET', `/api/tenants/descendants-by-specific-tenantid?tenantId=${o.tenant}`]],
    ['read the company of a tenant', (o) => ['GET', `/api/tenants/tenantCompany/${o.tenant}`]],
    ['read the currency of a tenant', (o) => ['GET', `/api/tenants/tenantCurrency/${o.tenant}`]],
    ['read the banks of a tenant', (o) => ['GET', `/api/tenants/tenant-banks/${o.tenant}`]],
    ['read an error log entry', (o) => ['GET', `/api/error_log/${o.errorLog}`]],
    ['read a tracking device', (o) => ['GET', `/api/geo/device/details/${o.device}`]],
    ['edit a tracking device', (o) => ['PUT', `/api/geo/device/${o.device}`, { uniqueId: o.deviceUniqueId, name: 'Renamed device' }]],
    ["read a device's latest position", (o) => ['GET', `/api/geo/device/details/${o.device}/latest-position`]],
    ["read a device's positions", (o) => ['GET', `/api/geo/position/device/${o.device}/${day}/${day}`]],
    ["list a device's fences", (o) => ['GET', `/api/geo/fences?deviceId=${o.device}`]],
    ["list a device's links", (o) => ['GET', `/api/geo/permissions/device/${o.device}`]],
    ["list a geofence's links", (o) => ['GET', `/api/geo/permissions?geofenceId=${o.geofence}`]],
    ["read a device's trips", (o) => ['GET', `/api/geo/device/trip/details?deviceId=${o.device}`]],
    ['send a command to a device', (o) => ['POST', `/api/geo/device/sendCommand/${o.device}/positionSingle`]],
    ['read a geofence', (o) => ['GET', `/api/geo/fences/${o.geofence}`]],
    [
      'edit a geofence',
      (o) => [
        'PUT',
        `/api/geo/fences/${o.geofence}`,
        { name: 'Renamed zone', geometry: { type: 'Point', coordinates: [31, -29.8] }, radius: 90 },
      ],
    ],
    ['link a device to a geofence', (o) => ['POST', '/api/geo/permissions', { deviceId: o.device, geofenceId: o.geofence }]],
    ['read a driver', (o) => ['GET', `/api/geo/drivers/${o.driver}`]],
    ['edit a driver', (o) => ['PUT', `/api/geo/drivers/${o.driver}`, { name: 'Renamed driver', uniqueId: 'card-renamed' }]],
    ['delete a role', (o) => ['DELETE', `/api/roles/${o.role}`]],
    ['delete a geofence', (o) => ['DELETE', `/api/geo/fences/${o.geofence}`]],
    ['delete a driver', (o) => ['DELETE', `/api/geo/drivers/${o.driver}`]],
    ['delete a tracking device', (o) => ['PUT', `/api/geo/device/delete/${o.device}`]],
  ];

  test('every object route works inside the acting subtree', async () => {
    const failures: string[] = [];
    for (const [name, make] of cases) {
      const [method, url, body] = make(inside);
      const r = await actor.call(method, url, body === undefined ? {} : { body });
      if (r.status >= 300) failures.push(`${name}: ${method} ${url} -> ${r.status} ${r.body?.result?.message}`);
    }
    assert.deepEqual(failures, []);
  });

  test('every object route answers 404 for the same kind of object in another company', async () => {
    const leaks: string[] = [];
    for (const [name, make] of cases) {
      const [method, url, body] = make(outside);
      const r = await actor.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 404) leaks.push(`${name}: ${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(leaks, []);
  });

  test('bulk and form routes refuse or skip objects of another company', async () => {
    const del = await actor.call<DeletedCount>('DELETE', '/api/users/delete', { body: { userIds: [outside.user] } });
    assert.equal(del.status, 404);
    const undel = await actor.call<RestoredCount>('POST', '/api/users/undelete', { body: { data: { userIds: [outside.user] } } });
    assert.equal(undel.status, 404);
    const list = await actor.call<UserContact[]>('GET', `/api/users/list/${inside.user},${outside.user}`);
    assert.deepEqual(
      list.body.data.map((u) => u.Id),
      [inside.user],
    );
    const roleId = (await actor.call<Role[]>('GET', '/api/roles?search=loan%20officer')).body.data[0]!.Id;
    const create = await actor.call<User>('POST', '/api/users', {
      body: {
        firstName: 'Cross',
        lastName: 'Over',
        userName: 'cross-over',
        emailAddress: 'cross@over.test',
        roleIds: [roleId],
        tenantIds: [outside.tenant],
      },
    });
    assert.equal(create.status, 400);
    assert.ok(fieldError(create, 'tenantIds')!);
    const childOutside = await actor.call<Tenant>('POST', '/api/tenants', {
      body: { name: 'Sneaky Team', parentId: outside.tenant, type: 4 },
    });
    assert.equal(childOutside.status, 404);
    const moveOut = await actor.call<Tenant>('PUT', `/api/tenants/${inside.tenant}`, {
      body: { parentId: await s.tenantId('Meridian Tracking') },
    });
    assert.equal(moveOut.status, 404);
    const delTenant = await actor.call('POST', '/api/tenants/delete', { body: { id: outside.tenant } });
    assert.equal(delTenant.status, 404);
    const deleted = await s.db.one<{ deleted_at: Date | null }>(`select deleted_at from users where id = $1`, [outside.user]);
    assert.equal(deleted!.deleted_at, null, 'nothing outside was changed');
  });

  test('x-tenant-id naming a tenant the caller may not act for answers 403 on every scoped route', async () => {
    const tracking = await s.tenantId('Meridian Tracking');
    for (const url of [
      '/api/users',
      '/api/roles',
      '/api/tenants',
      '/api/tenants/descendantsByTenantId',
      '/api/tenants/count-sub-tenants',
      '/api/error_log/error-log-report',
    ]) {
      const r = await actor.call('GET', url, { tenant: tracking });
      assert.equal(r.status, 403, url);
      assert.equal(r.body.result.code, 'TENANT_FORBIDDEN');
    }
    assert.equal((await actor.call<UserListItem[]>('GET', '/api/users', { tenant: 'not-a-uuid' })).status, 400);
    assert.equal((await actor.call<UserListItem[]>('GET', '/api/users', { tenant: '00000000-0000-4000-8000-000000000000' })).status, 403);
  });

  test('acting for a sub-tenant narrows every list to that subtree', async () => {
    const soweto = await s.tenantId('Soweto Team');
    const users = await actor.call<UserListItem[]>('GET', '/api/users?sortField=userName&sortOrder=asc', { tenant: soweto });
    assert.deepEqual(
      users.body.data.map((u) => u.userName),
      ['loan-officer', 'team-leader'],
    );
    assert.equal(
      (await actor.call<User>('GET', `/api/users/${inside.user}`, { tenant: soweto })).status,
      404,
      'a Johannesburg user is outside Soweto',
    );
  });
});
