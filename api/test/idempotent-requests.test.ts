import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { databaseLabel, startServer, type Actor, type TestServer, fieldErrorsOf } from './support/harness';
import type { Lead } from '@meridian/shared/contract/lead';
import type { Activity, ActivityAssignment, ActivityStatus, ActivityType } from '@meridian/shared/contract/activity';
import type { Client } from '@meridian/shared/contract/client';

const inDays = (days: number, hours = 0) => new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString();

describe(`idempotent writes (${databaseLabel})`, () => {
  let s: TestServer;
  let officer: Actor;
  let leader: Actor;
  let serial = 0;
  const lead = (firstName: string) => {
    serial += 1;
    return { firstName, lastName: 'Replay', contactNumber: `0627${String(serial).padStart(6, '0')}` };
  };
  const keyed = (key: string) => ({ 'idempotency-key': key });
  const leadsNamed = async (firstName: string) =>
    (await s.db.one<{ n: number }>(`select count(*)::int as n from leads where first_name = $1`, [firstName]))!.n;

  before(async () => {
    s = await startServer();
    officer = await s.as('loan officer');
    leader = await s.as('team leader');
  });
  after(() => s.close());

  test('a write sent again with its Idempotency-Key answers the first answer and writes nothing more', async () => {
    const key = crypto.randomUUID();
    const body = lead('Once');
    const first = await officer.call<Lead>('POST', '/api/leads', { body, headers: keyed(key) });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const again = await officer.call<Lead>('POST', '/api/leads', { body, headers: keyed(key) });
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.deepEqual(again.body, first.body);
    assert.equal(await leadsNamed('Once'), 1);
    const fresh = await officer.call<Lead>('POST', '/api/leads', { body: lead('Once'), headers: keyed(crypto.randomUUID()) });
    assert.equal(fresh.status, 201, 'another key is another request');
    assert.equal(await leadsNamed('Once'), 2);
  });

  test('a status change replayed with its key is recorded once', async () => {
    const types = (await officer.call<ActivityType[]>('GET', '/api/activities/types')).body.data;
    const statuses = (await officer.call<ActivityStatus[]>('GET', '/api/activities/statuses')).body.data;
    const created = await leader.call<Activity>('POST', '/api/activities', {
      body: { name: 'Replayed visit', activityTypeId: types[0]!.Id, startDate: inDays(0, 1), assignedUserIds: [officer.userId] },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const change = {
      userId: officer.userId,
      activityId: created.body.data.Id,
      statusId: statuses[1]!.Id,
      latitude: -26.24,
      longitude: 27.9,
      accuracy: 5,
    };
    const key = crypto.randomUUID();
    for (let i = 0; i < 3; i++)
      assert.equal(
        (await officer.call<ActivityAssignment>('PUT', '/api/activities/updateAssignmentStatus', { body: change, headers: keyed(key) }))
          .status,
        200,
      );
    const assignment = await officer.call<ActivityAssignment>(
      'GET',
      `/api/activities/get-activity-assignment/${created.body.data.Id}/${officer.userId}`,
    );
    assert.equal(assignment.body.data.history.length, 1);
  });

  test('the same key with another body or address is refused with 422, and a key is 1 to 100 letters, digits, dashes or underscores', async () => {
    const key = crypto.randomUUID();
    assert.equal((await officer.call<Lead>('POST', '/api/leads', { body: lead('Keyed'), headers: keyed(key) })).status, 201);
    const otherBody = await officer.call<Lead>('POST', '/api/leads', { body: lead('Keyed'), headers: keyed(key) });
    assert.equal(otherBody.status, 422);
    assert.deepEqual(fieldErrorsOf(otherBody)['Idempotency-Key'], ['This Idempotency-Key was used for another request.']);
    const otherPath = await officer.call<Client>('POST', '/api/clients', {
      body: { firstName: 'Keyed', lastName: 'Client' },
      headers: keyed(key),
    });
    assert.equal(otherPath.status, 422);
    const bad = await officer.call<Lead>('POST', '/api/leads', { body: lead('Badly keyed'), headers: keyed('not a key!') });
    assert.equal(bad.status, 400);
    assert.equal(await leadsNamed('Badly keyed'), 0);
  });

  test('a failed request keeps nothing under its key, so the corrected retry is handled', async () => {
    const key = crypto.randomUUID();
    const taken = lead('Taken');
    assert.equal((await officer.call<Lead>('POST', '/api/leads', { body: taken })).status, 201);
    const duplicate = { ...lead('Retry'), contactNumber: taken.contactNumber };
    const refused = await officer.call<Lead>('POST', '/api/leads', { body: duplicate, headers: keyed(key) });
    assert.equal(refused.status, 400);
    const retried = await officer.call<Lead>('POST', '/api/leads', { body: duplicate, headers: keyed(key) });
    assert.equal(retried.status, 400, 'handled again, not replayed');
    assert.equal(retried.headers['idempotent-replayed'], undefined);
    assert.equal((await s.db.one<{ n: number }>(`select count(*)::int as n from idempotent_requests where key = $1`, [key]))!.n, 0);
  });

  test("keys are each caller's own; a key still being handled answers 409, and one abandoned for minutes is taken over", async () => {
    const key = crypto.randomUUID();
    assert.equal((await officer.call<Lead>('POST', '/api/leads', { body: lead('Mine'), headers: keyed(key) })).status, 201);
    const theirs = await leader.call<Lead>('POST', '/api/leads', { body: lead('Theirs'), headers: keyed(key) });
    assert.equal(theirs.status, 201, 'the same key from another user is their own request');
    assert.equal(await leadsNamed('Theirs'), 1);
    // The first request with a key, as it looks while still being handled (no answer kept yet).
    const running = crypto.randomUUID();
    const busyLead = lead('Busy');
    assert.equal((await officer.call<Lead>('POST', '/api/leads', { body: busyLead, headers: keyed(running) })).status, 201);
    await s.db.query(`update idempotent_requests set status_code = null, body = null where key = $1`, [running]);
    const busy = await officer.call<Lead>('POST', '/api/leads', { body: busyLead, headers: keyed(running) });
    assert.equal(busy.status, 409);
    assert.equal(busy.headers['retry-after'], '5', 'told when to send it again');
    assert.equal(await leadsNamed('Busy'), 1, 'nothing more was written');
    await s.db.query(`update idempotent_requests set date_created = now() - interval '3 minutes' where key = $1`, [running]);
    const abandoned = await officer.call<Lead>('POST', '/api/leads', { body: busyLead, headers: keyed(running) });
    assert.equal(
      abandoned.status,
      400,
      'a first request gone quiet for minutes is taken over: handled again (here refused as a duplicate)',
    );
  });

  test('an answer is kept a day: after that the key is free again', async () => {
    const key = crypto.randomUUID();
    assert.equal((await officer.call<Lead>('POST', '/api/leads', { body: lead('Day old'), headers: keyed(key) })).status, 201);
    await s.db.query(`update idempotent_requests set date_created = now() - interval '25 hours' where key = $1`, [key]);
    const later = await officer.call<Lead>('POST', '/api/leads', { body: lead('Next day'), headers: keyed(key) });
    assert.equal(later.status, 201);
    assert.equal(later.headers['idempotent-replayed'], undefined);
    assert.equal(await leadsNamed('Next day'), 1);
  });
});
