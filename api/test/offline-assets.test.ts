import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseLabel, startServer, type TestServer } from './support/harness';

/** A built product in a folder of its own: the shell and one remote, with source maps and the service worker. */
function builtProduct() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-web-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('shell/dist/index.html', '<!doctype html><title>Meridian</title>');
  write('shell/dist/main.js', 'console.log("shell")');
  write('shell/dist/vendors.1234abcd.js', 'console.log("vendors")');
  write('shell/dist/vendors.1234abcd.js.map', '{}');
  write('shell/dist/sw.js', 'self.addEventListener("fetch", () => {})');
  // The entry registers the remote's copies; leaflet's (only remotes share it) also loads chunk 22.
  write(
    'mfe-sales/dist/remoteEntry.js',
    's("leaflet","1.9.4",()=>Promise.all([y.e(11),y.e(22)]).then(()=>()=>y(11))),s("react","19.3.1",()=>y.e(33).then(()=>()=>y(33)))',
  );
  // Listed by the manifest under the shell's share only, yet loaded by leaflet's copy too: needed.
  write('mfe-sales/dist/22.0000dddd.js', 'console.log("api error copy")');
  write('mfe-sales/dist/chunks/my-work.deadbeef.js', 'console.log("my work")');
  // The remote's own copy of React (the shell provides it: never downloaded) and of a library only remotes share (needed).
  write('mfe-sales/dist/react.0000aaaa.js', 'console.log("react copy")');
  write('mfe-sales/dist/leaflet.0000bbbb.js', 'console.log("leaflet")');
  const assets = (...sync: string[]) => ({ js: { sync, async: [] } });
  write('shell/dist/mf-manifest.json', JSON.stringify({ shared: [{ name: 'react', assets: assets('react.1111cccc.js') }], exposes: [] }));
  write(
    'mfe-sales/dist/mf-manifest.json',
    JSON.stringify({
      shared: [
        { name: 'react', assets: assets('react.0000aaaa.js', '22.0000dddd.js') },
        { name: 'leaflet', assets: assets('leaflet.0000bbbb.js') },
      ],
      exposes: [{ assets: { js: { sync: [], async: ['chunks/my-work.deadbeef.js'] } } }],
    }),
  );
  return { root, write };
}

interface OfflineAssets {
  version: string;
  assets: string[];
}
const listed = async (s: TestServer) => (await s.call('GET', '/offline-assets.json')).body as unknown as OfflineAssets;

describe(`the files that open the product offline (${databaseLabel})`, () => {
  let s: TestServer;
  let product: ReturnType<typeof builtProduct>;

  before(async () => {
    product = builtProduct();
    s = await startServer({ webRoot: product.root });
  });
  after(async () => {
    await s.close();
    fs.rmSync(product.root, { recursive: true, force: true });
  });

  test("/offline-assets.json lists every file of the shell and the remotes a browser may load: not source maps, the service worker, nor a remote's copy of what the shell shares (unless a copy only remotes share loads it too)", async () => {
    const answer = await s.call('GET', '/offline-assets.json');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['cache-control'], 'no-cache');
    const { version, assets } = answer.body as unknown as OfflineAssets;
    assert.match(version, /^[0-9a-f]{16}$/);
    assert.deepEqual(assets, [
      '/remotes.json',
      '/index.html',
      '/main.js',
      '/mf-manifest.json',
      '/remotes/sales/22.0000dddd.js',
      '/remotes/sales/chunks/my-work.deadbeef.js',
      '/remotes/sales/leaflet.0000bbbb.js',
      '/remotes/sales/mf-manifest.json',
      '/remotes/sales/remoteEntry.js',
      '/vendors.1234abcd.js',
    ]);
    for (const url of assets) assert.equal((await s.call('GET', url)).status, 200, `${url} is served`);
    const worker = await s.call('GET', '/sw.js');
    assert.equal(worker.status, 200);
    assert.match(String(worker.headers['content-type']), /javascript/);
  });

  test('a new build of any file gives a new version, so the service worker keeps the new files', async () => {
    const before = (await listed(s)).version;
    assert.equal((await listed(s)).version, before, 'the same build, the same version');
    product.write('mfe-sales/dist/remoteEntry.js', 'console.log("sales, rebuilt")');
    assert.notEqual((await listed(s)).version, before);
  });
});
