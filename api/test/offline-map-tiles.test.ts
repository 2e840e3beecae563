import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { byteRangeOf } from '../src/modules/map/byte-range';
import { databaseLabel, startServer, type TestServer } from './support/harness';
import type { ClientConfig } from '@meridian/shared/contract/client-config';
import type { EffectiveSettings } from '@meridian/shared/contract/setting';

/** A stand-in archive: the route serves bytes, it does not read PMTiles, so any known bytes prove the ranges. */
const ARCHIVE = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const TILES = '/api/map/tiles.pmtiles';

describe(`offline map tiles: ${TILES} (${databaseLabel})`, () => {
  let dataDir: string;
  let s: TestServer;
  let unconfigured: TestServer;
  before(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meridian-map-'));
    await fs.mkdir(path.join(dataDir, 'maps'));
    await fs.writeFile(path.join(dataDir, 'maps', 'region.pmtiles'), ARCHIVE);
    s = await startServer({ dataDir, mapPmtilesFile: path.join('maps', 'region.pmtiles') });
    unconfigured = await startServer();
  });
  after(async () => {
    await s.close();
    await unconfigured.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const rawCall = async (server: TestServer, headers: Record<string, string> = {}) => {
    const response = await server.built.app.inject({ method: 'GET', url: TILES, headers });
    return { status: response.statusCode, headers: response.headers, body: response.rawPayload, json: () => response.json() };
  };

  test('a byte range of the archive is answered 206 with exactly those bytes, to a reader without a token', async () => {
    const r = await rawCall(s, { range: 'bytes=100-226' });
    assert.equal(r.status, 206);
    assert.equal(r.headers['content-range'], `bytes 100-226/${ARCHIVE.length}`);
    assert.equal(r.headers['accept-ranges'], 'bytes');
    assert.equal(Number(r.headers['content-length']), 127);
    assert.deepEqual(r.body, ARCHIVE.subarray(100, 227));
    assert.ok(r.headers.etag, 'an ETag lets the reader notice a replaced archive');
  });

  test('an open range and a suffix range answer the end of the archive', async () => {
    assert.deepEqual((await rawCall(s, { range: 'bytes=900-' })).body, ARCHIVE.subarray(900));
    const suffix = await rawCall(s, { range: 'bytes=-16' });
    assert.equal(suffix.headers['content-range'], `bytes 984-999/${ARCHIVE.length}`);
    assert.deepEqual(suffix.body, ARCHIVE.subarray(984));
  });

  test('without a range the whole archive is answered; a range past its end is refused with 416', async () => {
    const whole = await rawCall(s);
    assert.equal(whole.status, 200);
    assert.deepEqual(whole.body, ARCHIVE);
    const past = await rawCall(s, { range: `bytes=${ARCHIVE.length}-` });
    assert.equal(past.status, 416);
    assert.equal(past.headers['content-range'], `bytes */${ARCHIVE.length}`);
    assert.equal(past.json().result.success, false);
  });

  test('the browser is told of the archive by GET /api/config/client, unless the tenant has a tile server of its own', async () => {
    const admin = await s.as('company administrator');
    const officer = await s.as('loan officer');
    assert.equal((await officer.call<ClientConfig>('GET', '/api/config/client')).body.data.mapPmtilesUrl, TILES);
    const own = 'https://tenant-tiles.example.test/{z}/{x}/{y}.png';
    assert.equal((await admin.call<EffectiveSettings>('PUT', '/api/settings', { body: { mapTileUrl: own } })).status, 200);
    const withOwn = (await officer.call<ClientConfig>('GET', '/api/config/client')).body.data;
    assert.equal(withOwn.mapTileUrl, own);
    assert.equal(withOwn.mapPmtilesUrl, undefined);
    assert.equal((await admin.call<EffectiveSettings>('PUT', '/api/settings', { body: { mapTileUrl: null } })).status, 200);
  });

  test('with no archive configured, or its file gone, the route answers 404 and the browser is not told of it', async () => {
    assert.equal((await rawCall(unconfigured, { range: 'bytes=0-10' })).status, 404);
    const officer = await unconfigured.as('loan officer');
    assert.equal((await officer.call<ClientConfig>('GET', '/api/config/client')).body.data.mapPmtilesUrl, undefined);
    const moved = path.join(dataDir, 'maps', 'moved.pmtiles');
    await fs.rename(path.join(dataDir, 'maps', 'region.pmtiles'), moved);
    try {
      assert.equal((await rawCall(s)).status, 404);
      assert.equal((await (await s.as('loan officer')).call<ClientConfig>('GET', '/api/config/client')).body.data.mapPmtilesUrl, undefined);
    } finally {
      await fs.rename(moved, path.join(dataDir, 'maps', 'region.pmtiles'));
    }
  });

  test('MAP_PMTILES_FILE names a file inside DATA_DIR: a path out of it stops the start', () => {
    assert.equal(
      loadConfig({ DATA_DIR: '/srv/meridian', MAP_PMTILES_FILE: 'maps/region.pmtiles' }).mapPmtilesFile,
      path.join('maps', 'region.pmtiles'),
    );
    assert.throws(() => loadConfig({ MAP_PMTILES_FILE: '../secrets.pmtiles' }), /inside DATA_DIR/);
    assert.throws(() => loadConfig({ MAP_PMTILES_FILE: '/etc/passwd' }), /inside DATA_DIR/);
  });

  test('ranges: the single-range forms are read, anything else means the whole file', () => {
    assert.deepEqual(byteRangeOf('bytes=0-9', 100), { start: 0, end: 9 });
    assert.deepEqual(byteRangeOf('bytes=90-500', 100), { start: 90, end: 99 });
    assert.deepEqual(byteRangeOf('bytes=-500', 100), { start: 0, end: 99 });
    assert.equal(byteRangeOf('bytes=100-', 100), 'unsatisfiable');
    assert.equal(byteRangeOf('bytes=-0', 100), 'unsatisfiable');
    assert.equal(byteRangeOf('bytes=0-1,5-9', 100), null);
    assert.equal(byteRangeOf('items=0-9', 100), null);
    assert.equal(byteRangeOf('bytes=9-0', 100), null);
    assert.equal(byteRangeOf(undefined, 100), null);
  });
});
