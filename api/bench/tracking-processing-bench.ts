/**
 * Benchmark of processing at ingest on PostgreSQL: 2,000 devices driving around a city, each linked
 * to 200 geofences (circles, polygons and corridors), one position per device per second, stored and
 * processed in batches as the writer does (one insert of the batch's positions, then `process` in the
 * same transaction). Prints positions per second sustained, and p50/p99 of a batch's store-and-process
 * time and of `process` alone. Options: BENCH_SECONDS (15), BENCH_DEVICES (2000), BENCH_FENCES (200),
 * BENCH_BATCH (500), BENCH_LINKS (fences per device, 200).
 *
 *   tsx bench/tracking-processing-bench.ts
 */
import { fenceBounds, type FenceDefinition } from '@meridian/shared/geo-fence';
import { openDatabase, type Database, type Queryable } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import type { StoredPosition } from '../src/tracking/position';
import { createPositionProcessor } from '../src/tracking/processing/position-processor';
import { postgresTransport, scratchPostgres, SECONDS, writeResults } from './bench-kit';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 2_000);
const FENCES = Number(process.env.BENCH_FENCES ?? 200);
const LINKS = Math.min(FENCES, Number(process.env.BENCH_LINKS ?? FENCES));
const BATCH = Number(process.env.BENCH_BATCH ?? 500);
const CENTRE = { lat: -26.2, lon: 28.04 };
const METRES_PER_DEGREE = 111_194.93;

/** A fence every ~500 m on a 14 x 14 grid around the centre, of all three shapes. */
function fence(i: number): FenceDefinition {
  const lat = CENTRE.lat + (Math.floor(i / 14) - 7) * 0.005;
  const lon = CENTRE.lon + ((i % 14) - 7) * 0.005;
  if (i % 3 === 0) return { shape: 'circle', geometry: { type: 'Point', coordinates: [lon, lat] }, radius: 150 };
  if (i % 3 === 1) {
    const ring = Array.from({ length: 12 }, (_, k) => {
      const angle = (k / 12) * 2 * Math.PI;
      return [lon + 0.0015 * Math.cos(angle), lat + 0.0012 * Math.sin(angle)];
    });
    return { shape: 'polygon', geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] } };
  }
  return {
    shape: 'corridor',
    geometry: {
      type: 'LineString',
      coordinates: [
        [lon - 0.002, lat],
        [lon, lat + 0.001],
        [lon + 0.002, lat],
      ],
    },
    width: 40,
  };
}

async function prepare(db: Database) {
  await migrate(db);
  const tenant = await db.one<{ id: string }>(`insert into tenants (name, type, path) values ('Bench fleet', 1, '/') returning id`);
  const tenantId = tenant!.id;
  await db.query(`update tenants set path = '/' || id || '/' where id = $1`, [tenantId]);
  const devices = await db.query<{ id: string }>(
    `insert into geo_devices (tenant_id, name, unique_id)
     select $1, 'Vehicle ' || n, 'BENCH' || n from generate_series(1, $2::int) n returning id`,
    [tenantId, DEVICES],
  );
  const fences = Array.from({ length: FENCES }, (_, i) => ({ ord: i + 1, ...fence(i), ...fenceBounds(fence(i)) }));
  const fenceIds = await db.query<{ id: string }>(
    `insert into geofences (tenant_id, name, type, shape, geometry, radius, width, min_lat, min_lon, max_lat, max_lon)
     select $1, 'Fence ' || f.ord, 'geofence', f.shape, f.geometry, f.radius, f.width, f."minLat", f."minLon", f."maxLat", f."maxLon"
       from jsonb_to_recordset($2::jsonb) as f(ord int, shape text, geometry jsonb, radius float8, width float8,
            "minLat" float8, "minLon" float8, "maxLat" float8, "maxLon" float8)
     returning id`,
    [tenantId, JSON.stringify(fences)],
  );
  await db.query(
    `insert into device_geofences (device_id, geofence_id)
     select d, f from unnest($1::uuid[]) d cross join lateral (select unnest($2::uuid[]) f limit $3) x`,
    [devices.map((d) => d.id), fenceIds.map((f) => f.id), LINKS],
  );
  return { tenantId, deviceIds: devices.map((d) => d.id) };
}

/** Each device drives a circle of its own around the centre at about 36 km/h, stopping a minute every ten. */
function sampleOf(device: number, second: number) {
  const radius = 500 + (device % 40) * 60;
  const phase = (device * 2.399) % (2 * Math.PI);
  const cycle = second % 600;
  const drivingSeconds = cycle < 540 ? cycle : 540;
  const travelled = Math.floor(second / 600) * 540 + drivingSeconds;
  const angle = phase + (travelled * 10) / radius;
  return {
    latitude: CENTRE.lat + (radius * Math.sin(angle)) / METRES_PER_DEGREE,
    longitude: CENTRE.lon + (radius * Math.cos(angle)) / (METRES_PER_DEGREE * Math.cos((CENTRE.lat * Math.PI) / 180)),
    speed: cycle < 540 ? 19.4 : 0,
    attributes: { ignition: cycle < 540 || cycle > 580, sat: 9 },
  };
}

interface BenchRow {
  deviceId: string;
  time: Date;
  sample: ReturnType<typeof sampleOf>;
}

