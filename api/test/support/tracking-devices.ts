/**
 * What the device-server tests share: a device row to report as, the positions stored for it, and a
 * tracker's end of a real TCP connection.
 */
import net from 'node:net';
import type { Database } from '../../src/db/database';

export async function addDevice(
  db: Database,
  tenantId: string,
  uniqueId: string,
  extra: { model?: string; disabled?: boolean } = {},
): Promise<string> {
  const row = await db.one<{ id: string }>(
    `insert into geo_devices (tenant_id, name, unique_id, model, disabled) values ($1, $2, $3, $4, $5) returning id`,
    [tenantId, `Device ${uniqueId}`, uniqueId, extra.model ?? null, extra.disabled ?? false],
  );
  return row!.id;
}

export interface PositionRow {
  id: number;
  device_id: string;
  tenant_id: string;
  protocol: string;
  server_time: Date;
  device_time: Date;
  fix_time: Date;
  valid: boolean;
  outdated: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  course: number;
  accuracy: number;
  attributes: Record<string, unknown>;
}

/** The device's stored positions in the order they were stored. */
export const positionsOf = (db: Database, deviceId: string) =>
  db.query<PositionRow>(`select * from positions where device_id = $1 order by id`, [deviceId]);

/** Which partition holds a stored position (positions_yYYYYmMM or positions_default). */
export async function partitionOf(db: Database, id: number): Promise<string> {
  const row = await db.one<{ partition: string }>(`select tableoid::regclass::text as partition from positions where id = $1`, [id]);
  return row!.partition;
}

/** A number as stored (double precision) compared to the expected one to `digits` places. */
export const near = (actual: number, expected: number, digits = 6) => Math.abs(actual - expected) < 10 ** -digits;

/** A tracker's side of a TCP connection: what it sends, the bytes it reads back, and whether the server hung up. */
export class TrackerSocket {
  private received = Buffer.alloc(0);
  private waiter: (() => void) | null = null;
  readonly closed: Promise<void>;
  isClosed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiter?.();
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.isClosed = true;
        this.waiter?.();
        resolve();
      }),
    );
  }

  static connect(port: number): Promise<TrackerSocket> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(new TrackerSocket(socket)));
      socket.once('error', reject);
    });
  }

  send(bytes: Buffer): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(bytes, (error) => (error ? reject(error) : resolve())));
  }

  /** The next `n` bytes the server sent; fails if the connection closes or nothing comes in time. */
  async read(n: number, timeoutMs = 5000): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < n) {
      if (this.isClosed) throw new Error(`the server closed the connection after ${this.received.length} of ${n} bytes`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = null;
    }
    const out = this.received.subarray(0, n);
    this.received = this.received.subarray(n);
    return Buffer.from(out);
  }

  /** Resolves once the server has closed the connection (fails after the timeout). */
  async waitClosed(timeoutMs = 5000): Promise<void> {
    await Promise.race([
      this.closed,
      new Promise((_, reject) => setTimeout(() => reject(new Error('the server kept the connection open')), timeoutMs).unref()),
    ]);
  }

  /** Bytes received and not read yet. */
  get unread() {
    return this.received.length;
  }

  end() {
    this.socket.destroy();
  }
}
