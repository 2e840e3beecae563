import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { contentSecurityPolicy, tileSource } from '../src/http/security-headers';
import { databaseLabel, startServer, type Answer, type TestServer } from './support/harness';
import type { ClientConfig } from '@meridian/shared/contract/client-config';
import type { AuthSession } from '@meridian/shared/contract/auth';
import type { Health } from '@meridian/shared/contract/health';

/** A built product in a folder of its own: the shell and one remote, each with a source map beside its code. */
function builtProduct() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-headers-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('shell/dist/index.html', '<!doctype html><title>Meridian</title><script defer src="/main.js"></script>');
  write('shell/dist/main.js', 'import("./bootstrap")');
  write('shell/dist/main.js.map', '{"sources":["shell/src/index.ts"]}');
  write('shell/dist/vendors.1234abcd.js', 'console.log("vendors")');
  write('shell/dist/vendors.1234abcd.js.map', '{"sources":["secret.ts"]}');
  write('mfe-admin/dist/remoteEntry.js', 'console.log("admin")');
  write('mfe-admin/dist/users.deadbeef.js', 'console.log("users")');
  write('mfe-admin/dist/users.deadbeef.js.map', '{"sources":["mfe-admin/src/users.tsx"]}');
  return root;
}

const PARTNER = 'https://partner.example.com';
const TILES = 'https://{s}.tiles.example.net/{z}/{x}/{y}.png';

const directives = (answer: Answer) =>
  new Map(
    String(answer.headers['content-security-policy'])
      .split(';')
      .map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values] as const;
      }),
  );

