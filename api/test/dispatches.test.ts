import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Dispatch } from '@meridian/shared/contract/dispatch';
import type { RepossessionDetails } from '@meridian/shared/contract/repossession';
import type { WantedVehicle } from '@meridian/shared/contract/sighting';
import type { SpotterDetails } from '@meridian/shared/contract/spotter';
import type { ThirdPartyDetails } from '@meridian/shared/contract/third-party';
import { databaseLabel, fieldError, startServer, type Actor, type TestServer } from './support/harness';
import { dispatch, fieldSpotter, newSpotter, newThirdParty, raiseRepossession } from './support/recovery-field';

describe(`repossession dispatches, rewards and publishing (${databaseLabel})`, () => {
  let s: TestServer;
  let lending: Actor;
  let tracking: Actor;
  let officer: Actor;

  const repossession = (id: string) => lending.call<RepossessionDetails>('GET', `/api/vehicles/repossession/${id}`);
  const dispatchesOf = (id: string, actor: Actor = lending) => actor.call<Dispatch[]>('GET', `/api/vehicles/repossessionsdispatch/${id}`);
  const outcome = (dispatchId: string, success: boolean, actor: Actor = lending) =>
    actor.call<Dispatch>('PUT', '/api/vehicles/repossessions-dispatch-status', { body: { dispatchId, success } });
  const publish = (rewardId: string, success: boolean, actor: Actor = lending) =>
    actor.call<Dispatch>('PUT', '/api/vehicles/repossessions-publish', { body: { rewardId, success } });

  before(async () => {
    s = await startServer();
    lending = await s.as('company administrator');
    tracking = await s.as('company admin');
    officer = await s.as('loan officer');
  });
  after(() => s.close());

  test('dispatching a New repossession moves it to Dispatched in its history; it may go to several spotters and third parties', async () => {
    const r = await raiseRepossession(lending);
    const spotter = await newSpotter(lending);
    const company = await newThirdParty(lending);
    const first = await dispatch(lending, {
      repossessionId: r.id,
      spotterId: spotter.id,
      reward: { amountMinor: 500_000, currency: 'zar' },
      note: 'Try Soweto',
    });
    assert.deepEqual(
      [first.status, first.assigneeName, first.reward?.amountMinor, first.reward?.currency, first.reward?.published, first.reward?.earned],
      ['Open', spotter.name, 500_000, 'ZAR', false, false],
    );
    const moved = (await repossession(r.id)).body.data;
    assert.equal(moved.status, 'Dispatched');
    assert.deepEqual(
      moved.history.at(-1) && [moved.history.at(-1)!.fromStatus, moved.history.at(-1)!.toStatus, moved.history.at(-1)!.note],
      ['New', 'Dispatched', 'Try Soweto'],
    );
    const second = await dispatch(lending, { repossessionId: r.id, thirdPartyId: company.id, reward: null });
    assert.equal(second.reward, null);
    assert.equal((await repossession(r.id)).body.data.history.length, 2, 'a second dispatch is no second move');
    const listed = await dispatchesOf(r.id);
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.data.map((d) => d.id).sort(), [first.id, second.id].sort());
    const again = await lending.call('POST', '/api/vehicles/repossessions-dispatch', {
      body: { repossessionId: r.id, spotterId: spotter.id },
    });
    assert.equal(again.status, 409, 'the same spotter twice while open');
    assert.ok(fieldError(again, 'spotterId'));
  });

  test('a reward is whole minor units with an ISO currency, and a dispatch names exactly one spotter or third party', async () => {
    const r = await raiseRepossession(lending);
    const spotter = await newSpotter(lending);
    const company = await newThirdParty(lending);
    for (const [body, field] of [
      [{ repossessionId: r.id, spotterId: spotter.id, reward: { amountMinor: 1500.5, currency: 'ZAR' } }, 'reward.amountMinor'],
      [{ repossessionId: r.id, spotterId: spotter.id, reward: { amountMinor: '1500', currency: 'ZAR' } }, 'reward.amountMinor'],
      [{ repossessionId: r.id, spotterId: spotter.id, reward: { amountMinor: 0, currency: 'ZAR' } }, 'reward.amountMinor'],
      [{ repossessionId: r.id, spotterId: spotter.id, reward: { amountMinor: 100, currency: 'RAND' } }, 'reward.currency'],
      [{ repossessionId: r.id, spotterId: spotter.id, thirdPartyId: company.id }, 'spotterId'],
      [{ repossessionId: r.id }, 'spotterId'],
      [{ repossessionId: r.id, spotterId: '00000000-0000-4000-8000-000000000009' }, 'spotterId'],
    ] as const) {
      const answer = await lending.call('POST', '/api/vehicles/repossessions-dispatch', { body });
      assert.equal(answer.status, 400, `${JSON.stringify(body)}: ${answer.text}`);
      assert.ok(fieldError(answer, field), `${field} in ${answer.text}`);
    }
    const inactive = await newSpotter(lending, { active: false });
    const refused = await lending.call('POST', '/api/vehicles/repossessions-dispatch', {
      body: { repossessionId: r.id, spotterId: inactive.id },
    });
    assert.equal(refused.status, 400);
    assert.equal((await repossession(r.id)).body.data.status, 'New', 'nothing refused moved it');
  });

  test('success true: the reward is earned, the repossession moves to Recovered and the other open dispatches close as failed', async () => {
    const r = await raiseRepossession(lending);
    const spotter = await newSpotter(lending);
    const company = await newThirdParty(lending);
    const won = await dispatch(lending, {
      repossessionId: r.id,
      thirdPartyId: company.id,
      reward: { amountMinor: 1_200_000, currency: 'ZAR' },
    });
    const other = await dispatch(lending, {
      repossessionId: r.id,
      spotterId: spotter.id,
      reward: { amountMinor: 300_000, currency: 'ZAR' },
    });
    await publish(other.reward!.id, true);
    const answer = await outcome(won.id, true);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual([answer.body.data.status, answer.body.data.reward?.earned], ['Succeeded', true]);
    const after = (await repossession(r.id)).body.data;
    assert.equal(after.status, 'Recovered');
    assert.deepEqual([after.history.at(-1)?.fromStatus, after.history.at(-1)?.toStatus], ['Dispatched', 'Recovered']);
    const closed = (await dispatchesOf(r.id)).body.data.find((d) => d.id === other.id)!;
    assert.deepEqual([closed.status, closed.reward?.earned, closed.reward?.published], ['Failed', false, false]);
    const twice = await outcome(won.id, false);
    assert.equal(twice.status, 409, 'a closed dispatch keeps its outcome');
    const details = await lending.call<ThirdPartyDetails>('GET', `/api/vehicles/third-party/${company.id}`);
    assert.deepEqual(details.body.data.rewardsEarned, [{ currency: 'ZAR', amountMinor: 1_200_000 }]);
  });

  test('rewards earned are summed per currency, never across currencies', async () => {
    const spotter = await newSpotter(lending);
    for (const reward of [
      { amountMinor: 250_050, currency: 'ZAR' },
      { amountMinor: 100_000, currency: 'ZAR' },
      { amountMinor: 9_999, currency: 'USD' },
      null,
    ]) {
      const r = await raiseRepossession(lending);
      const d = await dispatch(lending, { repossessionId: r.id, spotterId: spotter.id, reward });
      assert.equal((await outcome(d.id, true)).status, 200);
    }
    const lost = await dispatch(lending, {
      repossessionId: (await raiseRepossession(lending)).id,
      spotterId: spotter.id,
      reward: { amountMinor: 7, currency: 'ZAR' },
    });
    assert.equal((await outcome(lost.id, false)).body.data.status, 'Failed');
    const details = await lending.call<SpotterDetails>('GET', `/api/vehicles/agent/${spotter.id}`);
    assert.deepEqual(details.body.data.rewardsEarned, [
      { currency: 'USD', amountMinor: 9_999 },
      { currency: 'ZAR', amountMinor: 350_050 },
    ]);
    assert.equal(details.body.data.dispatches.length, 5);
  });

  test('success false closes the dispatch as failed, its reward neither earned nor published, and leaves the repossession as it was', async () => {
    const r = await raiseRepossession(lending);
    const d = await dispatch(lending, {
      repossessionId: r.id,
      spotterId: (await newSpotter(lending)).id,
      reward: { amountMinor: 1000, currency: 'ZAR' },
    });
    await publish(d.reward!.id, true);
    const failed = await outcome(d.id, false);
    assert.deepEqual(
      [failed.body.data.status, failed.body.data.reward?.earned, failed.body.data.reward?.published],
      ['Failed', false, false],
    );
    assert.ok(failed.body.data.dateClosed);
    assert.equal((await repossession(r.id)).body.data.status, 'Dispatched');
    assert.equal((await publish(d.reward!.id, true)).status, 409, 'a closed dispatch is not published');
  });

  test("a published reward puts the vehicle on every spotter's wanted list; withdrawing it takes it off", async () => {
    const r = await raiseRepossession(lending);
    const d = await dispatch(lending, {
      repossessionId: r.id,
      spotterId: (await newSpotter(lending)).id,
      reward: { amountMinor: 750_000, currency: 'ZAR' },
    });
    const { actor: stranger } = await fieldSpotter(s, lending);
    const wanted = async () =>
      (await stranger.call<WantedVehicle[]>('GET', `/api/vehicles/wanted?size=1000`)).body.data.find((w) => w.repossessionId === r.id);
    assert.equal(await wanted(), undefined, 'dispatched to someone else, unpublished');
    const published = await publish(d.reward!.id, true);
    assert.equal(published.status, 200);
    assert.equal(published.body.data.reward?.published, true);
    assert.ok(published.body.data.reward?.datePublished);
    assert.deepEqual(await wanted(), {
      repossessionId: r.id,
      registrationNumber: r.registrationNumber,
      make: 'Toyota',
      model: 'Etios',
      colour: 'Red',
      year: null,
      photoUrl: null,
      reward: { amountMinor: 750_000, currency: 'ZAR' },
      dispatchedToMe: false,
      published: true,
    });
    assert.equal((await publish(d.reward!.id, false)).body.data.reward?.published, false);
    assert.equal(await wanted(), undefined);
  });

  test('a repossession past Sighted is not dispatched, and a dispatch cannot claim a cancelled one', async () => {
    const r = await raiseRepossession(lending);
    const spotter = await newSpotter(lending);
    const d = await dispatch(lending, { repossessionId: r.id, spotterId: spotter.id });
    await lending.call('PUT', '/api/vehicles/repossessions-status', { body: { id: r.id, status: 'Cancelled' } });
    const late = await lending.call('POST', '/api/vehicles/repossessions-dispatch', {
      body: { repossessionId: r.id, thirdPartyId: (await newThirdParty(lending)).id },
    });
    assert.equal(late.status, 409);
    const claimed = await outcome(d.id, true);
    assert.equal(claimed.status, 409);
    assert.ok(claimed.body.result.message.includes('Cancelled'), claimed.body.result.message);
    assert.equal((await dispatchesOf(r.id)).body.data[0]?.status, 'Open', 'the refused outcome changed nothing');
  });

  test('without a repossessions permission every call is a 403; another company gets 404 for our repossession, dispatch and reward', async () => {
    const r = await raiseRepossession(lending);
    const spotter = await newSpotter(lending);
    const d = await dispatch(lending, { repossessionId: r.id, spotterId: spotter.id, reward: { amountMinor: 100, currency: 'ZAR' } });
    const { actor: field } = await fieldSpotter(s, lending);
    const calls = [
      ['GET', `/api/vehicles/repossessionsdispatch/${r.id}`, undefined],
      ['POST', '/api/vehicles/repossessions-dispatch', { repossessionId: r.id, spotterId: spotter.id }],
      ['PUT', '/api/vehicles/repossessions-dispatch-status', { dispatchId: d.id, success: true }],
      ['PUT', '/api/vehicles/repossessions-publish', { rewardId: d.reward!.id, success: true }],
    ] as const;
    for (const [method, url, body] of calls) {
      assert.equal((await officer.call(method, url, { body })).status, 403, `officer ${method} ${url}`);
      assert.equal((await field.call(method, url, { body })).status, 403, `field spotter ${method} ${url}`);
      assert.equal((await tracking.call(method, url, { body })).status, 404, `other company ${method} ${url}`);
    }
    const theirSpotter = await newSpotter(tracking);
    const borrowed = await lending.call('POST', '/api/vehicles/repossessions-dispatch', {
      body: { repossessionId: r.id, spotterId: theirSpotter.id },
    });
    assert.equal(borrowed.status, 400, "another company's spotter is no spotter of ours");
    assert.equal((await dispatchesOf(r.id)).body.data[0]?.status, 'Open');
  });
});
