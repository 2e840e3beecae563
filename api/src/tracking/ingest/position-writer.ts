/**
 * The one way positions reach the database. Listeners hand their decoded positions to `write`,
 * which resolves once they are stored and everything processing made of them is committed: only
 * then may a device be acknowledged. Submissions from every connection are gathered into batches
 * (one transaction and one multi-row insert per batch, never one per row): a batch closes when it
 * holds `maxBatch` positions or `maxDelayMs` after its first submission, and while one batch is in
 * its transaction the next one gathers, so under load batches grow instead of queueing.
 *
 * Traccar's rule for out-of-order positions: one whose fix time is older than the device's latest is
 * stored with `outdated` set, does not become the device's position, and raises no events (the
 * processor sees the flag).
 */
import type { Database, Queryable } from '../../db/database';
import type { DecodedPosition, PositionProcessor, StoredPosition } from '../position';
import type { IngestLog } from './ingest-log';
import { createPartitionKeeper } from './position-partitions';

export interface PositionWriter {
  /** Resolves with the stored rows (in the order given) once their batch has committed; rejects if it did not. */
  write(positions: DecodedPosition[]): Promise<StoredPosition[]>;
  /** Writes what is waiting and resolves when nothing is in flight; later writes are refused. */
  close(): Promise<void>;
}

export interface PositionWriterOptions {
  db: Database;
  processor: PositionProcessor;
  log: IngestLog;
  maxBatch?: number;
  maxDelayMs?: number;
  /** The clock that decides which fix times get a month partition (tests move it). */
  now?: () => Date;
  /** Called with the number of positions of each committed batch (tests and benchmarks count batches). */
  onBatch?: (size: number) => void;
}

/** The device a position was submitted for is not (or no longer) a live, enabled device. */
export class UnknownDeviceError extends Error {
  constructor() {
    super('The position names no live, enabled device');
  }
}

export class WriterClosedError extends Error {
  constructor() {
    super('The position writer is closed');
  }
}

interface Submission {
  positions: DecodedPosition[];
  resolve: (stored: StoredPosition[]) => void;
  reject: (error: unknown) => void;
}

interface DeviceRow {
  id: string;
  tenant_id: string;
  unique_id: string;
  position_fix_time: Date | string | null;
}

/** A position on its way into the batch's insert, with the device it belongs to. */
interface Row {
  position: DecodedPosition;
  device: DeviceRow;
  outdated: boolean;
}

const INSERT_POSITIONS = `
  insert into positions (device_id, tenant_id, protocol, device_time, fix_time, valid, outdated,
                         latitude, longitude, altitude, speed, course, accuracy, attributes)
  select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::boolean[], $7::boolean[],
                       $8::float8[], $9::float8[], $10::float8[], $11::float8[], $12::float8[], $13::float8[], $14::jsonb[])
  returning id, server_time`;

// A join, not "unique_id = any($1)": a bound array is searched element by element for every row.
// A device disabled since its connection opened is refused here, where the database has the last word.
const DEVICES_OF = `
  select d.id, d.tenant_id, d.unique_id, d.position_fix_time
    from unnest($1::text[]) as u(unique_id)
    join geo_devices d on d.unique_id = u.unique_id and d.deleted_at is null and not d.disabled`;

/**
 * The position only ever moves forward, even if another process wrote the device meanwhile (a tracker
 * that reconnected elsewhere): then this batch's outdated flags may be off, never the device's position.
 */
const UPDATE_DEVICES = `
  update geo_devices d
     set last_update = now(),
         position_id = case when u.fix_time >= coalesce(d.position_fix_time, '-infinity') then u.position_id else d.position_id end,
         position_fix_time = greatest(u.fix_time, d.position_fix_time)
    from unnest($1::uuid[], $2::int8[], $3::timestamptz[]) as u(device_id, position_id, fix_time)
   where d.id = u.device_id`;

/** A surrogate without its other half: JSON.stringify writes it as an escape jsonb refuses. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const UNSTORABLE_ESCAPE = /\\u0000|\\ud[89a-f]/;

/** What jsonb can hold of a text: no U+0000, no lone surrogate (replaced by U+FFFD). */
const storable = (text: string) => text.replaceAll('\0', '').replace(LONE_SURROGATE, '\ufffd');

