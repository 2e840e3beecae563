import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { databaseLabel, startServer, type TestServer } from './support/harness';
import { addDevice, near, partitionOf, positionsOf, TrackerSocket } from './support/tracking-devices';
import {
  encodeAvlPacket,
  encodeCommand,
  encodeCommandResponse,
  encodeImei,
  frame,
  type AvlRecord,
} from '../src/tracking/ingest/teltonika-encoder';
import { CODEC_8, CODEC_8_EXTENDED, decodeData } from '../src/tracking/ingest/teltonika-decoder';
import { KNOTS_PER_KPH } from '../src/tracking/ingest/osmand-decoder';

const hex = (text: string) => Buffer.from(text, 'hex');
const ack = (count: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(count);
  return b;
};

/** Teltonika's documentation, "Codec 8" example 1: one record, no fix, IO 21 = 3, 1 = 1, 66 = 0x5E0F, 241 = 0x601A, 78 = 0. */
const DOC_CODEC_8 =
  '000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF';
/** Teltonika's documentation, "Codec 8 Extended" example: 2-byte IO ids, IO 1 = 1, 17 = 0x1D, 16 = 0x015E2C88, 11 and 14 (8 bytes). */
const DOC_CODEC_8E =
  '000000000000004A8E010000016B412CEE000100000000000000000000000000000000010005000100010100010011001D00010010015E2C880002000B000000003544C87A000E000000001DD7E06A00000100002994';
/** Traccar's TeltonikaProtocolDecoderTest: an FMB record with a fix near Yekaterinburg, ignition and motion on. */
const TRACCAR_CODEC_8 =
  '000000000000004508010000015eb70a86d00024089d4d21dee3860137005f12005f000e06ef01f00150011503c800450108b5000bb6000642382718005fcd057ace19d3430f57440000000001000002bf';

/** Traccar's TeltonikaProtocolDecoderTest, codec 16: two records with 2-byte IO ids. */
const TRACCAR_CODEC_16 =
  '000000000000009D10020000013feb55ff74000f0ea850209a690000AE00B90B00000000070A050001000002000003000004000120000200180000004601290200C700000000004C0000000001003E00000000000000000000015B198C7498000F0DBC502095872F00AE00B90B00000000070A050001000002000003000004000120000200180000004601290200C700000000004C0000000001003E000000000000000002000009A5';

