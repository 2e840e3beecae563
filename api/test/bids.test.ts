import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EMPTY_GUID } from '@meridian/shared/constants';
import type { Bid } from '@meridian/shared/contract/bid';
import type { RepossessionDetails } from '@meridian/shared/contract/repossession';
import type { VehicleDetails } from '@meridian/shared/contract/vehicle';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';

describe(`vehicle bids (${databaseLabel})`, () => {
  let s: TestServer;
  let lending: Actor;
  let tracking: Actor;
  let officer: Actor;
  let bidsOnly: Actor;
  let serial = 0;
  let address = 0;

  async function listed(actor: Actor = lending) {
    serial += 1;
    const vehicle = await actor.call<VehicleDetails>('POST', '/api/vehicles', {
      body: { registrationNumber: `BD ${serial} GP`, make: 'Ford', model: 'Ranger', year: 2022 },
    });
    assert.equal(vehicle.status, 201, vehicle.text);
    const raised = await actor.call<RepossessionDetails>('POST', '/api/vehicles/repossessions', {
      body: { vehicleId: vehicle.body.data.id },
    });
    for (const status of ['Dispatched', 'Recovered', 'In storage', 'Listed'])
      assert.equal(
        (await actor.call('PUT', '/api/vehicles/repossessions-status', { body: { id: raised.body.data.id, status } })).status,
        200,
      );
    return raised.body.data.id;
  }

  /** A bid from the public, through the public route (each from its own address, so none is throttled). */
  async function bidOn(repossessionId: string, amountMinor: number, key = 'meridian-lending') {
    address += 1;
    const answer = await s.call('POST', `/api/public/listing/${key}/${repossessionId}/bids`, {
      body: { name: `Bidder ${address}`, contact: `bidder${address}@example.com`, amountMinor },
      headers: { 'x-forwarded-for': `198.51.100.${address}` },
    });
    assert.equal(answer.status, 201, answer.text);
    const row = await s.db.one<{ id: string }>(
      `select id from vehicle_bids where repossession_id = $1 order by received_date desc limit 1`,
      [repossessionId],
    );
    return row!.id;
  }

  const bidsOf = (actor: Actor, query: string, userId = EMPTY_GUID) => actor.call<Bid[]>('GET', `/api/vehicles/bids/${userId}?${query}`);
  const accept = (actor: Actor, bidId: string) => actor.call<Bid>('PUT', '/api/vehicles/bids-accept', { body: { bidId } });

  before(async () => {
    s = await startServer({ trustProxy: true });
    lending = await s.as('company administrator');
    tracking = await s.as('company admin');
    officer = await s.as('loan officer');
    bidsOnly = await s.actorWith('bids-desk', ['VEHICLES/BIDS']);
    await s.db.query(`insert into tenant_public_listings (tenant_id, public_key) values ($1, 'meridian-tracking')`, [
      await s.tenantId('Meridian Tracking'),
    ]);
  });
  after(() => s.close());

  test('bids are listed newest received first by default, per repossession, with the bidder and amount in minor units', async () => {
    const id = await listed();
    const first = await bidOn(id, 100_000_00);
    const second = await bidOn(id, 110_000_00);
    await s.db.query(`update vehicle_bids set received_date = received_date - interval '1 hour' where id = $1`, [first]);
    const page = await bidsOf(lending, `repossessionId=${id}`);
    assert.equal(page.status, 200, page.text);
    assert.deepEqual(
      page.body.data.map((b) => [b.id, b.amountMinor, b.currency, b.status]),
      [
        [second, 110_000_00, 'ZAR', 'received'],
        [first, 100_000_00, 'ZAR', 'received'],
      ],
    );
    assert.equal(pagingOf(page).total, 2);
    assert.equal(page.body.data[0]!.repossessionStatus, 'Listed');
    const ascending = await bidsOf(lending, `repossessionId=${id}&sortField=amountMinor&sortOrder=ASC`);
    assert.deepEqual(
      ascending.body.data.map((b) => b.id),
      [first, second],
    );
    assert.equal((await bidsOf(lending, 'sortField=bidderContact')).status, 400, 'sort fields are whitelisted');
    const mine = await bidsOf(lending, `repossessionId=${id}`, lending.userId);
    assert.equal(mine.body.data.length, 2, "the caller's own id is the whole subtree too");
  });

  test('accepting a bid sells the vehicle through the workflow, declines the others, and a second acceptance is 409', async () => {
    const id = await listed();
    const low = await bidOn(id, 90_000_00);
    const high = await bidOn(id, 95_000_00);
    const accepted = await accept(bidsOnly, high);
    assert.equal(accepted.status, 200, accepted.text);
    assert.equal(accepted.body.data.status, 'accepted');
    assert.equal(accepted.body.data.repossessionStatus, 'Sold');
    assert.ok(accepted.body.data.decidedDate);
    const details = await lending.call<RepossessionDetails>('GET', `/api/vehicles/repossession/${id}`);
    assert.equal(details.body.data.status, 'Sold');
    const last = details.body.data.history.at(-1)!;
    assert.deepEqual([last.fromStatus, last.toStatus, last.userId], ['Listed', 'Sold', bidsOnly.userId]);
    assert.match(last.note ?? '', /ZAR 95000\.00/);
    const statuses = (await bidsOf(lending, `repossessionId=${id}`)).body.data.map((b) => [b.id, b.status] as const);
    assert.deepEqual(
      new Map(statuses),
      new Map([
        [high, 'accepted'],
        [low, 'declined'],
      ]),
    );

    for (const again of [low, high]) {
      const refused = await accept(lending, again);
      assert.equal(refused.status, 409, refused.text);
      assert.match(refused.body.result.message, /its vehicle is Sold, not Listed/);
    }
    assert.equal((await s.call('GET', `/api/public/listing/meridian-lending/${id}`)).status, 404, 'a sold vehicle leaves the public page');
  });

  test('a bid on a repossession no longer Listed cannot be accepted (409) and nothing changes', async () => {
    const id = await listed();
    const bid = await bidOn(id, 80_000_00);
    assert.equal((await lending.call('PUT', '/api/vehicles/repossessions-status', { body: { id, status: 'Returned' } })).status, 200);
    const refused = await accept(lending, bid);
    assert.equal(refused.status, 409);
    assert.equal(
      refused.body.result.message,
      'This bid cannot be accepted: its vehicle is Returned, not Listed. Only a listed vehicle is sold by accepting a bid.',
    );
    const still = (await bidsOf(lending, `repossessionId=${id}`)).body.data[0]!;
    assert.equal(still.status, 'received');
  });

  test('bids need VEHICLES/BIDS or VEHICLES; another company’s bids are never listed and their acceptance is 404', async () => {
    const id = await listed();
    const bid = await bidOn(id, 70_000_00);
    assert.equal((await bidsOf(officer, '')).status, 403);
    assert.equal((await accept(officer, bid)).status, 403);
    assert.equal((await bidsOf(bidsOnly, `repossessionId=${id}`)).body.data.length, 1);

    const theirs = await listed(tracking);
    const theirBid = await bidOn(theirs, 60_000_00, 'meridian-tracking');
    const ours = await bidsOf(lending, 'size=1000');
    assert.ok(!ours.body.data.some((b) => b.id === theirBid));
    assert.ok(!(await bidsOf(tracking, 'size=1000')).body.data.some((b) => b.id === bid));
    assert.equal((await accept(lending, theirBid)).status, 404);
    assert.equal((await accept(tracking, bid)).status, 404);
    assert.equal((await bidsOf(tracking, '', lending.userId)).status, 404, "a user outside the caller's subtree is 404");
    const bad = await lending.call('PUT', '/api/vehicles/bids-accept', { body: { bidId: 'nope' } });
    assert.equal(bad.status, 400);
    assert.ok(fieldError(bad, 'bidId'));
  });
});
