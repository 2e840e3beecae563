import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Spotter, SpotterDetails } from '@meridian/shared/contract/spotter';
import type { ThirdParty, ThirdPartyDetails } from '@meridian/shared/contract/third-party';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { dispatch, fieldSpotter, newSpotter, newThirdParty, raiseRepossession } from './support/recovery-field';

describe(`spotters and third parties (${databaseLabel})`, () => {
  let s: TestServer;
  let lending: Actor;
  let tracking: Actor;
  let officer: Actor;

  before(async () => {
    s = await startServer();
    lending = await s.as('company administrator');
    tracking = await s.as('company admin');
    officer = await s.as('loan officer');
  });
  after(() => s.close());

  test('a spotter is created, read with its dispatches, sightings and rewards, edited, and listed with the spec defaults', async () => {
    const made = await newSpotter(lending, {
      name: 'Zanele Khumalo',
      mobile: '0821234567',
      email: 'Zanele@Example.com',
      notes: 'Alexandra',
    });
    assert.deepEqual(
      [
        made.name,
        made.mobile,
        made.email,
        made.active,
        made.userId,
        made.openDispatches,
        made.dispatches,
        made.sightings,
        made.rewardsEarned,
      ],
      ['Zanele Khumalo', '0821234567', 'zanele@example.com', true, null, 0, [], [], []],
    );
    const r = await raiseRepossession(lending);
    await dispatch(lending, { repossessionId: r.id, spotterId: made.id, reward: { amountMinor: 100_000, currency: 'ZAR' } });
    const edited = await lending.call<SpotterDetails>('PUT', `/api/vehicles/agent/${made.id}`, {
      body: { name: 'Zanele Khumalo-Dube', mobile: '', email: '', active: false },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.deepEqual(
      [edited.body.data.name, edited.body.data.mobile, edited.body.data.email, edited.body.data.active, edited.body.data.openDispatches],
      ['Zanele Khumalo-Dube', null, null, false, 1],
    );
    assert.equal(edited.body.data.dispatches[0]?.repossessionId, r.id);
    // Spec 9: empty sort and search '%%' by default.
    const list = await lending.call<Spotter[]>('GET', '/api/vehicles/agent?sortField=&search=%25%25&size=1000');
    assert.equal(list.status, 200);
    assert.ok(list.body.data.some((x) => x.id === made.id));
    const names = list.body.data.map((x) => x.name.toUpperCase());
    assert.deepEqual(names, [...names].sort(), 'an empty sort reads as by name');
    const found = await lending.call<Spotter[]>('GET', '/api/vehicles/agent?search=khumalo-dube');
    assert.deepEqual(
      found.body.data.map((x) => x.id),
      [made.id],
    );
    assert.equal(pagingOf(found).total, 1);
    const inactive = await lending.call<Spotter[]>('GET', '/api/vehicles/agent?active=false&size=1000');
    assert.ok(inactive.body.data.every((x) => !x.active) && inactive.body.data.some((x) => x.id === made.id));
  });

  test('a spotter is linked to at most one user account of the subtree', async () => {
    const { actor, spotter } = await fieldSpotter(s, lending);
    assert.equal(spotter!.userId, actor.userId);
    assert.ok(spotter!.userName);
    const twice = await lending.call('POST', '/api/vehicles/agent', { body: { name: 'Second', userId: actor.userId } });
    assert.equal(twice.status, 409);
    assert.ok(fieldError(twice, 'userId'));
    const theirUser = await tracking.call('POST', '/api/vehicles/agent', { body: { name: 'Borrowed', userId: actor.userId } });
    assert.equal(theirUser.status, 400, "another company's user is no user of theirs");
    assert.ok(fieldError(theirUser, 'userId'));
    const unlinked = await lending.call<SpotterDetails>('PUT', `/api/vehicles/agent/${spotter!.id}`, {
      body: { name: spotter!.name, userId: null },
    });
    assert.equal(unlinked.body.data.userId, null);
    assert.equal((await lending.call('POST', '/api/vehicles/agent', { body: { name: 'Relinked', userId: actor.userId } })).status, 201);
  });

  test('a third party is created, read with its dispatches and the sightings of its repossessions, edited and searched', async () => {
    const made = await newThirdParty(lending, { name: 'Vaal Recoveries', contactName: 'Koos', email: 'ops@vaal.example' });
    const r = await raiseRepossession(lending);
    await dispatch(lending, { repossessionId: r.id, thirdPartyId: made.id, reward: { amountMinor: 2_000_000, currency: 'ZAR' } });
    const seen = await lending.call('POST', '/api/vehicles/sightings', {
      body: { repossessionId: r.id, latitude: -26.67, longitude: 27.93 },
    });
    assert.equal(seen.status, 201);
    const details = await lending.call<ThirdPartyDetails>('GET', `/api/vehicles/third-party/${made.id}`);
    assert.deepEqual(
      [
        details.body.data.openDispatches,
        details.body.data.dispatches.length,
        details.body.data.sightings.length,
        details.body.data.rewardsEarned,
      ],
      [1, 1, 1, []],
    );
    const edited = await lending.call<ThirdPartyDetails>('PUT', `/api/vehicles/third-party/${made.id}`, {
      body: { name: 'Vaal Recoveries CC', contactName: 'Koos', mobile: '0160000000' },
    });
    assert.deepEqual([edited.body.data.name, edited.body.data.mobile, edited.body.data.email], ['Vaal Recoveries CC', '0160000000', null]);
    const found = await lending.call<ThirdParty[]>('GET', '/api/vehicles/third-party?search=vaal recoveries cc');
    assert.deepEqual(
      found.body.data.map((x) => x.id),
      [made.id],
    );
  });

  test('bad input is a 400 naming the field', async () => {
    for (const [url, body, field] of [
      ['/api/vehicles/agent', { name: '' }, 'name'],
      ['/api/vehicles/agent', { name: 'A', email: 'not-mail' }, 'email'],
      ['/api/vehicles/agent', { name: 'A', userId: 'x' }, 'userId'],
      ['/api/vehicles/agent', { name: 'A', active: 'yes' }, 'active'],
      ['/api/vehicles/third-party', { name: 'x'.repeat(121) }, 'name'],
    ] as const) {
      const answer = await lending.call('POST', url, { body });
      assert.equal(answer.status, 400, `${url} ${JSON.stringify(body)}: ${answer.text}`);
      assert.ok(fieldError(answer, field), `${field} in ${answer.text}`);
    }
    assert.equal((await lending.call('GET', '/api/vehicles/agent?sortField=mobile')).status, 400);
  });

  test('without a repossessions permission every call is a 403; another company gets 404 and lists none of ours', async () => {
    const spotter = await newSpotter(lending, { name: 'Lendonly Spotter' });
    const company = await newThirdParty(lending, { name: 'Lendonly Recoveries' });
    const { actor: field } = await fieldSpotter(s, lending);
    const calls = [
      ['GET', '/api/vehicles/agent', undefined],
      ['GET', `/api/vehicles/agent/${spotter.id}`, undefined],
      ['POST', '/api/vehicles/agent', { name: 'X' }],
      ['PUT', `/api/vehicles/agent/${spotter.id}`, { name: 'X' }],
      ['GET', '/api/vehicles/third-party', undefined],
      ['GET', `/api/vehicles/third-party/${company.id}`, undefined],
      ['POST', '/api/vehicles/third-party', { name: 'X' }],
      ['PUT', `/api/vehicles/third-party/${company.id}`, { name: 'X' }],
    ] as const;
    for (const [method, url, body] of calls) {
      assert.equal((await officer.call(method, url, { body })).status, 403, `officer ${method} ${url}`);
      assert.equal((await field.call(method, url, { body })).status, 403, `field spotter ${method} ${url}`);
    }
    for (const [method, url, body] of [calls[1], calls[3], calls[5], calls[7]])
      assert.equal((await tracking.call(method, url, { body })).status, 404, `other company ${method} ${url}`);
    const theirs = await tracking.call<Spotter[]>('GET', '/api/vehicles/agent?search=lendonly');
    const theirParties = await tracking.call<ThirdParty[]>('GET', '/api/vehicles/third-party?search=lendonly');
    assert.deepEqual([theirs.body.data, theirParties.body.data], [[], []]);
    assert.equal((await lending.call<SpotterDetails>('GET', `/api/vehicles/agent/${spotter.id}`)).body.data.name, 'Lendonly Spotter');
  });
});
