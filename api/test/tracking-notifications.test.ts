import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TrackingNotification } from '@meridian/shared/contract/tracking-live';
import { DEMO_TRACKING_DEVICES } from '../src/seed/demo-tracking';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { addNotification, deviceIdOf } from './support/tracking-rows';
import { dayIn } from '../src/modules/activities/activity-window';
import { tenantTimeZone } from '../src/tenancy/tenant-time-zone';

type Listed = TrackingNotification & { read: boolean };

describe(`the tracking notifications page: filters and each operator's read state (${databaseLabel})`, () => {
  let s: TestServer;
  let operator: Actor;
  let colleague: Actor;
  let lending: Actor;
  let hilux: string;
  let truck: string;
  const made: Record<'enter' | 'tamper' | 'exit', string> = {} as never;

  const list = async (who: Actor, query = '') => {
    const answer = await who.call<Listed[]>('GET', `/api/geo/notifications${query}`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.data.filter((n) => Object.values(made).includes(n.Id));
  };
  const unread = async (who: Actor) => (await who.call<{ count: number }>('GET', '/api/geo/notifications/unread-count')).body.data.count;

  before(async () => {
    s = await startServer();
    operator = await s.as('company admin');
    colleague = await s.as('admin');
    lending = await s.as('company administrator');
    hilux = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[0]!.uniqueId);
    truck = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[6]!.uniqueId);
    // This database's own: counts below are then exactly the notifications made here.
    await s.db.query(`delete from tracking_notifications`);
    made.enter = await addNotification(s.db, hilux, 'geofenceEnter', 'Hilux entered Durban Depot');
    made.tamper = await addNotification(s.db, truck, 'Tamper', 'Hino 300 Truck: tamper alarm');
    made.exit = await addNotification(s.db, hilux, 'geofenceExit', 'Hilux left Durban Depot');
    await s.db.query(`update tracking_notifications set date_created = date_created - interval '3 days' where id = $1`, [made.enter]);
    await s.db.query(`update tracking_notifications set date_created = date_created - interval '2 days' where id = $1`, [made.tamper]);
  });
  after(() => s.close());

  test('the list narrows by type, by device and by period, newest first', async () => {
    assert.deepEqual(
      (await list(operator)).map((n) => n.message),
      ['Hilux left Durban Depot', 'Hino 300 Truck: tamper alarm', 'Hilux entered Durban Depot'],
    );
    assert.deepEqual(
      (await list(operator, '?itemType=Tamper')).map((n) => n.Id),
      [made.tamper],
    );
    assert.deepEqual(
      (await list(operator, `?deviceId=${hilux}`)).map((n) => n.Id),
      [made.exit, made.enter],
    );
    // Days of the tenant's zone, both included: the day before yesterday and yesterday hold only the tamper alarm.
    const timeZone = await tenantTimeZone(s.db, operator.homeTenantId);
    const daysAgo = (days: number) => dayIn(new Date(Date.now() - days * 86_400_000), timeZone);
    assert.deepEqual(
      (await list(operator, `?fromDate=${daysAgo(2)}&toDate=${daysAgo(1)}`)).map((n) => n.Id),
      [made.tamper],
    );
    assert.deepEqual(
      (await list(operator, `?fromDate=${daysAgo(0)}`)).map((n) => n.Id),
      [made.exit],
    );
  });

  test('marking some read is the operator’s own: the colleague still has them unread', async () => {
    assert.equal(await unread(operator), 3);
    const marked = await operator.call<{ marked: number }>('POST', '/api/geo/notifications/read', {
      body: { ids: [made.tamper, made.enter] },
    });
    assert.equal(marked.status, 200);
    assert.equal(marked.body.data.marked, 2);
    assert.deepEqual(
      (await list(operator)).map((n) => [n.Id, n.read]),
      [
        [made.exit, false],
        [made.tamper, true],
        [made.enter, true],
      ],
    );
    assert.deepEqual(
      (await list(operator, '?unread=true')).map((n) => n.Id),
      [made.exit],
    );
    assert.equal(await unread(operator), 1);
    assert.equal(await unread(colleague), 3, 'read state is per operator');
    const again = await operator.call<{ marked: number }>('POST', '/api/geo/notifications/read', { body: { ids: [made.tamper] } });
    assert.equal(again.body.data.marked, 0, 'reading twice changes nothing');
  });

  test('mark all as read covers everything so far and nothing that arrives after', async () => {
    const all = await colleague.call<{ marked: number; readBefore: string }>('POST', '/api/geo/notifications/read-all');
    assert.equal(all.status, 200);
    assert.equal(all.body.data.marked, 3);
    assert.equal(await unread(colleague), 0);
    assert.ok((await list(colleague)).every((n) => n.read));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const later = await addNotification(s.db, truck, 'alarm', 'Hino 300 Truck: sos');
    const listed = (await colleague.call<Listed[]>('GET', '/api/geo/notifications?unread=true')).body.data;
    assert.deepEqual(
      listed.map((n) => n.Id),
      [later],
    );
    assert.equal(await unread(colleague), 1);
    const pinned = await colleague.call<Listed[]>(
      'GET',
      `/api/geo/notifications?unread=true&before=${encodeURIComponent(all.body.data.readBefore)}`,
    );
    assert.deepEqual(pinned.body.data, [], 'the view pinned at the mark lists nothing unread, whatever arrived since');
    assert.equal((await colleague.call('GET', '/api/geo/notifications?before=soon')).status, 400);
  });

  test("another company neither lists nor marks this company's notifications", async () => {
    assert.equal(pagingOf(await lending.call('GET', '/api/geo/notifications')).total, 0);
    assert.equal(await unread(lending), 0);
    const refused = await lending.call('POST', '/api/geo/notifications/read', { body: { ids: [made.exit] } });
    assert.equal(refused.status, 404);
    assert.equal((await list(operator, '?unread=true')).length, 1, "the foreign call did not read the operator's");
    assert.equal((await lending.call('GET', `/api/geo/notifications?deviceId=${hilux}`)).status, 404);
  });

  test('bad filters and bad marks are answered 400 with the field named', async () => {
    const backwards = await operator.call('GET', '/api/geo/notifications?fromDate=2026-11-10&toDate=2026-11-01');
    assert.equal(backwards.status, 400);
    assert.deepEqual(fieldError(backwards, 'toDate'), ['The end date cannot be before the start date.']);
    assert.equal((await operator.call('GET', '/api/geo/notifications?unread=maybe')).status, 400);
    assert.deepEqual(fieldError(await operator.call('GET', '/api/geo/notifications?fromDate=yesterday'), 'fromDate'), [
      'Give a date as YYYY-MM-DD.',
    ]);
    const empty = await operator.call('POST', '/api/geo/notifications/read', { body: { ids: [] } });
    assert.equal(empty.status, 400);
    assert.deepEqual(fieldError(empty, 'ids'), ['Choose at least one notification.']);
    assert.equal((await operator.call('POST', '/api/geo/notifications/read', { body: { ids: ['not-an-id'] } })).status, 400);
  });
});
