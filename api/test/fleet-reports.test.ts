import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type {
  AssetStop,
  AssetTrip,
  AssetTripsReport,
  BatteryReading,
  DeviceUsage,
  HotspotReport,
  IdleTime,
  TamperEvent,
} from '@meridian/shared/contract/fleet-report';
import { XLSX_CONTENT_TYPE } from '@meridian/shared/contract/device-trip';
import { DEMO_TRACKING_DEVICES } from '../src/seed/demo-tracking';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { addPosition, addStop, addTrip, deviceIdOf } from './support/tracking-rows';

const DAY = 'fromDate=2025-03-10&toDate=2025-03-10';

describe(`fleet reports (${databaseLabel})`, () => {
  let s: TestServer;
  let tracking: Actor;
  let lending: Actor;
  let officer: Actor;
  let hilux: string;
  let dmax: string;
  let hiluxAsset: string;
  let dmaxAsset: string;
  let np200Asset: string;

  const assetOf = async (registration: string) =>
    (await s.db.one<{ id: string }>(`select id from assets where registration_number = $1 and deleted_at is null`, [registration]))!.id;

  /** A device event of the device, as processing stores an alarm. */
  const addAlarm = (deviceId: string, at: string, alarm: string) =>
    s.db.query(
      `insert into device_events (device_id, tenant_id, type, event_time, attributes)
       select id, tenant_id, 'alarm', $2, jsonb_build_object('alarm', $3::text) from geo_devices where id = $1`,
      [deviceId, at, alarm],
    );

  before(async () => {
    s = await startServer();
    tracking = await s.as('company admin');
    lending = await s.as('company administrator');
    officer = await s.as('loan officer');
    hilux = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[0]!.uniqueId);
    dmax = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[1]!.uniqueId);
    hiluxAsset = await assetOf('ND 123-456');
    dmaxAsset = await assetOf('ND 204-117');
    np200Asset = await assetOf('ND 318-902');
    // The demo fitted its trackers when it was seeded; these vehicles have carried them since January.
    await s.db.query(`update asset_device_history set linked_at = '2025-01-01T00:00:00Z' where asset_id = any($1::uuid[])`, [
      [hiluxAsset, dmaxAsset, np200Asset],
    ]);
    // 10 March, Johannesburg (UTC+2).
    await addTrip(s.db, hilux, new Date('2025-03-10T04:30:00Z'), 42, 18_400);
    await addTrip(s.db, dmax, new Date('2025-03-10T09:00:00Z'), 10, 0);
    await addTrip(s.db, dmax, new Date('2025-03-10T10:00:00Z'), 20, 7_500);
    // Two stops at the same gate (one cell), one with the engine off elsewhere.
    await addStop(s.db, hilux, new Date('2025-03-10T05:12:00Z'), 95);
    await addStop(s.db, dmax, new Date('2025-03-10T09:30:00Z'), 25);
    const parked = await addStop(s.db, dmax, new Date('2025-03-10T12:00:00Z'), 300);
    await s.db.query(`update device_stops set engine_hours = 0, latitude = -29.85, longitude = 31.03, address = 'Depot' where id = $1`, [
      parked,
    ]);
    await addAlarm(hilux, '2025-03-10T03:00:00Z', 'tampering');
    await addAlarm(dmax, '2025-03-10T03:30:00Z', 'powerCut');
    await addAlarm(dmax, '2025-03-10T04:00:00Z', 'general');
  });
  after(() => s.close());

  const get = <T>(path: string, actor = tracking) => actor.call<T>('GET', `/api/geo/asset/reports/${path}`);

  test("the fleet's trips hide zero-distance ones unless `zeros`, each with the asset it was made in", async () => {
    const trips = await get<AssetTrip[]>(`trips?${DAY}`);
    assert.equal(trips.status, 200, JSON.stringify(trips.body));
    assert.deepEqual(
      trips.body.data.map((t) => [t.assetName, t.distance]),
      [
        ['ND 204-117 Isuzu D-Max', 7_500],
        ['ND 123-456 Toyota Hilux', 18_400],
      ],
      'newest first, as geo lists sort',
    );
    const withZeros = await get<AssetTrip[]>(`trips?${DAY}&zeros=true&sortOrder=asc`);
    assert.deepEqual(
      withZeros.body.data.map((t) => t.distance),
      [18_400, 0, 7_500],
    );
    const oneAsset = await get<AssetTrip[]>(`trips?${DAY}&assetId=${hiluxAsset}`);
    assert.deepEqual(
      oneAsset.body.data.map((t) => t.assetId),
      [hiluxAsset],
    );
    assert.equal(pagingOf(oneAsset).total, 1);
  });

  test('the stops report lists every stop oldest first; the engine report only those with the engine running', async () => {
    const stops = await get<AssetStop[]>(`stops?${DAY}`);
    assert.deepEqual(
      stops.body.data.map((t) => [t.assetName, t.duration, t.engineHours]),
      [
        ['ND 123-456 Toyota Hilux', 5_700_000, 120_000],
        ['ND 204-117 Isuzu D-Max', 1_500_000, 120_000],
        ['ND 204-117 Isuzu D-Max', 18_000_000, 0],
      ],
    );
    const engine = await get<AssetStop[]>(`engine?${DAY}`);
    assert.deepEqual(
      engine.body.data.map((t) => t.duration),
      [5_700_000, 1_500_000],
    );
    assert.equal((await get<AssetStop[]>(`engine?${DAY}&zeros=true`)).body.data.length, 3);
  });

  test('device usage and idle time sum each asset, an asset that did nothing included', async () => {
    const usage = await get<DeviceUsage[]>(`device-usage?${DAY}&size=100`);
    assert.equal(usage.status, 200, JSON.stringify(usage.body));
    const byAsset = new Map(usage.body.data.map((u) => [u.assetId, u]));
    assert.deepEqual(byAsset.get(dmaxAsset), {
      assetId: dmaxAsset,
      assetName: 'ND 204-117 Isuzu D-Max',
      trips: 2,
      distance: 7_500,
      drivingTime: 1_800_000,
      stops: 2,
      stoppedTime: 19_500_000,
      idleTime: 120_000,
    });
    assert.ok(
      usage.body.data.some((u) => u.trips === 0 && u.stops === 0),
      'the idle rest of the demo fleet is listed',
    );
    const idle = await get<IdleTime[]>(`idle?${DAY}&assetId=${dmaxAsset}`);
    assert.deepEqual(idle.body.data, [
      {
        assetId: dmaxAsset,
        assetName: 'ND 204-117 Isuzu D-Max',
        idleStops: 1,
        idleTime: 120_000,
        longestIdle: 120_000,
        stoppedTime: 19_500_000,
      },
    ]);
  });

  test('hotspots weigh grid cells by the time spent there, busiest first, for the fleet, a group or one asset', async () => {
    const fleet = await get<HotspotReport>(`hotspots?${DAY}`);
    assert.equal(fleet.status, 200, JSON.stringify(fleet.body));
    assert.deepEqual(
      fleet.body.data.hotspots.map((h) => [h.latitude, h.longitude, h.stops, h.assets, h.duration, h.weight]),
      [
        [-29.85, 31.03, 1, 1, 18_000_000, 1],
        [-29.7266, 31.067, 2, 2, 7_200_000, 0.4],
      ],
    );
    const one = await get<HotspotReport>(`hotspots?${DAY}&assetId=${hiluxAsset}`);
    assert.deepEqual(
      one.body.data.hotspots.map((h) => [h.stops, h.weight]),
      [[1, 1]],
    );
    const group = (await s.db.one<{ group_id: string }>(`select group_id from assets where id = $1`, [hiluxAsset]))!.group_id;
    const byGroup = await get<HotspotReport>(`hotspots?${DAY}&assetGroupId=${group}&limit=1`);
    assert.equal(byGroup.body.data.hotspots.length, 1);
  });

  test('a tracker moved to another vehicle takes no past with it: rows follow the device-asset history', async () => {
    const moved = await addTrip(s.db, hilux, new Date('2025-03-12T08:00:00Z'), 15, 3_000);
    // The Hilux's tracker was in the D-Max on 12 March only.
    await s.db.query(
      `insert into asset_device_history (tenant_id, device_id, asset_id, device_type_id, linked_at, unlinked_at)
       select tenant_id, device_id, $2, device_type_id, '2025-03-12T00:00:00Z', '2025-03-13T00:00:00Z' from asset_device_history where asset_id = $1`,
      [hiluxAsset, dmaxAsset],
    );
    await s.db.query(
      `update asset_device_history set unlinked_at = '2025-03-12T00:00:00Z' where asset_id = $1 and linked_at = '2025-01-01T00:00:00Z'`,
      [hiluxAsset],
    );
    const trips = await get<AssetTrip[]>(`trips?fromDate=2025-03-10&toDate=2025-03-12&sortOrder=asc`);
    const movedTrip = trips.body.data.find((t) => t.id === moved)!;
    assert.equal(movedTrip.assetId, dmaxAsset);
    assert.equal(trips.body.data.find((t) => t.distance === 18_400)!.assetId, hiluxAsset);
    await s.db.query(`delete from asset_device_history where asset_id = $1 and linked_at = '2025-03-12T00:00:00Z'`, [dmaxAsset]);
    await s.db.query(`update asset_device_history set unlinked_at = null where asset_id = $1`, [hiluxAsset]);
    await s.db.query(`delete from device_trips where id = $1`, [moved]);
  });

  test('the tamper report lists tamper alarms only, filtered by type, with the asset the device was in', async () => {
    const tamper = await tracking.call<TamperEvent[]>('GET', `/api/geo/notification-event/reports/tamper?${DAY}`);
    assert.equal(tamper.status, 200, JSON.stringify(tamper.body));
    assert.deepEqual(
      tamper.body.data.map((e) => [e.alarm, e.assetId]),
      [
        ['powerCut', dmaxAsset],
        ['tampering', hiluxAsset],
      ],
    );
    const typed = await tracking.call<TamperEvent[]>('GET', `/api/geo/notification-event/reports/tamper?${DAY}&type=tampering`);
    assert.deepEqual(
      typed.body.data.map((e) => e.deviceId),
      [hilux],
    );
    assert.ok(fieldError(await tracking.call('GET', `/api/geo/notification-event/reports/tamper?type=general`), 'type'));
  });

  test("the battery report gives each asset its device's latest battery reading, for devices heard in the days", async () => {
    await addPosition(s.db, dmax, {
      fixTime: new Date(),
      latitude: -29.85,
      longitude: 31.03,
      attributes: { batteryLevel: 41, power: 12.6 },
    });
    const today = new Date(Date.now() + 2 * 3_600_000).toISOString().slice(0, 10);
    const battery = await tracking.call<BatteryReading[]>('GET', `/api/geo/assets/battery/${today}/${today}/`);
    assert.equal(battery.status, 200, JSON.stringify(battery.body));
    const dmaxRow = battery.body.data.find((b) => b.assetId === dmaxAsset)!;
    assert.deepEqual([dmaxRow.batteryLevel, dmaxRow.battery, dmaxRow.power], [41, null, 12.6]);
    const old = await tracking.call<BatteryReading[]>('GET', '/api/geo/assets/battery/2024-01-01/2024-01-02');
    assert.deepEqual(old.body.data, []);
    assert.ok(fieldError(await tracking.call('GET', '/api/geo/assets/battery/2024-01-01/yesterday'), 'end'));
  });

  test('the asset trips report is kept per asset and reused while the request is the same', async () => {
    const ask = (body: Record<string, unknown>) => tracking.call<AssetTripsReport>('POST', '/api/geo/asset/trips', { body });
    const first = await ask({ assetId: dmaxAsset, fromDate: '2025-03-10', toDate: '2025-03-10' });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.data.cached, false);
    assert.deepEqual(
      first.body.data.trips.map((t) => t.distance),
      [7_500],
    );
    // A trip stored late is not seen by the kept report of a settled period: the same request reuses it.
    await addTrip(s.db, dmax, new Date('2025-03-10T15:00:00Z'), 5, 1_000);
    const again = await ask({ assetId: dmaxAsset, fromDate: '2025-03-10', toDate: '2025-03-10' });
    assert.equal(again.body.data.cached, true);
    assert.equal(again.body.data.computedAt, first.body.data.computedAt);
    const other = await ask({ assetId: dmaxAsset, fromDate: '2025-03-10', toDate: '2025-03-10', zeros: true });
    assert.equal(other.body.data.cached, false);
    assert.deepEqual(
      other.body.data.trips.map((t) => t.distance),
      [0, 7_500, 1_000],
    );
    const rows = await s.db.query(`select 1 from asset_trip_reports where asset_id = $1`, [dmaxAsset]);
    assert.equal(rows.length, 1, 'one report kept per asset');
  });

  test('every report downloads as CSV and XLSX', async () => {
    for (const path of ['trips', 'stops', 'engine', 'device-usage', 'idle', 'hotspots']) {
      const csv = await get(`${path}?${DAY}&format=csv`);
      assert.equal(csv.status, 200, `${path}: ${csv.text.slice(0, 200)}`);
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      const xlsx = await get(`${path}?${DAY}&format=xlsx`);
      assert.equal(xlsx.headers['content-type'], XLSX_CONTENT_TYPE, path);
    }
    const trips = await get(`trips?${DAY}&format=csv`);
    const lines = trips.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    assert.match(lines[0]!, /^Asset,Device,Start,End,Duration,Distance \(km\)/);
    assert.match(lines[1]!, /^ND 204-117 Isuzu D-Max,ND 204-117 Isuzu D-Max,2025-03-10 17:00:00,/);
    const tamper = await tracking.call('GET', `/api/geo/notification-event/reports/tamper?${DAY}&format=csv`);
    assert.match(tamper.text, /tampering,ND 123-456 Toyota Hilux,ND 123-456 Toyota Hilux/);
    const battery = await tracking.call('GET', '/api/geo/assets/battery/2025-03-10/2025-03-10?format=xlsx');
    assert.equal(battery.headers['content-type'], XLSX_CONTENT_TYPE);
  });

  test('bad input answers 400 naming the field', async () => {
    assert.deepEqual(fieldError(await get('trips?fromDate=2025-03-12&toDate=2025-03-10'), 'toDate'), [
      'The end date cannot be before the start date.',
    ]);
    assert.ok(fieldError(await get('stops?fromDate=2025-01-01&toDate=2025-12-31'), 'toDate'));
    assert.ok(fieldError(await get('engine?format=pdf'), 'format'));
    assert.ok(fieldError(await get('trips?zeros=maybe'), 'zeros'));
    assert.ok(fieldError(await get('hotspots?limit=0'), 'limit'));
    assert.ok(fieldError(await get('device-usage?assetId=nope'), 'assetId'));
    assert.ok(fieldError(await get('idle?sortField=secret'), 'sortField'));
    assert.ok(fieldError(await tracking.call('POST', '/api/geo/asset/trips', { body: {} }), 'assetId'));
  });

  test('another company sees none of the fleet (404 for its assets, groups and categories); without the permission 403', async () => {
    const group = (await s.db.one<{ group_id: string; category_id: string }>(`select group_id, category_id from assets where id = $1`, [
      hiluxAsset,
    ]))!;
    assert.equal((await get(`trips?assetId=${hiluxAsset}`, lending)).status, 404);
    assert.equal((await get(`hotspots?assetGroupId=${group.group_id}`, lending)).status, 404);
    assert.equal((await get(`device-usage?assetCategoryId=${group.category_id}`, lending)).status, 404);
    assert.equal((await lending.call('GET', `/api/geo/notification-event/reports/tamper?assetId=${hiluxAsset}`)).status, 404);
    assert.equal((await lending.call('POST', '/api/geo/asset/trips', { body: { assetId: hiluxAsset } })).status, 404);
    const theirs = await get<AssetTrip[]>(`trips?${DAY}&zeros=true`, lending);
    assert.equal(theirs.status, 200);
    assert.deepEqual(theirs.body.data, []);
    assert.deepEqual((await get<HotspotReport>(`hotspots?${DAY}`, lending)).body.data.hotspots, []);
    assert.deepEqual((await lending.call<TamperEvent[]>('GET', `/api/geo/notification-event/reports/tamper?${DAY}`)).body.data, []);
    assert.deepEqual((await lending.call<BatteryReading[]>('GET', '/api/geo/assets/battery/2025-03-10/2025-03-10')).body.data, []);
    for (const path of ['trips', 'stops', 'engine', 'device-usage', 'idle', 'hotspots'])
      assert.equal((await get(path, officer)).status, 403, path);
    assert.equal((await officer.call('POST', '/api/geo/asset/trips', { body: { assetId: hiluxAsset } })).status, 403);
    const assetsOnly = await s.actorWith('fleet.reader', ['TRACKING/ASSETS']);
    assert.equal((await assetsOnly.call('GET', `/api/geo/asset/reports/trips?${DAY}`)).status, 200);
  });
});
