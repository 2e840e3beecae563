import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_CLIENT_CONFIG } from '@meridian/shared/contract/client-config';
import { loadConfig } from '../src/config';
import { databaseLabel, startServer, type TestServer } from './support/harness';

describe(`browser run-time settings: GET /api/config/client (${databaseLabel})`, () => {
  let s: TestServer;
  let configured: TestServer;
  before(async () => {
    s = await startServer();
    configured = await startServer({ mapTileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png', mapAttribution: 'Example Tiles' });
  });
  after(async () => {
    await s.close();
    await configured.close();
  });

  test('answers OpenStreetMap tiles and credit when nothing is configured', async () => {
    const officer = await s.as('loan officer');
    const r = await officer.call('GET', '/api/config/client');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, { mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', mapAttribution: DEFAULT_CLIENT_CONFIG.mapAttribution });
  });

  test('answers the tiles the installation configured', async () => {
    const admin = await configured.as('company administrator');
    const r = await admin.call('GET', '/api/config/client');
    assert.deepEqual(r.body.data, { mapTileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png', mapAttribution: 'Example Tiles' });
  });

  test('any signed-in user may ask, whatever tenant they act for or none', async () => {
    const officer = await s.as('loan officer');
    assert.equal((await officer.call('GET', '/api/config/client', { tenant: null })).status, 200);
  });

  test('a caller who is not signed in is refused', async () => {
    const r = await s.call('GET', '/api/config/client');
    assert.equal(r.status, 401);
    assert.equal(r.body.result.success, false);
  });

  test('MAP_TILE_URL and MAP_ATTRIBUTION are read from the environment, and empty values fall back to the defaults', () => {
    const fromEnv = loadConfig({ MAP_TILE_URL: 'https://{s}.tiles.example.test/{z}/{x}/{y}.png', MAP_ATTRIBUTION: '&copy; Example' });
    assert.equal(fromEnv.mapTileUrl, 'https://{s}.tiles.example.test/{z}/{x}/{y}.png');
    assert.equal(fromEnv.mapAttribution, '&copy; Example');
    const unset = loadConfig({ MAP_TILE_URL: '', MAP_ATTRIBUTION: '' });
    assert.equal(unset.mapTileUrl, DEFAULT_CLIENT_CONFIG.mapTileUrl);
    assert.equal(unset.mapAttribution, DEFAULT_CLIENT_CONFIG.mapAttribution);
  });
});