describe(`Teltonika device server (${databaseLabel})`, () => {
  let s: TestServer;
  let port: number;
  let tenantId: string;
  let imeiSeq = 356307042441000;
  const newDevice = async (extra: { model?: string; disabled?: boolean } = {}) => {
    const imei = String(imeiSeq++);
    return { imei, deviceId: await addDevice(s.db, tenantId, imei, extra) };
  };
  /** A connection past the handshake. */
  const connect = async (imei: string) => {
    const tracker = await TrackerSocket.connect(port);
    await tracker.send(encodeImei(imei));
    assert.deepEqual(await tracker.read(1), Buffer.from([0x01]), 'a known device is accepted');
    return tracker;
  };
  const minutesAgo = (n: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - n * 60_000);

  before(async () => {
    s = await startServer();
    await s.built.listen();
    port = s.built.deviceServers!.teltonikaPort;
    tenantId = await s.tenantId('Meridian Tracking');
  });
  after(() => s.close());

  test('an unknown IMEI, and a disabled device, are refused with 0x00 and the connection is closed', async () => {
    for (const imei of ['999999999999999', (await newDevice({ disabled: true })).imei]) {
      const tracker = await TrackerSocket.connect(port);
      await tracker.send(encodeImei(imei));
      assert.deepEqual(await tracker.read(1), Buffer.from([0x00]));
      await tracker.waitClosed();
    }
  });

  test("Traccar's codec 8 test frame is stored field by field and acknowledged with its record count", async () => {
    const { imei, deviceId } = await newDevice();
    const tracker = await connect(imei);
    await tracker.send(hex(TRACCAR_CODEC_8));
    assert.deepEqual(await tracker.read(4), ack(1));
    tracker.end();
    const [p] = await positionsOf(s.db, deviceId);
    assert.ok(p);
    assert.equal(p.protocol, 'teltonika');
    assert.equal(p.tenant_id, tenantId);
    assert.equal(p.fix_time.toISOString(), '2017-09-25T03:17:54.000Z');
    assert.equal(p.device_time.toISOString(), '2017-09-25T03:17:54.000Z');
    assert.equal(p.latitude, 56.8255366);
    assert.equal(p.longitude, 60.4544333);
    assert.equal(p.altitude, 311);
    assert.equal(p.course, 95);
    assert.ok(near(p.speed, 95 * KNOTS_PER_KPH), `95 km/h in knots, got ${p.speed}`);
    assert.equal(p.valid, true);
    assert.equal(p.outdated, false);
    assert.deepEqual(p.attributes, {
      priority: 0,
      sat: 18,
      event: 0,
      ignition: true,
      motion: true,
      dataMode: 1,
      rssi: 3,
      sleepMode: 0,
      io69: 1,
      pdop: 1.1,
      hdop: 0.6,
      power: 14.375,
      battery: 3.927,
      batteryCurrent: 0,
      network: { cellTowers: [{ locationAreaCode: 6611, cellId: 1402 }] },
    });
    // Years in the past: no month partition is made for it.
    assert.equal(await partitionOf(s.db, p.id), 'positions_default');
  });

  test("Teltonika's documented codec 8 and codec 8 Extended examples decode to the values the documentation gives", async () => {
    const { imei, deviceId } = await newDevice();
    const tracker = await connect(imei);
    await tracker.send(hex(DOC_CODEC_8));
    assert.deepEqual(await tracker.read(4), ack(1));
    await tracker.send(hex(DOC_CODEC_8E));
    assert.deepEqual(await tracker.read(4), ack(1));
    tracker.end();
    const [codec8, codec8e] = await positionsOf(s.db, deviceId);
    assert.equal(codec8!.fix_time.toISOString(), '2019-06-10T10:04:46.000Z');
    assert.deepEqual(
      [codec8!.latitude, codec8!.longitude, codec8!.altitude, codec8!.course, codec8!.speed, codec8!.valid],
      [0, 0, 0, 0, 0, false],
    );
    // IO 21 GSM signal 3, IO 1 digital input on, IO 66 external voltage 24079 mV, IO 241 operator 24602, IO 78 iButton 0 (no key).
    assert.deepEqual(codec8!.attributes, { priority: 1, sat: 0, event: 1, rssi: 3, in1: true, power: 24.079, operator: 24602 });
    assert.equal(codec8e!.fix_time.toISOString(), '2019-06-10T11:36:32.000Z');
    // IO 1 = 1, IO 17 (axis X) = 29, IO 16 (odometer) = 22949000, IO 11 (ICCID) and IO 14 as 8-byte values.
    assert.deepEqual(codec8e!.attributes, {
      priority: 1,
      sat: 0,
      event: 1,
      in1: true,
      axisX: 29,
      odometer: 22949000,
      iccid: '893700218',
      io14: 500686954,
    });
  });

  test("codec 16 (Traccar's test frame, whose CRC is not real, so decoded without the socket): 2-byte IO ids, generation type", () => {
    const packet = hex(TRACCAR_CODEC_16);
    const decoded = decodeData(packet.subarray(8, 8 + packet.readUInt32BE(4)), '356307042441013', null);
    assert.equal(decoded.kind, 'positions');
    const [first, second] = decoded.kind === 'positions' ? decoded.positions : [];
    assert.equal(first!.fixTime.toISOString(), '2013-07-17T06:34:09.140Z');
    assert.deepEqual(
      [first!.latitude, first!.longitude, first!.altitude, first!.course, first!.valid],
      [54.6990336, 25.2618832, 174, 185, true],
    );
    assert.deepEqual(first!.attributes, {
      priority: 0,
      sat: 11,
      event: 0,
      in1: false,
      in2: false,
      in3: false,
      in4: false,
      io288: 0,
      io70: 297,
      tripOdometer: 0,
      io76: 0,
      io62: 0,
    });
    assert.deepEqual(
      [second!.fixTime.toISOString(), second!.latitude, second!.longitude],
      ['2017-03-29T10:11:27.000Z', 54.6670383, 25.2558416],
    );
  });

  test('a codec 8 packet of several records is acknowledged with their count, each stored with its IO elements mapped', async () => {
    const { imei, deviceId } = await newDevice();
    const base: AvlRecord = { time: 0, longitude: 28.0473, latitude: -26.2041, altitude: 1753, angle: 90, satellites: 11, speedKph: 0 };
    const records: AvlRecord[] = [
      {
        ...base,
        time: minutesAgo(3),
        eventIoId: 239,
        io: {
          n1: [
            [239, 0],
            [240, 0],
            [113, 87],
          ],
          n2: [
            [67, 4012],
            [66, 12850],
          ],
          n4: [[16, 1000]],
        },
      },
      {
        ...base,
        time: minutesAgo(2),
        latitude: -26.1941,
        speedKph: 60,
        angle: 15,
        priority: 1,
        eventIoId: 239,
        io: {
          n1: [
            [239, 1],
            [240, 1],
            [21, 4],
          ],
          n2: [[67, 4001]],
          n4: [
            [16, 2350],
            [199, 1350],
          ],
        },
      },
      {
        ...base,
        time: minutesAgo(1),
        latitude: -26.1841,
        speedKph: 100,
        priority: 2,
        eventIoId: 247,
        io: {
          n1: [
            [239, 1],
            [247, 1],
            [252, 1],
            [200, 0],
          ],
          n8: [[78, 0x0100000012345678n]],
        },
      },
    ];
    const tracker = await connect(imei);
    await tracker.send(encodeAvlPacket(CODEC_8, records));
    assert.deepEqual(await tracker.read(4), ack(3));
    tracker.end();
    const stored = await positionsOf(s.db, deviceId);
    assert.equal(stored.length, 3);
    stored.forEach((p, i) => {
      const r = records[i]!;
      assert.equal(p.fix_time.getTime(), (r.time as Date).getTime());
      assert.equal(p.latitude, r.latitude);
      assert.equal(p.longitude, r.longitude);
      assert.equal(p.altitude, 1753);
      assert.equal(p.course, r.angle);
      assert.ok(near(p.speed, r.speedKph! * KNOTS_PER_KPH));
      assert.equal(p.valid, true);
      assert.equal(p.attributes.sat, 11);
      assert.equal(p.attributes.priority, r.priority ?? 0);
      assert.equal(p.attributes.event, r.eventIoId);
    });
    const [a, b, c] = stored.map((p) => p.attributes);
    assert.deepEqual([a!.ignition, a!.motion, a!.batteryLevel, a!.battery, a!.power, a!.odometer], [false, false, 87, 4.012, 12.85, 1000]);
    assert.deepEqual([b!.ignition, b!.motion, b!.rssi, b!.battery, b!.odometer, b!.tripOdometer], [true, true, 4, 4.001, 2350, 1350]);
    // A crash (247) and an unplug (252) in one record: Traccar's alarms, comma-separated; the iButton as 16 hex digits.
    assert.deepEqual([c!.ignition, c!.alarm, c!.sleepMode, c!.driverUniqueId], [true, 'accident,powerCut', 0, '7856341200000001']);
    // Recent fixes go to their month's partition.
    const month = (records[0]!.time as Date).toISOString().slice(0, 7).replace('-', 'm');
    assert.equal(await partitionOf(s.db, stored[0]!.id), `positions_y${month}`);
  });

  test('codec 8 Extended: 2-byte IO ids, variable-length elements, towing and jamming alarms, unknown ids kept as io<N>', async () => {
    const { imei, deviceId } = await newDevice();
    const records: AvlRecord[] = [1, 2].map((n) => ({
      time: minutesAgo(10 - n),
      longitude: 18.4241,
      latitude: -33.9249,
      altitude: -5,
      angle: 359,
      satellites: 0,
      speedKph: 0,
      eventIoId: 246,
      io: {
        n1: [
          [246, n === 1 ? 1 : 0],
          [249, 1],
          [1000 + n, 7],
        ],
        n2: [[10800, 0xfb5d]],
        n4: [[70000 % 65536, 123456]],
        n8: [[2000, -2n]],
        nx: [
          [256, Buffer.from('WVWZZZ1JZXW000001', 'ascii')],
          [999, Buffer.from([0xde, 0xad])],
        ],
      },
    }));
    const tracker = await connect(imei);
    await tracker.send(encodeAvlPacket(CODEC_8_EXTENDED, records));
    assert.deepEqual(await tracker.read(4), ack(2));
    tracker.end();
    const stored = await positionsOf(s.db, deviceId);
    assert.equal(stored.length, 2);
    const [first, second] = stored;
    assert.equal(first!.altitude, -5);
    assert.equal(first!.course, 359);
    // No satellites: not a valid fix (Traccar).
    assert.equal(first!.valid, false);
    assert.equal(first!.attributes.alarm, 'tow,jamming');
    assert.equal(second!.attributes.alarm, 'jamming');
    assert.equal(first!.attributes.io1001, 7);
    assert.equal(second!.attributes.io1002, 7);
    assert.equal(first!.attributes.eyeTemp1, -11.87);
    assert.equal(first!.attributes.io4464, 123456);
    assert.equal(first!.attributes.io2000, -2);
    assert.equal(first!.attributes.vin, 'WVWZZZ1JZXW000001');
    assert.equal(first!.attributes.io999, 'dead');
    assert.equal(first!.attributes.event, 246);
  });

  test('a bad CRC closes the connection: the packet is not stored or acknowledged, the records stored before stay', async () => {
    const { imei, deviceId } = await newDevice();
    const tracker = await connect(imei);
    const good = encodeAvlPacket(CODEC_8, [{ time: minutesAgo(5), latitude: 1, longitude: 2, satellites: 5 }]);
    await tracker.send(good);
    assert.deepEqual(await tracker.read(4), ack(1));
    const bad = encodeAvlPacket(CODEC_8, [
      { time: minutesAgo(4), latitude: 3, longitude: 4, satellites: 5 },
      { time: minutesAgo(3), latitude: 5, longitude: 6, satellites: 5 },
    ]);
    bad[bad.length - 1]! ^= 0xff;
    await tracker.send(bad);
    await tracker.waitClosed();
    assert.equal(tracker.unread, 0, 'nothing was acknowledged');
    const stored = await positionsOf(s.db, deviceId);
    assert.deepEqual(
      stored.map((p) => [p.latitude, p.longitude]),
      [[1, 2]],
    );
  });

  test('malformed frames close their connection and the server goes on serving: truncated records, oversized length, no preamble', async () => {
    const { imei, deviceId } = await newDevice();
    const oneRecord = encodeAvlPacket(CODEC_8, [{ time: minutesAgo(1), latitude: 1, longitude: 1 }]);
    // Data that says two records but holds one, with a CRC that matches it.
    const data = Buffer.from(oneRecord.subarray(8, oneRecord.length - 4));
    data[1] = 2;
    data[data.length - 1] = 2;
    const lengthOver = Buffer.from('0000000000100000', 'hex');
    const noPreamble = Buffer.from(oneRecord);
    noPreamble[0] = 1;
    for (const malformed of [frame(data), lengthOver, noPreamble]) {
      const tracker = await connect(imei);
      await tracker.send(malformed);
      await tracker.waitClosed();
    }
    assert.equal((await positionsOf(s.db, deviceId)).length, 0);
    const tracker = await connect(imei);
    await tracker.send(oneRecord);
    assert.deepEqual(await tracker.read(4), ack(1), 'the server still stores and acknowledges');
    tracker.end();
  });

  test('a packet split across writes is put back together, and two packets in one write are each acknowledged', async () => {
    const { imei, deviceId } = await newDevice();
    const tracker = await TrackerSocket.connect(port);
    // The greeting itself arrives in two pieces.
    const greeting = encodeImei(imei);
    await tracker.send(greeting.subarray(0, 1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await tracker.send(greeting.subarray(1));
    assert.deepEqual(await tracker.read(1), Buffer.from([0x01]));
    const packet = encodeAvlPacket(CODEC_8, [
      { time: minutesAgo(6), latitude: 10, longitude: 20, satellites: 4 },
      { time: minutesAgo(5), latitude: 11, longitude: 21, satellites: 4 },
    ]);
    const cuts = [0, 3, 9, 20, packet.length - 2];
    for (let i = 0; i + 1 < cuts.length; i++) {
      await tracker.send(packet.subarray(cuts[i], cuts[i + 1]));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(tracker.unread, 0, 'no answer before the packet is whole');
    await tracker.send(packet.subarray(packet.length - 2));
    assert.deepEqual(await tracker.read(4), ack(2));
    const twoPackets = Buffer.concat([
      encodeAvlPacket(CODEC_8, [{ time: minutesAgo(4), latitude: 12, longitude: 22, satellites: 4 }]),
      Buffer.from([0xff]), // a keep-alive ping between them
      encodeAvlPacket(CODEC_8_EXTENDED, [
        { time: minutesAgo(3), latitude: 13, longitude: 23, satellites: 4 },
        { time: minutesAgo(2), latitude: 14, longitude: 24, satellites: 4 },
        { time: minutesAgo(1), latitude: 15, longitude: 25, satellites: 4 },
      ]),
    ]);
    await tracker.send(twoPackets);
    assert.deepEqual(await tracker.read(8), Buffer.concat([ack(1), ack(3)]));
    tracker.end();
    assert.deepEqual(
      (await positionsOf(s.db, deviceId)).map((p) => p.latitude),
      [10, 11, 12, 13, 14, 15],
    );
  });

  test('a queued command is sent to the connected tracker as codec 12 and its answer is kept on the command', async () => {
    const { imei, deviceId } = await newDevice();
    await s.db.query(
      `insert into command_queue (device_id, tenant_id, command_type, attributes) values ($1, $2, 'engineStop', '{}'), ($1, $2, 'positionPeriodic', '{}')`,
      [deviceId, tenantId],
    );
    const tracker = await connect(imei);
    await tracker.send(encodeAvlPacket(CODEC_8, [{ time: minutesAgo(1), latitude: 1, longitude: 1, satellites: 3 }]));
    assert.deepEqual(await tracker.read(4), ack(1));
    const text = Buffer.from('setdigout 1', 'ascii');
    const command = await tracker.read(8 + 8 + text.length + 4);
    const expected = Buffer.concat([Buffer.from('00000000', 'hex'), Buffer.from([0, 0, 0, 8 + text.length])]);
    assert.deepEqual(command.subarray(0, 8), expected);
    assert.deepEqual(command.subarray(8, 11), Buffer.from([0x0c, 0x01, 0x05]));
    assert.equal(command.subarray(15, 15 + text.length).toString('ascii'), 'setdigout 1');
    assert.deepEqual(command, encodeCommand('setdigout 1'), 'with its quantity and CRC');
    await tracker.send(encodeCommandResponse('DOUT1:1 Timeout:INFINITY'));
    const deadline = Date.now() + 15_000;
    let rows: { command_type: string; sent_at: Date | null; result: string | null }[] = [];
    while (Date.now() < deadline) {
      rows = await s.db.query(`select command_type, sent_at, result from command_queue where device_id = $1 order by command_type`, [
        deviceId,
      ]);
      if (rows[0]?.result && (await positionsOf(s.db, deviceId)).length === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    tracker.end();
    assert.equal(rows[0]!.command_type, 'engineStop');
    assert.ok(rows[0]!.sent_at);
    assert.equal(rows[0]!.result, 'DOUT1:1 Timeout:INFINITY');
    // A type codec 12 cannot carry stays queued.
    assert.equal(rows[1]!.sent_at, null);
    // The answer is stored as a position at the last fix, for its `result`, outdated (no events).
    const stored = await positionsOf(s.db, deviceId);
    assert.equal(stored.length, 2);
    assert.deepEqual([stored[1]!.attributes.result, stored[1]!.outdated, stored[1]!.latitude], ['DOUT1:1 Timeout:INFINITY', true, 1]);
  });
});