/** What every answer carries, page or API. */
function assertHardened(answer: Answer, frameAncestors: "'none'" | "'self'") {
  const csp = directives(answer);
  assert.deepEqual(csp.get('default-src'), ["'self'"]);
  assert.deepEqual(csp.get('script-src'), ["'self'"], 'scripts only from this origin: nothing inline, no eval');
  assert.deepEqual(csp.get('object-src'), ["'none'"]);
  assert.deepEqual(csp.get('base-uri'), ["'none'"]);
  assert.deepEqual(csp.get('form-action'), ["'self'"]);
  assert.deepEqual(csp.get('worker-src'), ["'self'"]);
  assert.deepEqual(csp.get('frame-ancestors'), [frameAncestors]);
  assert.equal(answer.headers['x-frame-options'], frameAncestors === "'none'" ? 'DENY' : 'SAMEORIGIN');
  assert.equal(answer.headers['x-content-type-options'], 'nosniff');
  assert.equal(answer.headers['referrer-policy'], 'strict-origin-when-cross-origin');
  assert.equal(answer.headers['cross-origin-opener-policy'], 'same-origin');
  assert.equal(answer.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
  const permissions = String(answer.headers['permissions-policy']).split(/,\s*/);
  assert.ok(permissions.includes('geolocation=(self)'), "field agents' positions are taken in the browser");
  for (const denied of ['camera', 'microphone', 'payment', 'usb']) assert.ok(permissions.includes(`${denied}=()`), `${denied} is denied`);
}

describe(`browser hardening headers and CORS (${databaseLabel})`, () => {
  let s: TestServer;
  let webRoot: string;

  before(async () => {
    webRoot = builtProduct();
    s = await startServer({ webRoot, corsOrigins: [PARTNER], mapTileUrl: TILES, cspImgOrigins: ['https://tiles.tenant.example'] });
  });
  after(async () => {
    await s.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  test("an /api answer is hardened, framable only by this origin's own pages, and never stored by a cache", async () => {
    const actor = await s.as('branch manager');
    const answer = await actor.call<ClientConfig>('GET', '/api/config/client');
    assert.equal(answer.status, 200);
    assertHardened(answer, "'self'");
    assert.equal(answer.headers['cache-control'], 'no-store');
  });

  test('the sign-in answer, which carries tokens, and a refusal are not stored by a cache either', async () => {
    const login = await s.call<AuthSession>('POST', '/api/auth/login', {
      body: { email: 'branch-manager@demo.meridian.test', password: 'Demo-Password-1' },
    });
    assert.equal(login.status, 200);
    assert.equal(login.headers['cache-control'], 'no-store');
    const refused = await s.call<ClientConfig>('GET', '/api/config/client');
    assert.equal(refused.status, 401);
    assertHardened(refused, "'self'");
    assert.equal(refused.headers['cache-control'], 'no-store');
  });

  test("the shell's page, a deep link and a remote's files are hardened and framable by no one; assets keep their own caching", async () => {
    for (const url of [
      '/',
      '/admin/users/list',
      '/main.js',
      '/vendors.1234abcd.js',
      '/remotes/admin/remoteEntry.js',
      '/remotes/admin/users.deadbeef.js',
    ]) {
      const answer = await s.call('GET', url);
      assert.equal(answer.status, 200, url);
      assertHardened(answer, "'none'");
    }
    assert.equal((await s.call('GET', '/admin/users/list')).headers['cache-control'], 'no-cache');
    assert.equal((await s.call('GET', '/remotes/admin/users.deadbeef.js')).headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  test("source maps are not served, neither the shell's nor a remote's", async () => {
    for (const url of ['/main.js.map', '/vendors.1234abcd.js.map', '/remotes/admin/users.deadbeef.js.map']) {
      const answer = await s.call('GET', url);
      assert.equal(answer.status, 404, url);
      assert.doesNotMatch(JSON.stringify(answer.body), /sources/, url);
    }
  });

  test('the policy is built from the configuration: the tile server (with {s} as a wildcard) and further image origins may serve images, nothing else', async () => {
    const answer = await s.call('GET', '/');
    const csp = directives(answer);
    assert.deepEqual(csp.get('img-src'), ["'self'", 'data:', 'blob:', 'https://*.tiles.example.net', 'https://tiles.tenant.example']);
    assert.deepEqual(csp.get('connect-src'), ["'self'", `ws://${new URL(s.config.publicUrl).host}`]);
    assert.ok(!String(answer.headers['content-security-policy']).includes('tiles.example.net/'), 'an origin, not the template');
    const changed = contentSecurityPolicy({
      mapTileUrl: 'https://maps.example.org:8443/{z}/{x}/{y}.png',
      publicUrl: 'https://meridian.example.com',
      cspImgOrigins: [],
    });
    assert.match(changed, /img-src 'self' data: blob: https:\/\/maps\.example\.org:8443;/);
    assert.match(changed, /connect-src 'self' wss:\/\/meridian\.example\.com;/);
  });

  test('a tile template names its origin: a placeholder label and those left of it become one wildcard; a same-origin one needs none', () => {
    assert.equal(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png'), 'https://tile.openstreetmap.org');
    assert.equal(tileSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'), 'https://*.tile.openstreetmap.org');
    assert.equal(tileSource('https://a-{s}.b.tiles.example.net/{z}/{x}/{y}.png'), 'https://*.b.tiles.example.net');
    assert.equal(tileSource('/tiles/{z}/{x}/{y}.png'), null);
    assert.equal(tileSource("https://evil.example; script-src 'unsafe-inline'/{z}"), null);
  });

  test('CORS answers a listed origin with itself and credentials', async () => {
    const answer = await s.call<Health>('GET', '/api/health', { headers: { origin: PARTNER } });
    assert.equal(answer.headers['access-control-allow-origin'], PARTNER);
    assert.equal(answer.headers['access-control-allow-credentials'], 'true');
    assert.match(String(answer.headers.vary), /origin/i);
    const preflight = await s.call('OPTIONS', '/api/users', {
      headers: { origin: PARTNER, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,x-tenant-id' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], PARTNER);
  });

  test('CORS never reflects an unlisted origin nor `null`, and gives them no credentials', async () => {
    for (const origin of ['https://evil.example', 'null', `${PARTNER}.evil.example`, 'http://partner.example.com']) {
      const answer = await s.call<Health>('GET', '/api/health', { headers: { origin } });
      assert.equal(answer.status, 200, origin);
      assert.equal(answer.headers['access-control-allow-origin'], undefined, origin);
      assert.equal(answer.headers['access-control-allow-credentials'], undefined, origin);
      const preflight = await s.call('OPTIONS', '/api/users', { headers: { origin, 'access-control-request-method': 'POST' } });
      assert.equal(preflight.headers['access-control-allow-origin'], undefined, origin);
      assert.notEqual(preflight.status, 204, origin);
    }
  });

  test('CORS_ORIGINS takes exact origins only: none by default, and a wildcard, `null` or an address with a path stops the start', () => {
    assert.deepEqual(loadConfig({}).corsOrigins, []);
    assert.deepEqual(loadConfig({ CORS_ORIGINS: 'https://a.example.com, http://localhost:3000/' }).corsOrigins, [
      'https://a.example.com',
      'http://localhost:3000',
    ]);
    for (const bad of ['*', 'null', 'https://a.example.com/app', 'a.example.com', 'https://*.example.com']) {
      assert.throws(() => loadConfig({ CORS_ORIGINS: bad }), /CORS_ORIGINS/, bad);
    }
    assert.throws(() => loadConfig({ CSP_IMG_ORIGINS: "https://x.example; script-src 'unsafe-inline'" }), /CSP_IMG_ORIGINS/);
  });
});
