/**
 * The API of event action rules (their conditions and recipients, their firing log) and of crashes
 * (lists by status, one, the review): what is saved and answered, bad input, illegal moves, and
 * refusals across companies and without the permission.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EMPTY_GUID } from '@meridian/shared/constants';
import type { CrashEvent } from '@meridian/shared/contract/crash-event';
import type { EventAction, EventActionFiring } from '@meridian/shared/contract/event-action';
import type { GeoDevice } from '@meridian/shared/contract/geo-device';
import type { Geofence } from '@meridian/shared/contract/geofence';
import { DEMO_TRACKING_DEVICES } from '../src/seed/demo-tracking';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { addCrash, addFiring, deviceIdOf } from './support/tracking-rows';

const square = (lon: number, lat: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + 0.01, lat],
      [lon + 0.01, lat + 0.01],
      [lon, lat + 0.01],
      [lon, lat],
    ],
  ],
});

describe(`event action rules and crashes through the API (${databaseLabel})`, () => {
  let s: TestServer;
  let tracking: Actor;
  let lending: Actor;
  let officer: Actor;
  let hilux: string;
  let truck: string;

  before(async () => {
    s = await startServer();
    tracking = await s.as('company admin');
    lending = await s.as('company administrator');
    officer = await s.as('loan officer');
    hilux = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[0]!.uniqueId);
    truck = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[6]!.uniqueId);
  });
  after(() => s.close());

  test('a rule keeps its IO value, geofence, time window, devices and recipients; saving again replaces them', async () => {
    const fence = (await tracking.call<Geofence>('POST', '/api/geo/fences', { body: { name: 'Rule yard', geometry: square(31, -29.9) } }))
      .body.data;
    const created = await tracking.call<EventAction>('POST', '/api/geo/eventActions', {
      body: {
        name: 'Night door',
        eventType: 'alarm',
        ioId: 2,
        ioValue: '1',
        geofenceId: fence.id,
        timeWindow: { days: [1, 2, 3, 4, 5], start: '22:00', end: '05:00' },
        deviceIds: [hilux, truck],
        notifyUserIds: [tracking.userId],
        emailAddresses: ['Night.Desk@Example.com'],
        emailUserIds: [tracking.userId],
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const rule = created.body.data;
    assert.deepEqual(
      [rule.ioId, rule.ioValue, rule.geofenceId, rule.timeWindow, [...rule.deviceIds].sort(), rule.notifyUserIds, rule.emailAddresses],
      [
        2,
        '1',
        fence.id,
        { days: [1, 2, 3, 4, 5], start: '22:00', end: '05:00' },
        [hilux, truck].sort(),
        [tracking.userId],
        ['night.desk@example.com'],
      ],
    );
    assert.deepEqual(rule.emailUserIds, [tracking.userId]);

    const saved = await tracking.call<EventAction>('PUT', `/api/geo/eventActions/${rule.id}`, {
      body: { name: 'Night door', eventType: 'alarm', deviceIds: [truck] },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual(
      [
        saved.body.data.ioId,
        saved.body.data.geofenceId,
        saved.body.data.timeWindow,
        saved.body.data.deviceIds,
        saved.body.data.emailAddresses,
      ],
      [null, null, null, [truck], []],
    );
  });

  test('bad conditions and recipients answer 400 with the field named; what another company owns cannot be named', async () => {
    const bad = await tracking.call('POST', '/api/geo/eventActions', {
      body: {
        name: 'Bad',
        eventType: 'alarm',
        ioValue: '1',
        timeWindow: { days: [1, 1, 8], start: '25:00', end: '05:00' },
        emailAddresses: ['not an address'],
        deviceIds: ['x'],
      },
    });
    assert.equal(bad.status, 400);
    assert.deepEqual(fieldError(bad, 'ioId'), ['An IO value needs the IO id it is read from.']);
    for (const field of ['timeWindow.days.2', 'timeWindow.days', 'timeWindow.start', 'emailAddresses.0', 'deviceIds.0'])
      assert.ok(fieldError(bad, field), `${field}: ${JSON.stringify(bad.body)}`);
    const sameTimes = await tracking.call('POST', '/api/geo/eventActions', {
      body: { name: 'Bad', eventType: 'alarm', timeWindow: { days: [1], start: '08:00', end: '08:00' } },
    });
    assert.deepEqual(fieldError(sameTimes, 'timeWindow.end'), ['The window ends at another time than it starts.']);

    const theirDevice = (
      await lending.call<GeoDevice>('POST', '/api/geo/device', { body: { uniqueId: '359999000000011', name: 'Lending car' } })
    ).body.data;
    const theirFence = (await lending.call<Geofence>('POST', '/api/geo/fences', { body: { name: 'Theirs', geometry: square(30, -29) } }))
      .body.data;
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ deviceIds: [theirDevice.id] }, 'deviceIds', 'Choose devices of this tenant or below it.'],
      [{ geofenceId: theirFence.id }, 'geofenceId', 'Choose a geofence of this tenant or above it.'],
      [{ notifyUserIds: [lending.userId] }, 'notifyUserIds', 'Choose users of your tenants.'],
      [{ emailUserIds: [lending.userId] }, 'emailUserIds', 'Choose users of your tenants.'],
    ];
    for (const [extra, field, message] of refusals) {
      const answer = await tracking.call('POST', '/api/geo/eventActions', { body: { name: 'Foreign', eventType: 'alarm', ...extra } });
      assert.deepEqual([answer.status, fieldError(answer, field)], [400, [message]], field);
    }
  });

  test("a rule's firings are listed newest first and paged; another company gets 404, a user without the permission 403", async () => {
    const rule = (await tracking.call<EventAction>('POST', '/api/geo/eventActions', { body: { name: 'Logged', eventType: 'alarm' } })).body
      .data;
    for (let i = 0; i < 3; i++) await addFiring(s.db, rule.id, i === 2 ? truck : hilux);
    await s.db.query(
      `update event_action_firings set fired_at = fired_at - (id - (select min(id) from event_action_firings where event_action_id = $1)) * interval '-1 minute'
        where event_action_id = $1`,
      [rule.id],
    );
    const listed = await tracking.call<EventActionFiring[]>('GET', `/api/geo/eventActions/${rule.id}/firings?size=2`);
    assert.equal(listed.status, 200);
    assert.deepEqual(
      listed.body.data.map((f) => [f.deviceName, f.eventType, f.eventActionId]),
      [
        [DEMO_TRACKING_DEVICES[6]!.name, 'alarm', rule.id],
        [DEMO_TRACKING_DEVICES[0]!.name, 'alarm', rule.id],
      ],
    );
    assert.deepEqual([pagingOf(listed).total, pagingOf(listed).pageSize], [3, 2]);
    assert.ok(listed.body.data[0]!.firedAt > listed.body.data[1]!.firedAt);
    assert.equal((await lending.call('GET', `/api/geo/eventActions/${rule.id}/firings`)).status, 404);
    assert.equal((await officer.call('GET', `/api/geo/eventActions/${rule.id}/firings`)).status, 403);
    assert.equal((await tracking.call('GET', `/api/geo/eventActions/${rule.id}/firings?sortField=deviceName`)).status, 400);
  });

  test('the demo fleet starts with two crashes to review and one approved, on its assets', async () => {
    const waiting = await tracking.call<CrashEvent[]>('GET', `/api/geo/crash-event/${EMPTY_GUID}/NEW`);
    assert.deepEqual(
      waiting.body.data.map((c) => [c.kind, c.deviceName, Boolean(c.assetId)]),
      [
        ['accident', DEMO_TRACKING_DEVICES[0]!.name, true],
        ['impact', DEMO_TRACKING_DEVICES[6]!.name, true],
      ],
    );
    const approved = (await tracking.call<CrashEvent[]>('GET', `/api/geo/crash-event/${EMPTY_GUID}/APPROVED`)).body.data;
    assert.equal(approved.length, 1);
    assert.ok(approved[0]!.reviewComment && approved[0]!.reviewedByName);
  });

  test('crashes are listed by status, newest first, 100 a page; the all-zero asset means every asset', async () => {
    // From here on, this database's own crashes only.
    await s.db.query(`delete from crash_events`);
    const older = await addCrash(s.db, hilux, 'accident', new Date('2026-03-01T10:00:00Z'));
    const newer = await addCrash(s.db, truck, 'impact', new Date('2026-03-02T10:00:00Z'));
    const listed = await tracking.call<CrashEvent[]>('GET', `/api/geo/crash-event/${EMPTY_GUID}/NEW`);
    assert.equal(listed.status, 200);
    assert.deepEqual(
      listed.body.data.slice(0, 2).map((c) => [c.id, c.kind, c.status, c.automatic, c.deviceName]),
      [
        [newer, 'impact', 'NEW', true, DEMO_TRACKING_DEVICES[6]!.name],
        [older, 'accident', 'NEW', true, DEMO_TRACKING_DEVICES[0]!.name],
      ],
    );
    assert.equal(pagingOf(listed).pageSize, 100);
    assert.equal((await tracking.call<CrashEvent[]>('GET', `/api/geo/crash-event/${EMPTY_GUID}/new`)).status, 200, 'any case');
    assert.equal(pagingOf(await tracking.call(`GET`, `/api/geo/crash-event/${EMPTY_GUID}/APPROVED`)).total, 0);
    // A crash is its device's asset's: naming the asset lists its crashes only; a device's id names no asset.
    const hiluxAsset = (await s.db.one<{ asset_id: string }>(`select asset_id from asset_devices where device_id = $1`, [hilux]))!.asset_id;
    assert.deepEqual(
      (await tracking.call<CrashEvent[]>('GET', `/api/geo/crash-event/${hiluxAsset}/NEW`)).body.data.map((c) => [c.id, c.assetId]),
      [[older, hiluxAsset]],
    );
    assert.equal((await tracking.call('GET', `/api/geo/crash-event/${hilux}/NEW`)).status, 404);

    await s.db.query(
      `insert into crash_events (tenant_id, device_id, occurred_at, kind)
       select d.tenant_id, d.id, timestamptz '2026-01-01' + n * interval '1 minute', 'impact' from geo_devices d, generate_series(1, 120) n
        where d.id = $1`,
      [truck],
    );
    const big = await tracking.call<CrashEvent[]>('GET', `/api/geo/crash-event/${EMPTY_GUID}/NEW?size=1000`);
    assert.deepEqual([big.body.data.length, pagingOf(big).pageSize, pagingOf(big).total], [100, 100, 122]);
    const second = await tracking.call<CrashEvent[]>('GET', `/api/geo/crash-event/${EMPTY_GUID}/NEW?page=2`);
    assert.equal(second.body.data.length, 22);
    assert.equal(second.body.data.at(-1)!.occurredAt, '2026-01-01T00:01:00.000Z');

    const badStatus = await tracking.call('GET', `/api/geo/crash-event/${EMPTY_GUID}/CLOSED`);
    assert.deepEqual([badStatus.status, fieldError(badStatus, 'status')], [400, ['A crash status is one of: NEW, APPROVED, REJECTED.']]);
    assert.equal((await tracking.call('GET', `/api/geo/crash-event/not-a-guid/NEW`)).status, 400);
  });

  test('a NEW crash is approved or rejected with a comment, the reviewer recorded; any other move is refused with 409', async () => {
    const approved = await addCrash(s.db, hilux);
    const rejected = await addCrash(s.db, truck);
    const ok = await tracking.call<CrashEvent>('PUT', `/api/geo/crash-event/${approved}/review`, {
      body: { status: 'APPROVED', comment: 'Rear-ended at the lights' },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.deepEqual(
      [ok.body.data.status, ok.body.data.reviewedBy, ok.body.data.reviewComment, ok.body.result.message],
      ['APPROVED', tracking.userId, 'Rear-ended at the lights', 'Crash approved.'],
    );
    assert.ok(ok.body.data.reviewedAt && ok.body.data.reviewedByName);

    const noReason = await tracking.call('PUT', `/api/geo/crash-event/${rejected}/review`, { body: { status: 'REJECTED' } });
    assert.deepEqual([noReason.status, fieldError(noReason, 'comment')], [400, ['Say why the crash is rejected.']]);
    const rejection = await tracking.call<CrashEvent>('PUT', `/api/geo/crash-event/${rejected}/review`, {
      body: { status: 'REJECTED', comment: 'A pothole' },
    });
    assert.deepEqual([rejection.status, rejection.body.data.status, rejection.body.data.reviewComment], [200, 'REJECTED', 'A pothole']);

    for (const [id, status, from] of [
      [approved, 'REJECTED', 'APPROVED'],
      [approved, 'APPROVED', 'APPROVED'],
      [rejected, 'APPROVED', 'REJECTED'],
    ] as const) {
      const refused = await tracking.call('PUT', `/api/geo/crash-event/${id}/review`, { body: { status, comment: 'again' } });
      assert.deepEqual(
        [refused.status, refused.body.result.message],
        [409, `This crash is ${from} already: only a NEW crash can be approved or rejected.`],
      );
    }
    const back = await tracking.call('PUT', `/api/geo/crash-event/${approved}/review`, { body: { status: 'NEW' } });
    assert.equal(back.status, 400, 'NEW is no review outcome');

    const lists = async (status: string) =>
      (await tracking.call<CrashEvent[]>('GET', `/api/geo/crash-event/${EMPTY_GUID}/${status}`)).body.data.map((c) => c.id);
    assert.ok((await lists('APPROVED')).includes(approved));
    assert.ok((await lists('REJECTED')).includes(rejected));
    assert.ok(!(await lists('NEW')).includes(approved));
    const one = await tracking.call<CrashEvent>('GET', `/api/geo/crash-event/${rejected}`);
    assert.deepEqual([one.status, one.body.data.status], [200, 'REJECTED']);
  });

  test("another company's crashes are not found (404) and never listed; without the permission, 403", async () => {
    const crash = await addCrash(s.db, hilux);
    assert.equal((await lending.call('GET', `/api/geo/crash-event/${crash}`)).status, 404);
    assert.equal((await lending.call('PUT', `/api/geo/crash-event/${crash}/review`, { body: { status: 'APPROVED' } })).status, 404);
    assert.equal(pagingOf(await lending.call('GET', `/api/geo/crash-event/${EMPTY_GUID}/NEW`)).total, 0);
    for (const [method, url] of [
      ['GET', `/api/geo/crash-event/${EMPTY_GUID}/NEW`],
      ['GET', `/api/geo/crash-event/${crash}`],
      ['PUT', `/api/geo/crash-event/${crash}/review`],
    ] as const)
      assert.equal((await officer.call(method, url, method === 'PUT' ? { body: { status: 'APPROVED' } } : {})).status, 403, url);
    assert.equal((await s.db.one<{ status: string }>(`select status from crash_events where id = $1`, [crash]))!.status, 'NEW');
  });
});
