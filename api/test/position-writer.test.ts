import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { databaseLabel, startServer, type TestServer } from './support/harness';
import { addDevice, partitionOf, positionsOf } from './support/tracking-devices';
import type { Queryable } from '../src/db/database';
import type { DecodedPosition, PositionProcessor, StoredPosition } from '../src/tracking/position';
import { silentLog } from '../src/tracking/ingest/ingest-log';
import { createNoopProcessor } from '../src/tracking/ingest/noop-processor';
import { createPositionWriter, UnknownDeviceError } from '../src/tracking/ingest/position-writer';

const position = (uniqueId: string, fixTime: Date, extra: Partial<DecodedPosition> = {}): DecodedPosition => ({
  uniqueId,
  protocol: 'osmand',
  deviceTime: fixTime,
  fixTime,
  valid: true,
  latitude: -26.2,
  longitude: 28.05,
  altitude: 0,
  speed: 0,
  course: 0,
  accuracy: 0,
  attributes: {},
  ...extra,
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe(`position writer (${databaseLabel})`, () => {
  let s: TestServer;
  let tenantId: string;
  let seq = 0;
  const newDevice = async () => {
    const uniqueId = `writer-${++seq}`;
    return { uniqueId, deviceId: await addDevice(s.db, tenantId, uniqueId) };
  };
  const deviceRow = (deviceId: string) =>
    s.db.one<{ position_id: number | null; position_fix_time: Date | null; last_update: Date | null }>(
      `select position_id, position_fix_time, last_update from geo_devices where id = $1`,
      [deviceId],
    );

  before(async () => {
    s = await startServer();
    tenantId = await s.tenantId('Meridian Tracking');
  });
  after(() => s.close());

  test('many concurrent submissions from many devices become a few transactions, each resolved with its own stored rows', async () => {
    const devices = await Promise.all(Array.from({ length: 20 }, newDevice));
    const batches: number[] = [];
    const writer = createPositionWriter({ db: s.db, processor: createNoopProcessor(), log: silentLog, onBatch: (n) => batches.push(n) });
    const submissions = Array.from({ length: 400 }, (_, i) => {
      const device = devices[i % devices.length]!;
      return writer.write([position(device.uniqueId, minutesAgo(30 - i / 100), { attributes: { n: i } })]);
    });
    const results = await Promise.all(submissions);
    await writer.close();
    assert.equal(
      batches.reduce((a, b) => a + b, 0),
      400,
    );
    assert.ok(batches.length <= 4, `400 submissions in ${batches.length} transactions`);
    results.forEach((stored, i) => {
      assert.equal(stored.length, 1);
      assert.equal(stored[0]!.attributes.n, i);
      assert.equal(stored[0]!.deviceId, devices[i % devices.length]!.deviceId);
      assert.equal(stored[0]!.tenantId, tenantId);
    });
    const rows = await s.db.query<{ id: number; attributes: { n: number } }>(
      `select id, attributes from positions where id = any($1::int8[])`,
      [results.map((r) => r[0]!.id)],
    );
    assert.equal(rows.length, 400);
    assert.ok(
      rows.every((r) => results[r.attributes.n]![0]!.id === r.id),
      'each id names the row its submission stored',
    );
  });

  test('a batch closes at maxBatch positions: a larger load is split into batches of that size', async () => {
    const { uniqueId } = await newDevice();
    const batches: number[] = [];
    const writer = createPositionWriter({
      db: s.db,
      processor: createNoopProcessor(),
      log: silentLog,
      maxBatch: 50,
      onBatch: (n) => batches.push(n),
    });
    await Promise.all(Array.from({ length: 120 }, (_, i) => writer.write([position(uniqueId, minutesAgo(200 - i))])));
    await writer.close();
    assert.ok(
      batches.every((n) => n <= 50),
      `batches ${batches.join(', ')}`,
    );
    assert.equal(
      batches.reduce((a, b) => a + b, 0),
      120,
    );
  });

  test('an out-of-order position is stored outdated and does not move the device position; last_update moves for every report', async () => {
    const { uniqueId, deviceId } = await newDevice();
    const writer = createPositionWriter({ db: s.db, processor: createNoopProcessor(), log: silentLog });
    const [newer] = await writer.write([position(uniqueId, minutesAgo(5))]);
    const heardFirst = (await deviceRow(deviceId))!.last_update!;
    await new Promise((resolve) => setTimeout(resolve, 10));
    const [older] = await writer.write([position(uniqueId, minutesAgo(10))]);
    // In one submission too: the second, older than the first, is outdated; an equal fix time is not.
    const inOne = await writer.write([
      position(uniqueId, minutesAgo(1)),
      position(uniqueId, minutesAgo(3)),
      position(uniqueId, minutesAgo(1), { attributes: { duplicate: true } }),
    ]);
    await writer.close();
    assert.equal(newer!.outdated, false);
    assert.equal(older!.outdated, true);
    assert.deepEqual(
      inOne.map((p) => p.outdated),
      [false, true, false],
    );
    const device = await deviceRow(deviceId);
    assert.equal(device!.position_id, inOne[2]!.id);
    assert.equal(device!.position_fix_time!.getTime(), inOne[2]!.fixTime.getTime());
    assert.ok(device!.last_update!.getTime() > heardFirst.getTime());
    const stored = await positionsOf(s.db, deviceId);
    assert.deepEqual(
      stored.map((p) => p.outdated),
      [false, true, false, true, false],
    );
  });

  test('an outdated position alone does not move the device position', async () => {
    const { uniqueId, deviceId } = await newDevice();
    const writer = createPositionWriter({ db: s.db, processor: createNoopProcessor(), log: silentLog });
    const [newest] = await writer.write([position(uniqueId, minutesAgo(5))]);
    await writer.write([position(uniqueId, minutesAgo(50))]);
    await writer.close();
    assert.equal((await deviceRow(deviceId))!.position_id, newest!.id);
  });

  test('the processor runs inside the batch transaction and afterCommit after it; a processor failure stores nothing and rejects every submission', async () => {
    const { uniqueId, deviceId } = await newDevice();
    const calls: string[] = [];
    let fail = false;
    const processor: PositionProcessor = {
      async process(q: Queryable, stored: StoredPosition[]) {
        // The rows are visible inside the transaction.
        const seen = await q.one<{ n: number }>(`select count(*)::int as n from positions where id = any($1::int8[])`, [
          stored.map((p) => p.id),
        ]);
        calls.push(`process ${stored.length} seen ${seen!.n}`);
        if (fail) throw new Error('processing failed');
      },
      afterCommit(stored) {
        calls.push(`afterCommit ${stored.length}`);
        throw new Error('a push failed');
      },
    };
    const writer = createPositionWriter({ db: s.db, processor, log: silentLog });
    await Promise.all([writer.write([position(uniqueId, minutesAgo(9))]), writer.write([position(uniqueId, minutesAgo(8))])]);
    fail = true;
    const failed = await Promise.allSettled([
      writer.write([position(uniqueId, minutesAgo(7))]),
      writer.write([position(uniqueId, minutesAgo(6))]),
    ]);
    await writer.close();
    assert.deepEqual(calls, ['process 2 seen 2', 'afterCommit 2', 'process 2 seen 2']);
    assert.deepEqual(
      failed.map((r) => r.status),
      ['rejected', 'rejected'],
    );
    assert.equal((await positionsOf(s.db, deviceId)).length, 2);
  });

  test('a submission for a device deleted or disabled since it connected is refused; the others in its batch are stored', async () => {
    const { uniqueId, deviceId } = await newDevice();
    const gone = await newDevice();
    const off = await newDevice();
    await s.db.query(`update geo_devices set deleted_at = now() where id = $1`, [gone.deviceId]);
    await s.db.query(`update geo_devices set disabled = true where id = $1`, [off.deviceId]);
    const writer = createPositionWriter({ db: s.db, processor: createNoopProcessor(), log: silentLog });
    const [kept, ...refused] = await Promise.allSettled([
      writer.write([position(uniqueId, minutesAgo(1))]),
      writer.write([position(gone.uniqueId, minutesAgo(1))]),
      writer.write([position(off.uniqueId, minutesAgo(1))]),
    ]);
    await writer.close();
    assert.equal(kept.status, 'fulfilled');
    for (const r of refused) assert.ok(r.status === 'rejected' && r.reason instanceof UnknownDeviceError);
    assert.equal((await positionsOf(s.db, deviceId)).length, 1);
    assert.equal((await positionsOf(s.db, off.deviceId)).length, 0);
  });

  test('a submission whose values the database refuses fails alone; the others of its batch are stored', async () => {
    const { uniqueId, deviceId } = await newDevice();
    const batches: number[] = [];
    const writer = createPositionWriter({ db: s.db, processor: createNoopProcessor(), log: silentLog, onBatch: (n) => batches.push(n) });
    const results = await Promise.allSettled([
      writer.write([position(uniqueId, minutesAgo(3))]),
      writer.write([position(uniqueId, minutesAgo(2), { deviceTime: new Date('+010000-01-01T00:00:00Z') })]),
      writer.write([position(uniqueId, minutesAgo(1))]),
    ]);
    await writer.close();
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    assert.equal((await positionsOf(s.db, deviceId)).length, 2);
  });

  test('month partitions are made as needed; far past and far future fixes go to the default partition, and move out when their month comes', async () => {
    const { uniqueId } = await newDevice();
    let now = new Date();
    const writer = createPositionWriter({ db: s.db, processor: createNoopProcessor(), log: silentLog, now: () => now });
    const inThreeMonths = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 15, 12));
    const [recent, old, future] = await writer.write([
      position(uniqueId, minutesAgo(1)),
      position(uniqueId, new Date(Date.now() - 2 * 365 * 24 * 3600 * 1000)),
      position(uniqueId, inThreeMonths, { attributes: { nul: 'a\u0000b', half: 'x\ud800y', 'k\u0000ey': 'ok\ud83d\ude00' } }),
    ]);
    const monthName = (d: Date) => `positions_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    assert.equal(await partitionOf(s.db, recent!.id), monthName(recent!.fixTime));
    assert.equal(await partitionOf(s.db, old!.id), 'positions_default');
    assert.equal(await partitionOf(s.db, future!.id), 'positions_default');
    // Months later that month is current: its partition is made and the row that waited in the default moves into it.
    now = new Date(inThreeMonths.getTime() - 3600_000);
    const [then] = await writer.write([position(uniqueId, inThreeMonths)]);
    await writer.close();
    assert.equal(await partitionOf(s.db, then!.id), monthName(inThreeMonths));
    assert.equal(await partitionOf(s.db, future!.id), monthName(inThreeMonths));
    const moved = await s.db.one<{ attributes: Record<string, unknown> }>(`select attributes from positions where id = $1`, [future!.id]);
    // jsonb holds no NUL (dropped) and no lone surrogate (replaced); a whole pair is kept.
    assert.deepEqual(moved!.attributes, { nul: 'ab', half: 'x\ufffdy', key: 'ok\ud83d\ude00' });
  });
});
