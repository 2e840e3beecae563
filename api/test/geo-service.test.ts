import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EMPTY_GUID } from '@meridian/shared/constants';
import type { GeoDeviceMapItem } from '@meridian/shared/contract/geo-device';
import { buildApp, type BuiltApp } from '../src/app';
import { DEMO_TRACKING_DEVICES } from '../src/seed/demo-tracking';
import { databaseLabel, startServer, type Actor, type TestServer } from './support/harness';
import { addPosition, deviceIdOf } from './support/tracking-rows';

/** The geo service started beside the back office on its database, as `npm run geo-service` does. */
describe(`the geo service's second interface (${databaseLabel})`, () => {
  let s: TestServer;
  let geo: BuiltApp;
  let tracking: Actor;
  let officer: Actor;
  let hilux: string;

  before(async () => {
    s = await startServer();
    geo = await buildApp({ ...s.config, deviceServers: false }, { db: s.db, logger: false, geoService: true });
    tracking = await s.as('company admin');
    officer = await s.as('loan officer');
    hilux = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[0]!.uniqueId);
    await addPosition(s.db, hilux, { fixTime: new Date(), latitude: -29.8587, longitude: 31.0218, speed: 20 });
  });
  after(async () => {
    await geo.close();
    await s.close();
  });

  const call = async (actor: Actor | null, method: string, url: string, body?: unknown) => {
    const answer = await geo.app.inject({
      method: method as 'GET',
      url,
      headers: actor ? { authorization: `Bearer ${actor.token}`, 'x-tenant-id': actor.homeTenantId } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: answer.statusCode, body: answer.json() as { data: unknown; result: { success: boolean; message: string } } };
  };

  test('devices answer exactly what the back office lists for the same caller', async () => {
    const facade = await call(tracking, 'GET', '/api/geo-service/devices?size=50');
    const backOffice = await tracking.call('GET', `/api/geo/device/${EMPTY_GUID}?size=50`);
    assert.equal(facade.status, 200);
    assert.deepEqual(facade.body.data, backOffice.body.data);
  });

  test('the caller must be signed in and hold the permission the forwarded call asks for', async () => {
    assert.equal((await call(null, 'GET', '/api/geo-service/devices')).status, 401);
    assert.equal((await call(officer, 'GET', '/api/geo-service/devices')).status, 403);
    assert.equal((await call(officer, 'GET', '/api/geo-service/geofences')).status, 403);
  });

  test('a device of another company is not found through the geo service either', async () => {
    const lending = await s.as('company administrator');
    assert.equal((await call(lending, 'GET', `/api/geo-service/devices/${hilux}`)).status, 404);
  });

  test("DELETE devices/{id} deletes the device as the back office's PUT to its delete path does", async () => {
    const created = await call(tracking, 'POST', '/api/geo-service/devices', { name: 'Geo service phone', uniqueId: 'geo-service-1' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = (created.body.data as { Id?: string; id?: string }).Id ?? (created.body.data as { id: string }).id;
    assert.equal((await call(tracking, 'DELETE', `/api/geo-service/devices/${id}`)).status, 200);
    assert.equal((await call(tracking, 'GET', `/api/geo-service/devices/${id}`)).status, 404);
  });

  test('deviceTrips/trip takes the lower-case names deviceid, fromdate and todate', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const answer = await call(tracking, 'GET', `/api/geo-service/deviceTrips/trip?deviceid=${hilux}&fromdate=${day}&todate=${day}`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const bad = await call(tracking, 'GET', `/api/geo-service/deviceTrips/trip?deviceid=${hilux}&fromdate=26-11-2026&todate=${day}`);
    assert.equal(bad.status, 400);
  });

  test('mapzoom answers the devices inside a tile, and reads a value that is not a whole number as zoom 15, x 0, y 0', async () => {
    // Zoom 10: Durban's centre lies in tile x 600, y 601.
    const x = Math.floor(((31.0218 + 180) / 360) * 1024);
    const latRad = (-29.8587 * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * 1024);
    const tile = await call(tracking, 'GET', `/api/geo-service/mapzoom/zoom/10/${x}/${y}?forceNoSum=true`);
    assert.equal(tile.status, 200);
    const summary = tile.body.data as { total: number; devices: GeoDeviceMapItem[] };
    assert.ok(summary.devices.some((d) => d.id === hilux));
    const fallback = await call(tracking, 'GET', '/api/geo-service/mapzoom/zoom/abc/x/1.5');
    assert.deepEqual((fallback.body.data as { tile: { zoom: number; x: number; y: number } }).tile, {
      ...(fallback.body.data as { tile: object }).tile,
      zoom: 15,
      x: 0,
      y: 0,
    });
    assert.equal((await call(null, 'GET', '/api/geo-service/mapzoom/zoom/10/1/1')).status, 401);
  });

  test('the geo service serves no back-office route and no web application', async () => {
    assert.equal((await call(tracking, 'GET', '/api/users')).status, 404);
    assert.equal((await call(tracking, 'GET', '/api/activities')).status, 404);
  });
});
