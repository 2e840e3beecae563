/**
 * An asset's Alerts and Events tabs (GET /api/geo/notification-event/asset/{id}/alarm and /event):
 * the events its devices raised while they were in it, alarms apart from the rest, newest first, 100
 * a page; nothing of another company's asset, nothing without the permission.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Asset } from '@meridian/shared/contract/asset';
import type { AssetEvent } from '@meridian/shared/contract/asset-event';
import type { GeoDevice } from '@meridian/shared/contract/geo-device';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { addEvent, addPosition } from './support/tracking-rows';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe(`an asset's alarms and events (${databaseLabel})`, () => {
  let s: TestServer;
  let lending: Actor;
  let tracking: Actor;
  let officer: Actor;
  let asset: Asset;
  let device: GeoDevice;
  const url = (kind: string, query = '') => `/api/geo/notification-event/asset/${asset.id}/${kind}${query}`;

  before(async () => {
    s = await startServer();
    lending = await s.as('company administrator');
    tracking = await s.as('company admin');
    officer = await s.as('loan officer');
    device = (
      await lending.call<GeoDevice>('POST', '/api/geo/device', {
        body: { uniqueId: `35901${Date.now().toString().slice(-9)}`, name: 'Events unit' },
      })
    ).body.data;
    await addPosition(s.db, device.id, { fixTime: minutesAgo(120), latitude: -29.85, longitude: 31.03 });
    // Raised before the device was fitted: not the asset's.
    await addEvent(s.db, device.id, 'alarm', { alarm: 'before' }, minutesAgo(60));
    const created = await lending.call<Asset>('POST', '/api/geo/asset', {
      body: { registrationNumber: 'EV 100 GP', make: 'Isuzu D-Max', asset_devices: [{ deviceId: device.id, deviceTypeId: 1 }] },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    asset = created.body.data;
    // Fitted half an hour ago, so its events lie between the fitting and now.
    await s.db.query(`update asset_device_history set linked_at = $2 where asset_id = $1`, [asset.id, minutesAgo(30)]);
    const after = (minutes: number) => minutesAgo(30 - minutes);
    await addEvent(s.db, device.id, 'alarm', { alarm: 'sos' }, after(1));
    await addEvent(s.db, device.id, 'ignitionOn', {}, after(2));
    await addEvent(s.db, device.id, 'alarm', { alarm: 'tampering' }, after(3));
    await addEvent(s.db, device.id, 'ignitionOff', {}, after(4));
    await addEvent(s.db, device.id, 'alarm', { alarm: 'accident' }, after(5));
  });
  after(() => s.close());

  test('alarms list only alarm events raised while the device was in the asset, newest first, with their value and place', async () => {
    const alarms = await lending.call<AssetEvent[]>('GET', url('alarm'));
    assert.equal(alarms.status, 200, JSON.stringify(alarms.body));
    assert.deepEqual(
      alarms.body.data.map((e) => [e.type, e.alarm]),
      [
        ['alarm', 'accident'],
        ['alarm', 'tampering'],
        ['alarm', 'sos'],
      ],
    );
    const [newest] = alarms.body.data;
    assert.equal(newest!.assetId, asset.id);
    assert.equal(newest!.deviceId, device.id);
    assert.equal(newest!.deviceName, 'Events unit');
    assert.deepEqual([newest!.latitude, newest!.longitude], [-29.85, 31.03]);
    assert.deepEqual(pagingOf(alarms), { pageNumber: 1, pageSize: 100, total: 3 });
  });

  test('events list every other type, newest first', async () => {
    const events = await lending.call<AssetEvent[]>('GET', url('event'));
    assert.equal(events.status, 200, JSON.stringify(events.body));
    assert.deepEqual(
      events.body.data.map((e) => [e.type, e.alarm]),
      [
        ['ignitionOff', null],
        ['ignitionOn', null],
      ],
    );
  });

  test('pages hold at most 100 and follow one another', async () => {
    const second = await lending.call<AssetEvent[]>('GET', url('alarm', '?page=2&size=2'));
    assert.deepEqual(
      second.body.data.map((e) => e.alarm),
      ['sos'],
    );
    assert.deepEqual(pagingOf(second), { pageNumber: 2, pageSize: 2, total: 3 });
    assert.equal(pagingOf(await lending.call('GET', url('alarm', '?size=5000'))).pageSize, 100);
    const zeroth = await lending.call('GET', url('alarm', '?page=0'));
    assert.equal(zeroth.status, 400);
    assert.ok(fieldError(zeroth, 'page'), JSON.stringify(zeroth.body));
  });

  test('events after the device leaves the asset stay out of its lists', async () => {
    const moved = await lending.call<Asset>('PUT', `/api/geo/asset/${asset.id}`, {
      body: { registrationNumber: 'EV 100 GP', make: 'Isuzu D-Max', asset_devices: [] },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    await addEvent(s.db, device.id, 'alarm', { alarm: 'later' }, new Date(Date.now() + 60_000));
    const alarms = await lending.call<AssetEvent[]>('GET', url('alarm'));
    assert.deepEqual(
      alarms.body.data.map((e) => e.alarm),
      ['accident', 'tampering', 'sos'],
    );
  });

  test("another company's asset is not found, a caller without the permission is refused, a bad id is a 400", async () => {
    for (const kind of ['alarm', 'event']) {
      assert.equal((await tracking.call('GET', url(kind))).status, 404, kind);
      assert.equal((await officer.call('GET', url(kind))).status, 403, kind);
      const bad = await lending.call('GET', `/api/geo/notification-event/asset/not-a-guid/${kind}`);
      assert.equal(bad.status, 400, kind);
    }
  });
});
