import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EMPTY_GUID } from '@meridian/shared/constants';
import {
  REPOSSESSION_MOVES,
  REPOSSESSION_STATUSES,
  type Repossession,
  type RepossessionDetails,
  type RepossessionStatus,
} from '@meridian/shared/contract/repossession';
import type { VehicleDetails } from '@meridian/shared/contract/vehicle';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';

/** The shortest legal path from New to each status, to put a repossession there through the API. */
const PATH_TO: Record<RepossessionStatus, RepossessionStatus[]> = {
  New: [],
  Dispatched: ['Dispatched'],
  Sighted: ['Dispatched', 'Sighted'],
  Recovered: ['Dispatched', 'Recovered'],
  'In storage': ['Dispatched', 'Recovered', 'In storage'],
  Listed: ['Dispatched', 'Recovered', 'In storage', 'Listed'],
  Sold: ['Dispatched', 'Recovered', 'In storage', 'Listed', 'Sold'],
  Returned: ['Dispatched', 'Sighted', 'Returned'],
  Cancelled: ['Cancelled'],
};

describe(`vehicle repossessions (${databaseLabel})`, () => {
  let s: TestServer;
  let lending: Actor;
  let tracking: Actor;
  let officer: Actor;
  let serial = 0;

  const vehicle = async (actor: Actor = lending) => {
    serial += 1;
    const made = await actor.call<VehicleDetails>('POST', '/api/vehicles', {
      body: { registrationNumber: `RP ${serial} ZZ`, make: 'Isuzu' },
    });
    assert.equal(made.status, 201, made.text);
    return made.body.data.id;
  };
  const raise = async (actor: Actor = lending) => {
    const made = await actor.call<RepossessionDetails>('POST', '/api/vehicles/repossessions', {
      body: { vehicleId: await vehicle(actor), reason: 'Arrears' },
    });
    assert.equal(made.status, 201, made.text);
    return made.body.data;
  };
  const move = (id: string, status: string, note?: string, actor: Actor = lending) =>
    actor.call<RepossessionDetails>('PUT', '/api/vehicles/repossessions-status', { body: { id, status, note } });
  const at = async (status: RepossessionStatus) => {
    const r = await raise();
    for (const step of PATH_TO[status]) assert.equal((await move(r.id, step)).status, 200, `${r.status} to ${step}`);
    return r.id;
  };

  before(async () => {
    s = await startServer();
    lending = await s.as('company administrator');
    tracking = await s.as('company admin');
    officer = await s.as('loan officer');
  });
  after(() => s.close());

  test('a repossession is raised as New, moves along the workflow with a history row per move, and the vehicle follows', async () => {
    const r = await raise();
    assert.equal(r.status, 'New');
    assert.deepEqual(
      r.history.map((h) => [h.fromStatus, h.toStatus]),
      [[null, 'New']],
    );
    const vehicleOf = async () => (await lending.call<VehicleDetails>('GET', `/api/vehicles/details/${r.vehicleId}`)).body.data.status;
    assert.equal(await vehicleOf(), 'repossession');
    await move(r.id, 'Dispatched', 'Agent Mokoena on it');
    const recovered = await move(r.id, 'Recovered');
    assert.equal(recovered.status, 200, 'Sighted may be skipped');
    assert.equal(await vehicleOf(), 'recovered');
    await move(r.id, 'In storage');
    await move(r.id, 'Listed');
    const sold = await move(r.id, 'Sold', 'Auction lot 12');
    assert.equal(sold.body.data.status, 'Sold');
    assert.deepEqual(
      sold.body.data.history.map((h) => [h.fromStatus, h.toStatus, h.note]),
      [
        [null, 'New', 'Arrears'],
        ['New', 'Dispatched', 'Agent Mokoena on it'],
        ['Dispatched', 'Recovered', null],
        ['Recovered', 'In storage', null],
        ['In storage', 'Listed', null],
        ['Listed', 'Sold', 'Auction lot 12'],
      ],
    );
    assert.ok(sold.body.data.history.every((h) => h.userId === lending.userId && h.dateCreated));
    assert.equal(await vehicleOf(), 'sold');
    const read = await lending.call<RepossessionDetails>('GET', `/api/vehicles/repossession/${r.id}`);
    assert.equal(read.body.data.history.length, 6);
  });

  test('every illegal move is refused with a 409 naming both states, and changes nothing', async () => {
    for (const from of REPOSSESSION_STATUSES) {
      const id = await at(from);
      for (const to of REPOSSESSION_STATUSES) {
        if (REPOSSESSION_MOVES[from].includes(to)) continue;
        const refused = await move(id, to);
        assert.equal(refused.status, 409, `${from} to ${to}: ${refused.text}`);
        assert.ok(refused.body.result.message.includes(from) && refused.body.result.message.includes(to), refused.body.result.message);
      }
      const still = await lending.call<RepossessionDetails>('GET', `/api/vehicles/repossession/${id}`);
      assert.equal(still.body.data.status, from);
      assert.equal(still.body.data.history.length, PATH_TO[from].length + 1);
    }
  });

  test('Returned from Sighted, Recovered, In storage and Listed; Cancelled from every state before Sold', async () => {
    for (const from of ['Sighted', 'Recovered', 'In storage', 'Listed'] as const)
      assert.equal((await move(await at(from), 'Returned')).status, 200, from);
    for (const from of ['New', 'Dispatched', 'Sighted', 'Recovered', 'In storage', 'Listed'] as const)
      assert.equal((await move(await at(from), 'Cancelled')).status, 200, from);
  });

  test('one open repossession per vehicle; a closed one lets another be raised', async () => {
    const r = await raise();
    const second = await lending.call('POST', '/api/vehicles/repossessions', { body: { vehicleId: r.vehicleId } });
    assert.equal(second.status, 409);
    assert.ok(fieldError(second, 'vehicleId'));
    const deleteVehicle = await lending.call('POST', '/api/vehicles/delete', { body: { id: r.vehicleId } });
    assert.equal(deleteVehicle.status, 409, 'a vehicle under an open repossession stays');
    const statusByHand = await lending.call('PUT', `/api/vehicles/${r.vehicleId}`, {
      body: { registrationNumber: r.registrationNumber, make: r.make, status: 'active' },
    });
    assert.equal(statusByHand.status, 409, 'the workflow owns the status of a vehicle under repossession');
    assert.ok(fieldError(statusByHand, 'status'));
    const otherEdit = await lending.call('PUT', `/api/vehicles/${r.vehicleId}`, {
      body: { registrationNumber: r.registrationNumber, make: r.make, colour: 'Green' },
    });
    assert.equal(otherEdit.status, 200, 'other details stay editable');
    await move(r.id, 'Cancelled');
    assert.equal((await lending.call('POST', '/api/vehicles/repossessions', { body: { vehicleId: r.vehicleId } })).status, 201);
  });

  test('the list is paged for the acting subtree (all-zero GUID or the caller), filters by status, and edits keep the status', async () => {
    const r = await raise();
    const edited = await lending.call<RepossessionDetails>('PUT', `/api/vehicles/repossessions/${r.id}`, {
      body: { reason: 'Arrears, skipped address', notes: 'Try the work address' },
    });
    assert.equal(edited.status, 200);
    assert.deepEqual(
      [edited.body.data.reason, edited.body.data.notes, edited.body.data.status],
      ['Arrears, skipped address', 'Try the work address', 'New'],
    );
    for (const userId of [EMPTY_GUID, lending.userId]) {
      const list = await lending.call<Repossession[]>('GET', `/api/vehicles/repossessions/${userId}?size=1000`);
      assert.equal(list.status, 200);
      assert.ok(list.body.data.some((x) => x.id === r.id));
      assert.ok(pagingOf(list).total >= 1);
    }
    const sold = await lending.call<Repossession[]>('GET', `/api/vehicles/repossessions/${EMPTY_GUID}?status=Sold&size=1000`);
    assert.ok(sold.body.data.length >= 1 && sold.body.data.every((x) => x.status === 'Sold'), 'the demo holds a sold one');
    const page = await lending.call<Repossession[]>('GET', `/api/vehicles/repossessions/${EMPTY_GUID}?size=2&page=1`);
    assert.equal(page.body.data.length, 2);
    const elsewhere = await tracking.call<Repossession[]>('GET', `/api/vehicles/repossessions/${EMPTY_GUID}?size=1000`);
    assert.ok(!elsewhere.body.data.some((x) => x.id === r.id));
  });

  test('the list narrows to one vehicle’s repossessions, closed ones included; another company’s vehicle lists none', async () => {
    const cancelled = await raise();
    assert.equal((await move(cancelled.id, 'Cancelled')).status, 200);
    const again = await lending.call<RepossessionDetails>('POST', '/api/vehicles/repossessions', {
      body: { vehicleId: cancelled.vehicleId, reason: 'Arrears again' },
    });
    assert.equal(again.status, 201, again.text);
    const other = await raise();
    const list = await lending.call<Repossession[]>('GET', `/api/vehicles/repossessions/${EMPTY_GUID}?vehicleId=${cancelled.vehicleId}`);
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.data.map((x) => x.id).sort(), [cancelled.id, again.body.data.id].sort());
    assert.ok(!list.body.data.some((x) => x.id === other.id));
    const theirs = await tracking.call<Repossession[]>('GET', `/api/vehicles/repossessions/${EMPTY_GUID}?vehicleId=${cancelled.vehicleId}`);
    assert.deepEqual(theirs.body.data, []);
    const bad = await lending.call('GET', `/api/vehicles/repossessions/${EMPTY_GUID}?vehicleId=nope`);
    assert.equal(bad.status, 400);
    assert.ok(fieldError(bad, 'vehicleId'), bad.text);
  });

  test('bad input is a 400 naming the field', async () => {
    const r = await raise();
    for (const [method, url, body, field] of [
      ['POST', '/api/vehicles/repossessions', { vehicleId: 'nope' }, 'vehicleId'],
      ['POST', '/api/vehicles/repossessions', { vehicleId: '00000000-0000-4000-8000-000000000009' }, 'vehicleId'],
      ['PUT', '/api/vehicles/repossessions-status', { id: r.id, status: 'Stolen' }, 'status'],
      ['PUT', '/api/vehicles/repossessions-status', { status: 'Dispatched' }, 'id'],
      ['PUT', `/api/vehicles/repossessions/${r.id}`, { reason: 'x'.repeat(600) }, 'reason'],
    ] as const) {
      const answer = await lending.call(method, url, { body });
      assert.equal(answer.status, 400, `${url} ${JSON.stringify(body)}: ${answer.text}`);
      assert.ok(fieldError(answer, field), `${field} in ${answer.text}`);
    }
    assert.equal((await lending.call('GET', '/api/vehicles/repossessions/not-a-user')).status, 400);
  });

  test('without a repossessions permission every call is a 403; another company gets 404 and cannot raise one for our vehicle', async () => {
    const r = await raise();
    for (const [method, url, body] of [
      ['GET', `/api/vehicles/repossessions/${EMPTY_GUID}`, undefined],
      ['GET', `/api/vehicles/repossession/${r.id}`, undefined],
      ['POST', '/api/vehicles/repossessions', { vehicleId: r.vehicleId }],
      ['PUT', `/api/vehicles/repossessions/${r.id}`, { reason: 'x' }],
      ['PUT', '/api/vehicles/repossessions-status', { id: r.id, status: 'Dispatched' }],
      ['POST', '/api/vehicles/repossessions-delete', { id: r.id }],
    ] as const) {
      assert.equal((await officer.call(method, url, { body })).status, 403, `${method} ${url}`);
    }
    assert.equal((await tracking.call('GET', `/api/vehicles/repossession/${r.id}`)).status, 404);
    assert.equal((await tracking.call('PUT', `/api/vehicles/repossessions/${r.id}`, { body: { reason: 'x' } })).status, 404);
    assert.equal((await move(r.id, 'Dispatched', undefined, tracking)).status, 404);
    assert.equal((await tracking.call('POST', '/api/vehicles/repossessions-delete', { body: { id: r.id } })).status, 404);
    const theirs = await tracking.call('POST', '/api/vehicles/repossessions', { body: { vehicleId: r.vehicleId } });
    assert.equal(theirs.status, 400);
    assert.ok(fieldError(theirs, 'vehicleId'));
  });

  test('a deleted repossession is gone, and its vehicle is active again', async () => {
    const r = await raise();
    assert.equal((await lending.call('POST', '/api/vehicles/repossessions-delete', { body: { id: r.id } })).status, 200);
    assert.equal((await lending.call('GET', `/api/vehicles/repossession/${r.id}`)).status, 404);
    assert.equal((await lending.call<VehicleDetails>('GET', `/api/vehicles/details/${r.vehicleId}`)).body.data.status, 'active');
  });

  test('the demo holds a repossession in every status, each with the history that led there', async () => {
    const all = await lending.call<Repossession[]>('GET', `/api/vehicles/repossessions/${EMPTY_GUID}?search=GP&size=1000`);
    for (const status of REPOSSESSION_STATUSES) {
      const one = all.body.data.find((x) => x.status === status && x.registrationNumber.startsWith('GP '));
      assert.ok(one, status);
      const details = await lending.call<RepossessionDetails>('GET', `/api/vehicles/repossession/${one.id}`);
      assert.equal(details.body.data.history.at(-1)?.toStatus, status);
      assert.equal(details.body.data.history[0]?.fromStatus, null);
    }
  });
});
