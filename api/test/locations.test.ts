import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES, nameTakenMessage } from '@meridian/shared/messages';
import type { Location } from '@meridian/shared/contract/location';
import { databaseLabel, startServer, type Actor, type TestServer, fieldError, pagingOf } from './support/harness';

describe(`locations (${databaseLabel})`, () => {
  let s: TestServer;
  let lendingAdmin: Actor;
  let trackingAdmin: Actor;
  let officer: Actor;
  const office = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    address: '1 Main Road, Sandton',
    lat: -26.1076,
    lng: 28.0567,
    ...extra,
  });

  before(async () => {
    s = await startServer();
    lendingAdmin = await s.as('company administrator');
    trackingAdmin = await s.as('company admin');
    officer = await s.as('loan officer');
  });
  after(() => s.close());

  test('creates, reads, edits and deletes a location of the acting tenant', async () => {
    const created = await lendingAdmin.call<Location>('POST', '/api/locations', { body: office('Head office') });
    assert.equal(created.status, 201);
    const location = created.body.data;
    assert.deepEqual(
      [location.tenantId, location.tenantName, location.name, location.lat, location.lng, location.active],
      [lendingAdmin.homeTenantId, 'Meridian Lending', 'Head office', -26.1076, 28.0567, true],
    );
    assert.equal((await lendingAdmin.call<Location>('GET', `/api/locations/${location.Id}`)).body.data.address, '1 Main Road, Sandton');
    const edited = await lendingAdmin.call<Location>('PUT', `/api/locations/${location.Id}`, {
      body: { name: 'Old head office', address: null, lat: null, lng: null, active: false },
    });
    assert.equal(edited.status, 200);
    assert.deepEqual(
      [edited.body.data.name, edited.body.data.address, edited.body.data.lat, edited.body.data.active],
      ['Old head office', null, null, false],
    );
    assert.equal((await lendingAdmin.call('DELETE', `/api/locations/${location.Id}`)).status, 200);
    assert.equal((await lendingAdmin.call<Location>('GET', `/api/locations/${location.Id}`)).status, 404);
  });

  test('a location can belong to a sub-tenant, never to a tenant outside the acting subtree', async () => {
    const soweto = await s.tenantId('Soweto Team');
    const forTeam = await lendingAdmin.call<Location>('POST', '/api/locations', {
      body: office('Soweto meeting point', { tenantId: soweto }),
    });
    assert.equal(forTeam.body.data.tenantName, 'Soweto Team');
    const moved = await lendingAdmin.call<Location>('PUT', `/api/locations/${forTeam.body.data.Id}`, {
      body: office('Soweto meeting point', { tenantId: await s.tenantId('Umhlanga Team') }),
    });
    assert.equal(moved.status, 400);
    assert.deepEqual(fieldError(moved, 'tenantId')!, [MESSAGES.tenantOutsideScope]);
  });

  test('the list is paged, searchable, sortable, and narrows to the subtree of the acting tenant', async () => {
    const capeTown = await s.tenantId('Cape Town Branch');
    await lendingAdmin.call<Location>('POST', '/api/locations', {
      body: office('Depot Bellville', { tenantId: await s.tenantId('Bellville Team') }),
    });
    await lendingAdmin.call<Location>('POST', '/api/locations', { body: office('Depot Cape Town', { tenantId: capeTown }) });
    await lendingAdmin.call<Location>('POST', '/api/locations', { body: office('Depot Sandton') });
    const page = await lendingAdmin.call<Location[]>('GET', '/api/locations?search=depot&size=2&sortField=name&sortOrder=asc');
    assert.deepEqual(
      page.body.data.map((l) => l.name),
      ['Depot Bellville', 'Depot Cape Town'],
    );
    assert.deepEqual(pagingOf(page), { pageNumber: 1, pageSize: 2, total: 3 });
    const byTenant = await lendingAdmin.call<Location[]>('GET', '/api/locations?search=depot&sortField=tenantName&sortOrder=desc');
    assert.deepEqual(
      byTenant.body.data.map((l) => l.tenantName),
      ['Meridian Lending', 'Cape Town Branch', 'Bellville Team'],
    );
    const inCapeTown = await lendingAdmin.call<Location[]>('GET', '/api/locations?search=depot', { tenant: capeTown });
    assert.deepEqual(inCapeTown.body.data.map((l) => l.name).sort(), ['Depot Bellville', 'Depot Cape Town']);
    assert.equal((await lendingAdmin.call<Location[]>('GET', '/api/locations?sortField=address')).status, 400);
  });

  test('validation failures answer 400 with a message per field', async () => {
    const empty = await lendingAdmin.call<Location>('POST', '/api/locations', { body: {} });
    assert.equal(empty.status, 400);
    assert.deepEqual(fieldError(empty, 'name')!, ['A location name is required.']);
    const blank = await lendingAdmin.call<Location>('POST', '/api/locations', { body: office('   ') });
    assert.deepEqual(fieldError(blank, 'name')!, ['A location name is required.']);
    const outOfRange = await lendingAdmin.call<Location>('POST', '/api/locations', { body: office('Nowhere', { lat: 91, lng: -181 }) });
    assert.deepEqual(fieldError(outOfRange, 'lat')!, ['Latitude is between -90 and 90.']);
    assert.deepEqual(fieldError(outOfRange, 'lng')!, ['Longitude is between -180 and 180.']);
    const half = await lendingAdmin.call<Location>('POST', '/api/locations', { body: office('Half a point', { lng: null }) });
    assert.deepEqual(fieldError(half, 'lng')!, ['Give both latitude and longitude, or neither.']);
    const notNumber = await lendingAdmin.call<Location>('POST', '/api/locations', { body: office('Text point', { lat: 'north' }) });
    assert.deepEqual(fieldError(notNumber, 'lat')!, ['Latitude is a number.']);
  });

  test('names are unique within a tenant, whatever their case', async () => {
    assert.equal((await lendingAdmin.call<Location>('POST', '/api/locations', { body: office('Warehouse') })).status, 201);
    const again = await lendingAdmin.call<Location>('POST', '/api/locations', { body: office('WAREHOUSE') });
    assert.equal(again.status, 409);
    assert.deepEqual(fieldError(again, 'name')!, [nameTakenMessage('location')]);
  });

  test('a user without ADMIN/LOCATIONS is refused with 403 on every location route', async () => {
    const someLocation = (await lendingAdmin.call<Location>('POST', '/api/locations', { body: office('Refusal target') })).body.data.Id;
    const notRefused: string[] = [];
    for (const [method, url, body] of [
      ['GET', '/api/locations'],
      ['GET', `/api/locations/${someLocation}`],
      ['POST', '/api/locations', office('Officer place')],
      ['PUT', `/api/locations/${someLocation}`, office('Officer edit')],
      ['DELETE', `/api/locations/${someLocation}`],
    ] as [string, string, unknown?][]) {
      const r = await officer.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 403 || r.body.result.code !== 'FORBIDDEN') notRefused.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(notRefused, []);
  });

  test('a location of Meridian Tracking is 404 for the Lending administrator and never listed', async () => {
    const theirs = (
      await trackingAdmin.call<Location>('POST', '/api/locations', { body: office('Durban depot', { lat: -29.8587, lng: 31.0218 }) })
    ).body.data;
    const leaks: string[] = [];
    for (const [method, url, body] of [
      ['GET', `/api/locations/${theirs.Id}`],
      ['PUT', `/api/locations/${theirs.Id}`, office('Taken over')],
      ['DELETE', `/api/locations/${theirs.Id}`],
    ] as [string, string, unknown?][]) {
      const r = await lendingAdmin.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 404) leaks.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(leaks, []);
    const listed = await lendingAdmin.call<Location[]>('GET', '/api/locations?size=1000');
    assert.ok(!listed.body.data.some((l) => l.Id === theirs.Id));
    assert.equal(pagingOf(await lendingAdmin.call<Location[]>('GET', '/api/locations?search=durban')).total, 0);
    assert.equal(
      (await trackingAdmin.call<Location>('GET', `/api/locations/${theirs.Id}`)).body.data.name,
      'Durban depot',
      'nothing outside was changed',
    );
  });
});
