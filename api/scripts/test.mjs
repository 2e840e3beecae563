// Runs the API tests with Node's test runner: once on embedded PGlite, and once on PostgreSQL when
// one answers at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres). The Redis
// tests (throttles, scaling, realtime rooms) need a Redis at REDIS_URL (default
// redis://127.0.0.1:6379). Where a server is missing (a laptop) its part is skipped with a line
// "PostgreSQL pass: skipped (...)" or "Redis tests: skipped (...)", which the workspace runner
// repeats at the end; with CI=true a missing server fails the run instead.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import os from 'node:os';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const files = fs
  .readdirSync(path.join(root, 'test'))
  .filter((f) => f.endsWith('.test.ts'))
  .sort()
  .map((f) => path.join('test', f));
const only = process.argv.slice(2);
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** CI has PostgreSQL and Redis: there a missing one is a broken machine, not a laptop. */
const inCi = Boolean(process.env.CI) && !['0', 'false'].includes(process.env.CI.toLowerCase());

function reachable(url, defaultPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Two files at a time keep both cores busy: a file spends much of its time waiting on its database. */
const concurrency = process.env.API_TEST_CONCURRENCY ?? '2';

function run(label, env) {
  console.log(`\n=== API tests on ${label} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...selected], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

/** Seeds the demo data once for the pass (see test/support/seeded-database.ts); a failure here fails the pass. */
function seeded(...args) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'test/support/seeded-database.ts', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  return result.status === 0;
}

function runOnPglite() {
  const dump = path.join(os.tmpdir(), `meridian-seeded-${process.pid}.tar`);
  if (!seeded('build', 'pglite', dump)) return 1;
  try {
    return run('PGlite', { TEST_DATABASE: 'pglite', TEST_SEEDED_PGLITE: dump });
  } finally {
    fs.rmSync(dump, { force: true });
  }
}

function runOnPostgres() {
  const template = `meridian_seeded_${process.pid}`;
  const env = { DATABASE_URL: databaseUrl };
  if (!seeded('build', 'postgres', template)) return 1;
  try {
    return run('PostgreSQL', { TEST_DATABASE: 'postgres', TEST_SEEDED_TEMPLATE: template, ...env });
  } finally {
    seeded('drop', 'postgres', template);
  }
}

/** A server the tests need is missing: skipped on a laptop, a failure with CI=true. */
function missing(part, host, variable) {
  if (!inCi) {
    console.log(`\n${part}: skipped (no server at ${host}; set ${variable} to point at one)`);
    return 0;
  }
  console.log(`\n${part}: FAILED: no server at ${host}, and CI=true requires one (start it, or set ${variable})`);
  return 1;
}

const redisHere = await reachable(redisUrl, 6379);
let failed = runOnPglite();
if (process.env.SKIP_POSTGRES === '1') {
  console.log('\nPostgreSQL pass: skipped (SKIP_POSTGRES=1)');
} else if (await reachable(databaseUrl, 5432)) {
  failed = runOnPostgres() || failed;
} else {
  failed = missing('PostgreSQL pass', new URL(databaseUrl).host, 'DATABASE_URL') || failed;
}
// Only worth a word when a selected file has Redis tests (they name its default address).
const redisTestsSelected = selected.some((f) => fs.readFileSync(path.join(root, f), 'utf8').includes('redis://'));
if (redisTestsSelected && !redisHere) failed = missing('Redis tests', new URL(redisUrl).host, 'REDIS_URL') || failed;
process.exit(failed);
