/**
 * How a simulated device reports: exactly what the hardware puts on the wire, to the real listeners.
 * An OsmAnd phone sends one HTTP request per fix (Traccar Client's query form); a Teltonika tracker
 * keeps a TCP connection, identifies itself with its IMEI once, and sends codec 8 packets, each
 * acknowledged with its record count once stored.
 */
import net from 'node:net';
import type { VehicleFix } from './vehicle-motion';
import { CODEC_8 } from '../ingest/teltonika-decoder';
import { encodeAvlPacket, encodeCommandResponse, encodeImei, type AvlRecord } from '../ingest/teltonika-encoder';

export interface FixSender {
  /** Resolves once the listener has acknowledged the fix (it is stored). */
  send(fix: VehicleFix, at: Date): Promise<void>;
  close(): Promise<void>;
}

/** Battery slowly draining and recharging, so the attribute is something to look at. */
const batteryAt = (at: Date) => 60 + Math.round(35 * Math.sin(at.getTime() / 3_600_000));

export function osmandSender(uniqueId: string, host: string, port: number): FixSender {
  return {
    async send(fix, at) {
      const query = new URLSearchParams({
        id: uniqueId,
        timestamp: String(Math.floor(at.getTime() / 1000)),
        lat: fix.latitude.toFixed(6),
        lon: fix.longitude.toFixed(6),
        speed: fix.speed.toFixed(1),
        bearing: fix.course.toFixed(0),
        altitude: '30',
        accuracy: '8',
        batt: String(batteryAt(at)),
        ignition: String(fix.ignition),
        motion: String(fix.moving),
      });
      const answer = await fetch(`http://${host}:${port}/?${query}`, { method: 'POST', signal: AbortSignal.timeout(10_000) });
      // The body carries a queued command, if any; a phone would act on it. Read it so the socket is reused.
      await answer.text();
      if (!answer.ok) throw new Error(`the OsmAnd listener answered ${answer.status}`);
    },
    async close() {},
  };
}

export function teltonikaSender(uniqueId: string, host: string, port: number): FixSender {
  let connection: Promise<TeltonikaConnection> | null = null;
  const connected = () => {
    connection ??= openTeltonika(uniqueId, host, port).catch((error: Error) => {
      connection = null;
      throw error;
    });
    return connection;
  };
  return {
    async send(fix, at) {
      const link = await connected();
      try {
        await link.sendRecords([recordOf(fix, at)]);
      } catch (error) {
        link.destroy();
        connection = null;
        throw error;
      }
    },
    async close() {
      if (connection) (await connection.catch(() => null))?.destroy();
    },
  };
}

/** A fix as one Teltonika record: ignition (IO 239), movement (240) and battery (113), as an FMB920 reports them. */
function recordOf(fix: VehicleFix, at: Date): AvlRecord {
  return {
    time: at,
    longitude: fix.longitude,
    latitude: fix.latitude,
    altitude: 30,
    angle: Math.round(fix.course),
    satellites: 11,
    speedKph: Math.round(fix.speed * 1.852),
    io: {
      n1: [
        [239, fix.ignition ? 1 : 0],
        [240, fix.moving ? 1 : 0],
        [113, batteryAt(at)],
      ],
    },
  };
}

interface TeltonikaConnection {
  sendRecords(records: AvlRecord[]): Promise<void>;
  destroy(): void;
}

const TELTONIKA_ANSWER_MS = 15_000;

/**
 * A tracker's connection: the IMEI greeting (answered 0x01 when the server knows it), then packets
 * each answered with its record count. A codec 12 command from the server is answered as a tracker does.
 */
function openTeltonika(imei: string, host: string, port: number): Promise<TeltonikaConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    socket.setNoDelay(true);
    let buffered = Buffer.alloc(0);
    let waiting: { resolve: () => void; reject: (e: Error) => void; expected: number; timer: NodeJS.Timeout } | null = null;
    let greeted = false;
    const fail = (error: Error) => {
      if (!greeted) reject(error);
      if (waiting) clearTimeout(waiting.timer);
      waiting?.reject(error);
      waiting = null;
      socket.destroy();
    };
    const greeting = setTimeout(() => fail(new Error('the Teltonika listener did not answer')), TELTONIKA_ANSWER_MS);
    greeting.unref();
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the Teltonika listener closed the connection')));
    socket.on('connect', () => socket.write(encodeImei(imei)));
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (!greeted) {
        if (buffered[0] !== 1) return fail(new Error('the Teltonika listener refused the IMEI'));
        greeted = true;
        clearTimeout(greeting);
        buffered = buffered.subarray(1);
        resolve(connection);
      }
      while (buffered.length >= 4) {
        const word = buffered.readUInt32BE(0);
        if (word !== 0) {
          buffered = buffered.subarray(4);
          const answer = waiting;
          waiting = null;
          if (answer) {
            clearTimeout(answer.timer);
            if (word === answer.expected) answer.resolve();
            else answer.reject(new Error(`acknowledged ${word} records of ${answer.expected}`));
          }
          continue;
        }
        // A codec 12 command: preamble, length, data, CRC. The tracker answers that it was done.
        if (buffered.length < 8) return;
        const total = 8 + buffered.readUInt32BE(4) + 4;
        if (buffered.length < total) return;
        buffered = buffered.subarray(total);
        socket.write(encodeCommandResponse('OK'));
      }
    });
    const connection: TeltonikaConnection = {
      sendRecords(records) {
        return new Promise<void>((done, failed) => {
          if (waiting) return failed(new Error('a packet is still unacknowledged'));
          const timer = setTimeout(() => fail(new Error('no acknowledgement')), TELTONIKA_ANSWER_MS);
          timer.unref();
          waiting = { resolve: done, reject: failed, expected: records.length, timer };
          socket.write(encodeAvlPacket(CODEC_8, records));
        });
      },
      destroy: () => socket.destroy(),
    };
  });
}
