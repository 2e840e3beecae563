/**
 * Processing at ingest on the seeded database: positions stored in a transaction as the writer
 * stores them, then processed in it; the events, trips, stops, notifications and device state it
 * leaves, field by field; a restart in the middle of a trip; and a batch's constant statement count.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fenceBounds, type FenceDefinition } from '@meridian/shared/geo-fence';
import type { TrackingLivePosition, TrackingNotification } from '@meridian/shared/contract/tracking-live';
import type { Queryable } from '../src/db/database';
import type { DecodedPosition, StoredPosition } from '../src/tracking/position';
import { silentLog } from '../src/tracking/ingest/ingest-log';
import { createPositionWriter } from '../src/tracking/ingest/position-writer';
import { DeviceStateConflict } from '../src/tracking/processing/device-state';
import type { LiveRealtime } from '../src/tracking/processing/live-pushes';
import { createPositionProcessor, type TrackingPositionProcessor } from '../src/tracking/processing/position-processor';
import { readOpenTripAndStop } from '../src/tracking/processing/trips-and-stops';
import { databaseLabel, startServer, type TestServer } from './support/harness';

const T0 = Date.parse('2026-03-02T08:00:00Z');
const METRES_PER_DEGREE = 111_194.93;
const ORIGIN = { latitude: -26.2, longitude: 28.04 };
const KNOTS_PER_MPS = 1.943844;
const near = (actual: number, expected: number, tolerance: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual}, expected ${expected} ± ${tolerance}`);

interface Sample {
  seconds: number;
  north: number;
  speed: number;
  attributes?: Record<string, unknown>;
  outdated?: boolean;
}

/** Samples every 10 s: parked, or driving north at a steady speed. */
const parked = (fromSeconds: number, seconds: number, north: number, attributes: Record<string, unknown> = {}): Sample[] =>
  Array.from({ length: seconds / 10 }, (_, k) => ({ seconds: fromSeconds + k * 10, north, speed: 0, attributes }));
const driving = (
  fromSeconds: number,
  seconds: number,
  fromNorth: number,
  metres: number,
  attributes: Record<string, unknown> = {},
): Sample[] =>
  Array.from({ length: seconds / 10 + 1 }, (_, k) => ({
    seconds: fromSeconds + k * 10,
    north: fromNorth + (metres * k * 10) / seconds,
    speed: (metres / seconds) * KNOTS_PER_MPS,
    attributes,
  }));

/** Inserts positions as the writer does (one statement), answering them as the writer hands them on. */
async function storePositions(q: Queryable, device: { id: string; tenantId: string }, samples: Sample[]): Promise<StoredPosition[]> {
  const rows = samples.map((s) => ({
    fix_time: new Date(T0 + s.seconds * 1000).toISOString(),
    latitude: ORIGIN.latitude + s.north / METRES_PER_DEGREE,
    longitude: ORIGIN.longitude,
    speed: s.speed,
    outdated: s.outdated ?? false,
    attributes: s.attributes ?? {},
  }));
  const stored = await q.query<{
    id: number;
    fix_time: Date;
    server_time: Date;
    latitude: number;
    speed: number;
    outdated: boolean;
    attributes: Record<string, unknown>;
  }>(
    `insert into positions (device_id, tenant_id, protocol, device_time, fix_time, valid, outdated, latitude, longitude, speed, course, attributes)
     select $1, $2, 'teltonika', x.fix_time, x.fix_time, true, x.outdated, x.latitude, x.longitude, x.speed, 0, x.attributes
       from jsonb_to_recordset($3::jsonb) as x(fix_time timestamptz, latitude float8, longitude float8, speed float8, outdated boolean, attributes jsonb)
     returning id, fix_time, server_time, latitude, speed, outdated, attributes`,
    [device.id, device.tenantId, JSON.stringify(rows)],
  );
  return stored
    .map((row) => ({
      id: Number(row.id),
      deviceId: device.id,
      tenantId: device.tenantId,
      protocol: 'teltonika' as const,
      serverTime: new Date(row.server_time),
      deviceTime: new Date(row.fix_time),
      fixTime: new Date(row.fix_time),
      valid: true,
      outdated: row.outdated,
      latitude: row.latitude,
      longitude: ORIGIN.longitude,
      altitude: 0,
      speed: row.speed,
      course: 0,
      accuracy: 0,
      attributes: row.attributes,
    }))
    .sort((a, b) => a.id - b.id);
}

