import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { GeoCommand, QueuedCommand } from '@meridian/shared/contract/geo-command';
import type { DeviceHardware } from '@meridian/shared/contract/device-hardware';
import { DEMO_TRACKING_DEVICES } from '../src/seed/demo-tracking';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { deviceIdOf } from './support/tracking-rows';

describe(`tracking commands (${databaseLabel})`, () => {
  let s: TestServer;
  let tracking: Actor;
  let lending: Actor;
  let officer: Actor;
  let hilux: string;
  let fmb920: string;

  before(async () => {
    s = await startServer();
    tracking = await s.as('company admin');
    lending = await s.as('company administrator');
    officer = await s.as('loan officer');
    hilux = await deviceIdOf(s.db, DEMO_TRACKING_DEVICES[0]!.uniqueId);
    fmb920 = (await tracking.call<DeviceHardware[]>('GET', '/api/geo/device-hardware?search=fmb920')).body.data[0]!.id;
  });
  after(() => s.close());

  test('saved commands are created, listed, filtered by hardware, read, edited and deleted', async () => {
    const created = await tracking.call<GeoCommand>('POST', '/api/geo/commands', {
      body: { description: 'Output 2 off', commandType: 'custom', hardwareId: fmb920, attributes: { data: 'setdigout ?0' } },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const command = created.body.data;
    assert.deepEqual(
      [command.type, command.make, command.hardwareModel, command.tenantName],
      ['command', 'Teltonika', 'FMB920', 'Meridian Tracking'],
    );
    const listed = await tracking.call<GeoCommand[]>('GET', '/api/geo/commands?sortField=description&sortOrder=asc');
    assert.deepEqual(
      listed.body.data.map((c) => c.description),
      ['Immobilise: digital output 1 on', 'Output 2 off', 'Report every 30 seconds', 'Request device information'],
    );
    const ofHardware = await tracking.call<GeoCommand[]>('GET', `/api/geo/commands/${fmb920}?sortOrder=asc`);
    assert.equal(ofHardware.status, 200);
    assert.deepEqual(
      ofHardware.body.data.map((c) => c.description),
      ['Immobilise: digital output 1 on', 'Output 2 off'],
    );
    assert.equal(pagingOf(ofHardware).total, 2, "a hardware's id pages its commands");
    assert.equal(pagingOf(await tracking.call<GeoCommand[]>('GET', `/api/geo/commands?hardwareId=${fmb920}`)).total, 2);
    assert.equal((await tracking.call<GeoCommand>('GET', `/api/geo/commands/${command.id}`)).body.data.description, 'Output 2 off');
    assert.equal((await tracking.call<GeoCommand[]>('GET', '/api/geo/commands/command/all')).body.data.length, 4);
    const edited = await tracking.call<GeoCommand>('PUT', `/api/geo/commands/${command.id}`, {
      body: { description: 'Report every minute', commandType: 'positionPeriodic', attributes: { frequency: 60 } },
    });
    assert.deepEqual(
      [edited.body.data.commandType, edited.body.data.hardwareId, edited.body.data.attributes],
      ['positionPeriodic', null, { frequency: 60 }],
    );
    assert.equal((await tracking.call('DELETE', `/api/geo/commands/${command.id}`)).status, 200);
    assert.equal((await tracking.call('GET', `/api/geo/commands/${command.id}`)).status, 404);
  });

  test('a command sent to a device is queued and answered 202; a saved command gives its attributes', async () => {
    const sent = await tracking.call<QueuedCommand>('POST', `/api/geo/device/sendCommand/${hilux}/custom`, {
      body: { attributes: { data: 'getgps' } },
    });
    assert.equal(sent.status, 202, JSON.stringify(sent.body));
    assert.deepEqual(
      [sent.body.data.deviceId, sent.body.data.commandType, sent.body.data.attributes, sent.body.data.sentAt, sent.body.data.userId],
      [hilux, 'custom', { data: 'getgps' }, null, tracking.userId],
    );
    const queued = await s.db.one<{ device_id: string; tenant_id: string; sent_at: Date | null }>(
      `select device_id, tenant_id, sent_at from command_queue where id = $1`,
      [sent.body.data.id],
    );
    assert.deepEqual([queued!.device_id, queued!.tenant_id, queued!.sent_at], [hilux, await s.tenantId('Durban Branch'), null]);
    const saved = (await tracking.call<GeoCommand[]>('GET', '/api/geo/commands?search=immobilise')).body.data[0]!;
    const fromSaved = await tracking.call<QueuedCommand>('POST', `/api/geo/device/sendCommand/${hilux}/custom`, {
      body: { commandId: saved.id },
    });
    assert.deepEqual(fromSaved.body.data.attributes, { data: 'setdigout 1' });
    const single = await tracking.call<QueuedCommand>('POST', `/api/geo/device/sendCommand/${hilux}/positionSingle`);
    assert.equal(single.status, 202, 'a command without a body');
  });

  test('a custom command without its text, a saved command of another type and an unknown type answer 400', async () => {
    const noText = await tracking.call('POST', `/api/geo/device/sendCommand/${hilux}/custom`, { body: {} });
    assert.deepEqual(fieldError(noText, 'attributes.data'), ['A custom command needs its text in attributes.data.']);
    const saved = (await tracking.call<GeoCommand[]>('GET', '/api/geo/commands?search=every%2030')).body.data[0]!;
    const mismatch = await tracking.call('POST', `/api/geo/device/sendCommand/${hilux}/engineStop`, { body: { commandId: saved.id } });
    assert.deepEqual(fieldError(mismatch, 'commandId'), ['The saved command is a positionPeriodic command, not engineStop.']);
    assert.ok(fieldError(await tracking.call('POST', `/api/geo/device/sendCommand/${hilux}/selfDestruct`), 'commandType'));
    const badSave = await tracking.call('POST', '/api/geo/commands', { body: { description: '', commandType: 'custom', hardwareId: 'x' } });
    assert.equal(badSave.status, 400);
    for (const field of ['description', 'hardwareId']) assert.ok(fieldError(badSave, field), field);
  });

  test("another company's devices and commands are not found (404); without the permission, 403", async () => {
    const saved = (await tracking.call<GeoCommand[]>('GET', '/api/geo/commands')).body.data[0]!;
    for (const [method, url, body] of [
      ['GET', `/api/geo/commands/${saved.id}`],
      ['PUT', `/api/geo/commands/${saved.id}`, { description: 'x', commandType: 'getVersion' }],
      ['DELETE', `/api/geo/commands/${saved.id}`],
      ['POST', `/api/geo/device/sendCommand/${hilux}/getVersion`, {}],
    ] as const)
      assert.equal((await lending.call(method, url, body ? { body } : {})).status, 404, `${method} ${url}`);
    assert.equal(
      (await tracking.call('POST', `/api/geo/device/sendCommand/${hilux}/custom`, { body: { commandId: (await lendingCommand()).id } }))
        .status,
      404,
    );
    assert.equal(pagingOf(await lending.call<GeoCommand[]>('GET', `/api/geo/commands/${fmb920}`)).total, 1, 'only its own');
    for (const [method, url] of [
      ['GET', '/api/geo/commands'],
      ['POST', '/api/geo/commands'],
      ['POST', `/api/geo/device/sendCommand/${hilux}/getVersion`],
    ] as const)
      assert.equal((await officer.call(method, url, { body: {} })).status, 403, `${method} ${url}`);
  });

  async function lendingCommand() {
    return (
      await lending.call<GeoCommand>('POST', '/api/geo/commands', {
        body: { description: 'Lending reboot', commandType: 'rebootDevice', hardwareId: fmb920 },
      })
    ).body.data;
  }
});
