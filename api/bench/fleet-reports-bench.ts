/**
 * Benchmark of the fleet reports on PostgreSQL (issue 19 item 8): a 500-asset fleet (each asset with
 * its own Primary tracker, fitted before the month) with a month of trips and stops, inserted in bulk
 * as processing would have stored them (12 trips and 12 stops per vehicle a day, the stops spread over
 * 300 places, a third with the engine running). Positions are not needed: these reports never read them.
 * Then the real server runs as its own process and autocannon asks for the month's hotspots and stops,
 * for the whole fleet and for one asset. Prints p50/p99.
 * Options: BENCH_SECONDS (15), BENCH_DAYS (30), BENCH_ASSETS (500), BENCH_REUSE=1 (keep the prepared database).
 *
 *   tsx bench/fleet-reports-bench.ts
 */
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedReferenceData } from '../src/seed/reference-data';
import { seedDemoData } from '../src/seed/demo-data';
import { DEMO_TRACKING_DEVICES } from '../src/seed/demo-tracking';
import { measure, postgresTransport, printFigures, scratchPostgres, signedInHeaders, startServer, writeResults } from './bench-kit';

const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const ASSETS = Number(process.env.BENCH_ASSETS ?? 500);
const PER_DAY = 12;
const DAY_MS = 86_400_000;

