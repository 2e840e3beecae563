import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SETTING_DEFAULTS, SETTING_KEYS, type EffectiveSettings } from '@meridian/shared/contract/setting';
import type { TenantCurrency } from '@meridian/shared/contract/tenant';
import { databaseLabel, startServer, type Actor, type TestServer, fieldErrorsOf, fieldError } from './support/harness';

describe(`settings (${databaseLabel})`, () => {
  let s: TestServer;
  let global: Actor;
  let lendingAdmin: Actor;
  let trackingAdmin: Actor;
  let group: string;
  let lending: string;
  let jhb: string;
  const groupSource = () => ({ tenantId: group, tenantName: 'Meridian Group' });
  const lendingSource = () => ({ tenantId: lending, tenantName: 'Meridian Lending' });

  before(async () => {
    s = await startServer();
    global = await s.as('global administrator');
    lendingAdmin = await s.as('company administrator');
    trackingAdmin = await s.as('company admin');
    group = await s.tenantId('Meridian Group');
    lending = await s.tenantId('Meridian Lending');
    jhb = await s.tenantId('Johannesburg Branch');
  });
  after(() => s.close());

  test('unset settings are the product defaults, and the currency is the one the tenant tree already has', async () => {
    const r = await lendingAdmin.call<EffectiveSettings>('GET', '/api/settings');
    assert.equal(r.status, 200);
    assert.equal(r.body.data.tenantId, lending);
    assert.deepEqual(r.body.data.values, { ...SETTING_DEFAULTS, currencyCode: 'ZAR', currencySymbol: 'R' });
    assert.deepEqual(r.body.data.sources.currencyCode, groupSource(), 'the demo group carries ZAR');
    assert.equal(r.body.data.sources.timeZone, null, 'null means the product default');
    assert.deepEqual(Object.keys(r.body.data.sources).sort(), [...SETTING_KEYS].sort());
  });

  test("a value set on an ancestor is inherited, the tenant's own value wins, and clearing it inherits again", async () => {
    const atGroup = await global.call<EffectiveSettings>('PUT', '/api/settings', {
      tenant: group,
      body: { timeZone: 'Africa/Nairobi', defaultPageSize: 100 },
    });
    assert.equal(atGroup.status, 200);
    assert.deepEqual(atGroup.body.data.sources.timeZone, groupSource());

    const inherited = await lendingAdmin.call<EffectiveSettings>('GET', '/api/settings', { tenant: jhb });
    assert.equal(inherited.body.data.values.timeZone, 'Africa/Nairobi');
    assert.deepEqual(inherited.body.data.sources.timeZone, groupSource());

    const own = await lendingAdmin.call<EffectiveSettings>('PUT', '/api/settings', {
      body: { timeZone: 'Africa/Johannesburg', dateFormat: 'DD/MM/YYYY' },
    });
    assert.equal(own.status, 200);
    assert.deepEqual(own.body.data.sources.timeZone, lendingSource());
    const branch = await lendingAdmin.call<EffectiveSettings>('GET', '/api/settings', { tenant: jhb });
    assert.deepEqual(
      [branch.body.data.values.timeZone, branch.body.data.values.dateFormat, branch.body.data.values.defaultPageSize],
      ['Africa/Johannesburg', 'DD/MM/YYYY', 100],
    );
    assert.deepEqual(branch.body.data.sources.timeZone, lendingSource(), 'the nearest ancestor wins');
    assert.deepEqual(branch.body.data.sources.defaultPageSize, groupSource());

    const cleared = await lendingAdmin.call<EffectiveSettings>('PUT', '/api/settings', { body: { timeZone: null } });
    assert.equal(cleared.body.data.values.timeZone, 'Africa/Nairobi');
    assert.deepEqual(cleared.body.data.sources.timeZone, groupSource());
    assert.equal(cleared.body.data.values.dateFormat, 'DD/MM/YYYY', 'a setting left out stays as it is');

    const tracking = await trackingAdmin.call<EffectiveSettings>('GET', '/api/settings');
    assert.equal(tracking.body.data.values.dateFormat, SETTING_DEFAULTS.dateFormat, "Lending's own values stay in Lending");
  });

  test('the currency saved in settings is the tenant currency the tenant calls answer', async () => {
    const saved = await lendingAdmin.call<EffectiveSettings>('PUT', '/api/settings', {
      body: { currencyCode: 'USD', currencySymbol: '$' },
    });
    assert.deepEqual([saved.body.data.values.currencyCode, saved.body.data.values.currencySymbol], ['USD', '$']);
    assert.deepEqual(saved.body.data.sources.currencySymbol, lendingSource());
    const currency = await lendingAdmin.call<TenantCurrency>('GET', `/api/tenants/tenantCurrency/${await s.tenantId('Soweto Team')}`);
    assert.deepEqual(currency.body.data, { currencyCode: 'USD', currencySymbol: '$' });
    const back = await lendingAdmin.call<EffectiveSettings>('PUT', '/api/settings', { body: { currencyCode: null, currencySymbol: null } });
    assert.deepEqual(back.body.data.sources.currencyCode, groupSource());
  });

  test('the map tile address may be empty or a tile URL with {z}, {x} and {y}', async () => {
    const tiles = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
    assert.equal(
      (await lendingAdmin.call<EffectiveSettings>('PUT', '/api/settings', { body: { mapTileUrl: tiles } })).body.data.values.mapTileUrl,
      tiles,
    );
    const empty = await lendingAdmin.call<EffectiveSettings>('PUT', '/api/settings', { body: { mapTileUrl: '' } });
    assert.equal(empty.body.data.values.mapTileUrl, '');
    assert.deepEqual(empty.body.data.sources.mapTileUrl, lendingSource(), 'empty is a value of its own, not "inherit"');
  });

  test('invalid values answer 400 with a message per field and save nothing', async () => {
    const r = await lendingAdmin.call<EffectiveSettings>('PUT', '/api/settings', {
      body: {
        currencyCode: 'rand',
        timeZone: 'Mars/Olympus_Mons',
        dateFormat: 'YY',
        defaultPageSize: 5,
        sessionTimeoutMinutes: 2.5,
        mapTileUrl: 'ftp://tiles',
      },
    });
    assert.equal(r.status, 400);
    const errors = fieldErrorsOf(r);
    assert.deepEqual(errors.currencyCode, ['A currency code is three capital letters, such as ZAR.']);
    assert.deepEqual(errors.timeZone, ['Choose a time zone such as Africa/Johannesburg.']);
    assert.deepEqual(errors.dateFormat, ['Choose one of: YYYY-MM-DD, DD/MM/YYYY, MM/DD/YYYY, DD MMM YYYY.']);
    assert.deepEqual(errors.defaultPageSize, ['A page size is at least 10.']);
    assert.deepEqual(errors.sessionTimeoutMinutes, ['Minutes are a whole number.']);
    assert.deepEqual(errors.mapTileUrl, ['A tile address starts with http(s):// and holds {z}, {x} and {y}, or is empty.']);
    assert.equal(
      fieldError(
        await lendingAdmin.call<EffectiveSettings>('PUT', '/api/settings', { body: { defaultPageSize: 1001 } }),
        'defaultPageSize',
      )?.[0] ?? '',
      'A page size is at most 1000.',
    );
    assert.equal(
      (await lendingAdmin.call<EffectiveSettings>('PUT', '/api/settings', { body: { colour: 'blue' } })).status,
      400,
      'unknown settings are refused',
    );
    const unchanged = await lendingAdmin.call<EffectiveSettings>('GET', '/api/settings');
    assert.notEqual(unchanged.body.data.values.currencyCode, 'rand');
  });

  test('a user without ADMIN/SETTINGS is refused with 403, and no one acts for a tenant outside their own', async () => {
    const officer = await s.as('loan officer');
    assert.equal((await officer.call<EffectiveSettings>('GET', '/api/settings')).status, 403);
    const put = await officer.call<EffectiveSettings>('PUT', '/api/settings', { body: { timeZone: 'Africa/Lagos' } });
    assert.equal(put.status, 403);
    assert.equal(put.body.result.code, 'FORBIDDEN');
    const tracking = await s.tenantId('Meridian Tracking');
    const read = await lendingAdmin.call<EffectiveSettings>('GET', '/api/settings', { tenant: tracking });
    assert.equal(read.status, 403);
    assert.equal(read.body.result.code, 'TENANT_FORBIDDEN');
    assert.equal(
      (await lendingAdmin.call<EffectiveSettings>('PUT', '/api/settings', { tenant: tracking, body: { timeZone: 'Africa/Lagos' } })).status,
      403,
    );
    assert.notEqual((await trackingAdmin.call<EffectiveSettings>('GET', '/api/settings')).body.data.values.timeZone, 'Africa/Lagos');
  });
});
