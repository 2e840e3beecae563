import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { QueuedCommand, SentCommand } from '@meridian/shared/contract/geo-command';
import { CODEC_8 } from '../src/tracking/ingest/teltonika-decoder';
import { encodeAvlPacket, encodeCommand, encodeCommandResponse, encodeImei } from '../src/tracking/ingest/teltonika-encoder';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { addDevice, TrackerSocket } from './support/tracking-devices';

const ANSWER_TIMEOUT_SECONDS = 1;

describe(`commands from the back office to the devices, and where each stands (${databaseLabel})`, () => {
  let s: TestServer;
  let operator: Actor;
  let lending: Actor;
  let officer: Actor;
  let tenantId: string;
  let imeiSeq = 356307042449000;
  const trackers: TrackerSocket[] = [];

  const newDevice = async () => {
    const imei = String(imeiSeq++);
    return { imei, deviceId: await addDevice(s.db, tenantId, imei) };
  };
  /** A Teltonika tracker past the handshake, which reported once and was acknowledged. */
  const connectTracker = async (imei: string) => {
    const tracker = await TrackerSocket.connect(s.built.deviceServers!.teltonikaPort);
    trackers.push(tracker);
    await tracker.send(encodeImei(imei));
    assert.deepEqual(await tracker.read(1), Buffer.from([0x01]));
    await tracker.send(encodeAvlPacket(CODEC_8, [{ time: new Date(Date.now() - 60_000), latitude: -29.8, longitude: 31, satellites: 7 }]));
    assert.equal((await tracker.read(4)).readUInt32BE(0), 1);
    return tracker;
  };
  const send = (deviceId: string, type: string, body: unknown = {}) =>
    operator.call<QueuedCommand>('POST', `/api/geo/device/sendCommand/${deviceId}/${type}`, { body });
  const history = async (query = '') => (await operator.call<SentCommand[]>('GET', `/api/geo/commands/sent${query}`)).body.data;
  async function eventually<T>(read: () => Promise<T>, holds: (value: T) => boolean, what: string): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const value = await read();
      if (holds(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  before(async () => {
    s = await startServer({ commandAnswerTimeoutSeconds: ANSWER_TIMEOUT_SECONDS });
    await s.built.listen();
    operator = await s.as('company admin');
    lending = await s.as('company administrator');
    officer = await s.as('loan officer');
    tenantId = await s.tenantId('Meridian Tracking');
  });
  after(async () => {
    trackers.forEach((t) => t.end());
    await s.close();
  });

  test('a command sent to a connected Teltonika tracker reaches it at once as codec 12, and its answer shows it answered', async () => {
    const { imei, deviceId } = await newDevice();
    const tracker = await connectTracker(imei);
    const queued = await send(deviceId, 'engineStop');
    assert.equal(queued.status, 202);
    // No report in between: the connection is sent the command as soon as it is queued.
    const frame = encodeCommand('setdigout 1');
    assert.deepEqual(await tracker.read(frame.length), frame);
    const [sent] = await eventually(
      () => history(`?deviceId=${deviceId}`),
      (rows) => rows[0]?.status === 'sent',
      'sent',
    );
    assert.equal(sent!.id, queued.body.data.id);
    assert.equal(sent!.sentBy?.name, 'Connor Pillay', 'who sent it is kept');
    await tracker.send(encodeCommandResponse('DOUT1:1 Timeout:INFINITY'));
    const [answered] = await eventually(
      () => history(`?deviceId=${deviceId}`),
      (rows) => rows[0]?.status === 'answered',
      'answered',
    );
    assert.equal(answered!.result, 'DOUT1:1 Timeout:INFINITY');
    assert.ok(answered!.answeredAt);
    assert.deepEqual(
      (await history(`?deviceId=${deviceId}&status=answered`)).map((c) => c.id),
      [queued.body.data.id],
    );
  });

  test('a tracker that does not answer in time shows the command failed, saying why; a late answer still counts', async () => {
    const { imei, deviceId } = await newDevice();
    const tracker = await connectTracker(imei);
    const queued = (await send(deviceId, 'custom', { attributes: { data: 'getinfo' } })).body.data;
    const frame = encodeCommand('getinfo');
    assert.deepEqual(await tracker.read(frame.length), frame);
    const [failed] = await eventually(
      () => history(`?deviceId=${deviceId}`),
      (rows) => rows[0]?.status === 'failed',
      'failed',
    );
    assert.equal(failed!.failure, `The device did not answer within ${ANSWER_TIMEOUT_SECONDS} seconds.`);
    assert.deepEqual(
      (await history(`?deviceId=${deviceId}&status=failed`)).map((c) => c.id),
      [queued.id],
    );
    await tracker.send(encodeCommandResponse('RTC:2026/11/26 Init:1 UpTime:120s'));
    const [late] = await eventually(
      () => history(`?deviceId=${deviceId}`),
      (rows) => rows[0]?.status === 'answered',
      'the late answer',
    );
    assert.equal(late!.failure, null);
  });

  test('a command for a device that is not connected waits queued; an OsmAnd client gets it with its next report and it shows sent', async () => {
    const uniqueId = `phone-${imeiSeq++}`;
    const deviceId = await addDevice(s.db, tenantId, uniqueId);
    const queued = (await send(deviceId, 'custom', { attributes: { data: 'interval=30' } })).body.data;
    assert.deepEqual(
      (await history(`?deviceId=${deviceId}&status=queued`)).map((c) => c.id),
      [queued.id],
    );
    const reply = await fetch(`http://127.0.0.1:${s.built.deviceServers!.osmandPort}/?id=${uniqueId}&lat=-29.8&lon=31`);
    assert.equal(await reply.text(), 'interval=30');
    const [sent] = await history(`?deviceId=${deviceId}`);
    assert.equal(sent!.status, 'sent');
    // An OsmAnd client never answers: the sweep leaves its commands sent.
    await new Promise((resolve) => setTimeout(resolve, ANSWER_TIMEOUT_SECONDS * 1000 + 600));
    assert.equal((await history(`?deviceId=${deviceId}`))[0]!.status, 'sent');
  });

  test("the history is the acting subtree's: another company sees none of it, field staff may not read it, bad filters are 400", async () => {
    const { deviceId } = await newDevice();
    await send(deviceId, 'engineResume');
    assert.ok(pagingOf(await operator.call('GET', '/api/geo/commands/sent')).total >= 1);
    assert.equal(pagingOf(await lending.call('GET', '/api/geo/commands/sent')).total, 0);
    assert.equal((await lending.call('GET', `/api/geo/commands/sent?deviceId=${deviceId}`)).status, 404);
    assert.equal((await officer.call('GET', '/api/geo/commands/sent')).status, 403);
    const bad = await operator.call('GET', '/api/geo/commands/sent?status=lost');
    assert.equal(bad.status, 400);
    assert.deepEqual(fieldError(bad, 'status'), ['A status is one of: queued, sent, answered, failed.']);
  });
});
