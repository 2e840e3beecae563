import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { StaffListing } from '@meridian/shared/contract/bid';
import { PUBLIC_LISTING_LIMITS, type PublicListing, type PublicListingVehicle } from '@meridian/shared/contract/public-listing';
import type { RepossessionDetails } from '@meridian/shared/contract/repossession';
import type { VehicleDetails, VehiclePhoto } from '@meridian/shared/contract/vehicle';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { matrixPhotoForm } from './support/route-matrix-fixtures';

const LENDING_KEY = 'meridian-lending';
const PUBLIC_VEHICLE_KEYS = ['bluebookValue', 'colour', 'currency', 'id', 'make', 'model', 'photoUrl', 'registration', 'year'];

describe(`public listing (${databaseLabel})`, () => {
  let s: TestServer;
  let lending: Actor;
  let tracking: Actor;
  let officer: Actor;
  let dataDir: string;
  let serial = 0;
  let address = 0;
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });

  /** A client address of its own, so one test's bids never count against another's. */
  const newAddress = () => `203.0.113.${(address += 1)}`;

  async function vehicleWithPhoto(actor: Actor, extra: Record<string, unknown> = {}) {
    serial += 1;
    const made = await actor.call<VehicleDetails>('POST', '/api/vehicles', {
      body: { registrationNumber: `PL ${serial} GP`, make: 'Toyota', model: 'Hilux', year: 2021, colour: 'Grey', ...extra },
    });
    assert.equal(made.status, 201, made.text);
    const photo = await actor.call<VehiclePhoto[]>('POST', `/api/vehicles/${made.body.data.id}/photos`, await matrixPhotoForm());
    assert.equal(photo.status, 201, photo.text);
    return { vehicle: made.body.data, photo: photo.body.data[0]! };
  }

  /** A repossession moved along the workflow to `last` (Listed unless said), with its vehicle's photo. */
  async function repossessed(actor: Actor, last = 'Listed', extra: Record<string, unknown> = {}) {
    const { vehicle, photo } = await vehicleWithPhoto(actor, extra);
    const raised = await actor.call<RepossessionDetails>('POST', '/api/vehicles/repossessions', {
      body: { vehicleId: vehicle.id, reason: 'Arrears confidential', notes: 'Debtor Jane Private' },
    });
    assert.equal(raised.status, 201, raised.text);
    for (const status of ['Dispatched', 'Recovered', 'In storage', 'Listed']) {
      const moved = await actor.call('PUT', '/api/vehicles/repossessions-status', { body: { id: raised.body.data.id, status } });
      assert.equal(moved.status, 200, moved.text);
      if (status === last) break;
    }
    return { repossession: raised.body.data, vehicle, photo };
  }

  const choosePhoto = (actor: Actor, repossessionId: string, vehiclePhotoId: string | null) =>
    actor.call<RepossessionDetails>('PUT', '/api/vehicles/repossessions-publiclistingphoto', { body: { repossessionId, vehiclePhotoId } });
  const publicPage = (key = LENDING_KEY, query = 'size=50') => s.call<PublicListing>('GET', `/api/public/listing/${key}?${query}`);
  const publicOne = (id: string, key = LENDING_KEY) => s.call<PublicListingVehicle>('GET', `/api/public/listing/${key}/${id}`);
  const bid = (id: string, body: unknown, from = newAddress(), key = LENDING_KEY) =>
    s.call('POST', `/api/public/listing/${key}/${id}/bids`, { body, headers: { 'x-forwarded-for': from } });
  const bidsStored = async (repossessionId: string) =>
    (await s.db.one<{ n: number }>(`select count(*)::int as n from vehicle_bids where repossession_id = $1`, [repossessionId]))!.n;

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-public-listing-'));
    s = await startServer({ dataDir, trustProxy: true }, { logStream });
    lending = await s.as('company administrator');
    tracking = await s.as('company admin');
    officer = await s.as('loan officer');
    await s.db.query(`insert into tenant_public_listings (tenant_id, public_key) values ($1, 'meridian-tracking'), ($2, 'jhb-yard')`, [
      await s.tenantId('Meridian Tracking'),
      await s.tenantId('Johannesburg Branch'),
    ]);
  });
  after(async () => {
    await s.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('the public page shows only Listed repossessions, each with exactly the public keys, a masked registration and no other id', async () => {
    const listed = await repossessed(lending, 'Listed', { registrationNumber: 'MASK 77 GP' });
    assert.equal((await choosePhoto(lending, listed.repossession.id, listed.photo.id)).status, 200);
    const stored = await repossessed(lending, 'In storage');
    const page = await publicPage();
    assert.equal(page.status, 200, page.text);
    assert.deepEqual(Object.keys(page.body.data).sort(), ['sellerName', 'vehicles']);
    assert.equal(page.body.data.sellerName, 'Meridian Lending');
    const ids = page.body.data.vehicles.map((v) => v.id);
    assert.ok(ids.includes(listed.repossession.id));
    assert.ok(!ids.includes(stored.repossession.id), 'a vehicle In storage is not for sale');
    for (const vehicle of page.body.data.vehicles) assert.deepEqual(Object.keys(vehicle).sort(), PUBLIC_VEHICLE_KEYS);
    const mine = page.body.data.vehicles.find((v) => v.id === listed.repossession.id)!;
    assert.deepEqual(mine, {
      id: listed.repossession.id,
      registration: 'MA••••GP',
      make: 'Toyota',
      model: 'Hilux',
      year: 2021,
      colour: 'Grey',
      photoUrl: `/api/public/listing/${LENDING_KEY}/${listed.repossession.id}/photo`,
      bluebookValue: { amountMinor: 42_500_000, currency: 'ZAR' },
      currency: 'ZAR',
    });
    // Nothing else of the rows behind it: not the vehicle's, photo's or tenant's ids, nor the reason or history.
    for (const hidden of [listed.vehicle.id, listed.photo.id, listed.vehicle.tenantId, 'MASK 77 GP', 'Arrears', 'Jane Private', 'history'])
      assert.ok(!page.text.includes(hidden), `the public page shows ${hidden}`);
    assert.equal(pagingOf(page).total, page.body.data.vehicles.length);
  });

  test('one vehicle is answered with the same keys; unlisted, unknown, other sellers’ and malformed ids are 404 or 400 alike', async () => {
    const listed = await repossessed(lending);
    const one = await publicOne(listed.repossession.id);
    assert.equal(one.status, 200, one.text);
    assert.deepEqual(Object.keys(one.body.data).sort(), PUBLIC_VEHICLE_KEYS);
    assert.equal(one.body.data.photoUrl, null, 'no listing photo chosen yet');

    const stored = await repossessed(lending, 'In storage');
    const theirs = await repossessed(tracking);
    for (const [id, key, why] of [
      [stored.repossession.id, LENDING_KEY, 'not Listed'],
      [theirs.repossession.id, LENDING_KEY, "another company's"],
      [listed.repossession.id, 'meridian-tracking', "listed under another company's key"],
      [listed.repossession.id, 'jhb-yard', 'a company-level vehicle under a branch key'],
      ['7b7c1a4e-1c7e-4a43-9d0e-5f3a2b1c0d9e', LENDING_KEY, 'unknown'],
      [listed.repossession.id, 'no-such-seller', 'unknown key'],
    ] as const) {
      const answer = await publicOne(id, key);
      assert.equal(answer.status, 404, `${why}: ${answer.text}`);
      assert.equal(answer.body.data, null);
    }
    assert.equal((await publicPage('no-such-seller')).status, 404);
    assert.equal((await publicOne('not-an-id')).status, 400);
    assert.equal((await publicPage('Bad_Key')).status, 400);
    assert.ok((await publicPage(LENDING_KEY, 'size=500')).status === 400, 'a public page is at most 50 vehicles');
  });

  test("a branch's key shows the branch's listed vehicles, and the company's key shows them too", async () => {
    const jhb = await s.tenantId('Johannesburg Branch');
    const inBranch: Actor = { ...lending, call: (method, url, options = {}) => lending.call(method, url, { ...options, tenant: jhb }) };
    const ours = await repossessed(inBranch);
    assert.equal(ours.vehicle.tenantId, jhb);
    assert.ok((await publicPage('jhb-yard')).body.data.vehicles.some((v) => v.id === ours.repossession.id));
    assert.ok((await publicPage()).body.data.vehicles.some((v) => v.id === ours.repossession.id));
    assert.equal((await publicOne(ours.repossession.id, 'jhb-yard')).status, 200);
  });

  test('the listing photo is one of the vehicle’s own photos; another vehicle’s is 400, another company’s repossession 404', async () => {
    const listed = await repossessed(lending);
    const chosen = await choosePhoto(lending, listed.repossession.id, listed.photo.id);
    assert.equal(chosen.status, 200, chosen.text);
    assert.equal(chosen.body.data.publicListingPhotoId, listed.photo.id);
    assert.equal(chosen.body.data.publicListingKey, LENDING_KEY);
    const read = await lending.call<RepossessionDetails>('GET', `/api/vehicles/repossession/${listed.repossession.id}`);
    assert.equal(read.body.data.publicListingPhotoId, listed.photo.id);

    const other = await vehicleWithPhoto(lending);
    const refused = await choosePhoto(lending, listed.repossession.id, other.photo.id);
    assert.equal(refused.status, 400, refused.text);
    assert.ok(fieldError(refused, 'vehiclePhotoId'));

    const theirs = await repossessed(tracking);
    assert.equal((await choosePhoto(lending, theirs.repossession.id, theirs.photo.id)).status, 404);
    assert.equal((await choosePhoto(officer, listed.repossession.id, listed.photo.id)).status, 403);

    const photo = await s.call('GET', `/api/public/listing/${LENDING_KEY}/${listed.repossession.id}/photo`);
    assert.equal(photo.status, 200);
    assert.equal(photo.headers['content-type'], 'image/jpeg');

    const cleared = await choosePhoto(lending, listed.repossession.id, null);
    assert.equal(cleared.body.data.publicListingPhotoId, null);
    assert.equal((await s.call('GET', `/api/public/listing/${LENDING_KEY}/${listed.repossession.id}/photo`)).status, 404);
  });

  test('staff see the listing of their subtree with bids counted and the highest bid; without the permission 403', async () => {
    const listed = await repossessed(lending);
    assert.equal(
      (await bid(listed.repossession.id, { name: 'Ann Buyer', contact: 'ann@example.com', amountMinor: 100_000_00 })).status,
      201,
    );
    assert.equal(
      (await bid(listed.repossession.id, { name: 'Ben Buyer', contact: '+27 82 555 0100', amountMinor: 120_000_00 })).status,
      201,
    );
    const answer = await lending.call<StaffListing[]>('GET', '/api/vehicles/repossessions/public-listing?size=1000');
    assert.equal(answer.status, 200, answer.text);
    const row = answer.body.data.find((r) => r.id === listed.repossession.id)!;
    assert.equal(row.bidCount, 2);
    assert.deepEqual(row.highestBid, { amountMinor: 120_000_00, currency: 'ZAR' });
    assert.equal(row.publicListingKey, LENDING_KEY);
    assert.ok(
      answer.body.data.every((r) => r.registrationNumber),
      'staff see the whole registration',
    );
    const theirs = await tracking.call<StaffListing[]>('GET', '/api/vehicles/repossessions/public-listing?size=1000');
    assert.ok(!theirs.body.data.some((r) => r.id === listed.repossession.id));
    assert.equal((await officer.call('GET', '/api/vehicles/repossessions/public-listing')).status, 403);
  });

  test('a bid is kept with the listing’s currency; the honeypot is answered alike and keeps nothing', async () => {
    const listed = await repossessed(lending);
    const placed = await bid(listed.repossession.id, { name: '  Cara Buyer ', contact: 'cara@example.com', amountMinor: 99_000_00 });
    assert.equal(placed.status, 201, placed.text);
    assert.deepEqual(placed.body.data, { received: true });
    const row = await s.db.one<{ bidder_name: string; currency: string; amount: string; status: string }>(
      `select bidder_name, currency, amount_minor::text as amount, status from vehicle_bids where repossession_id = $1`,
      [listed.repossession.id],
    );
    assert.deepEqual(row, { bidder_name: 'Cara Buyer', currency: 'ZAR', amount: '9900000', status: 'received' });

    const robot = await bid(listed.repossession.id, {
      name: 'Bot',
      contact: 'bot@example.com',
      amountMinor: 1,
      website: 'http://spam.example',
    });
    assert.equal(robot.status, 201);
    assert.deepEqual(robot.body, placed.body);
    assert.equal(await bidsStored(listed.repossession.id), 1);

    const wrongCurrency = await bid(listed.repossession.id, { name: 'Dan', contact: 'dan@example.com', amountMinor: 100, currency: 'usd' });
    assert.equal(wrongCurrency.status, 400);
    assert.deepEqual(fieldError(wrongCurrency, 'currency'), ['Bids on this vehicle are in ZAR.']);
  });

  test('bad amounts, contacts, names and unknown keys are 400 with the field named; an oversize body is 413; nothing is kept', async () => {
    const listed = await repossessed(lending);
    const good = { name: 'Eve Buyer', contact: 'eve@example.com', amountMinor: 50_000_00 };
    for (const [change, field] of [
      [{ amountMinor: 0 }, 'amountMinor'],
      [{ amountMinor: -100 }, 'amountMinor'],
      [{ amountMinor: 1000.5 }, 'amountMinor'],
      [{ amountMinor: '5000' }, 'amountMinor'],
      [{ amountMinor: PUBLIC_LISTING_LIMITS.maxAmountMinor + 1 }, 'amountMinor'],
      [{ contact: 'not a contact' }, 'contact'],
      [{ contact: '12345' }, 'contact'],
      [{ name: 'E' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ currency: 'RANDS' }, 'currency'],
    ] as const) {
      const answer = await bid(listed.repossession.id, { ...good, ...change });
      assert.equal(answer.status, 400, `${JSON.stringify(change)}: ${answer.text}`);
      assert.ok(fieldError(answer, field), `${JSON.stringify(change)} names ${field}: ${answer.text}`);
    }
    assert.equal((await bid(listed.repossession.id, { ...good, debtor: 'x' })).status, 400, 'an unknown key is refused');
    const oversize = await bid(listed.repossession.id, { ...good, website: '', name: 'E'.repeat(PUBLIC_LISTING_LIMITS.bodyLimitBytes) });
    assert.equal(oversize.status, 413, oversize.text);
    assert.equal(oversize.body.result.success, false);
    assert.equal(await bidsStored(listed.repossession.id), 0);
    const stored = await repossessed(lending, 'In storage');
    assert.equal((await bid(stored.repossession.id, good)).status, 404, 'no bid on a vehicle not listed');
  });

  test('bids are limited per client address and per listing: 429 with Retry-After and a clear message', async () => {
    const listed = await repossessed(lending);
    const other = await repossessed(lending);
    const from = newAddress();
    const body = { name: 'Fay Buyer', contact: 'fay@example.com', amountMinor: 10_000_00 };
    for (let i = 0; i < PUBLIC_LISTING_LIMITS.bidsPerAddress; i += 1)
      assert.equal((await bid(i % 2 ? listed.repossession.id : other.repossession.id, body, from)).status, 201);
    const refused = await bid(listed.repossession.id, body, from);
    assert.equal(refused.status, 429, refused.text);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.match(refused.body.result.message, /Too many bids from this network just now\. Try again in \d+ seconds\./);
    assert.equal((await bid(listed.repossession.id, body, newAddress())).status, 201, 'another address may still bid');

    // A flood on one listing from many addresses: the listing stops taking bids for the window.
    const flooded = await repossessed(lending);
    for (let i = 0; i < PUBLIC_LISTING_LIMITS.bidsPerListing; i += 1) assert.equal((await bid(flooded.repossession.id, body)).status, 201);
    const busy = await bid(flooded.repossession.id, body);
    assert.equal(busy.status, 429);
    assert.match(busy.body.result.message, /This vehicle is receiving many bids just now/);
    assert.equal(await bidsStored(flooded.repossession.id), PUBLIC_LISTING_LIMITS.bidsPerListing);
  });

  test("no bidder's name or contact reaches the log", async () => {
    const listed = await repossessed(lending);
    const name = 'Gwendolyn Secretbidder';
    const contact = 'gwendolyn.secret@example.com';
    await bid(listed.repossession.id, { name, contact, amountMinor: 10_000_00 });
    await bid(listed.repossession.id, { name, contact, amountMinor: -1 });
    await bid(listed.repossession.id, { name, contact: `${contact}x`.repeat(200), amountMinor: 1 });
    const log = logLines.join('');
    assert.ok(log.length > 0, 'the server logs requests');
    for (const secret of ['Gwendolyn', 'Secretbidder', 'gwendolyn.secret']) assert.ok(!log.includes(secret), `the log holds ${secret}`);
  });
});