/**
 * Attributes as jsonb text. A string jsonb cannot hold (U+0000, a lone surrogate: a device's junk)
 * is cleaned rather than failing the whole batch; checked on the serialised text, so the common case
 * costs one scan.
 */
function attributesJson(attributes: Record<string, unknown>): string {
  const json = JSON.stringify(attributes);
  if (!UNSTORABLE_ESCAPE.test(json)) return json;
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string') return storable(value);
    if (Array.isArray(value)) return value.map(clean);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [storable(k), clean(v)]));
    return value;
  };
  return JSON.stringify(clean(attributes));
}

/** Traccar's rule, in arrival order: a fix older than the device's latest so far is outdated. */
function markOutdated(rows: Row[]) {
  const latest = new Map<string, number>();
  for (const row of rows) {
    const known =
      latest.get(row.device.id) ?? (row.device.position_fix_time ? new Date(row.device.position_fix_time).getTime() : -Infinity);
    const fix = row.position.fixTime.getTime();
    row.outdated = row.position.outdated === true || fix < known;
    latest.set(row.device.id, row.outdated ? known : fix);
  }
}

async function insertRows(q: Queryable, rows: Row[]): Promise<StoredPosition[]> {
  const columns: unknown[][] = Array.from({ length: 14 }, () => new Array(rows.length));
  rows.forEach(({ position: p, device, outdated }, i) => {
    columns[0]![i] = device.id;
    columns[1]![i] = device.tenant_id;
    columns[2]![i] = p.protocol;
    columns[3]![i] = p.deviceTime.toISOString();
    columns[4]![i] = p.fixTime.toISOString();
    columns[5]![i] = p.valid;
    columns[6]![i] = outdated;
    columns[7]![i] = p.latitude;
    columns[8]![i] = p.longitude;
    columns[9]![i] = p.altitude;
    columns[10]![i] = p.speed;
    columns[11]![i] = p.course;
    columns[12]![i] = p.accuracy;
    columns[13]![i] = attributesJson(p.attributes);
  });
  const inserted = await q.query<{ id: number; server_time: Date | string }>(INSERT_POSITIONS, columns);
  if (inserted.length !== rows.length) throw new Error(`Inserted ${inserted.length} positions of ${rows.length}`);
  // An insert from a select returns its rows in the order the select produced them.
  return rows.map(({ position: p, device, outdated }, i) => ({
    id: Number(inserted[i]!.id),
    deviceId: device.id,
    tenantId: device.tenant_id,
    serverTime: new Date(inserted[i]!.server_time),
    protocol: p.protocol,
    deviceTime: p.deviceTime,
    fixTime: p.fixTime,
    valid: p.valid,
    latitude: p.latitude,
    longitude: p.longitude,
    altitude: p.altitude,
    speed: p.speed,
    course: p.course,
    accuracy: p.accuracy,
    attributes: p.attributes,
    outdated,
  }));
}

/** Every device heard gets last_update; the newest non-outdated position of the batch becomes its position. */
async function updateDevices(q: Queryable, stored: StoredPosition[]) {
  const newest = new Map<string, StoredPosition | null>();
  for (const position of stored) {
    const current = newest.get(position.deviceId) ?? null;
    if (!position.outdated && (!current || position.fixTime.getTime() >= current.fixTime.getTime()))
      newest.set(position.deviceId, position);
    else if (!newest.has(position.deviceId)) newest.set(position.deviceId, null);
  }
  const ids: string[] = [];
  const positionIds: (number | null)[] = [];
  const fixTimes: (string | null)[] = [];
  for (const [deviceId, position] of newest) {
    ids.push(deviceId);
    positionIds.push(position?.id ?? null);
    fixTimes.push(position?.fixTime.toISOString() ?? null);
  }
  await q.query(UPDATE_DEVICES, [ids, positionIds, fixTimes]);
}

