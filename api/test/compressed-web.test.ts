import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { databaseLabel, startServer, type TestServer } from './support/harness';

const CHUNK = 'console.log("a hashed chunk of the shell");\n'.repeat(100);
const REMOTE_ENTRY = 'console.log("the sales entry");\n'.repeat(50);
const INDEX = '<!doctype html><title>Meridian</title><script src="/123.a49ea857.js"></script>';

/** A built product as the web build leaves it: each compressible file with its .br and .gz copies beside it. */
function builtProduct() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-compressed-web-'));
  const write = (file: string, content: string, compressed = true) => {
    const full = path.join(root, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, content);
    if (!compressed) return;
    fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(content));
    fs.writeFileSync(`${full}.gz`, zlib.gzipSync(content, { level: 9 }));
  };
  write('shell/dist/index.html', INDEX);
  write('shell/dist/123.a49ea857.js', CHUNK);
  write('shell/dist/123.a49ea857.js.map', '{}', false);
  write('shell/dist/sw.js', 'self.addEventListener("fetch", () => {})');
  write('shell/dist/mf-manifest.json', JSON.stringify({ shared: [], exposes: [] }));
  write('mfe-sales/dist/remoteEntry.js', REMOTE_ENTRY);
  write('mfe-sales/dist/mf-manifest.json', JSON.stringify({ shared: [], exposes: [] }));
  return root;
}

describe(`the web application sent compressed and cached (${databaseLabel})`, () => {
  let s: TestServer;
  let root: string;

  before(async () => {
    root = builtProduct();
    s = await startServer({ webRoot: root });
  });
  after(async () => {
    await s.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    s.built.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  test('a browser that accepts brotli gets the brotli copy, with the original Content-Type', async () => {
    const answer = await get('/123.a49ea857.js', 'gzip, deflate, br');
    assert.equal(answer.statusCode, 200);
    assert.equal(answer.headers['content-encoding'], 'br');
    assert.match(String(answer.headers['content-type']), /javascript/);
    assert.match(String(answer.headers.vary), /accept-encoding/i);
    assert.match(String(answer.headers.vary), /origin/i, 'the CORS Vary is kept');
    assert.equal(zlib.brotliDecompressSync(answer.rawPayload).toString(), CHUNK);
  });

  test('a browser that accepts only gzip gets the gzip copy', async () => {
    const answer = await get('/remotes/sales/remoteEntry.js', 'gzip');
    assert.equal(answer.statusCode, 200);
    assert.equal(answer.headers['content-encoding'], 'gzip');
    assert.match(String(answer.headers['content-type']), /javascript/);
    assert.match(String(answer.headers.vary), /accept-encoding/i);
    assert.equal(zlib.gunzipSync(answer.rawPayload).toString(), REMOTE_ENTRY);
  });

  test('a client that accepts no encoding gets the file as it is', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const answer = await get('/123.a49ea857.js', acceptEncoding);
      assert.equal(answer.statusCode, 200);
      assert.equal(answer.headers['content-encoding'], undefined, `Accept-Encoding: ${acceptEncoding}`);
      assert.equal(answer.body, CHUNK);
    }
  });

  test('index.html, served for every page address, is compressed too and keeps its type', async () => {
    for (const url of ['/', '/index.html', '/sales/leads']) {
      const answer = await get(url, 'br');
      assert.equal(answer.statusCode, 200, url);
      assert.equal(answer.headers['content-encoding'], 'br', url);
      assert.match(String(answer.headers['content-type']), /^text\/html/, url);
      assert.equal(answer.headers['cache-control'], 'no-cache', url);
      assert.equal(zlib.brotliDecompressSync(answer.rawPayload).toString(), INDEX, url);
    }
  });

  test('hashed files are cached for a year; entry files, manifests, the service worker and the lists are revalidated', async () => {
    assert.equal((await get('/123.a49ea857.js', 'br')).headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal((await get('/123.a49ea857.js')).headers['cache-control'], 'public, max-age=31536000, immutable');
    for (const url of [
      '/index.html',
      '/sw.js',
      '/mf-manifest.json',
      '/remotes/sales/remoteEntry.js',
      '/remotes/sales/mf-manifest.json',
      '/remotes.json',
      '/offline-assets.json',
    ]) {
      const answer = await get(url, 'gzip, br');
      assert.equal(answer.statusCode, 200, url);
      assert.equal(answer.headers['cache-control'], 'no-cache', url);
    }
  });

  test('compressed answers keep the security headers', async () => {
    const answer = await get('/123.a49ea857.js', 'br');
    assert.match(String(answer.headers['content-security-policy']), /script-src 'self'/);
    assert.equal(answer.headers['x-content-type-options'], 'nosniff');
    assert.equal(answer.headers['x-frame-options'], 'DENY');
  });

  test('the compressed copies and source maps are not addressed on their own nor listed for offline use', async () => {
    for (const url of ['/123.a49ea857.js.br', '/123.a49ea857.js.gz', '/123.a49ea857.js.map', '/remotes/sales/remoteEntry.js.br'])
      assert.equal((await get(url)).statusCode, 404, url);
    const { assets } = JSON.parse((await get('/offline-assets.json')).body) as { assets: string[] };
    assert.deepEqual(
      assets.filter((url) => /\.(br|gz|map)$/.test(url)),
      [],
    );
  });
});
