import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_CLIENT_CONFIG, type ClientConfig } from '@meridian/shared/contract/client-config';
import { SETTING_DEFAULTS, type EffectiveSettings } from '@meridian/shared/contract/setting';
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
    const r = await officer.call<ClientConfig>('GET', '/api/config/client');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, {
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapAttribution: DEFAULT_CLIENT_CONFIG.mapAttribution,
      settings: SETTING_DEFAULTS,
    });
  });

  test('answers the tiles the installation configured', async () => {
    const admin = await configured.as('company administrator');
    const r = await admin.call<ClientConfig>('GET', '/api/config/client');
    assert.equal(r.body.data.mapTileUrl, 'https://tiles.example.test/{z}/{x}/{y}.png');
    assert.equal(r.body.data.mapAttribution, 'Example Tiles');
  });

  test("a tenant's own tile server wins over the installation's, for the tenants below it too, and clearing it falls back", async () => {
    const admin = await configured.as('company administrator');
    const officer = await configured.as('loan officer');
    const own = 'https://tenant-tiles.example.test/{z}/{x}/{y}.png';
    assert.equal(
      (await admin.call<EffectiveSettings>('PUT', '/api/settings', { body: { mapTileUrl: own, dateFormat: 'DD/MM/YYYY' } })).status,
      200,
    );
    const below = await officer.call<ClientConfig>('GET', '/api/config/client');
    assert.equal(below.body.data.mapTileUrl, own);
    assert.equal(below.body.data.settings.dateFormat, 'DD/MM/YYYY', 'ordinary users read the settings they work under');
    assert.equal(
      (await admin.call<EffectiveSettings>('PUT', '/api/settings', { body: { mapTileUrl: null, dateFormat: null } })).status,
      200,
    );
    const cleared = await officer.call<ClientConfig>('GET', '/api/config/client');
    assert.equal(cleared.body.data.mapTileUrl, 'https://tiles.example.test/{z}/{x}/{y}.png');
    assert.equal(cleared.body.data.settings.dateFormat, SETTING_DEFAULTS.dateFormat);
  });

  test('only the settings of the acting tenant are answered: another company keeps its own', async () => {
    const admin = await configured.as('company administrator');
    assert.equal((await admin.call<EffectiveSettings>('PUT', '/api/settings', { body: { timeZone: 'Europe/London' } })).status, 200);
    const trackingUser = await configured.as('company admin');
    const r = await trackingUser.call<ClientConfig>('GET', '/api/config/client');
    assert.equal(r.body.data.settings.timeZone, SETTING_DEFAULTS.timeZone);
    assert.equal((await admin.call<EffectiveSettings>('PUT', '/api/settings', { body: { timeZone: null } })).status, 200);
  });

  test('any signed-in user may ask, whatever tenant they act for or none', async () => {
    const officer = await s.as('loan officer');
    assert.equal((await officer.call<ClientConfig>('GET', '/api/config/client', { tenant: null })).status, 200);
  });

  test('a caller who is not signed in is refused', async () => {
    const r = await s.call<ClientConfig>('GET', '/api/config/client');
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
