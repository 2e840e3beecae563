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
import { openDatabase, type Queryable } from '../src/db/database';
import type { StoredPosition } from '../src/tracking/position';
import { createPositionProcessor } from '../src/tracking/processing/position-processor';
import { prepareFleet, sampleOf } from './bench-fleet';
import { postgresTransport, scratchPostgres, SECONDS, writeResults } from './bench-kit';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 2_000);
const FENCES = Number(process.env.BENCH_FENCES ?? 200);
const LINKS = Math.min(FENCES, Number(process.env.BENCH_LINKS ?? FENCES));
const BATCH = Number(process.env.BENCH_BATCH ?? 500);
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
    const { tenantId, deviceIds } = await prepareFleet(db, { devices: DEVICES, fences: FENCES, links: LINKS });
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