function fakeRealtime() {
  const sent: { tenantId: string; event: string; payload: unknown }[] = [];
  const realtime: LiveRealtime = {
    toTenantSubtree: async (tenantId, event, payload) => void sent.push({ tenantId, event, payload }),
  };
  return { realtime, sent };
}

describe(`processing at ingest (${databaseLabel})`, () => {
  let s: TestServer;
  let tenantId: string;
  const logged: string[] = [];
  const log = (msg: string) => void logged.push(msg);

  async function createDevice(name: string) {
    const uniqueId = `35${Math.floor(Math.random() * 1e13)}`;
    const row = await s.db.one<{ id: string }>(`insert into geo_devices (tenant_id, name, unique_id) values ($1, $2, $3) returning id`, [
      tenantId,
      name,
      uniqueId,
    ]);
    return { id: row!.id, tenantId, uniqueId };
  }

  async function createGeofence(name: string, fence: FenceDefinition, deviceIds: string[]) {
    const box = fenceBounds(fence);
    const row = await s.db.one<{ id: string }>(
      `insert into geofences (tenant_id, name, type, shape, geometry, radius, width, min_lat, min_lon, max_lat, max_lon)
       values ($1, $2, 'geofence', $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      [
        tenantId,
        name,
        fence.shape,
        JSON.stringify(fence.geometry),
        fence.shape === 'circle' ? fence.radius : null,
        fence.shape === 'corridor' ? fence.width : null,
        box.minLat,
        box.minLon,
        box.maxLat,
        box.maxLon,
      ],
    );
    for (const deviceId of deviceIds)
      await s.db.query(`insert into device_geofences (device_id, geofence_id) values ($1, $2)`, [deviceId, row!.id]);
    return row!.id;
  }

  /** One batch as the writer runs it: store and process in one transaction, push after commit. */
  async function ingest(processor: TrackingPositionProcessor, device: { id: string; tenantId: string }, samples: Sample[]) {
    const stored = await s.db.tx(async (q) => {
      const positions = await storePositions(q, device, samples);
      await processor.process(q, positions);
      return positions;
    });
    processor.afterCommit(stored);
    return stored;
  }

  /** Feeds samples in batches of `size`. */
  async function ingestInBatches(
    processor: TrackingPositionProcessor,
    device: { id: string; tenantId: string },
    samples: Sample[],
    size = 25,
  ) {
    const stored: StoredPosition[] = [];
    for (let i = 0; i < samples.length; i += size) stored.push(...(await ingest(processor, device, samples.slice(i, i + size))));
    return stored;
  }

  const atSeconds = (stored: StoredPosition[], seconds: number) => {
    const found = stored.find((p) => p.fixTime.getTime() === T0 + seconds * 1000);
    if (!found) throw new Error(`no position at ${seconds} s`);
    return found;
  };

  before(async () => {
    s = await startServer();
    tenantId = await s.tenantId('Meridian Tracking');
  });
  after(() => s.close());

  test('a working day: events, a trip, a stop and notifications are stored field by field, and pushed live', async () => {
    const truck = await createDevice('Truck 12');
    const depotCentre = ORIGIN.latitude + 1500 / METRES_PER_DEGREE;
    const depot = await createGeofence(
      'Depot',
      { shape: 'circle', geometry: { type: 'Point', coordinates: [ORIGIN.longitude, depotCentre] }, radius: 190 },
      [truck.id],
    );
    await s.db.query(`insert into drivers (tenant_id, name, unique_id) values ($1, 'Thabo Nkosi', 'DRV-1')`, [tenantId]);
    const { realtime, sent } = fakeRealtime();
    const processor = createPositionProcessor({ db: s.db, realtime, log, config: { livePositionIntervalMs: 0 } });

    const on = { ignition: true, driverUniqueId: 'DRV-1' };
    // Parked 400 s with the engine off; ignition on with a driver; 600 s north over 3 km (through the
    // depot, 1310-1690 m, with an alarm at 2000 m); engine off 400 s; engine on and off again north.
    const drive = driving(410, 600, 0, 3000, on);
    drive[40]!.attributes = { ...on, alarm: 'sos' };
    const samples = [
      ...parked(0, 400, 0, { ignition: false }),
      { seconds: 400, north: 0, speed: 0, attributes: on },
      ...drive,
      ...parked(1020, 400, 3000, { ignition: false, driverUniqueId: 'DRV-1' }),
      { seconds: 1420, north: 3000, speed: 0, attributes: on },
      ...driving(1430, 300, 3000, 1500, on),
    ];
    const stored = await ingestInBatches(processor, truck, samples);
    processor.close();

    const events = await s.db.query<{
      type: string;
      event_time: Date;
      position_id: number;
      geofence_id: string | null;
      attributes: Record<string, unknown>;
      tenant_id: string;
    }>(
      `select type, event_time, position_id, geofence_id, attributes, tenant_id from device_events where device_id = $1 order by event_time, type`,
      [truck.id],
    );
    const inside = (north: number) => Math.abs(north - 1500) <= 190;
    const firstInside = drive.find((p) => inside(p.north))!;
    const firstOutside = drive.find((p) => p.north > 1500 && !inside(p.north))!;
    const expected: [string, number, string | null, Record<string, unknown>][] = [
      ['driverChanged', 400, null, { driverUniqueId: 'DRV-1', driverName: 'Thabo Nkosi' }],
      ['ignitionOn', 400, null, {}],
      ['deviceMoving', 410, null, {}],
      ['geofenceEnter', firstInside.seconds, depot, {}],
      ['geofenceExit', firstOutside.seconds, depot, {}],
      ['alarm', drive[40]!.seconds, null, { alarm: 'sos' }],
      ['deviceStopped', 1020, null, {}],
      ['ignitionOff', 1020, null, {}],
      ['ignitionOn', 1420, null, {}],
      ['deviceMoving', 1430, null, {}],
    ];
    assert.deepEqual(
      events.map((e) => [e.type, (new Date(e.event_time).getTime() - T0) / 1000, e.geofence_id, e.attributes]),
      expected,
    );
    for (const event of events) {
      assert.equal(event.tenant_id, tenantId);
      assert.equal(Number(event.position_id), atSeconds(stored, (new Date(event.event_time).getTime() - T0) / 1000).id);
    }

    const trips = await s.db.query<Record<string, unknown>>(`select * from device_trips where device_id = $1`, [truck.id]);
    assert.equal(trips.length, 1, 'the second drive is still under way');
    const trip = trips[0]!;
    assert.equal(trip.tenant_id, tenantId);
    assert.deepEqual(
      [new Date(trip.start_time as string).getTime(), new Date(trip.end_time as string).getTime()],
      [T0 + 410_000, T0 + 1_020_000],
    );
    assert.deepEqual(
      [Number(trip.start_position_id), Number(trip.end_position_id)],
      [atSeconds(stored, 410).id, atSeconds(stored, 1020).id],
    );
    near(trip.start_lat as number, ORIGIN.latitude, 1e-9, 'start_lat');
    near(trip.end_lat as number, ORIGIN.latitude + 3000 / METRES_PER_DEGREE, 1e-9, 'end_lat');
    assert.deepEqual([trip.start_lon, trip.end_lon], [ORIGIN.longitude, ORIGIN.longitude]);
    near(trip.distance as number, 3000, 1, 'distance');
    near(trip.start_odometer as number, 0, 1e-9, 'start_odometer');
    near(trip.end_odometer as number, 3000, 1, 'end_odometer');
    near(trip.max_speed as number, 5 * KNOTS_PER_MPS, 1e-6, 'max_speed');
    near(trip.average_speed as number, (3000 / 610) * KNOTS_PER_MPS, 0.01, 'average_speed');
    assert.equal(Number(trip.duration), 610_000);
    assert.deepEqual([trip.driver_unique_id, trip.driver_name], ['DRV-1', 'Thabo Nkosi']);

    const stops = await s.db.query<Record<string, unknown>>(`select * from device_stops where device_id = $1 order by start_time`, [
      truck.id,
    ]);
    assert.equal(stops.length, 2);
    // The morning's parking, 410 s with the engine off; then 410 s at the drive's end, the engine on for the last 10 s.
    const [morning, noon] = stops as [Record<string, unknown>, Record<string, unknown>];
    assert.deepEqual(
      [
        new Date(morning.start_time as string).getTime() - T0,
        new Date(morning.end_time as string).getTime() - T0,
        Number(morning.duration),
        Number(morning.engine_hours),
      ],
      [0, 410_000, 410_000, 10_000],
    );
    assert.equal(Number(morning.position_id), atSeconds(stored, 0).id);
    assert.deepEqual(
      [
        new Date(noon.start_time as string).getTime() - T0,
        new Date(noon.end_time as string).getTime() - T0,
        Number(noon.duration),
        Number(noon.engine_hours),
      ],
      [1_020_000, 1_430_000, 410_000, 10_000],
    );
    assert.equal(Number(noon.position_id), atSeconds(stored, 1020).id);
    near(noon.latitude as number, ORIGIN.latitude + 3000 / METRES_PER_DEGREE, 1e-9, 'stop latitude');
    near(noon.start_odometer as number, 3000, 1, 'stop start_odometer');
    near(noon.end_odometer as number, 3000, 1, 'stop end_odometer');
    assert.equal(noon.tenant_id, tenantId);

    const notifications = await s.db.query<{
      id: string;
      tenant_id: string;
      device_id: string;
      event_id: number;
      item_type: string;
      message: string;
      message_data: Record<string, unknown>;
    }>(
      `select n.id, n.tenant_id, n.device_id, n.event_id, n.item_type, n.message, n.message_data
         from tracking_notifications n join device_events e on e.id = n.event_id
        where n.device_id = $1 order by e.event_time`,
      [truck.id],
    );
    assert.deepEqual(
      notifications.map((n) => [n.item_type, n.message, n.tenant_id]),
      [
        ['geofenceEnter', 'Truck 12 entered Depot', tenantId],
        ['geofenceExit', 'Truck 12 left Depot', tenantId],
        ['alarm', 'Truck 12: Alarm sos', tenantId],
      ],
    );
    const enter = notifications[0]!;
    assert.deepEqual(enter.message_data, {
      deviceId: truck.id,
      deviceName: 'Truck 12',
      geofenceId: depot,
      geofenceName: 'Depot',
      eventId: Number(enter.event_id),
      positionId: atSeconds(stored, firstInside.seconds).id,
      time: new Date(T0 + firstInside.seconds * 1000).toISOString(),
      icon: 'GE',
    });
    assert.deepEqual(
      [notifications[2]!.message_data.alarm, notifications[2]!.message_data.icon, notifications[2]!.message_data.geofenceId],
      ['sos', 'AL', undefined],
    );

    // Live: each notification once, as stored; positions of this tenant, never an outdated one.
    const pushed = sent.filter((m) => m.event === 'tracking:notification').map((m) => m.payload as TrackingNotification);
    assert.deepEqual(
      pushed.map((n) => [n.Id, n.message, n.tenantId, n.messageData.eventId]).sort(),
      notifications.map((n) => [n.id, n.message, n.tenant_id, Number(n.event_id)]).sort(),
    );
    const positionMessages = sent.filter((m) => m.event === 'tracking:positions');
    assert.ok(positionMessages.length > 0 && positionMessages.every((m) => m.tenantId === tenantId));
    const lastPushed = (positionMessages.at(-1)!.payload as TrackingLivePosition[]).find((p) => p.deviceId === truck.id)!;
    assert.deepEqual(lastPushed.attributes, { ignition: true, motion: true });
    assert.equal(lastPushed.fixTime, stored.at(-1)!.fixTime.toISOString());

    // The second drive is open: read from the stored state, as the trips report will.
    const open = await readOpenTripAndStop(s.db, { deviceId: truck.id, tenantId });
    assert.equal(open.stop, null);
    assert.deepEqual(
      [open.trip!.startPositionId, open.trip!.endPositionId, open.trip!.driverName],
      [atSeconds(stored, 1430).id, stored.at(-1)!.id, 'Thabo Nkosi'],
    );
    near(open.trip!.distance, 1500, 1, 'open trip distance');
    near(open.trip!.startOdometer, 3000, 1, 'open trip start odometer');
  });

  test('after a restart in the middle of a trip, the trip continues: one trip spanning both halves', async () => {
    const van = await createDevice('Van 7');
    const samples = [...driving(0, 1200, 0, 6000, { ignition: true }), ...parked(1210, 60, 6000, { ignition: false })];
    const half = samples.findIndex((sample) => sample.seconds === 600);

    const before = createPositionProcessor({ db: s.db, realtime: null, log });
    const firstHalf = await ingestInBatches(before, van, samples.slice(0, half));
    before.close();
    assert.equal((await s.db.query(`select 1 from device_trips where device_id = $1`, [van.id])).length, 0);

    const afterRestart = createPositionProcessor({ db: s.db, realtime: null, log });
    const secondHalf = await ingestInBatches(afterRestart, van, samples.slice(half));
    afterRestart.close();

    const trips = await s.db.query<{ start_position_id: number; end_position_id: number; distance: number; duration: number }>(
      `select start_position_id, end_position_id, distance, duration from device_trips where device_id = $1`,
      [van.id],
    );
    assert.equal(trips.length, 1);
    assert.deepEqual(
      [Number(trips[0]!.start_position_id), Number(trips[0]!.end_position_id)],
      [firstHalf[0]!.id, atSeconds(secondHalf, 1210).id],
    );
    near(trips[0]!.distance, 6000, 1, 'distance across the restart');
    assert.equal(Number(trips[0]!.duration), 1_210_000);
    const moving = await s.db.query(`select 1 from device_events where device_id = $1 and type = 'deviceMoving'`, [van.id]);
    assert.equal(moving.length, 1, 'the new process does not start the trip again');
  });

  test('through the position writer, a server restarted in the middle of a trip carries the trip on', async () => {
    const tanker = await createDevice('Tanker 9');
    // An hour ago, so the writer files the positions in this month's partition as it would live ones.
    const startedAt = Math.floor((Date.now() - 3_600_000) / 10_000) * 10_000;
    const decoded = (sample: Sample): DecodedPosition => ({
      uniqueId: tanker.uniqueId,
      protocol: 'teltonika',
      deviceTime: new Date(startedAt + sample.seconds * 1000),
      fixTime: new Date(startedAt + sample.seconds * 1000),
      valid: true,
      latitude: ORIGIN.latitude + sample.north / METRES_PER_DEGREE,
      longitude: ORIGIN.longitude,
      altitude: 0,
      speed: sample.speed,
      course: 0,
      accuracy: 0,
      attributes: sample.attributes ?? {},
    });
    const samples = [...driving(0, 1200, 0, 6000, { ignition: true }), ...parked(1210, 60, 6000, { ignition: false })].map(decoded);
    const half = 60;

    /** A server's ingest: its own writer and processor, nothing carried over but the database. */
    async function serverWrites(positions: DecodedPosition[]) {
      const processor = createPositionProcessor({ db: s.db, realtime: null, log });
      const writer = createPositionWriter({ db: s.db, processor, log: silentLog });
      const stored: StoredPosition[] = [];
      for (let i = 0; i < positions.length; i += 7) stored.push(...(await writer.write(positions.slice(i, i + 7))));
      await writer.close();
      processor.close();
      return stored;
    }
    const before = await serverWrites(samples.slice(0, half));
    const after = await serverWrites(samples.slice(half));

    const trips = await s.db.query<{ start_position_id: number; end_position_id: number; distance: number; start_time: Date }>(
      `select start_position_id, end_position_id, distance, start_time from device_trips where device_id = $1`,
      [tanker.id],
    );
    assert.equal(trips.length, 1);
    assert.deepEqual(
      [Number(trips[0]!.start_position_id), Number(trips[0]!.end_position_id)],
      [before[0]!.id, after.find((p) => p.speed === 0)!.id],
    );
    assert.equal(new Date(trips[0]!.start_time).getTime(), startedAt);
    near(trips[0]!.distance, 6000, 1, 'distance across the restart');
  });

  test('an outdated position is stored but raises no event and leaves the state as it was', async () => {
    const car = await createDevice('Car 3');
    const processor = createPositionProcessor({ db: s.db, realtime: null, log });
    await ingest(processor, car, parked(100, 30, 0, { ignition: false }));
    const stateBefore = await s.db.one<{ state: unknown }>(`select state from device_state where device_id = $1`, [car.id]);
    const late = await ingest(processor, car, [
      { seconds: 50, north: 500, speed: 30, attributes: { ignition: true, alarm: 'sos' }, outdated: true },
    ]);
    assert.equal((await s.db.query(`select 1 from positions where id = $1`, [late[0]!.id])).length, 1);
    assert.equal((await s.db.query(`select 1 from device_events where device_id = $1`, [car.id])).length, 0);
    assert.deepEqual(await s.db.one(`select state from device_state where device_id = $1`, [car.id]), stateBefore);
  });

  test('a batch of many devices costs the same few statements as a batch of one', async () => {
    const devices = await Promise.all(Array.from({ length: 20 }, (_, i) => createDevice(`Fleet ${i}`)));
    await createGeofence(
      'Yard',
      {
        shape: 'circle',
        geometry: { type: 'Point', coordinates: [ORIGIN.longitude, ORIGIN.latitude + 100 / METRES_PER_DEGREE] },
        radius: 150,
      },
      devices.map((d) => d.id),
    );
    const processor = createPositionProcessor({ db: s.db, realtime: null, log });
    const statements: string[] = [];
    await s.db.tx(async (q) => {
      const positions: StoredPosition[] = [];
      for (const device of devices)
        positions.push(
          ...(await storePositions(q, device, [
            ...driving(0, 200, 0, 1000, { ignition: true, alarm: 'sos' }),
            ...parked(210, 60, 1000, { ignition: false }),
          ])),
        );
      const counting: Queryable = {
        ...q,
        query: (sql, params) => (statements.push(sql), q.query(sql, params)),
        one: (sql, params) => (statements.push(sql), q.one(sql, params)),
      };
      await processor.process(counting, positions);
    });
    // States, device links, fences, the tenant's event action rules; events with notifications, the
    // demo rules' firings (zone entry, exit, alarm), trips, the states written. No stops: none closed.
    assert.equal(statements.length, 8, statements.map((sql) => sql.slice(0, 60)).join('\n'));
    const counted = await s.db.one<{ events: number; notifications: number; trips: number }>(
      `select (select count(*) from device_events where device_id = any($1::uuid[])) as events,
              (select count(*) from tracking_notifications where device_id = any($1::uuid[])) as notifications,
              (select count(*) from device_trips where device_id = any($1::uuid[])) as trips`,
      [devices.map((d) => d.id)],
    );
    // Each device: moving, alarm (once: the same alarm again is no new one), enter, exit, ignition off,
    // stopped; three of them notified; one trip.
    assert.deepEqual([Number(counted!.events), Number(counted!.notifications), Number(counted!.trips)], [120, 60, 20]);
  });

  test('a device processed meanwhile by another process fails the batch with a conflict, and the retry carries on from the stored state', async () => {
    const bus = await createDevice('Bus 4');
    const first = createPositionProcessor({ db: s.db, realtime: null, log });
    const second = createPositionProcessor({ db: s.db, realtime: null, log });
    const samples = driving(0, 900, 0, 4500, { ignition: true });
    await ingest(first, bus, samples.slice(0, 30));
    await ingest(second, bus, samples.slice(30, 60));
    const stale = samples.slice(60);
    await assert.rejects(ingest(first, bus, stale), DeviceStateConflict);
    assert.equal(
      (await s.db.query(`select 1 from positions where device_id = $1`, [bus.id])).length,
      60,
      'the failed batch was rolled back',
    );
    await ingest(first, bus, [...stale, ...parked(910, 60, 4500, { ignition: false })]);
    const trips = await s.db.query<{ distance: number }>(`select distance from device_trips where device_id = $1`, [bus.id]);
    assert.equal(trips.length, 1);
    near(trips[0]!.distance, 4500, 1, 'distance');
  });

  test('a geofence linked after the index was read counts once invalidated', async () => {
    const bike = await createDevice('Bike 1');
    const processor = createPositionProcessor({ db: s.db, realtime: null, log, config: { geofenceTtlMs: 3_600_000 } });
    await ingest(processor, bike, parked(0, 20, 0));
    const home = await createGeofence(
      'Home',
      { shape: 'circle', geometry: { type: 'Point', coordinates: [ORIGIN.longitude, ORIGIN.latitude] }, radius: 50 },
      [bike.id],
    );
    await ingest(processor, bike, parked(20, 10, 0));
    assert.equal(
      (await s.db.query(`select 1 from device_events where device_id = $1`, [bike.id])).length,
      0,
      'not read again within the TTL',
    );
    processor.invalidateGeofences([bike.id]);
    await ingest(processor, bike, parked(30, 10, 0));
    const events = await s.db.query<{ type: string; geofence_id: string }>(
      `select type, geofence_id from device_events where device_id = $1`,
      [bike.id],
    );
    assert.deepEqual(events, [{ type: 'geofenceEnter', geofence_id: home }]);
  });
});
