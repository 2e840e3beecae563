// Runs the API tests with Node's test runner: once on embedded PGlite, and once on PostgreSQL when
// one answers at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres). Where no
// PostgreSQL server is reachable (a laptop), that pass is skipped with a message, not failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import net from 'node:net';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const files = fs.readdirSync(path.join(root, 'test')).filter((f) => f.endsWith('.test.ts')).sort().map((f) => path.join('test', f));
const only = process.argv.slice(2);
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) }, () => { socket.end(); resolve(true); });
    socket.on('error', () => resolve(false));
    socket.setTimeout(2000, () => { socket.destroy(); resolve(false); });
  });
}

function run(label, env) {
  console.log(`\n=== API tests on ${label} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...selected], {
    cwd: root, stdio: 'inherit', env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

let failed = run('PGlite', { TEST_DATABASE: 'pglite' });
if (process.env.SKIP_POSTGRES === '1') {
  console.log('\nPostgreSQL pass skipped: SKIP_POSTGRES=1.');
} else if (await reachable(databaseUrl)) {
  failed = run('PostgreSQL', { TEST_DATABASE: 'postgres', DATABASE_URL: databaseUrl }) || failed;
} else {
  console.log(`\nPostgreSQL pass skipped: no server answers at ${new URL(databaseUrl).host}. Set DATABASE_URL to run it.`);
}
process.exit(failed);
