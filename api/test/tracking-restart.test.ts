import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { distanceMeters } from '@meridian/shared/geo';
import { buildApp, type BuiltApp } from '../src/app';
import { DEMO_TRACKING_DEVICES } from '../src/seed/demo-tracking';
import { databaseLabel, startServer, type TestServer } from './support/harness';
import { deviceIdOf } from './support/tracking-rows';

const PHONE = DEMO_TRACKING_DEVICES.find((d) => d.protocol === 'osmand')!;
const STEP_S = 10;
/** 30 km/h east along a latitude: 83.3 m every 10 s. */
const KNOTS = 30 / 1.852;
const METRES_PER_STEP = (30_000 / 3600) * STEP_S;

/**
 * A drive of 12 minutes reported every 10 s, then 6 minutes parked with the ignition off. The server
 * is stopped and started again (a new process's state: nothing in memory) halfway through the drive.
 */
describe(`a server restarted in the middle of a trip (${databaseLabel})`, () => {
  let s: TestServer;
  let deviceId: string;
  const start = Math.floor(Date.now() / 1000) - 3 * 3600;
  const origin = { lat: -29.85, lng: 31.0 };
  const lngStep = METRES_PER_STEP / (111_194.93 * Math.cos((origin.lat * Math.PI) / 180));

  const report = (i: number, moving: boolean) =>
    new URLSearchParams({
      id: PHONE.uniqueId,
      timestamp: String(start + i * STEP_S),
      lat: origin.lat.toFixed(6),
      lon: (origin.lng + Math.min(i, 72) * lngStep).toFixed(6),
      speed: moving ? KNOTS.toFixed(2) : '0',
      ignition: String(moving),
    });

  async function drive(server: BuiltApp, from: number, to: number, moving: (i: number) => boolean) {
    for (let i = from; i < to; i += 1) {
      const answer = await fetch(`http://127.0.0.1:${server.deviceServers!.osmandPort}/?${report(i, moving(i))}`, { method: 'POST' });
      assert.equal(answer.status, 200, `report ${i}`);
    }
  }

  /** The server as `npm start` runs it on this database: API, device listeners and processing, state from the database only. */
  async function startProduct() {
    const built = await buildApp({ ...s.config, deviceServers: true, simulator: false }, { db: s.db, logger: false });
    await built.listen();
    return built;
  }

  before(async () => {
    s = await startServer({ deviceServers: false });
    deviceId = await deviceIdOf(s.db, PHONE.uniqueId);
  });
  after(() => s.close());

  test('the trip under way when the server stopped continues after it starts again, as one trip', async () => {
    const first = await startProduct();
    await drive(first, 0, 36, () => true);
    await first.close();
    const tripsBefore = await s.db.query(`select id from device_trips where device_id = $1`, [deviceId]);
    assert.equal(tripsBefore.length, 0, 'the trip is still under way when the server stops');

    const second = await startProduct();
    try {
      // The rest of the drive (minutes 6 to 12), then parked long enough to end the trip.
      await drive(second, 36, 72 + 36, (i) => i < 72);
    } finally {
      await second.close();
    }
    const trips = await s.db.query<{ start_time: Date; end_time: Date; distance: number; start_lon: number; end_lon: number }>(
      `select start_time, end_time, distance, start_lon, end_lon from device_trips where device_id = $1 order by start_time`,
      [deviceId],
    );
    assert.equal(trips.length, 1, `one trip, not ${trips.length}`);
    const [trip] = trips;
    assert.equal(trip!.start_time.getTime(), start * 1000, 'it starts at the first report, before the restart');
    assert.ok(Math.abs(trip!.end_time.getTime() - (start + 71 * STEP_S) * 1000) <= STEP_S * 1000, 'it ends where the vehicle parked');
    const driven = distanceMeters({ lat: origin.lat, lng: origin.lng }, { lat: origin.lat, lng: origin.lng + 71 * lngStep });
    assert.ok(
      Math.abs(trip!.distance - driven) < 100,
      `its distance ${trip!.distance.toFixed(0)} m is the whole drive's ${driven.toFixed(0)} m`,
    );
    const stops = await s.db.query(`select id from device_stops where device_id = $1`, [deviceId]);
    assert.ok(stops.length <= 1);
  });
});
