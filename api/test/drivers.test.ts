import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Driver } from '@meridian/shared/contract/driver';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';

describe(`drivers (${databaseLabel})`, () => {
  let s: TestServer;
  let tracking: Actor;
  let lending: Actor;
  let officer: Actor;

  before(async () => {
    s = await startServer();
    tracking = await s.as('company admin');
    lending = await s.as('company administrator');
    officer = await s.as('loan officer');
  });
  after(() => s.close());

  test('the demo drivers are listed by name DESC by default and searched', async () => {
    const drivers = await tracking.call<Driver[]>('GET', '/api/geo/drivers');
    assert.equal(drivers.status, 200);
    assert.deepEqual(
      drivers.body.data.map((d) => [d.type, d.name, d.tenantName]),
      [
        ['driver', 'Thandeka Mkhize', 'Durban Branch'],
        ['driver', 'Sibusiso Ngcobo', 'Durban Branch'],
      ],
    );
    const found = await tracking.call<Driver[]>('GET', '/api/geo/drivers?search=01a4');
    assert.deepEqual(
      found.body.data.map((d) => d.name),
      ['Sibusiso Ngcobo'],
    );
  });

  test('a driver is created, read, edited and deleted; a driver id is unique within its tenant (409)', async () => {
    const created = await tracking.call<Driver>('POST', '/api/geo/drivers', {
      body: { name: ' Zanele Dube ', uniqueId: 'RFID-1001', phone: '+27 72 555 0399', attributes: { licence: 'C1' } },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const driver = created.body.data;
    assert.deepEqual(
      [driver.name, driver.uniqueId, driver.tenantName, driver.attributes],
      ['Zanele Dube', 'RFID-1001', 'Meridian Tracking', { licence: 'C1' }],
    );
    const twice = await tracking.call('POST', '/api/geo/drivers', { body: { name: 'Someone', uniqueId: 'RFID-1001' } });
    assert.equal(twice.status, 409);
    assert.deepEqual(fieldError(twice, 'uniqueId'), ['Another driver of this tenant has this id.']);
    const elsewhere = await lending.call('POST', '/api/geo/drivers', { body: { name: 'Someone', uniqueId: 'RFID-1001' } });
    assert.equal(elsewhere.status, 201, 'another tenant may use the same card id');
    const edited = await tracking.call<Driver>('PUT', `/api/geo/drivers/${driver.id}`, {
      body: { name: 'Zanele Dube', uniqueId: 'RFID-1002' },
    });
    assert.deepEqual([edited.body.data.uniqueId, edited.body.data.phone, edited.body.data.attributes], ['RFID-1002', null, {}]);
    assert.equal((await tracking.call<Driver>('GET', `/api/geo/drivers/${driver.id}`)).body.data.uniqueId, 'RFID-1002');
    assert.equal((await tracking.call('DELETE', `/api/geo/drivers/${driver.id}`)).status, 200);
    assert.equal((await tracking.call('GET', `/api/geo/drivers/${driver.id}`)).status, 404);
    const reused = await tracking.call('POST', '/api/geo/drivers', { body: { name: 'New holder', uniqueId: 'RFID-1002' } });
    assert.equal(reused.status, 201, "a deleted driver's card id is free again");
  });

  test('bad input answers 400 with the fields named; another company answers 404; without the permission 403', async () => {
    const bad = await tracking.call('POST', '/api/geo/drivers', { body: { name: '', uniqueId: 'no spaces please', phone: 'phone' } });
    for (const field of ['name', 'uniqueId', 'phone']) assert.ok(fieldError(bad, field), field);
    const driver = (await tracking.call<Driver[]>('GET', '/api/geo/drivers')).body.data[0]!;
    for (const [method, url, body] of [
      ['GET', `/api/geo/drivers/${driver.id}`],
      ['PUT', `/api/geo/drivers/${driver.id}`, { name: 'x', uniqueId: 'x' }],
      ['DELETE', `/api/geo/drivers/${driver.id}`],
    ] as const)
      assert.equal((await lending.call(method, url, body ? { body } : {})).status, 404, `${method} ${url}`);
    assert.equal(pagingOf(await lending.call<Driver[]>('GET', '/api/geo/drivers')).total, 1, 'only its own');
    for (const [method, url] of [
      ['GET', '/api/geo/drivers'],
      ['POST', '/api/geo/drivers'],
      ['DELETE', `/api/geo/drivers/${driver.id}`],
    ] as const)
      assert.equal((await officer.call(method, url, { body: {} })).status, 403, `${method} ${url}`);
  });
});
