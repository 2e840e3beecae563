/**
 * Benchmark of tracking ingest on PostgreSQL (issue 18): the device servers with the real writer and
 * processor, 2,000 Teltonika trackers connected from a load generator in its own process on the same
 * machine (bench/ingest-load.ts), 200 geofences linked to every device. Prints the sustained
 * positions acknowledged per second (a record counts once the server has stored and processed it
 * and said so) and the acknowledgement latency p50/p99, with one record per packet (a tracker
 * reporting live) and with five (a tracker sending what it buffered).
 * Options: BENCH_SECONDS (15), BENCH_DEVICES (2000), BENCH_FENCES (200).
 *
 *   tsx bench/tracking-ingest-bench.ts
 */
import { spawn } from 'node:child_process';
import { openDatabase } from '../src/db/database';
import { startDeviceServers } from '../src/tracking/device-servers';
import { createPositionProcessor } from '../src/tracking/processing/position-processor';
import { prepareFleet } from './bench-fleet';
import { apiRoot, postgresTransport, scratchPostgres, SECONDS, writeResults } from './bench-kit';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 2_000);
const FENCES = Number(process.env.BENCH_FENCES ?? 200);

interface LoadFigures {
  positionsPerSecond: number;
  p50: number;
  p99: number;
  packets: number;
}

function runLoad(teltonikaPort: number, records: number, clockStart: number): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/ingest-load.ts'], {
      cwd: apiRoot,
      env: {
        ...process.env,
        TELTONIKA_PORT: String(teltonikaPort),
        DEVICES: String(DEVICES),
        RECORDS: String(records),
        SECONDS: String(SECONDS),
        CLOCK_START: String(clockStart),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`load generator exited ${code}`)),
    );
  });
}

const url = await scratchPostgres('meridian_ingest_bench');
if (!url) {
  console.log('No PostgreSQL answers: the ingest benchmark runs on PostgreSQL only.');
  process.exit(0);
}
const db = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 4 });
console.log(
  `Meridian tracking ingest benchmark: ${DEVICES.toLocaleString()} Teltonika trackers, ${FENCES} geofences linked to each, PostgreSQL through its ${postgresTransport(url)}, ${SECONDS} s per scenario`,
);
await prepareFleet(db, { devices: DEVICES, fences: FENCES, links: FENCES });
const processor = createPositionProcessor({ db, realtime: null, log: () => undefined });
const servers = await startDeviceServers({
  db,
  config: { host: '127.0.0.1', osmandPort: 0, teltonikaPort: 0, deviceTimeoutSeconds: 600 },
  processor,
  log: { info: () => undefined, warn: console.warn, error: console.error },
});
const results: Record<string, LoadFigures> = {};
try {
  // Each scenario's clock starts an hour after the last one's began, so no position arrives out of order.
  let clock = Date.now() - 12 * 3_600_000;
  for (const records of [1, 5]) {
    const figures = await runLoad(servers.teltonikaPort, records, clock);
    clock += 3_600_000;
    const label = `${records} record${records > 1 ? 's' : ''} per packet`;
    results[label] = figures;
    console.log(
      `  ${label}: ${figures.positionsPerSecond.toLocaleString()} positions/s acknowledged; acknowledgement p50 ${figures.p50} ms, p99 ${figures.p99} ms (${figures.packets.toLocaleString()} packets)`,
    );
  }
  const stored = await db.one<{ positions: number; events: number; notifications: number; trips: number }>(
    `select (select count(*) from positions)::int as positions, (select count(*) from device_events)::int as events,
       (select count(*) from tracking_notifications)::int as notifications, (select count(*) from device_trips)::int as trips`,
  );
  console.log(
    `  stored: ${stored!.positions.toLocaleString()} positions, ${stored!.events.toLocaleString()} events, ${stored!.notifications.toLocaleString()} notifications, ${stored!.trips.toLocaleString()} trips`,
  );
  writeResults('tracking-ingest.json', { devices: DEVICES, fences: FENCES, seconds: SECONDS, results, stored });
} finally {
  await servers.close();
  processor.close();
  await db.close();
}
