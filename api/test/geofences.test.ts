import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EMPTY_GUID } from '@meridian/shared/constants';
import type { Geofence } from '@meridian/shared/contract/geofence';
import type { DeviceGeofence } from '@meridian/shared/contract/device-geofence';
import type { GeoDevice } from '@meridian/shared/contract/geo-device';
import { DEMO_GEOFENCES, DEMO_TRACKING_DEVICES } from '../src/seed/demo-tracking';
import { geofencesChanged, type GeofencesChange } from '../src/tracking/tracking-changes';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { deviceIdOf } from './support/tracking-rows';

const square = (lon: number, lat: number, size = 0.01) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + size, lat],
      [lon + size, lat + size],
      [lon, lat + size],
      [lon, lat],
    ],
  ],
});

describe(`geofences and points of interest (${databaseLabel})`, () => {
  let s: TestServer;
  let tracking: Actor;
  let lending: Actor;
  let officer: Actor;
  let hilux: string;
  let truck: string;
  let depot: Geofence;

  before(async () => {
    s = await startServer();
    tracking = await s.as('company admin');
    lending = await s.as('company administrator');
    officer = await s.as('loan officer');
    hilux = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[0]!.uniqueId);
    truck = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[6]!.uniqueId);
    depot = (await tracking.call<Geofence[]>('GET', '/api/geo/fences?search=depot')).body.data[0]!;
  });
  after(() => s.close());

  test('fences and points of interest are listed apart, by name DESC by default; a device narrows to its fences', async () => {
    const fences = await tracking.call<Geofence[]>('GET', '/api/geo/fences');
    assert.equal(fences.status, 200);
    const expected = DEMO_GEOFENCES.filter((f) => f.type === 'geofence').map((f) => f.name);
    assert.deepEqual(
      fences.body.data.map((f) => f.name),
      [...expected].sort().reverse(),
    );
    const pois = await tracking.call<Geofence[]>('GET', '/api/geo/fences/poi');
    assert.deepEqual(
      pois.body.data.map((f) => [f.name, f.type, f.shape, f.radius]),
      [['Durban Harbour', 'poi', 'circle', 500]],
    );
    const ofTruck = await tracking.call<Geofence[]>('GET', `/api/geo/fences?deviceId=${truck}&sortOrder=asc`);
    assert.deepEqual(
      ofTruck.body.data.map((f) => f.name),
      ['N2 corridor: Durban to Umhlanga'],
    );
    assert.equal(depot.deviceCount, 6);
    const all = await tracking.call<Geofence[]>('GET', `/api/geo/fences/all/${EMPTY_GUID}`);
    assert.equal(all.body.data.length, expected.length);
    assert.equal((await tracking.call<Geofence[]>('GET', `/api/geo/fences/poi/all/${tracking.userId}`)).body.data.length, 1);
    assert.equal(pagingOf(await lending.call<Geofence[]>('GET', '/api/geo/fences')).total, 0);
  });

  test('a polygon, a circle and a corridor are saved as GeoJSON with their bounding box, widened by the radius or half the width', async () => {
    const heard: GeofencesChange[] = [];
    const stop = geofencesChanged.on((change) => heard.push(change));
    const polygon = await tracking.call<Geofence>('POST', '/api/geo/fences', { body: { name: 'Yard', geometry: square(31, -29.9) } });
    assert.equal(polygon.status, 201, JSON.stringify(polygon.body));
    assert.deepEqual(
      [polygon.body.data.type, polygon.body.data.shape, polygon.body.data.tenantName],
      ['geofence', 'polygon', 'Meridian Tracking'],
    );
    assert.deepEqual(polygon.body.data.bounds, { minLat: -29.9, minLon: 31, maxLat: -29.9 + 0.01, maxLon: 31 + 0.01 });
    const circle = await tracking.call<Geofence>('POST', '/api/geo/fences', {
      body: { name: 'Fuel stop', type: 'poi', geometry: { type: 'Point', coordinates: [31, -30] }, radius: 1000 },
    });
    const box = circle.body.data.bounds;
    // 1000 m is 0.008993° of latitude, and of longitude at 30° S 0.008993 / cos(30°) = 0.010385°.
    assert.ok(Math.abs(box.maxLat - box.minLat - 2 * 0.008993) < 0.00002, JSON.stringify(box));
    assert.ok(Math.abs(box.maxLon - box.minLon - 2 * 0.010385) < 0.00005, JSON.stringify(box));
    const corridor = await tracking.call<Geofence>('POST', '/api/geo/fences', {
      body: {
        name: 'Ramp',
        geometry: {
          type: 'LineString',
          coordinates: [
            [31, -29.9],
            [31, -29.8],
          ],
        },
        width: 2000,
      },
    });
    assert.equal(corridor.body.data.width, 2000);
    assert.ok(Math.abs(corridor.body.data.bounds.maxLat - -29.8 - 0.008993) < 0.00002, 'half the width around the line');
    const stored = await s.db.one<{ min_lat: number; shape: string; geometry: unknown }>(
      `select min_lat, shape, geometry from geofences where id = $1`,
      [polygon.body.data.id],
    );
    assert.deepEqual([stored!.min_lat, stored!.shape, stored!.geometry], [-29.9, 'polygon', square(31, -29.9)]);
    stop();
    assert.equal(heard.length, 3, "each write is announced for processing's cache");
    assert.deepEqual(heard[0]!.geofenceIds, [polygon.body.data.id]);
  });

  test('a fence is edited (its type too), read and deleted softly with its links', async () => {
    const created = (await tracking.call<Geofence>('POST', '/api/geo/fences', { body: { name: 'Temp', geometry: square(31.1, -29.7) } }))
      .body.data;
    await tracking.call('POST', '/api/geo/permissions', { body: { deviceId: hilux, geofenceId: created.id } });
    const edited = await tracking.call<Geofence>('PUT', `/api/geo/fences/${created.id}`, {
      body: {
        name: 'Temp site',
        type: 'poi',
        geometry: { type: 'Point', coordinates: [31.1, -29.7] },
        radius: 50,
        description: 'Now a point',
      },
    });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.deepEqual([edited.body.data.type, edited.body.data.shape, edited.body.data.description], ['poi', 'circle', 'Now a point']);
    assert.equal((await tracking.call('GET', `/api/geo/fences/${created.id}`)).status, 404, 'a point of interest now');
    assert.equal((await tracking.call<Geofence>('GET', `/api/geo/fences/poi/${created.id}`)).body.data.name, 'Temp site');
    assert.equal((await tracking.call('DELETE', `/api/geo/fences/poi/${created.id}`)).status, 200);
    assert.equal((await tracking.call('GET', `/api/geo/fences/poi/${created.id}`)).status, 404);
    const row = await s.db.one<{ deleted_at: Date | null; links: number }>(
      `select deleted_at, (select count(*)::int from device_geofences where geofence_id = g.id) as links from geofences g where id = $1`,
      [created.id],
    );
    assert.ok(row!.deleted_at);
    assert.equal(row!.links, 0, 'a deleted fence tests no device');
  });

  test('bad shapes answer 400 with the field named', async () => {
    const cases: [unknown, string][] = [
      [
        { name: 'Open', geometry: { type: 'Polygon', coordinates: [square(31, -29).coordinates[0]!.slice(0, 4)] } },
        'geometry.coordinates.0',
      ],
      [{ name: 'Far', geometry: { type: 'Point', coordinates: [200, -29] }, radius: 10 }, 'geometry.coordinates.0'],
      [{ name: 'Huge', geometry: { type: 'Point', coordinates: [31, -29] }, radius: 500_000 }, 'radius'],
      [{ name: 'Flat', geometry: { type: 'LineString', coordinates: [[31, -29]] }, width: 10 }, 'geometry.coordinates'],
      [
        {
          name: 'Thin',
          geometry: {
            type: 'LineString',
            coordinates: [
              [31, -29],
              [31.1, -29],
            ],
          },
        },
        'width',
      ],
      [{ name: 'Multi', geometry: { type: 'MultiPolygon', coordinates: [] } }, 'geometry.type'],
      [{ name: '', geometry: square(31, -29) }, 'name'],
      [{ name: 'Kind', type: 'zone', geometry: square(31, -29) }, 'type'],
    ];
    for (const [body, field] of cases) {
      const answer = await tracking.call('POST', '/api/geo/fences', { body });
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.ok(fieldError(answer, field), `${field}: ${JSON.stringify(answer.body.result)}`);
    }
    assert.ok(fieldError(await tracking.call('GET', '/api/geo/fences?deviceId=nope'), 'deviceId'));
  });

  test("another company's fences are not found (404); without the permission every fence call is refused (403)", async () => {
    for (const [method, url, body] of [
      ['GET', `/api/geo/fences/${depot.id}`],
      ['PUT', `/api/geo/fences/${depot.id}`, { name: 'Mine', geometry: square(31, -29) }],
      ['DELETE', `/api/geo/fences/${depot.id}`],
      ['GET', `/api/geo/fences?deviceId=${hilux}`],
      ['POST', '/api/geo/permissions', { deviceId: hilux, geofenceId: depot.id }],
      ['DELETE', '/api/geo/permissions', { deviceId: hilux, geofenceId: depot.id }],
      ['GET', `/api/geo/permissions/device/${hilux}`],
    ] as const)
      assert.equal((await lending.call(method, url, body ? { body } : {})).status, 404, `${method} ${url}`);
    for (const [method, url] of [
      ['GET', '/api/geo/fences'],
      ['GET', '/api/geo/fences/poi'],
      ['POST', '/api/geo/fences'],
      ['GET', `/api/geo/fences/${depot.id}`],
      ['POST', '/api/geo/permissions'],
    ] as const)
      assert.equal((await officer.call(method, url, { body: {} })).status, 403, `${method} ${url}`);
  });

  test('a device and a fence are linked once (201, then 200), read, listed for the fence and for the device, and unlinked', async () => {
    const fence = (await tracking.call<Geofence>('POST', '/api/geo/fences', { body: { name: 'Linkable', geometry: square(31.2, -29.6) } }))
      .body.data;
    const clientId = '6f1c2a8e-4b7d-4e2a-9c1b-0a9d8e7f6c5b';
    const linked = await tracking.call<DeviceGeofence>('POST', '/api/geo/permissions', {
      body: { Id: clientId, deviceId: truck, geofenceId: fence.id },
    });
    assert.equal(linked.status, 201, JSON.stringify(linked.body));
    assert.deepEqual(
      [linked.body.data.Id, linked.body.data.deviceName, linked.body.data.geofenceName, linked.body.data.geofenceType],
      [clientId, DEMO_TRACKING_DEVICES[6]!.name, 'Linkable', 'geofence'],
    );
    const again = await tracking.call<DeviceGeofence>('POST', '/api/geo/permissions', { body: { deviceId: truck, geofenceId: fence.id } });
    assert.equal(again.status, 200);
    assert.equal(again.body.data.Id, clientId);
    assert.equal((await tracking.call<DeviceGeofence>('GET', `/api/geo/permissions/${clientId}`)).body.data.geofenceId, fence.id);
    const ofFence = await tracking.call<DeviceGeofence[]>('GET', `/api/geo/permissions?geofenceId=${fence.id}`);
    assert.deepEqual(
      ofFence.body.data.map((l) => [l.Id, l.deviceId]),
      [[clientId, truck]],
    );
    const ofTruck = await tracking.call<DeviceGeofence[]>('GET', `/api/geo/permissions/device/${truck}`);
    assert.deepEqual(ofTruck.body.data.map((l) => l.geofenceName).sort(), [
      'Durban Harbour',
      'Linkable',
      'N2 corridor: Durban to Umhlanga',
    ]);
    assert.equal((await tracking.call('DELETE', '/api/geo/permissions', { body: { deviceId: truck, geofenceId: fence.id } })).status, 200);
    assert.equal((await tracking.call('DELETE', '/api/geo/permissions', { body: { deviceId: truck, geofenceId: fence.id } })).status, 404);
    assert.equal((await tracking.call('GET', `/api/geo/permissions/${clientId}`)).status, 404);
    assert.deepEqual((await tracking.call<DeviceGeofence[]>('GET', `/api/geo/permissions?geofenceId=${fence.id}`)).body.data, []);
  });

  test("a device is linked only to fences of its own tenant or above it: a branch's depot does not serve the company's truck", async () => {
    const refused = await tracking.call('POST', '/api/geo/permissions', { body: { deviceId: truck, geofenceId: depot.id } });
    assert.equal(refused.status, 400);
    assert.ok(fieldError(refused, 'geofenceId'));
    const bad = await tracking.call('POST', '/api/geo/permissions', { body: { deviceId: 'x' } });
    assert.equal(bad.status, 400);
    assert.ok(fieldError(bad, 'deviceId') && fieldError(bad, 'geofenceId'));
  });

  test("a device moved out of a fence's subtree loses its link; its fences follow what it may be tested against", async () => {
    const device = (
      await tracking.call<GeoDevice>('POST', '/api/geo/device', {
        body: { uniqueId: 'mover-1', name: 'Mover', tenantId: await s.tenantId('Durban Branch') },
      })
    ).body.data;
    assert.equal(
      (await tracking.call('POST', '/api/geo/permissions', { body: { deviceId: device.id, geofenceId: depot.id } })).status,
      201,
    );
    await tracking.call('PUT', `/api/geo/device/${device.id}`, {
      body: { uniqueId: 'mover-1', name: 'Mover', tenantId: tracking.homeTenantId },
    });
    assert.deepEqual((await tracking.call<DeviceGeofence[]>('GET', `/api/geo/permissions/device/${device.id}`)).body.data, []);
  });
});
