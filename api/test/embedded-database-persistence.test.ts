import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import type { ApiEnvelope } from '@meridian/shared/contract/envelope';
import type { AuthSession } from '@meridian/shared/contract/auth';
import type { Tenant, TenantTree } from '@meridian/shared/contract/tenant';
import { usingPostgres, type AnswerEnvelope } from './support/harness';
import { TEST_DEMO_LOANS } from './support/seeded-database';
import { DEMO_PASSWORD, demoEmail } from '../src/seed/demo-data';

const apiRoot = path.resolve(import.meta.dirname, '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

function startProcess(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiRoot,
    // Device servers on free ports: another server on this machine may hold 5055 and 5027.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // The tests' portfolio, as every other file's: the full demo's 3,000 loans cost the cold start most of its time.
      SEED_DEMO_LOANS: String(TEST_DEMO_LOANS),
      OSMAND_PORT: '0',
      TELTONIKA_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// A cold start compiles the server with tsx and opens PGlite: a minute or more while other test files share the cores.
async function waitForHealth(port: number, child: ChildProcess, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited before it was healthy');
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

const post = async <T>(port: number, url: string, body: unknown, token?: string) => {
  const r = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as AnswerEnvelope<T> };
};

describe('embedded PGlite storage under DATA_DIR', { skip: usingPostgres ? 'PGlite only: this pass runs on PostgreSQL' : false }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-data-'));
  const children: ChildProcess[] = [];
  after(() => {
    children.forEach((c) => c.kill('SIGKILL'));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('data written before a kill -9 is there after a restart, and a second server on the same directory is refused', async () => {
    const port = await freePort();
    const first = startProcess(dataDir, port);
    children.push(first.child);
    await waitForHealth(port, first.child);

    const login = await post<AuthSession>(port, '/api/auth/login', { email: demoEmail('global administrator'), password: DEMO_PASSWORD });
    assert.equal(login.status, 200);
    const created = await post<Tenant>(port, '/api/tenants', { name: 'Survivor Holdings', type: 1 }, login.body.data.token);
    assert.equal(created.status, 201);

    const second = startProcess(dataDir, await freePort());
    children.push(second.child);
    assert.notEqual(await second.exited, 0);
    assert.match(second.output(), /in use by another Meridian server/);

    first.child.kill('SIGKILL');
    await first.exited;

    const port2 = await freePort();
    const restarted = startProcess(dataDir, port2);
    children.push(restarted.child);
    await waitForHealth(port2, restarted.child);
    const again = await post<AuthSession>(port2, '/api/auth/login', { email: demoEmail('global administrator'), password: DEMO_PASSWORD });
    assert.equal(again.status, 200, 'the demo data is seeded once and survives');
    const tree = await fetch(`http://127.0.0.1:${port2}/api/tenants/descendantsByUserId`, {
      headers: { authorization: `Bearer ${again.body.data.token}` },
    });
    const names = ((await tree.json()) as ApiEnvelope<TenantTree>).data!.tenants.map((t) => t.name);
    assert.ok(names.includes('Survivor Holdings'), 'the tenant written before kill -9 survived');
    assert.equal(names.filter((n: string) => n === 'Meridian Group').length, 1, 'demo data was not seeded twice');
    restarted.child.kill('SIGTERM');
    assert.equal(await restarted.exited, 0, 'a graceful stop exits cleanly');
    assert.equal(fs.existsSync(path.join(dataDir, 'meridian.lock')), false, 'and releases the lock');
  });
});
