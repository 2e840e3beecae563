/**
 * Benchmark of the API platform: sign-in, and a paged, searched user list over 100,000 users, on
 * embedded PGlite and on PostgreSQL (when a server answers at DATABASE_URL). The data is prepared
 * first; then the real server runs as its own process and autocannon drives it over HTTP.
 * Prints requests per second and p50/p99 latency. Options: BENCH_USERS, BENCH_SECONDS, BENCH_DB=pglite|postgres.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedReferenceData } from '../src/seed/reference-data';
import { seedVolumeUsers } from '../src/seed/volume-users';
import type autocannon from 'autocannon';
import {
  measure,
  pagedTotal,
  postgresTransport,
  printFigures,
  scratchPostgres,
  SECONDS,
  signedInHeaders,
  startServer,
  writeResults,
  type Figure,
} from './bench-kit';
import { DEMO_PASSWORD, demoEmail, seedDemoData } from '../src/seed/demo-data';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);

async function prepare(db: Database) {
  await migrate(db);
  await seedReferenceData(db);
  await seedDemoData(db);
  const started = Date.now();
  const added = await seedVolumeUsers(db, USERS);
  if (added) console.log(`  prepared ${added.toLocaleString()} users in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function benchOne(label: string, env: Record<string, string>) {
  console.log(`\n${label}`);
  const { base, stop } = await startServer(env);
  try {
    const headers = await signedInHeaders(base, 'global administrator');
    const total = await pagedTotal(await fetch(`${base}/api/users?size=1`, { headers }));
    console.log(`  users visible to the global administrator: ${total.toLocaleString()}`);
    let n = 0;
    const count = async (search: string) =>
      pagedTotal(await fetch(`${base}/api/users?size=1&search=${encodeURIComponent(search)}`, { headers }));
    const surnames = ['Nkosi', 'Mathe', 'Dlamini', 'Khumalo', 'Pillay', 'Steyn'].map((x) => x.toUpperCase());
    const fullNames = ['THABO NKOSI', 'LERATO MATHE', 'PRIYA DLAMINI', 'JOHN KHUMALO'];
    const matches = async (terms: string[]) => Math.round((await Promise.all(terms.map(count))).reduce((a, b) => a + b, 0) / terms.length);
    console.log(
      `  users matched on average: surname ${await matches(surnames)}, full name ${await matches(fullNames)}, first name ${await matches(['THABO', 'GRACE'])}`,
    );
    const searched = (terms: string[]) => [
      {
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          path: `/api/users?page=${1 + (n % 3)}&size=20&sortField=lastName&sortOrder=ASC&search=${encodeURIComponent(terms[n++ % terms.length]!)}`,
        }),
      },
    ];
    const figures = [
      await measure('login (argon2id)', {
        url: `${base}/api/auth/login`,
        connections: 10,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demoEmail('branch manager'), password: DEMO_PASSWORD }),
      }),
      await measure('users: paged, default sort, no search', {
        url: base,
        connections: 50,
        headers,
        requests: [{ setupRequest: (req) => ({ ...req, path: `/api/users?page=${1 + (n++ % 10)}&size=20` }) }],
      }),
      await measure('users: paged, searched by surname', { url: base, connections: 50, headers, requests: searched(surnames) }),
      await measure('users: paged, searched by full name', { url: base, connections: 50, headers, requests: searched(fullNames) }),
      await measure('users: paged, searched by first name (broad)', {
        url: base,
        connections: 50,
        headers,
        requests: searched(['THABO', 'GRACE']),
      }),
    ];
    printFigures(figures);
    return figures;
  } finally {
    await stop();
  }
}

console.log(
  `Meridian API benchmark: ${USERS.toLocaleString()} users, ${SECONDS} s per scenario, ${os.cpus().length} cores, Node ${process.version}`,
);
const only = process.env.BENCH_DB;
const results: Record<string, Figure[]> = {};

if (!only || only === 'pglite') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bench-'));
  const db = await openDatabase({ databaseUrl: null, dataDir });
  console.log('\nPreparing PGlite');
  await prepare(db);
  await db.close();
  results.pglite = await benchOne('PGlite (embedded, DATA_DIR)', { DATA_DIR: dataDir, DATABASE_URL: '' });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (!only || only === 'postgres') {
  const url = await scratchPostgres('meridian_bench');
  if (url) {
    const db = await openDatabase({ databaseUrl: url, dataDir: null });
    console.log(`\nPreparing PostgreSQL (through its ${postgresTransport(url)})`);
    await prepare(db);
    await db.close();
    results.postgresql = await benchOne('PostgreSQL', { DATABASE_URL: url, PG_POOL_SIZE: process.env.PG_POOL_SIZE ?? '4' });
  }
}
writeResults('api-platform.json', { users: USERS, seconds: SECONDS, results });