async function storeBatch(q: Queryable, tenantId: string, rows: BenchRow[]) {
  const stored = await q.query<{ id: number; device_id: string; fix_time: Date; server_time: Date }>(
    `insert into positions (device_id, tenant_id, protocol, device_time, fix_time, latitude, longitude, speed, course, attributes)
     select x.device_id, $1, 'teltonika', x.fix_time, x.fix_time, x.latitude, x.longitude, x.speed, 0, x.attributes
       from jsonb_to_recordset($2::jsonb) as x(device_id uuid, fix_time timestamptz, latitude float8, longitude float8, speed float8, attributes jsonb)
     returning id, device_id, fix_time, server_time`,
    [
      tenantId,
      JSON.stringify(
        rows.map((r) => ({
          device_id: r.deviceId,
          fix_time: r.time,
          latitude: r.sample.latitude,
          longitude: r.sample.longitude,
          speed: r.sample.speed,
          attributes: r.sample.attributes,
        })),
      ),
    ],
  );
  return stored.map((row, i): StoredPosition => ({
    id: Number(row.id),
    deviceId: row.device_id,
    tenantId,
    protocol: 'teltonika',
    serverTime: row.server_time,
    deviceTime: rows[i]!.time,
    fixTime: rows[i]!.time,
    valid: true,
    outdated: false,
    latitude: rows[i]!.sample.latitude,
    longitude: rows[i]!.sample.longitude,
    altitude: 0,
    speed: rows[i]!.sample.speed,
    course: 0,
    accuracy: 0,
    attributes: rows[i]!.sample.attributes,
  }));
}

const statementMs = new Map<string, number[]>();
/** BENCH_TRACE=1: the time of each kind of statement `process` runs, by its first words. */
function traced(q: Queryable): Queryable {
  const timed =
    <T>(run: (sql: string, params?: unknown[]) => Promise<T>) =>
    async (sql: string, params?: unknown[]) => {
      const began = performance.now();
      try {
        return await run(sql, params);
      } finally {
        const key = sql.replace(/\s+/g, ' ').trim().slice(0, 40);
        statementMs.set(key, [...(statementMs.get(key) ?? []), performance.now() - began]);
      }
    };
  return { ...q, query: timed(q.query.bind(q)) as Queryable['query'], one: timed(q.one.bind(q)) as Queryable['one'] };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  const url = await scratchPostgres('meridian_bench_tracking');
  if (!url) return;
  const db = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 2 });
  try {
    console.log(
      `Processing at ingest on PostgreSQL (${postgresTransport(url)}): ${DEVICES} devices, ${FENCES} geofences, ${LINKS} linked to each, batches of ${BATCH}`,
    );
    const { tenantId, deviceIds } = await prepare(db);
    let notices = 0;
    const processor = createPositionProcessor({ db, realtime: null, log: () => void notices++ });
    const batchMs: number[] = [];
    const processMs: number[] = [];
    let positions = 0;
    let second = 0;
    let next = 0;
    const start = Date.now();
    while (Date.now() - start < SECONDS * 1000) {
      const rows: BenchRow[] = [];
      for (let i = 0; i < BATCH; i++) {
        rows.push({ deviceId: deviceIds[next]!, time: new Date(Date.UTC(2026, 2, 2, 6) + second * 1000), sample: sampleOf(next, second) });
        if (++next === deviceIds.length) {
          next = 0;
          second++;
        }
      }
      const began = performance.now();
      const stored = await db.tx(async (q) => {
        const batch = await storeBatch(q, tenantId, rows);
        const processing = performance.now();
        await processor.process(process.env.BENCH_TRACE ? traced(q) : q, batch);
        processMs.push(performance.now() - processing);
        return batch;
      });
      processor.afterCommit(stored);
      batchMs.push(performance.now() - began);
      positions += rows.length;
    }
    const elapsed = (Date.now() - start) / 1000;
    const counts = await db.one<{ events: number; trips: number; stops: number; notifications: number }>(
      `select (select count(*) from device_events) events, (select count(*) from device_trips) trips,
              (select count(*) from device_stops) stops, (select count(*) from tracking_notifications) notifications`,
    );
    const figures = {
      devices: DEVICES,
      fences: FENCES,
      linksPerDevice: LINKS,
      batch: BATCH,
      simulatedSeconds: second,
      positionsPerSecond: Math.round(positions / elapsed),
      batchP50Ms: Number(percentile(batchMs, 50).toFixed(1)),
      batchP99Ms: Number(percentile(batchMs, 99).toFixed(1)),
      processP50Ms: Number(percentile(processMs, 50).toFixed(1)),
      processP99Ms: Number(percentile(processMs, 99).toFixed(1)),
      processShare: Number((processMs.reduce((a, b) => a + b, 0) / batchMs.reduce((a, b) => a + b, 0)).toFixed(2)),
      ...counts,
      logged: notices,
    };
    console.table(figures);
    if (statementMs.size)
      console.table(
        Object.fromEntries(
          [...statementMs].map(([sql, ms]) => [
            sql,
            {
              count: ms.length,
              p50: percentile(ms, 50).toFixed(1),
              p99: percentile(ms, 99).toFixed(1),
              total: Math.round(ms.reduce((a, b) => a + b, 0)),
            },
          ]),
        ),
      );
    writeResults('tracking-processing.json', figures);
    processor.close();
  } finally {
    await db.close();
  }
}

await main();