/** The database refused a value (SQLSTATE class 22 or 23), not the connection or the server. */
const refusedValue = (error: unknown) => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
};

export function createPositionWriter(options: PositionWriterOptions): PositionWriter {
  const { db, processor, log } = options;
  const maxBatch = options.maxBatch ?? 1000;
  const maxDelayMs = options.maxDelayMs ?? 20;
  const now = options.now ?? (() => new Date());
  const partitions = createPartitionKeeper(db);

  let waiting: Submission[] = [];
  let waitingCount = 0;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> | null = null;
  let closed = false;

  /** Takes whole submissions until the batch holds maxBatch positions (a larger submission goes alone). */
  function takeBatch(): Submission[] {
    let count = 0;
    let taken = 0;
    while (taken < waiting.length && (taken === 0 || count + waiting[taken]!.positions.length <= maxBatch)) {
      count += waiting[taken]!.positions.length;
      taken++;
    }
    const batch = waiting.slice(0, taken);
    waiting = waiting.slice(taken);
    waitingCount -= count;
    return batch;
  }

  async function store(batch: Submission[]): Promise<void> {
    const positions = batch.flatMap((s) => s.positions);
    await partitions.ensure(
      positions.map((p) => p.fixTime),
      now(),
    );
    const uniqueIds = [...new Set(positions.map((p) => p.uniqueId))];
    const accepted: { submission: Submission; from: number; count: number }[] = [];
    const stored = await db.tx(async (q) => {
      const devices = new Map((await q.query<DeviceRow>(DEVICES_OF, [uniqueIds])).map((d) => [d.unique_id, d]));
      const rows: Row[] = [];
      for (const submission of batch) {
        if (submission.positions.some((p) => !devices.has(p.uniqueId))) {
          submission.reject(new UnknownDeviceError());
          continue;
        }
        accepted.push({ submission, from: rows.length, count: submission.positions.length });
        for (const position of submission.positions) rows.push({ position, device: devices.get(position.uniqueId)!, outdated: false });
      }
      if (!rows.length) return [];
      markOutdated(rows);
      const stored = await insertRows(q, rows);
      await updateDevices(q, stored);
      await processor.process(q, stored);
      return stored;
    });
    // Committed: nothing below may throw, or the batch would be stored twice.
    for (const { submission, from, count } of accepted) submission.resolve(stored.slice(from, from + count));
    try {
      options.onBatch?.(stored.length);
      processor.afterCommit(stored);
    } catch (error) {
      log.error(`Position processing after commit failed: ${(error as Error).message}`);
    }
  }

  function refuse(batch: Submission[], error: Error) {
    log.error(`${batch.length} position submission(s) were not stored: ${error.message}`);
    for (const submission of batch) submission.reject(error);
  }

  /**
   * Stores the batch; when the database refuses a value, the halves are tried apart, so a device
   * sending what cannot be stored is refused alone instead of failing everyone batched with it.
   */
  async function storeIsolating(batch: Submission[]): Promise<void> {
    try {
      await store(batch);
    } catch (error) {
      if (batch.length === 1 || !refusedValue(error)) return refuse(batch, error as Error);
      const half = Math.ceil(batch.length / 2);
      await storeIsolating(batch.slice(0, half));
      await storeIsolating(batch.slice(half));
    }
  }

  function flush() {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (inFlight || !waiting.length) return;
    const batch = takeBatch();
    inFlight = storeIsolating(batch).finally(() => {
      inFlight = null;
      // What gathered during the transaction has waited long enough: it goes at once.
      if (waiting.length) flush();
    });
  }

  return {
    write(positions) {
      if (closed) return Promise.reject(new WriterClosedError());
      if (!positions.length) return Promise.resolve([]);
      return new Promise<StoredPosition[]>((resolve, reject) => {
        waiting.push({ positions, resolve, reject });
        waitingCount += positions.length;
        if (waitingCount >= maxBatch) flush();
        else if (!timer && !inFlight) timer = setTimeout(flush, maxDelayMs);
      });
    },
    async close() {
      closed = true;
      flush();
      while (inFlight) await inFlight;
    },
  };
}