/** Midnight UTC, DAYS days before today: the month ends yesterday. */
const monthStart = () => Math.floor(Date.now() / DAY_MS) * DAY_MS - DAYS * DAY_MS;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function prepare(db: Database) {
  await migrate(db);
  await seedReferenceData(db);
  await seedDemoData(db);
  const prepared = await db.one<{ n: number }>(`select count(*)::int as n from assets where registration_number like 'BN %'`);
  if (prepared!.n >= ASSETS) return;
  const started = Date.now();
  // The fleet belongs to the tracking demo's company, whose company admin asks for the reports.
  const tenant = (await db.one<{ tenant_id: string }>(`select tenant_id from geo_devices where unique_id = $1`, [
    DEMO_TRACKING_DEVICES[0]!.uniqueId,
  ]))!.tenant_id;
  const fitted = new Date(monthStart() - 30 * DAY_MS);
  await db.tx(async (q) => {
    await q.query(
      `insert into geo_devices (tenant_id, name, unique_id) select $1, 'Bench unit ' || g, 'bench-' || lpad(g::text, 6, '0') from generate_series(1, $2) g`,
      [tenant, ASSETS],
    );
    await q.query(
      `insert into assets (tenant_id, registration_number, make) select $1, 'BN ' || lpad(g::text, 6, '0'), 'Bench Truck' from generate_series(1, $2) g`,
      [tenant, ASSETS],
    );
    await q.query(
      `with pairs as (select a.id as asset_id, d.id as device_id from assets a join geo_devices d on d.unique_id = 'bench-' || substr(a.registration_number, 4)
         where a.registration_number like 'BN %')
       , linked as (insert into asset_devices (asset_id, device_id, device_type_id) select asset_id, device_id, 1 from pairs returning asset_id, device_id)
       insert into asset_device_history (tenant_id, device_id, asset_id, device_type_id, linked_at) select $1, device_id, asset_id, 1, $2 from linked`,
      [tenant, fitted],
    );
    // Trip k of a day starts at 06:00 + k hours and drives 30 minutes; the stop after it lasts 30 minutes.
    const rows = `from geo_devices d cross join generate_series(0, $2 - 1) as dd cross join generate_series(0, $3 - 1) as k,
      lateral (select $1::timestamptz + dd * interval '1 day' + interval '6 hours' + k * interval '1 hour' as t0,
        (abs(hashtext(d.id::text)) + dd * 7 + k * 13) % 300 as place) x
      where d.unique_id like 'bench-%'`;
    const from = new Date(monthStart());
    await q.query(
      `insert into device_trips (device_id, tenant_id, start_time, end_time, start_lat, start_lon, end_lat, end_lon, distance, average_speed, max_speed, duration)
       select d.id, d.tenant_id, x.t0, x.t0 + interval '30 minutes', -29.9, 30.9, -29.9 + (x.place / 20) * 0.01, 30.9 + (x.place % 20) * 0.01,
         8000 + k * 100, 20, 45, 1800000 ${rows}`,
      [from, DAYS, PER_DAY],
    );
    await q.query(
      `insert into device_stops (device_id, tenant_id, start_time, end_time, latitude, longitude, address, duration, engine_hours)
       select d.id, d.tenant_id, x.t0 + interval '30 minutes', x.t0 + interval '1 hour', -29.9 + (x.place / 20) * 0.01 + random() * 0.0005,
         30.9 + (x.place % 20) * 0.01 + random() * 0.0005, 'Place ' || x.place, 1800000, case when k % 3 = 0 then 300000 else 0 end ${rows}`,
      [from, DAYS, PER_DAY],
    );
  });
  for (const table of ['geo_devices', 'assets', 'asset_devices', 'asset_device_history', 'device_trips', 'device_stops'])
    await db.exec(`vacuum analyze ${table}`);
  console.log(`  prepared ${ASSETS} assets with ${DAYS} days of trips and stops in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const url = await scratchPostgres('meridian_fleet_reports_bench');
if (!url) {
  console.log('No PostgreSQL answers: the fleet reports benchmark runs on PostgreSQL only.');
  process.exit(0);
}
console.log(
  `Meridian fleet reports benchmark: ${ASSETS} assets, ${DAYS} days of trips and stops, PostgreSQL through its ${postgresTransport(url)}`,
);
const db = await openDatabase({ databaseUrl: url, dataDir: null });
await prepare(db);
const counts = (await db.one<{ trips: number; stops: number; asset: string }>(
  `select (select count(*) from device_trips)::int as trips, (select count(*) from device_stops)::int as stops,
     (select id from assets where registration_number = 'BN 000250') as asset`,
))!;
await db.close();
console.log(`  ${counts.trips.toLocaleString()} trips, ${counts.stops.toLocaleString()} stops`);

const { base, stop } = await startServer({ DATABASE_URL: url, PG_POOL_SIZE: process.env.PG_POOL_SIZE ?? '4' });
try {
  const headers = await signedInHeaders(base, 'company admin');
  const from = monthStart();
  const month = `fromDate=${day(from)}&toDate=${day(from + (DAYS - 1) * DAY_MS)}`;
  const one = `${month}&assetId=${counts.asset}`;
  const reports = `${base}/api/geo/asset/reports`;
  const hotspots = (await (await fetch(`${reports}/hotspots?${month}`, { headers })).json()) as { data: { hotspots: unknown[] } };
  const stops = (await (await fetch(`${reports}/stops?${month}`, { headers })).json()) as { meta: { paging: { total: number } } };
  console.log(`  the month's hotspots: ${hotspots.data.hotspots.length} places; stops: ${stops.meta.paging.total.toLocaleString()}`);
  const figures = [
    await measure('fleet hotspots, a month (1 connection)', { url: `${reports}/hotspots?${month}`, connections: 1, headers }),
    await measure('fleet hotspots, a month (10 connections)', { url: `${reports}/hotspots?${month}`, connections: 10, headers }),
    await measure("one asset's hotspots, a month (1 connection)", { url: `${reports}/hotspots?${one}`, connections: 1, headers }),
    await measure("one asset's hotspots, a month (10 connections)", { url: `${reports}/hotspots?${one}`, connections: 10, headers }),
    await measure('fleet stops, a month, first page (1 connection)', { url: `${reports}/stops?${month}`, connections: 1, headers }),
    await measure('fleet stops, a month, first page (10 connections)', { url: `${reports}/stops?${month}`, connections: 10, headers }),
    await measure("one asset's stops, a month (1 connection)", { url: `${reports}/stops?${one}`, connections: 1, headers }),
    await measure("one asset's stops, a month (10 connections)", { url: `${reports}/stops?${one}`, connections: 10, headers }),
  ];
  printFigures(figures);
  writeResults('fleet-reports.json', { assets: ASSETS, days: DAYS, ...counts, figures });
} finally {
  await stop();
}
