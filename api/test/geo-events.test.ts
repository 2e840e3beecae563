import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EventAction } from '@meridian/shared/contract/event-action';
import type { EventIo } from '@meridian/shared/contract/event-io';
import type { GeoCommand } from '@meridian/shared/contract/geo-command';
import type { DeviceHardware } from '@meridian/shared/contract/device-hardware';
import type { TrackingNotification } from '@meridian/shared/contract/tracking-notification';
import { DEMO_TRACKING_DEVICES } from '../src/seed/demo-tracking';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { addNotification, deviceIdOf } from './support/tracking-rows';

describe(`event actions, event IO and tracking notifications (${databaseLabel})`, () => {
  let s: TestServer;
  let tracking: Actor;
  let lending: Actor;
  let officer: Actor;
  let fmb130: string;

  before(async () => {
    s = await startServer();
    tracking = await s.as('company admin');
    lending = await s.as('company administrator');
    officer = await s.as('loan officer');
    fmb130 = (await tracking.call<DeviceHardware[]>('GET', '/api/geo/device-hardware?search=fmb130')).body.data[0]!.id;
  });
  after(() => s.close());

  test('the demo actions and IO mappings are listed; an action lists its IO entries', async () => {
    const actions = await tracking.call<EventAction[]>('GET', '/api/geo/eventActions?sortOrder=asc');
    assert.deepEqual(
      actions.body.data.map((a) => [a.type, a.name, a.eventType, a.action]),
      [
        ['eventAction', 'Notify on zone entry', 'geofenceEnter', 'notify'],
        ['eventAction', 'Notify on zone exit', 'geofenceExit', 'notify'],
        ['eventAction', 'Tamper and crash alarms', 'alarm', 'notify'],
      ],
    );
    const alarms = actions.body.data[2]!;
    assert.equal(alarms.eventIoCount, 2);
    const ios = await tracking.call<EventIo[]>('GET', `/api/geo/eventActions/eventios/${alarms.id}`);
    assert.deepEqual(
      ios.body.data.map((io) => [io.ioId, io.attribute, io.eventType, io.eventActionName, io.hardwareModel]),
      [
        [247, 'crash', 'alarm', 'Tamper and crash alarms', 'FMB920'],
        [252, 'unplug', 'alarm', 'Tamper and crash alarms', 'FMB920'],
      ],
    );
    const all = await tracking.call<EventIo[]>('GET', '/api/geo/eventIos?sortField=ioId&sortOrder=asc&search=%20odo%20');
    assert.deepEqual(
      all.body.data.map((io) => io.name),
      ['Total odometer'],
    );
    assert.equal(pagingOf(await tracking.call<EventIo[]>('GET', '/api/geo/eventIos')).total, 6);
  });

  test('an action that sends a command names a saved command of its tenant or above; deleting the command makes it notify', async () => {
    const command = (await tracking.call<GeoCommand[]>('GET', '/api/geo/commands?search=immobilise')).body.data[0]!;
    const missing = await tracking.call('POST', '/api/geo/eventActions', {
      body: { name: 'Immobilise', eventType: 'alarm', action: 'command' },
    });
    assert.deepEqual(fieldError(missing, 'commandId'), ['A command action needs the saved command it sends.']);
    const created = await tracking.call<EventAction>('POST', '/api/geo/eventActions', {
      body: { name: 'Immobilise on tamper', eventType: 'alarm', action: 'command', commandId: command.id },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual([created.body.data.commandId, created.body.data.attributes], [command.id, {}]);
    const lendingCommand = (
      await lending.call<GeoCommand>('POST', '/api/geo/commands', { body: { description: 'Theirs', commandType: 'getVersion' } })
    ).body.data;
    const foreign = await tracking.call('PUT', `/api/geo/eventActions/${created.body.data.id}`, {
      body: { name: 'Immobilise on tamper', eventType: 'alarm', action: 'command', commandId: lendingCommand.id },
    });
    assert.deepEqual(fieldError(foreign, 'commandId'), ['Choose a saved command of this tenant or above it.']);
    const branchAction = await tracking.call<EventAction>('POST', '/api/geo/eventActions', {
      body: {
        name: 'Branch immobiliser',
        eventType: 'alarm',
        action: 'command',
        commandId: command.id,
        tenantId: await s.tenantId('Durban Branch'),
      },
    });
    assert.equal(branchAction.status, 201, "a branch uses its company's command");
    assert.equal((await tracking.call('DELETE', `/api/geo/commands/${command.id}`)).status, 200);
    const after = await tracking.call<EventAction>('GET', `/api/geo/eventActions/${created.body.data.id}`);
    assert.deepEqual([after.body.data.action, after.body.data.commandId], ['notify', null]);
  });

  test('event IO entries are created, edited and deleted; deleting an action unlinks its IO entries', async () => {
    const action = (await tracking.call<EventAction>('POST', '/api/geo/eventActions', { body: { name: 'Power cut', eventType: 'alarm' } }))
      .body.data;
    const created = await tracking.call<EventIo>('POST', '/api/geo/eventIos', {
      body: { hardwareId: fmb130, ioId: 252, name: 'Unplug', attribute: 'unplug', eventType: 'alarm', eventActionId: action.id },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual([created.body.data.make, created.body.data.eventActionName], ['Teltonika', 'Power cut']);
    const edited = await tracking.call<EventIo>('PUT', `/api/geo/eventIos/${created.body.data.id}`, {
      body: { ioId: 1, name: 'Digital input 1', attribute: 'in1', eventActionId: action.id },
    });
    assert.deepEqual([edited.body.data.ioId, edited.body.data.hardwareId, edited.body.data.eventType], [1, null, null]);
    assert.equal((await tracking.call('DELETE', `/api/geo/eventActions/${action.id}`)).status, 200);
    assert.equal((await tracking.call<EventIo>('GET', `/api/geo/eventIos/${created.body.data.id}`)).body.data.eventActionId, null);
    assert.equal((await tracking.call('GET', `/api/geo/eventActions/${action.id}`)).status, 404);
    assert.equal((await tracking.call('DELETE', `/api/geo/eventIos/${created.body.data.id}`)).status, 200);
    assert.equal((await tracking.call('GET', `/api/geo/eventIos/${created.body.data.id}`)).status, 404);
  });

  test('bad input answers 400 with the fields named', async () => {
    const action = await tracking.call('POST', '/api/geo/eventActions', { body: { name: '', eventType: 'explosion', action: 'panic' } });
    for (const field of ['name', 'eventType', 'action']) assert.ok(fieldError(action, field), field);
    const io = await tracking.call('POST', '/api/geo/eventIos', { body: { ioId: 70_000, name: 'x', attribute: '1st', eventType: 'nope' } });
    for (const field of ['ioId', 'attribute', 'eventType']) assert.ok(fieldError(io, field), field);
    const unknownAction = await tracking.call('POST', '/api/geo/eventIos', {
      body: { ioId: 1, name: 'x', attribute: 'x', eventActionId: '00000000-0000-4000-8000-000000000001' },
    });
    assert.deepEqual(fieldError(unknownAction, 'eventActionId'), ['Choose an event action of this tenant or above it.']);
  });

  test("another company's actions and IO entries are not found (404); without the permission, 403", async () => {
    const action = (await tracking.call<EventAction[]>('GET', '/api/geo/eventActions')).body.data[0]!;
    const io = (await tracking.call<EventIo[]>('GET', '/api/geo/eventIos')).body.data[0]!;
    for (const [method, url, body] of [
      ['GET', `/api/geo/eventActions/${action.id}`],
      ['GET', `/api/geo/eventActions/eventios/${action.id}`],
      ['PUT', `/api/geo/eventActions/${action.id}`, { name: 'x', eventType: 'alarm' }],
      ['DELETE', `/api/geo/eventActions/${action.id}`],
      ['GET', `/api/geo/eventIos/${io.id}`],
      ['PUT', `/api/geo/eventIos/${io.id}`, { ioId: 1, name: 'x', attribute: 'x' }],
      ['DELETE', `/api/geo/eventIos/${io.id}`],
    ] as const)
      assert.equal((await lending.call(method, url, body ? { body } : {})).status, 404, `${method} ${url}`);
    assert.equal(pagingOf(await lending.call<EventAction[]>('GET', '/api/geo/eventActions')).total, 0);
    for (const url of ['/api/geo/eventActions', '/api/geo/eventIos', '/api/geo/notifications'])
      assert.equal((await officer.call('GET', url)).status, 403, url);
  });

  test("tracking notifications are listed newest first, for one device when asked, and never another company's", async () => {
    const hilux = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[0]!.uniqueId);
    const truck = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[6]!.uniqueId);
    await addNotification(s.db, hilux, 'geofenceEnter', 'ND 123-456 Toyota Hilux entered Durban Depot');
    await addNotification(s.db, truck, 'Tamper', 'ND 735-391 Hino 300 Truck: tamper alarm');
    await s.db.query(`update tracking_notifications set date_created = date_created - interval '1 hour' where item_type = 'geofenceEnter'`);
    const all = await tracking.call<TrackingNotification[]>('GET', '/api/geo/notifications');
    assert.equal(all.status, 200);
    assert.deepEqual(
      all.body.data.map((n) => [n.itemType, n.deviceName]),
      [
        ['Tamper', DEMO_TRACKING_DEVICES[6]!.name],
        ['geofenceEnter', DEMO_TRACKING_DEVICES[0]!.name],
      ],
    );
    const ofHilux = await tracking.call<TrackingNotification[]>('GET', `/api/geo/notifications?deviceId=${hilux}&search=depot`);
    assert.deepEqual(
      ofHilux.body.data.map((n) => n.message),
      ['ND 123-456 Toyota Hilux entered Durban Depot'],
    );
    assert.equal(pagingOf(await lending.call<TrackingNotification[]>('GET', '/api/geo/notifications')).total, 0);
    assert.equal((await lending.call('GET', `/api/geo/notifications?deviceId=${hilux}`)).status, 404);
  });
});
