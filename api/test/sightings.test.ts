import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RepossessionDetails } from '@meridian/shared/contract/repossession';
import type { Sighting, WantedVehicle } from '@meridian/shared/contract/sighting';
import { matrixPhotoForm } from './support/route-matrix-fixtures';
import { databaseLabel, DEMO_PASSWORD, fieldError, startServer, type Actor, type TestServer } from './support/harness';
import { dispatch, fieldSpotter, newSpotter, raiseRepossession } from './support/recovery-field';

const JOBURG = { latitude: -26.2041, longitude: 28.0473, accuracy: 15 };

describe(`sightings and the wanted list (${databaseLabel})`, () => {
  let s: TestServer;
  let lending: Actor;
  let tracking: Actor;
  let officer: Actor;

  const report = (actor: Actor, body: Record<string, unknown>) =>
    actor.call<Sighting>('POST', '/api/vehicles/sightings', { body: { ...JOBURG, ...body } });
  const wantedOf = async (actor: Actor) => (await actor.call<WantedVehicle[]>('GET', '/api/vehicles/wanted?size=1000')).body.data;
  const confirm = (id: string, actor: Actor = lending) => actor.call<Sighting>('POST', '/api/vehicles/sightings-confirm', { body: { id } });

  before(async () => {
    s = await startServer();
    lending = await s.as('company administrator');
    tracking = await s.as('company admin');
    officer = await s.as('loan officer');
  });
  after(() => s.close());

  test('a field spotter sees only what is dispatched to them or published, and only what a spotter needs', async () => {
    const { actor: field, spotter } = await fieldSpotter(s, lending);
    const mine = await raiseRepossession(lending);
    const elsewhere = await raiseRepossession(lending);
    const undispatched = await raiseRepossession(lending);
    await dispatch(lending, { repossessionId: mine.id, spotterId: spotter!.id, reward: { amountMinor: 400_000, currency: 'ZAR' } });
    await dispatch(lending, {
      repossessionId: elsewhere.id,
      spotterId: (await newSpotter(lending)).id,
      reward: { amountMinor: 900_000, currency: 'ZAR' },
    });
    const list = await wantedOf(field);
    const ids = list.map((w) => w.repossessionId);
    assert.ok(ids.includes(mine.id));
    assert.ok(!ids.includes(elsewhere.id) && !ids.includes(undispatched.id));
    const card = list.find((w) => w.repossessionId === mine.id)!;
    assert.deepEqual(Object.keys(card).sort(), [
      'colour',
      'dispatchedToMe',
      'make',
      'model',
      'photoUrl',
      'published',
      'registrationNumber',
      'repossessionId',
      'reward',
      'year',
    ]);
    assert.ok(!JSON.stringify(list).includes('Secret Person') && !JSON.stringify(list).includes('Arrears'), 'no debtor data, no reason');
    assert.deepEqual([card.dispatchedToMe, card.reward], [true, { amountMinor: 400_000, currency: 'ZAR' }]);
    const staffIds = (await wantedOf(lending)).map((w) => w.repossessionId);
    assert.ok(staffIds.includes(mine.id) && staffIds.includes(elsewhere.id), 'staff see every dispatched vehicle');
    for (const [method, url] of [
      ['GET', `/api/vehicles/repossession/${mine.id}`],
      ['GET', `/api/vehicles/repossessionsdispatch/${mine.id}`],
      ['GET', `/api/vehicles/details/${mine.vehicleId}`],
      ['GET', '/api/vehicles/agent'],
    ] as const)
      assert.equal((await field.call(method, url)).status, 403, `a field spotter does not read ${url}`);
  });

  test('a field spotter reports sightings of wanted vehicles only, and sees only their own', async () => {
    const { actor: field, spotter } = await fieldSpotter(s, lending);
    const { actor: other } = await fieldSpotter(s, lending);
    const r = await raiseRepossession(lending);
    const notMine = await raiseRepossession(lending);
    await dispatch(lending, { repossessionId: r.id, spotterId: spotter!.id });
    const made = await report(field, { repossessionId: r.id, note: 'Blue gate, 12 Vilakazi St' });
    assert.equal(made.status, 201, made.text);
    assert.deepEqual(
      [made.body.data.status, made.body.data.spotterId, made.body.data.reportedByUserId, made.body.data.latitude, made.body.data.photoUrl],
      ['Reported', spotter!.id, field.userId, JOBURG.latitude, null],
    );
    assert.ok(Math.abs(Date.parse(made.body.data.seenAt) - Date.now()) < 60_000, 'the time seen defaults to now');
    assert.equal((await report(field, { repossessionId: notMine.id })).status, 404, 'not on their wanted list');
    assert.equal((await report(other, { repossessionId: r.id })).status, 404, 'dispatched to someone else');
    const staffMade = await report(lending, { repossessionId: r.id, seenAt: new Date(Date.now() - 3_600_000).toISOString() });
    assert.equal(staffMade.status, 201);
    const own = await field.call<Sighting[]>('GET', `/api/vehicles/sightings?size=1000`);
    assert.deepEqual(
      own.body.data.map((x) => x.id),
      [made.body.data.id],
    );
    assert.equal((await field.call('GET', `/api/vehicles/sightings/${staffMade.body.data.id}`)).status, 404);
    assert.equal((await other.call('GET', `/api/vehicles/sightings/${made.body.data.id}`)).status, 404);
    const all = await lending.call<Sighting[]>('GET', `/api/vehicles/sightings?repossessionId=${r.id}`);
    assert.deepEqual(
      all.body.data.map((x) => x.id),
      [made.body.data.id, staffMade.body.data.id],
      'staff see all, latest seen first',
    );
  });

  test('confirming a sighting moves a Dispatched repossession to Sighted; an illegal move is a 409 and confirms nothing', async () => {
    const r = await raiseRepossession(lending);
    await dispatch(lending, { repossessionId: r.id, spotterId: (await newSpotter(lending)).id });
    const first = (await report(lending, { repossessionId: r.id })).body.data;
    const second = (await report(lending, { repossessionId: r.id })).body.data;
    const confirmed = await confirm(first.id);
    assert.equal(confirmed.status, 200, confirmed.text);
    assert.deepEqual([confirmed.body.data.status, confirmed.body.data.confirmedByUserId], ['Confirmed', lending.userId]);
    const moved = (await lending.call<RepossessionDetails>('GET', `/api/vehicles/repossession/${r.id}`)).body.data;
    assert.deepEqual(
      [moved.status, moved.history.at(-1)?.fromStatus, moved.history.at(-1)?.toStatus],
      ['Sighted', 'Dispatched', 'Sighted'],
    );
    assert.equal((await confirm(second.id)).status, 200, 'a second sighting of a Sighted vehicle is confirmed without a move');
    assert.equal((await lending.call<RepossessionDetails>('GET', `/api/vehicles/repossession/${r.id}`)).body.data.history.length, 3);
    assert.equal((await confirm(first.id)).status, 409, 'confirmed already');

    const fresh = await raiseRepossession(lending);
    const early = (await report(lending, { repossessionId: fresh.id })).body.data;
    const refused = await confirm(early.id);
    assert.equal(refused.status, 409);
    assert.ok(refused.body.result.message.includes('New') && refused.body.result.message.includes('Sighted'), refused.body.result.message);
    assert.equal((await lending.call<Sighting>('GET', `/api/vehicles/sightings/${early.id}`)).body.data.status, 'Reported');
  });

  test('a spotter changes and deletes their own sighting until staff confirm it; staff confirm, a spotter cannot', async () => {
    const { actor: field, spotter } = await fieldSpotter(s, lending);
    const r = await raiseRepossession(lending);
    await dispatch(lending, { repossessionId: r.id, spotterId: spotter!.id });
    const made = (await report(field, { repossessionId: r.id })).body.data;
    const edited = await field.call<Sighting>('PUT', `/api/vehicles/sightings/${made.id}`, {
      body: { latitude: -26.1, longitude: 28.05, note: 'Moved' },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.deepEqual([edited.body.data.latitude, edited.body.data.note, edited.body.data.accuracy], [-26.1, 'Moved', null]);
    assert.equal((await confirm(made.id, field)).status, 403);
    assert.equal((await confirm(made.id)).status, 200);
    assert.equal((await field.call('PUT', `/api/vehicles/sightings/${made.id}`, { body: JOBURG })).status, 403);
    assert.equal((await field.call('POST', '/api/vehicles/sightings-delete', { body: { id: made.id } })).status, 403);
    const another = (await report(field, { repossessionId: r.id })).body.data;
    assert.equal((await field.call('POST', '/api/vehicles/sightings-delete', { body: { id: another.id } })).status, 200);
    assert.equal((await lending.call('GET', `/api/vehicles/sightings/${another.id}`)).status, 404);
    assert.equal((await lending.call('POST', '/api/vehicles/sightings-delete', { body: { id: made.id } })).status, 200, 'staff delete any');
  });

  test('a sighting photo is stored, served full size and as a thumbnail, to those who see the sighting', async () => {
    const { actor: field, spotter } = await fieldSpotter(s, lending);
    const r = await raiseRepossession(lending);
    await dispatch(lending, { repossessionId: r.id, spotterId: spotter!.id });
    const made = (await report(field, { repossessionId: r.id })).body.data;
    const form = await matrixPhotoForm();
    const uploaded = await field.call<Sighting>('POST', `/api/vehicles/sightings/${made.id}/photo`, form);
    assert.equal(uploaded.status, 200, uploaded.text);
    assert.equal(uploaded.body.data.photoUrl, `/api/vehicles/sightings/${made.id}/photo`);
    for (const url of [uploaded.body.data.photoUrl!, uploaded.body.data.thumbnailUrl!]) {
      const file = await lending.call(`GET`, url);
      assert.equal(file.status, 200);
      assert.equal(file.headers['content-type'], 'image/jpeg');
    }
    assert.equal((await tracking.call('GET', uploaded.body.data.photoUrl!)).status, 404);
    const empty = await field.call('POST', `/api/vehicles/sightings/${made.id}/photo`, { body: {} });
    assert.equal(empty.status, 400);
  });

  test("the wanted list serves the vehicle photo only while the vehicle is on the caller's list", async () => {
    const { actor: field, spotter } = await fieldSpotter(s, lending);
    const r = await raiseRepossession(lending);
    const photo = await lending.call(`POST`, `/api/vehicles/${r.vehicleId}/photos`, await matrixPhotoForm());
    assert.equal(photo.status, 201);
    assert.equal((await field.call('GET', `/api/vehicles/wanted/${r.id}/photo`)).status, 404, 'not dispatched to them yet');
    await dispatch(lending, { repossessionId: r.id, spotterId: spotter!.id });
    const card = (await wantedOf(field)).find((w) => w.repossessionId === r.id)!;
    assert.equal(card.photoUrl, `/api/vehicles/wanted/${r.id}/photo`);
    const file = await field.call('GET', card.photoUrl!);
    assert.equal(file.status, 200);
    assert.equal(file.headers['content-type'], 'image/jpeg');
  });

  test('bad input is a 400 naming the field', async () => {
    const r = await raiseRepossession(lending);
    for (const [body, field] of [
      [{ repossessionId: r.id, latitude: 999 }, 'latitude'],
      [{ repossessionId: r.id, longitude: 'east' }, 'longitude'],
      [{ repossessionId: r.id, accuracy: -1 }, 'accuracy'],
      [{ repossessionId: r.id, seenAt: new Date(Date.now() + 86_400_000).toISOString() }, 'seenAt'],
      [{ repossessionId: 'nope' }, 'repossessionId'],
      [{ repossessionId: r.id, note: 'x'.repeat(1001) }, 'note'],
    ] as const) {
      const answer = await report(lending, body);
      assert.equal(answer.status, 400, `${JSON.stringify(body)}: ${answer.text}`);
      assert.ok(fieldError(answer, field), `${field} in ${answer.text}`);
    }
  });

  test('without a vehicles permission every call is a 403; another company gets 404 for our sightings and repossessions', async () => {
    const r = await raiseRepossession(lending);
    const made = (await report(lending, { repossessionId: r.id })).body.data;
    const calls = [
      ['GET', '/api/vehicles/sightings', undefined],
      ['GET', `/api/vehicles/sightings/${made.id}`, undefined],
      ['POST', '/api/vehicles/sightings', { ...JOBURG, repossessionId: r.id }],
      ['PUT', `/api/vehicles/sightings/${made.id}`, JOBURG],
      ['POST', '/api/vehicles/sightings-delete', { id: made.id }],
      ['POST', '/api/vehicles/sightings-confirm', { id: made.id }],
      ['GET', '/api/vehicles/wanted', undefined],
    ] as const;
    for (const [method, url, body] of calls)
      assert.equal((await officer.call(method, url, { body })).status, 403, `officer ${method} ${url}`);
    for (const [method, url, body] of calls.slice(1, 6))
      assert.equal((await tracking.call(method, url, { body })).status, 404, `other company ${method} ${url}`);
    const theirs = await tracking.call<Sighting[]>('GET', '/api/vehicles/sightings?size=1000');
    assert.ok(!theirs.body.data.some((x) => x.id === made.id));
    assert.ok(!(await wantedOf(tracking)).some((w) => w.repossessionId === r.id));
  });

  test('the demo spotter signs in to a wanted list with their dispatch and the published reward, and sightings around Johannesburg', async () => {
    const session = await s.login('spotter@demo.meridian.test', DEMO_PASSWORD);
    const call = <T>(url: string) => s.call<T>('GET', url, { token: session.token, tenant: session.user.tenantId });
    const wanted = (await call<WantedVehicle[]>('/api/vehicles/wanted')).body.data;
    const byReg = new Map(wanted.map((w) => [w.registrationNumber, w]));
    assert.deepEqual(byReg.get('GP 22 BB 22') && [byReg.get('GP 22 BB 22')!.dispatchedToMe, byReg.get('GP 22 BB 22')!.reward], [
      true,
      { amountMinor: 500_000, currency: 'ZAR' },
    ]);
    assert.deepEqual(byReg.get('GP 33 CC 33') && [byReg.get('GP 33 CC 33')!.published, byReg.get('GP 33 CC 33')!.dispatchedToMe], [
      true,
      false,
    ]);
    const sightings = (await call<Sighting[]>('/api/vehicles/sightings')).body.data;
    assert.ok(sightings.length >= 3);
    assert.ok(
      sightings.every(
        (x) => x.reportedByUserId === session.user.Id && Math.abs(x.latitude + 26.2) < 0.3 && Math.abs(x.longitude - 28) < 0.3,
      ),
    );
  });
});
