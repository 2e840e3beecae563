import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CountryList } from '@meridian/shared/contract/country';
import type { PositionAddress } from '@meridian/shared/contract/geo-position';
import { DEMO_TRACKING_DEVICES } from '../src/seed/demo-tracking';
import { reverseUrl } from '../src/modules/geocoding/position-geocoder';
import { databaseLabel, startServer, type Actor, type TestServer } from './support/harness';
import { addPosition, deviceIdOf } from './support/tracking-rows';

describe(`geocoding of positions, and countries (${databaseLabel})`, () => {
  let s: TestServer;
  let tracking: Actor;
  let lending: Actor;
  let officer: Actor;
  let hilux: string;
  const asked: string[] = [];
  let answer: { status: number; body: string } = { status: 200, body: '{}' };
  const geocoder = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(answer.body);
  });

  before(async () => {
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    s = await startServer({ geocoderUrl: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}/nominatim/` });
    tracking = await s.as('company admin');
    lending = await s.as('company administrator');
    officer = await s.as('loan officer');
    hilux = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[0]!.uniqueId);
  });
  after(async () => {
    await s.close();
    geocoder.close();
  });

  const position = () => addPosition(s.db, hilux, { fixTime: new Date(), latitude: -29.8587, longitude: 31.0218, latest: false });
  const geocode = (id: number, actor = tracking) => actor.call<PositionAddress>('GET', `/api/geo/geocoding/position/${id}`);

  test("a position's address comes from the geocoder once, is stored with it, and is answered from there after", async () => {
    const id = await position();
    answer = { status: 200, body: JSON.stringify({ display_name: '1 Dr Pixley KaSeme Street, Durban Central, 4001, South Africa' }) };
    const found = await geocode(id);
    assert.equal(found.status, 200, JSON.stringify(found.body));
    assert.deepEqual(found.body.data, {
      positionId: id,
      latitude: -29.8587,
      longitude: 31.0218,
      address: '1 Dr Pixley KaSeme Street, Durban Central, 4001, South Africa',
    });
    assert.equal(asked.at(-1), '/nominatim/reverse?format=jsonv2&lat=-29.8587&lon=31.0218');
    const stored = await s.db.one<{ address: string }>(`select address from positions where id = $1`, [id]);
    assert.equal(stored!.address, found.body.data.address);
    const calls = asked.length;
    assert.equal((await geocode(id)).body.data.address, found.body.data.address);
    assert.equal(asked.length, calls, 'the stored address is answered without asking again');
  });

  test('a failing geocoder answers 502, an address it does not know 404, and without one 503, each with a clear message', async () => {
    answer = { status: 500, body: 'oops' };
    const failed = await geocode(await position());
    assert.equal(failed.status, 502);
    assert.deepEqual(
      [failed.body.result.code, failed.body.result.message],
      ['BAD_GATEWAY', 'The geocoder did not answer with an address: try again later.'],
    );
    answer = { status: 200, body: JSON.stringify({ error: 'Unable to geocode' }) };
    assert.equal((await geocode(await position())).status, 404);
    const withoutGeocoder = s.config.geocoderUrl;
    s.config.geocoderUrl = null;
    try {
      const unavailable = await geocode(await position());
      assert.equal(unavailable.status, 503);
      assert.equal(unavailable.body.result.message, 'Addresses are not available: no geocoder is configured.');
    } finally {
      s.config.geocoderUrl = withoutGeocoder;
    }
  });

  test("a URL template takes the position's latitude and longitude", () => {
    assert.equal(
      reverseUrl('https://geo.example.test/rev?lat={lat}&lng={lon}&key=k', -29.85, 31.02),
      'https://geo.example.test/rev?lat=-29.85&lng=31.02&key=k',
    );
  });

  test("another company's position is not found (404); without the permission 403; a bad id 400", async () => {
    const id = await position();
    assert.equal((await geocode(id, lending)).status, 404);
    assert.equal((await geocode(id, officer)).status, 403);
    assert.equal((await tracking.call('GET', '/api/geo/geocoding/position/abc')).status, 400);
  });

  test('countries are answered as data.countries to every signed-in user, sorted by name', async () => {
    const answer = await officer.call<CountryList>('GET', '/api/geo/countries/all');
    assert.equal(answer.status, 200);
    const { countries } = answer.body.data;
    assert.ok(countries.length > 240, String(countries.length));
    assert.deepEqual(
      countries.find((c) => c.code === 'ZA'),
      { code: 'ZA', name: 'South Africa', diallingCode: '+27', currencyCode: 'ZAR' },
    );
    assert.deepEqual(
      countries.map((c) => c.name),
      [...countries.map((c) => c.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    assert.equal((await s.call('GET', '/api/geo/countries/all')).status, 401);
  });
});
