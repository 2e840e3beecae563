/**
 * Benchmark of the API platform: sign-in, and a paged, searched user list over 100,000 users, on
 * embedded PGlite and on PostgreSQL (when a server answers at DATABASE_URL). The data is prepared
 * first; then the real server runs as its own process and autocannon drives it over HTTP.
 * Prints requests per second and p50/p99 latency. Options: BENCH_USERS, BENCH_SECONDS, BENCH_DB=pglite|postgres.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedReferenceData } from '../src/seed/reference-data';
import { DEMO_PASSWORD, demoEmail, seedDemoData } from '../src/seed/demo-data';
import { seedVolumeUsers } from '../src/seed/volume-users';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const apiRoot = path.resolve(import.meta.dirname, '..');
async function prepare(db: Database) {
  await migrate(db);
  await seedReferenceData(db);
  await seedDemoData(db);
  const started = Date.now();
  const added = await seedVolumeUsers(db, USERS);
  if (added) console.log(`  prepared ${added.toLocaleString()} users in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const freePort = () => new Promise<number>((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address() as net.AddressInfo;
    srv.close(() => resolve(port));
  });
});

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', REDIS_URL: '' }, stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop: () => new Promise<void>((r) => { child.on('exit', () => r()); child.kill('SIGTERM'); }) };
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

interface Figure { scenario: string; connections: number; requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number }

async function measure(scenario: string, options: autocannon.Options): Promise<Figure> {
  const result = await autocannon({ duration: SECONDS, ...options });
  return {
    scenario,
    connections: options.connections ?? 10,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

async function benchOne(label: string, env: Record<string, string>) {
  console.log(`\n${label}`);
  const { base, stop } = await startServer(env);
  try {
    const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: demoEmail('global administrator'), password: DEMO_PASSWORD }) })).json() as any;
    const token = login.data.token as string;
    const tenant = login.data.user.tenantId as string;
    const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': tenant };
    const total = (await (await fetch(`${base}/api/users?size=1`, { headers })).json() as any).meta.paging.total;
    console.log(`  users visible to the global administrator: ${total.toLocaleString()}`);
    let n = 0;
    const count = async (search: string) => (await (await fetch(`${base}/api/users?size=1&search=${encodeURIComponent(search)}`, { headers })).json() as any).meta.paging.total as number;
    const surnames = ['Nkosi', 'Mathe', 'Dlamini', 'Khumalo', 'Pillay', 'Steyn'].map((x) => x.toUpperCase());
    const fullNames = ['THABO NKOSI', 'LERATO MATHE', 'PRIYA DLAMINI', 'JOHN KHUMALO'];
    const matches = async (terms: string[]) => Math.round((await Promise.all(terms.map(count))).reduce((a, b) => a + b, 0) / terms.length);
    console.log(`  users matched on average: surname ${await matches(surnames)}, full name ${await matches(fullNames)}, first name ${await matches(['THABO', 'GRACE'])}`);
    const searched = (terms: string[]) => [{ setupRequest: (req: any) => ({ ...req, path: `/api/users?page=${1 + (n % 3)}&size=20&sortField=lastName&sortOrder=ASC&search=${encodeURIComponent(terms[n++ % terms.length]!)}` }) }];
    const figures = [
      await measure('login (argon2id)', {
        url: `${base}/api/auth/login`, connections: 10, method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demoEmail('branch manager'), password: DEMO_PASSWORD }),
      }),
      await measure('users: paged, default sort, no search', {
        url: base, connections: 50, headers,
        requests: [{ setupRequest: (req) => ({ ...req, path: `/api/users?page=${1 + (n++ % 10)}&size=20` }) }],
      }),
      await measure('users: paged, searched by surname', { url: base, connections: 50, headers, requests: searched(surnames) }),
      await measure('users: paged, searched by full name', { url: base, connections: 50, headers, requests: searched(fullNames) }),
      await measure('users: paged, searched by first name (broad)', { url: base, connections: 50, headers, requests: searched(['THABO', 'GRACE']) }),
    ];
    console.table(figures.map((f) => ({ scenario: f.scenario, conns: f.connections, 'req/s': f.requestsPerSecond, 'p50 ms': f.p50, 'p99 ms': f.p99, errors: f.errors + f.non2xx })));
    return figures;
  } finally {
    await stop();
  }
}

async function postgresUrl(): Promise<string | null> {
  const admin = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
    await client.query('drop database if exists meridian_bench with (force)');
    await client.query('create database meridian_bench');
    await client.end();
    const url = new URL(admin);
    url.pathname = '/meridian_bench';
    return url.toString();
  } catch (error) {
    console.log(`PostgreSQL skipped: ${(error as Error).message}`);
    return null;
  }
}

console.log(`Meridian API benchmark: ${USERS.toLocaleString()} users, ${SECONDS} s per scenario, ${os.cpus().length} cores, Node ${process.version}`);
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
  const url = await postgresUrl();
  if (url) {
    const db = await openDatabase({ databaseUrl: url, dataDir: null });
    console.log('\nPreparing PostgreSQL');
    await prepare(db);
    await db.close();
    results.postgresql = await benchOne('PostgreSQL', { DATABASE_URL: url, PG_POOL_SIZE: process.env.PG_POOL_SIZE ?? '4' });
  }
}
const outDir = path.join(apiRoot, 'bench-results');
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, 'api-platform.json'), JSON.stringify({ date: new Date().toISOString(), users: USERS, seconds: SECONDS, results }, null, 2));
