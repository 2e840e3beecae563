/**
 * Benchmark of a device's trips over a month on PostgreSQL (issue 18): one demo vehicle reporting
 * every 10 s for 30 days (259,200 positions) along its demo route (out, park, back, park: about 34
 * trips a day), stored and processed by the real position writer and processor, so its trips and
 * stops are the rows ingest makes. Then the real server runs as its own process and autocannon asks
 * for the month's trips, a week's, and the month's stops. Prints p50/p99.
 * Options: BENCH_SECONDS (15), BENCH_DAYS (30), BENCH_REUSE=1 (keep the prepared database).
 *
 *   tsx bench/device-trips-bench.ts
 */
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedReferenceData } from '../src/seed/reference-data';
import { seedDemoData } from '../src/seed/demo-data';
import { DEMO_TRACKING_DEVICES } from '../src/seed/demo-tracking';
import { createPositionWriter } from '../src/tracking/ingest/position-writer';
import { createPositionProcessor } from '../src/tracking/processing/position-processor';
import type { DecodedPosition } from '../src/tracking/position';
import { scheduleOf } from '../src/tracking/simulator/simulator';
import { vehicleAt } from '../src/tracking/simulator/vehicle-motion';
import { measure, postgresTransport, printFigures, scratchPostgres, signedInHeaders, startServer, writeResults } from './bench-kit';

const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const STEP_MS = 10_000;
const BATCH = 1_000;
const DAY_MS = 86_400_000;
const VEHICLE = DEMO_TRACKING_DEVICES[0]!;

/** Midnight UTC, DAYS days before today: the month ends yesterday, so no open trip is cut by "now". */
const monthStart = () => Math.floor(Date.now() / DAY_MS) * DAY_MS - DAYS * DAY_MS;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function prepare(db: Database) {
  await migrate(db);
  await seedReferenceData(db);
  await seedDemoData(db);
  const device = (await db.one<{ id: string; positions: number }>(
    `select d.id, (select count(*) from positions p where p.device_id = d.id)::int as positions from geo_devices d where d.unique_id = $1 and d.deleted_at is null`,
    [VEHICLE.uniqueId],
  ))!;
  const wanted = (DAYS * DAY_MS) / STEP_MS;
  if (device.positions >= wanted) return device.id;
  const started = Date.now();
  const processor = createPositionProcessor({ realtime: null, log: console.warn });
  const writer = createPositionWriter({ db, processor, log: { info: () => {}, warn: console.warn, error: console.error } });
  const schedule = scheduleOf(0);
  const from = monthStart();
  for (let at = from; at < from + DAYS * DAY_MS; at += STEP_MS * BATCH) {
    const batch: DecodedPosition[] = [];
    for (let t = at; t < Math.min(at + STEP_MS * BATCH, from + DAYS * DAY_MS); t += STEP_MS) {
      const fix = vehicleAt(schedule, t);
      batch.push({
        uniqueId: VEHICLE.uniqueId,
        protocol: 'teltonika',
        deviceTime: new Date(t),
        fixTime: new Date(t),
        valid: true,
        latitude: fix.latitude,
        longitude: fix.longitude,
        altitude: 30,
        speed: fix.speed,
        course: fix.course,
        accuracy: 0,
        attributes: { ignition: fix.ignition, motion: fix.moving, sat: 11 },
      });
    }
    await writer.write(batch);
  }
  await writer.close();
  processor.close();
  for (const table of ['positions', 'device_trips', 'device_stops']) await db.exec(`vacuum analyze ${table}`);
  console.log(`  prepared ${wanted.toLocaleString()} positions of one vehicle in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return device.id;
}

const url = await scratchPostgres('meridian_trips_bench');
if (!url) {
  console.log('No PostgreSQL answers: the trips benchmark runs on PostgreSQL only.');
  process.exit(0);
}
console.log(
  `Meridian device trips benchmark: one vehicle, ${DAYS} days of 10 s positions, PostgreSQL through its ${postgresTransport(url)}`,
);
const db = await openDatabase({ databaseUrl: url, dataDir: null });
const deviceId = await prepare(db);
const counts = (await db.one<{ trips: number; stops: number; positions: number }>(
  `select (select count(*) from device_trips where device_id = $1)::int as trips, (select count(*) from device_stops where device_id = $1)::int as stops,
     (select count(*) from positions where device_id = $1)::int as positions`,
  [deviceId],
))!;
await db.close();
console.log(
  `  ${counts.positions.toLocaleString()} positions, ${counts.trips.toLocaleString()} trips, ${counts.stops.toLocaleString()} stops`,
);

const { base, stop } = await startServer({ DATABASE_URL: url, PG_POOL_SIZE: process.env.PG_POOL_SIZE ?? '4' });
try {
  const headers = await signedInHeaders(base, 'company admin');
  const from = monthStart();
  const month = `deviceId=${deviceId}&fromDate=${day(from)}&toDate=${day(from + (DAYS - 1) * DAY_MS)}`;
  const week = `deviceId=${deviceId}&fromDate=${day(from + 7 * DAY_MS)}&toDate=${day(from + 13 * DAY_MS)}`;
  const sample = (await (await fetch(`${base}/api/geo/device/trip/details?${month}`, { headers })).json()) as {
    data: { trips: unknown[] };
  };
  console.log(`  trips answered for the month: ${sample.data.trips.length.toLocaleString()}`);
  const figures = [
    await measure("a month's trips (1 connection)", { url: `${base}/api/geo/device/trip/details?${month}`, connections: 1, headers }),
    await measure("a month's trips (10 connections)", { url: `${base}/api/geo/device/trip/details?${month}`, connections: 10, headers }),
    await measure("a week's trips (10 connections)", { url: `${base}/api/geo/device/trip/details?${week}`, connections: 10, headers }),
    await measure("a month's stops (10 connections)", { url: `${base}/api/geo/device/trip/stops?${month}`, connections: 10, headers }),
  ];
  printFigures(figures);
  writeResults('device-trips.json', { days: DAYS, ...counts, figures });
} finally {
  await stop();
}
