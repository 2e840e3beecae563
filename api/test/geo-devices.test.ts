import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EMPTY_GUID } from '@meridian/shared/constants';
import type {
  ActiveDevicesOfTenant,
  DeviceDashboardStats,
  DeviceExists,
  DeviceSmsUsed,
  GeoDevice,
  GeoDeviceMapItem,
} from '@meridian/shared/contract/geo-device';
import type { DeviceHardware } from '@meridian/shared/contract/device-hardware';
import type { GeoPosition } from '@meridian/shared/contract/geo-position';
import type { Permission, Role } from '@meridian/shared/contract/role';
import type { User } from '@meridian/shared/contract/user';
import { DEMO_TRACKING_DEVICES, type DemoTrackingDevice } from '../src/seed/demo-tracking';
import { devicesChanged, type DevicesChange } from '../src/tracking/tracking-changes';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { addPosition, deviceIdOf } from './support/tracking-rows';

const HILUX = DEMO_TRACKING_DEVICES[0]!;
const TRUCK = DEMO_TRACKING_DEVICES[6]!;
const MINUTE = 60_000;

describe(`tracking devices (${databaseLabel})`, () => {
  let s: TestServer;
  let tracking: Actor;
  let lending: Actor;
  let officer: Actor;
  let branchViewer: Actor;
  let hilux: string;
  let truck: string;

  /** A Durban Branch user made by Meridian Tracking's administrator, holding only `permissions`. */
  async function branchUser(userName: string, permissions: string[]): Promise<Actor> {
    const all = (await tracking.call<Permission[]>('GET', '/api/permissions')).body.data;
    const role = await tracking.call<Role>('POST', '/api/roles', {
      body: { name: `Role of ${userName}`, permissionIds: permissions.map((h) => all.find((p) => p.hierarchy === h)!.Id) },
    });
    const email = `${userName}@demo.meridian.test`;
    const created = await tracking.call<User>('POST', '/api/users', {
      body: {
        firstName: 'Branch',
        lastName: 'Viewer',
        userName,
        emailAddress: email,
        roleIds: [role.body.data.Id],
        tenantIds: [await s.tenantId('Durban Branch')],
        password: 'Branch-Viewer-1',
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const session = await s.login(email, 'Branch-Viewer-1');
    return {
      session,
      token: session.token,
      userId: session.user.Id,
      homeTenantId: session.user.tenantId,
      call: (method, url, options = {}) => s.call(method, url, { tenant: session.user.tenantId, ...options, token: session.token }),
    };
  }

  before(async () => {
    s = await startServer();
    tracking = await s.as('company admin');
    lending = await s.as('company administrator');
    officer = await s.as('loan officer');
    branchViewer = await branchUser('durban-map-viewer', ['TRACKING/MAP']);
    hilux = await deviceIdOf(s.db, HILUX.uniqueId);
    truck = await deviceIdOf(s.db, TRUCK.uniqueId);
  });
  after(() => s.close());

  const list = (actor: Actor, query = '', userId = EMPTY_GUID) => actor.call<GeoDevice[]>('GET', `/api/geo/device/${userId}${query}`);

  test("the demo fleet is listed, sorted by name DESC by default (spec 9), searched on trimmed, upper-cased text and cut to the server's page limit", async () => {
    const all = await list(tracking);
    assert.equal(all.status, 200);
    assert.equal(pagingOf(all).total, DEMO_TRACKING_DEVICES.length);
    const names = all.body.data.map((d) => d.name);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)),
    );
    const hiluxRow = all.body.data.find((d) => d.id === hilux)!;
    assert.deepEqual(
      [hiluxRow.type, hiluxRow.uniqueId, hiluxRow.make, hiluxRow.hardwareModel, hiluxRow.protocol, hiluxRow.tenantName, hiluxRow.status],
      ['device', HILUX.uniqueId, 'Teltonika', 'FMB920', 'teltonika', 'Durban Branch', 'unknown'],
    );
    const found = await list(tracking, `?search=${encodeURIComponent('  hilux ')}`);
    assert.deepEqual(
      found.body.data.map((d) => d.id),
      [hilux],
    );
    const byUniqueId = await list(tracking, `?search=${TRUCK.uniqueId.slice(3, 12)}`);
    assert.deepEqual(
      byUniqueId.body.data.map((d) => d.id),
      [truck],
    );
    const asc = await list(tracking, '?sortField=uniqueId&sortOrder=asc&size=3&page=2');
    assert.equal(asc.body.data.length, 3);
    assert.equal(pagingOf(asc).pageNumber, 2);
    assert.equal((await list(tracking, '?size=50000')).body.meta!.paging!.pageSize, 1000, 'the cut to 1000');
  });

  test('a branch user sees only its branch; another company sees none of them; the list of another user narrows to that user', async () => {
    const branch = await list(branchViewer);
    assert.equal(branch.status, 200);
    assert.deepEqual(new Set(branch.body.data.map((d) => d.tenantName)), new Set(['Durban Branch']));
    assert.equal(pagingOf(await list(lending)).total, 0);
    const forViewer = await list(tracking, '', branchViewer.userId);
    assert.equal(pagingOf(forViewer).total, pagingOf(branch).total);
    assert.equal((await list(lending, '', branchViewer.userId)).status, 404, 'a user of another company is not found');
  });

  test('a device is created, read, edited and deleted; deleting is soft and frees its uniqueId', async () => {
    const heard: DevicesChange[] = [];
    const stop = devicesChanged.on((change) => heard.push(change));
    const created = await tracking.call<GeoDevice>('POST', '/api/geo/device', {
      body: {
        uniqueId: '352093089990001',
        name: ' ND 555-001 Toyota Corolla ',
        hardwareId: (await tracking.call<DeviceHardware[]>('GET', '/api/geo/device-hardware?search=FMB920')).body.data[0]!.id,
        phone: '+27 82 555 0999',
        category: 'car',
        attributes: { speedLimit: 120 },
        userId: tracking.userId,
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const device = created.body.data;
    assert.deepEqual(
      [device.name, device.tenantId, device.userId, device.make, device.status, device.position, device.attributes],
      ['ND 555-001 Toyota Corolla', tracking.homeTenantId, tracking.userId, 'Teltonika', 'unknown', null, { speedLimit: 120 }],
    );
    const exists = await tracking.call<DeviceExists>('GET', '/api/geo/device/exists/352093089990001');
    assert.deepEqual(exists.body.data, { uniqueId: '352093089990001', exists: true });
    const edited = await tracking.call<GeoDevice>('PUT', `/api/geo/device/${device.id}`, {
      body: { uniqueId: '352093089990002', name: 'ND 555-001 Toyota Corolla', disabled: true, tenantId: await s.tenantId('Durban Branch') },
    });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.deepEqual(
      [edited.body.data.uniqueId, edited.body.data.disabled, edited.body.data.tenantName, edited.body.data.hardwareId],
      ['352093089990002', true, 'Durban Branch', null],
    );
    assert.equal((await tracking.call('PUT', `/api/geo/device/delete/${device.id}`)).status, 200);
    assert.equal((await tracking.call('GET', `/api/geo/device/details/${device.id}`)).status, 404);
    const row = await s.db.one<{ deleted_at: Date | null }>(`select deleted_at from geo_devices where id = $1`, [device.id]);
    assert.ok(row!.deleted_at, 'the row is kept, marked deleted');
    assert.equal((await tracking.call<DeviceExists>('GET', '/api/geo/device/exists/352093089990002')).body.data.exists, false);
    const again = await lending.call<GeoDevice>('POST', '/api/geo/device', {
      body: { uniqueId: '352093089990002', name: 'Re-registered' },
    });
    assert.equal(again.status, 201, 'the uniqueId is free again, for any tenant');
    stop();
    assert.deepEqual(
      heard.map((change) => change.uniqueIds),
      [['352093089990001'], ['352093089990001', '352093089990002'], ['352093089990002'], ['352093089990002']],
      'each change is announced once committed',
    );
  });

  test("a uniqueId is unique across ALL tenants: another company's clash is a 409 that names no tenant", async () => {
    const clash = await lending.call<GeoDevice>('POST', '/api/geo/device', { body: { uniqueId: HILUX.uniqueId, name: 'My Hilux' } });
    assert.equal(clash.status, 409);
    assert.equal(clash.body.result.message, 'A device with this unique id is already registered.');
    assert.deepEqual(fieldError(clash, 'uniqueId'), ['A device with this unique id is already registered.']);
    assert.ok(!JSON.stringify(clash.body).includes('Durban'));
    const mine = await tracking.call<GeoDevice>('POST', '/api/geo/device', { body: { uniqueId: '352093089990077', name: 'Spare' } });
    const onEdit = await tracking.call('PUT', `/api/geo/device/${mine.body.data.id}`, {
      body: { uniqueId: TRUCK.uniqueId, name: 'Spare' },
    });
    assert.equal(onEdit.status, 409);
  });

  test('bad input answers 400 with the fields named, never 500', async () => {
    const bad = await tracking.call('POST', '/api/geo/device', {
      body: { uniqueId: 'has space', name: '', phone: 'call me', category: 'rocket', hardwareId: 'x', disabled: 'yes', attributes: [1] },
    });
    assert.equal(bad.status, 400);
    for (const field of ['uniqueId', 'name', 'phone', 'category', 'hardwareId', 'disabled', 'attributes'])
      assert.ok(fieldError(bad, field), field);
    const unknownHardware = await tracking.call('POST', '/api/geo/device', {
      body: { uniqueId: '352093089990088', name: 'x', hardwareId: '00000000-0000-4000-8000-000000000001' },
    });
    assert.deepEqual(fieldError(unknownHardware, 'hardwareId'), ['Choose a known device hardware.']);
    const outside = await tracking.call('POST', '/api/geo/device', {
      body: { uniqueId: '352093089990089', name: 'x', tenantId: lending.homeTenantId },
    });
    assert.equal(outside.status, 400);
    assert.ok(fieldError(outside, 'tenantId'));
    assert.ok(fieldError(await list(tracking, '?sortField=constructor'), 'sortField'));
    assert.ok(fieldError(await list(tracking, '?filter=sleeping'), 'filter'));
    assert.equal((await list(tracking, '', 'not-a-guid')).status, 400);
    assert.equal((await tracking.call('GET', '/api/geo/device/exists/a%20b')).status, 400);
  });

  test("another company's device is not found (404) by any device call; a write without the permission is refused (403)", async () => {
    for (const [method, url, body] of [
      ['GET', `/api/geo/device/details/${hilux}`],
      ['GET', `/api/geo/device/details/${hilux}/latest-position`],
      ['GET', `/api/geo/device/position/${hilux}`],
      ['PUT', `/api/geo/device/${hilux}`, { uniqueId: HILUX.uniqueId, name: 'Stolen' }],
      ['PUT', `/api/geo/device/delete/${hilux}`],
      ['GET', `/api/geo/position/device/${hilux}/2025-01-01/2025-01-31`],
    ] as const) {
      const answer = await lending.call(method, url, body ? { body } : {});
      assert.equal(answer.status, 404, `${method} ${url}`);
    }
    for (const [method, url, body] of [
      ['GET', `/api/geo/device/${EMPTY_GUID}`],
      ['POST', '/api/geo/device', { uniqueId: '352093089990099', name: 'x' }],
      ['GET', '/api/geo/device/dashboard/stats'],
      ['GET', '/api/geo/device-hardware'],
    ] as const)
      assert.equal((await officer.call(method, url, body ? { body } : {})).status, 403, `${method} ${url}`);
    // The map viewer reads devices but may not change them.
    assert.equal((await branchViewer.call('PUT', `/api/geo/device/delete/${hilux}`)).status, 403);
    assert.equal((await branchViewer.call('GET', `/api/geo/device/details/${hilux}`)).status, 200);
    assert.equal(
      (await branchViewer.call('GET', `/api/geo/device/details/${truck}`)).status,
      404,
      "the company's truck is above the branch",
    );
  });

  test('status follows the last contact: online within the timeout (600 s), offline after, unknown before any; the map list carries the latest position', async () => {
    const now = Date.now();
    const positionId = await addPosition(s.db, hilux, {
      fixTime: new Date(now - 2 * MINUTE),
      latitude: -29.9213,
      longitude: 30.9862,
      speed: 21.6,
      course: 90,
      attributes: { ignition: true, batteryLevel: 88 },
    });
    await addPosition(s.db, truck, { fixTime: new Date(now - 30 * MINUTE), latitude: -29.87, longitude: 31.026 });
    const details = await tracking.call<GeoDevice>('GET', `/api/geo/device/details/${hilux}`);
    assert.equal(details.body.data.status, 'online');
    assert.equal(details.body.data.positionId, positionId);
    assert.deepEqual(
      [details.body.data.position!.latitude, details.body.data.position!.speed, details.body.data.position!.attributes],
      [-29.9213, 21.6, { ignition: true, batteryLevel: 88 }],
    );
    assert.equal((await tracking.call<GeoDevice>('GET', `/api/geo/device/details/${truck}`)).body.data.status, 'offline');
    const online = await list(tracking, '?filter=online');
    assert.deepEqual(
      online.body.data.map((d) => d.id),
      [hilux],
    );
    assert.equal(pagingOf(await list(tracking, '?filter=offline')).total, 1);
    const today = new Date(now).toISOString().slice(0, 10);
    assert.ok(pagingOf(await list(tracking, `?startDate=${today}&endDate=${today}`)).total >= 1, 'heard from today');
    const map = await tracking.call<GeoDeviceMapItem[]>('GET', `/api/geo/device/map/${tracking.userId}`);
    assert.equal(map.status, 200);
    assert.equal(map.body.data.length, pagingOf(await list(tracking)).total, 'every device of the subtree');
    const marker = map.body.data.find((d) => d.id === hilux)!;
    assert.deepEqual(
      [marker.status, marker.latitude, marker.longitude, marker.speed, marker.course, marker.attributes.ignition],
      ['online', -29.9213, 30.9862, 21.6, 90, true],
    );
    assert.equal(map.body.data.find((d) => d.uniqueId === DEMO_TRACKING_DEVICES[1]!.uniqueId)!.latitude, null);
    const stats = await tracking.call<DeviceDashboardStats>('GET', '/api/geo/device/dashboard/stats');
    assert.equal(stats.body.data.online, 1);
    assert.equal(stats.body.data.offline, 1);
    assert.equal(stats.body.data.unknown, stats.body.data.total - 2);
    const active = await tracking.call<GeoDevice[]>('GET', '/api/geo/device/active');
    assert.deepEqual(
      active.body.data.map((d) => d.id),
      [hilux],
    );
    const byTenant = await tracking.call<ActiveDevicesOfTenant[]>('GET', '/api/geo/device/active/by-tenant');
    assert.deepEqual(
      byTenant.body.data.map((t) => [t.tenantName, t.active]),
      [
        ['Durban Branch', 1],
        ['Meridian Tracking', 0],
      ],
    );
    const sms = await tracking.call<DeviceSmsUsed>('GET', '/api/geo/device/dashboard/sms-used');
    assert.deepEqual(sms.body.data, { used: 0, gatewayConfigured: false });
  });

  test("a device's latest position and one position by id; a device's positions over a period in time order, paged by keyset", async () => {
    const device = (await tracking.call<GeoDevice>('POST', '/api/geo/device', { body: { uniqueId: 'keyset-1', name: 'Keyset phone' } }))
      .body.data;
    assert.equal((await tracking.call<GeoPosition | null>('GET', `/api/geo/device/details/${device.id}/latest-position`)).body.data, null);
    const start = Date.parse('2025-03-10T06:00:00Z');
    const ids: number[] = [];
    // Stored out of order, as a device replaying its buffer would.
    for (const i of [4, 0, 3, 1, 2]) {
      ids[i] = await addPosition(s.db, device.id, {
        fixTime: new Date(start + i * MINUTE),
        latitude: -29.9 + i / 1000,
        longitude: 30.98,
        latest: i === 4,
      });
    }
    const latest = await tracking.call<GeoPosition>('GET', `/api/geo/device/details/${device.id}/latest-position`);
    assert.equal(latest.body.data.id, ids[4]);
    assert.equal((await tracking.call<GeoPosition>('GET', `/api/geo/device/position/${ids[2]}`)).body.data.latitude, -29.898);
    assert.equal((await tracking.call<GeoPosition>('GET', `/api/geo/device/position/${device.id}`)).body.data.id, ids[4]);
    assert.equal((await lending.call('GET', `/api/geo/device/position/${ids[2]}`)).status, 404);
    const url = `/api/geo/position/device/${device.id}/2025-03-10/2025-03-10`;
    const first = await tracking.call<GeoPosition[]>('GET', `${url}?size=2`);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(
      first.body.data.map((p) => p.id),
      [ids[0], ids[1]],
    );
    assert.equal(pagingOf(first).total, 5);
    const second = await tracking.call<GeoPosition[]>('GET', `${url}?size=2&page=2&after=${ids[1]}`);
    assert.deepEqual(
      second.body.data.map((p) => p.id),
      [ids[2], ids[3]],
    );
    const byOffset = await tracking.call<GeoPosition[]>('GET', `${url}?size=2&page=3`);
    assert.deepEqual(
      byOffset.body.data.map((p) => p.id),
      [ids[4]],
    );
    const instants = await tracking.call<GeoPosition[]>(
      'GET',
      `/api/geo/position/device/${device.id}/2025-03-10T06:01:00Z/2025-03-10T06:03:00Z`,
    );
    assert.deepEqual(
      instants.body.data.map((p) => p.id),
      [ids[1], ids[2]],
      'date-times are instants, the end excluded',
    );
    const backwards = await tracking.call('GET', `/api/geo/position/device/${device.id}/2025-03-11/2025-03-10`);
    assert.deepEqual(fieldError(backwards, 'end'), ['The end of the period must come after its start.']);
    assert.equal((await tracking.call('GET', `/api/geo/position/device/${device.id}/2025-01-01/2025-12-31`)).status, 400);
    assert.ok(fieldError(await tracking.call('GET', `${url}?after=${ids[0]! + 1_000_000}`), 'after'));
    assert.equal((await tracking.call('GET', `/api/geo/position/device/${device.id}/yesterday/2025-03-10`)).status, 400);
  });

  test('search finds devices by text; the hardware catalogue lists by make, then model', async () => {
    const found = await tracking.call<GeoDevice[]>('GET', '/api/geo/device/search/quon');
    assert.deepEqual(
      found.body.data.map((d) => d.uniqueId),
      [DEMO_TRACKING_DEVICES[8]!.uniqueId],
    );
    assert.deepEqual((await lending.call<GeoDevice[]>('GET', '/api/geo/device/search/quon')).body.data, []);
    const hardware = await tracking.call<DeviceHardware[]>('GET', '/api/geo/device-hardware');
    assert.deepEqual(
      hardware.body.data.map((h) => `${h.make} ${h.model} ${h.protocol}`),
      [
        'Teltonika FMB130 teltonika',
        'Teltonika FMB920 teltonika',
        'Teltonika FMC130 teltonika',
        'Traccar Traccar Client (Android) osmand',
        'Traccar Traccar Client (iOS) osmand',
      ],
    );
    // The demo's vehicles are its assets' Primary devices: the phones are in no asset.
    const unlinked = (await tracking.call<GeoDevice[]>('GET', '/api/geo/device/unlinked-device?size=100')).body.data.map((d) => d.uniqueId);
    const demo = (kind: DemoTrackingDevice['protocol']) => DEMO_TRACKING_DEVICES.filter((d) => d.protocol === kind).map((d) => d.uniqueId);
    assert.ok(demo('osmand').every((id) => unlinked.includes(id)));
    assert.ok(!demo('teltonika').some((id) => unlinked.includes(id)));
  });
});
