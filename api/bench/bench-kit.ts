/** What every API benchmark needs: the real server as its own process, autocannon figures, a scratch PostgreSQL database. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_PASSWORD, demoEmail } from '../src/seed/demo-data';
import type { RoleName } from '@meridian/shared/contract/roles';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
export const apiRoot = path.resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

export async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    // Device listeners on free ports and no demo traffic, unless a benchmark asks for them.
    env: {
      ...process.env,
      OSMAND_PORT: '0',
      TELTONIKA_PORT: '0',
      SIMULATOR: 'false',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok)
        return {
          base,
          stop: () =>
            new Promise<void>((r) => {
              child.on('exit', () => r());
              child.kill('SIGTERM');
            }),
        };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** Signs a demo user in; answers the headers their calls carry. */
export async function signedInHeaders(base: string, role: RoleName) {
  const login = (await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoEmail(role), password: DEMO_PASSWORD }),
    })
  ).json()) as SignedIn;
  return { authorization: `Bearer ${login.data.token}`, 'x-tenant-id': login.data.user.tenantId };
}

/** The parts of the sign-in answer a benchmark sends back. */
interface SignedIn {
  data: { token: string; user: { tenantId: string } };
}

/** The total a list call reports in its paging. */
export const pagedTotal = async (response: Response) =>
  ((await response.json()) as { meta: { paging: { total: number } } }).meta.paging.total;

export interface Figure {
  scenario: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Seconds of load before each measured run, not counted: the server's code and PostgreSQL's caches warm up as in service. */
export const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 5);

export async function measure(scenario: string, options: autocannon.Options): Promise<Figure> {
  if (WARM_UP_SECONDS > 0) await autocannon({ ...options, duration: WARM_UP_SECONDS });
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

export const printFigures = (figures: Figure[]) =>
  console.table(
    figures.map((f) => ({
      scenario: f.scenario,
      conns: f.connections,
      'req/s': f.requestsPerSecond,
      'p50 ms': f.p50,
      'p99 ms': f.p99,
      errors: f.errors + f.non2xx,
    })),
  );

/**
 * A fresh database `name` on the PostgreSQL at DATABASE_URL, or null (with the reason printed) when
 * none answers. With BENCH_REUSE=1 an existing one is kept, so that tuning runs skip the preparation.
 */
/** Where Debian's PostgreSQL listens locally; see localPostgres. */
const LOCAL_SOCKET_DIR = '/var/run/postgresql';

/**
 * The PostgreSQL to benchmark against: DATABASE_URL, else the server on this machine, reached as an
 * API on the database's host would reach it, through its Unix socket (BENCH_PG_TCP=1: 127.0.0.1:5432).
 * On a small VM a loopback TCP write costs the sender the receiver's network processing too.
 */
function benchPostgresUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const socket = process.env.BENCH_PG_TCP !== '1' && fs.existsSync(path.join(LOCAL_SOCKET_DIR, '.s.PGSQL.5432'));
  return socket ? `postgres://postgres@localhost/postgres?host=${LOCAL_SOCKET_DIR}` : 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** How the benchmark reaches PostgreSQL, for its header line. */
export const postgresTransport = (url: string) => (new URL(url).searchParams.get('host')?.startsWith('/') ? 'Unix socket' : 'TCP');

export async function scratchPostgres(name: string): Promise<string | null> {
  const admin = benchPostgresUrl();
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
    const exists = (await client.query(`select 1 from pg_database where datname = $1`, [name])).rowCount;
    if (!(exists && process.env.BENCH_REUSE === '1')) {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name}`);
    }
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return url.toString();
  } catch (error) {
    console.log(`PostgreSQL skipped: ${(error as Error).message}`);
    return null;
  }
}

export function writeResults(file: string, results: unknown) {
  const outDir = path.join(apiRoot, 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, file), JSON.stringify({ date: new Date().toISOString(), ...(results as object) }, null, 2));
}
