/**
 * The Teltonika device server: one TCP connection per tracker. The tracker greets with its IMEI
 * (answered 0x01 for a known, enabled device, else 0x00 and the connection is closed), then sends
 * AVL packets, each acknowledged with its record count only once its records are stored: a tracker
 * keeps and resends what was not acknowledged, so nothing is lost when storing fails. A frame the
 * protocol cannot mean (bad CRC, truncated or oversized) closes that connection only; what was
 * stored before stays stored.
 */
import net from 'node:net';
import type { Queryable } from '../../db/database';
import type { DecodedPosition } from '../position';
import type { DeviceRegistry, RegisteredDevice } from './device-registry';
import { listenOn, type Listener } from './device-listener';
import type { IngestLog } from './ingest-log';
import { withLastFix } from './last-fix';
import type { PositionWriter } from './position-writer';
import { COMMAND_ANSWER_TIMEOUT_SECONDS_DEFAULT } from '@meridian/shared/contract/geo-command';
import { commandsQueued } from '../tracking-changes';
import { commandText, failUnansweredCommands, type CommandQueue, type QueuedCommand } from './queued-commands';
import { decodeData, TeltonikaFormatError, TeltonikaFrameReader, type TeltonikaFrame } from './teltonika-decoder';
import { encodeAcknowledgement, encodeCommand } from './teltonika-encoder';

export interface TeltonikaListenerOptions {
  port: number;
  host: string;
  db: Queryable;
  registry: DeviceRegistry;
  writer: PositionWriter;
  /** Commands the protocol can carry (see TELTONIKA_COMMAND_TYPES). */
  commands: CommandQueue;
  log: IngestLog;
  /** A connection silent this long is closed (the tracker reconnects when it has data). */
  idleTimeoutMs: number;
  /** A command not answered this long after it was sent has failed (COMMAND_ANSWER_TIMEOUT_SECONDS_DEFAULT by default). */
  commandAnswerTimeoutSeconds?: number;
}

/** The command types codec 12 carries, as Traccar's TeltonikaProtocolEncoder sends them. */
export const TELTONIKA_COMMAND_TYPES = ['custom', 'engineStop', 'engineResume'];

/** A connection looks for queued commands after an acknowledgement, at most this often. */
const COMMAND_CHECK_INTERVAL_MS = 5_000;
const CLOSE_GRACE_MS = 5_000;
/** How often sent commands are checked for an answer that is too late. */
const ANSWER_SWEEP_MS = 10_000;
const ACCEPT = Buffer.from([0x01]);
const REFUSE = Buffer.from([0x00]);

/** The writer did not store a packet: it is not acknowledged, and the connection is closed. */
class StoreFailure extends Error {}

/** Traccar's codec 12 text of a command: `setdigout 1` stops the engine, `setdigout 0` lets it run. */
function codec12Text(command: QueuedCommand): string {
  if (command.type === 'engineStop') return 'setdigout 1';
  if (command.type === 'engineResume') return 'setdigout 0';
  return commandText(command);
}

/** A custom command written as hex digits is sent as those bytes (Traccar). */
const commandFrame = (text: string) => encodeCommand(/^([0-9a-fA-F]{2})+$/.test(text) ? Buffer.from(text, 'hex') : text);

export async function startTeltonikaListener(options: TeltonikaListenerOptions): Promise<Listener> {
  const { db, registry, writer, commands, log } = options;
  const answerTimeoutSeconds = options.commandAnswerTimeoutSeconds ?? COMMAND_ANSWER_TIMEOUT_SECONDS_DEFAULT;
  const connections = new Set<Connection>();
  /** The connection each identified device speaks over (its newest, if it reconnected). */
  const byDevice = new Map<string, Connection>();

  class Connection {
    private readonly reader = new TeltonikaFrameReader();
    private device: RegisteredDevice | null = null;
    private imei = '';
    /** A frame is being handled; `idle` settles when it is done. */
    private busy = false;
    private idle: Promise<void> = Promise.resolve();
    private lastCommandCheck = 0;
    /** A command was queued while a frame was being handled: it is sent once the frame is answered. */
    private commandWaiting = false;
    private closing = false;

    constructor(private readonly socket: net.Socket) {
      socket.setKeepAlive(true, 60_000);
      socket.setNoDelay(true);
      socket.setTimeout(options.idleTimeoutMs, () => socket.destroy());
      socket.on('data', (chunk: Buffer) => this.receive(chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        connections.delete(this);
        if (this.device && byDevice.get(this.device.deviceId) === this) byDevice.delete(this.device.deviceId);
      });
    }

    private get who() {
      return `${this.device ? `device ${this.device.deviceId}` : 'an unidentified device'} from ${this.socket.remoteAddress ?? 'unknown address'}`;
    }

    private receive(chunk: Buffer) {
      try {
        this.reader.push(chunk);
      } catch (error) {
        this.refuse(error);
        return;
      }
      if (!this.busy) this.idle = this.drain();
    }

    /** Handles whole frames one after another; the socket is paused meanwhile, so the tracker waits for its answer. */
    private async drain() {
      this.busy = true;
      this.socket.pause();
      try {
        for (;;) {
          if (this.socket.destroyed || this.socket.writableEnded || this.closing) break;
          const frame = this.reader.next();
          if (!frame) break;
          await this.handle(frame);
        }
      } catch (error) {
        this.refuse(error);
      } finally {
        this.busy = false;
      }
      if (this.socket.destroyed || this.socket.writableEnded) return;
      if (this.closing) return void this.socket.end();
      this.socket.resume();
      if (this.commandWaiting) this.deliverNow();
    }

    private async handle(frame: TeltonikaFrame) {
      if (frame.kind === 'ping') return;
      if (frame.kind === 'imei') return this.identify(frame.imei);
      const decoded = decodeData(frame.data, this.imei, this.device!.model);
      if (decoded.kind === 'response') return this.storeResponse(decoded.text);
      await this.store(decoded.positions);
      this.socket.write(encodeAcknowledgement(decoded.positions.length));
      await this.sendQueuedCommand();
    }

    private async identify(imei: string) {
      const device = await registry.find(imei);
      if (!device || device.disabled) {
        this.socket.end(REFUSE);
        return;
      }
      this.device = device;
      this.imei = imei;
      byDevice.set(device.deviceId, this);
      this.socket.write(ACCEPT);
    }

    /** A command was queued for this device: sent now, or once the frame in hand is answered. */
    deliverNow() {
      if (!this.device || this.closing || this.socket.destroyed) return;
      if (this.busy) {
        this.commandWaiting = true;
        return;
      }
      this.commandWaiting = false;
      this.lastCommandCheck = 0;
      void this.sendQueuedCommand();
    }

    private async store(positions: DecodedPosition[]) {
      try {
        await writer.write(positions);
      } catch (error) {
        // Not acknowledged: the tracker keeps the records and sends them again on its next connection.
        throw new StoreFailure((error as Error).message);
      }
    }

    /** A command's answer: kept on the command and stored as a position (Traccar's `result`) at the last fix. */
    private async storeResponse(text: string) {
      const device = this.device!;
      // A late answer still counts: the command was carried out, whatever the sweep concluded meanwhile.
      await db.query(
        `update command_queue set result = $2, answered_at = now(), failed_at = null, failure = null
          where id = (select id from command_queue where device_id = $1 and sent_at is not null and result is null
                       order by sent_at desc limit 1)`,
        [device.deviceId, text],
      );
      const now = new Date();
      const position: DecodedPosition = {
        uniqueId: this.imei,
        protocol: 'teltonika',
        deviceTime: now,
        fixTime: now,
        valid: false,
        latitude: 0,
        longitude: 0,
        altitude: 0,
        speed: 0,
        course: 0,
        accuracy: 0,
        attributes: { result: text },
      };
      await this.store([await withLastFix(db, device.deviceId, position)]);
    }

    private async sendQueuedCommand() {
      const now = Date.now();
      if (now - this.lastCommandCheck < COMMAND_CHECK_INTERVAL_MS) return;
      this.lastCommandCheck = now;
      const command = await commands.take(this.device!.deviceId).catch((error: Error) => {
        log.warn(`Teltonika: queued commands of ${this.who} could not be read: ${error.message}`);
        return null;
      });
      if (command) this.socket.write(commandFrame(codec12Text(command)));
    }

    private refuse(error: unknown) {
      if (error instanceof TeltonikaFormatError) log.warn(`Teltonika: closed the connection of ${this.who}: ${error.message}`);
      else if (error instanceof StoreFailure)
        log.warn(`Teltonika: closed the connection of ${this.who}: its records were not stored (${error.message})`);
      else log.error(`Teltonika: closed the connection of ${this.who}: ${(error as Error).message}`);
      this.socket.destroy();
    }

    /** Ends the connection once the frame in hand is answered. */
    end(): Promise<void> {
      this.closing = true;
      if (!this.busy) this.socket.end();
      return this.idle;
    }

    destroy() {
      this.socket.destroy();
    }
  }

  const server = net.createServer((socket) => {
    connections.add(new Connection(socket));
  });
  const stopHearing = commandsQueued.on(({ deviceIds }) => {
    for (const deviceId of deviceIds) byDevice.get(deviceId)?.deliverNow();
  });
  const sweep = setInterval(
    () =>
      void failUnansweredCommands(db, answerTimeoutSeconds).catch((error: Error) =>
        log.warn(`Teltonika: unanswered commands could not be checked: ${error.message}`),
      ),
    Math.min(ANSWER_SWEEP_MS, (answerTimeoutSeconds * 1000) / 2),
  );
  sweep.unref();
  const port = await listenOn(server, options.port, options.host, { protocol: 'Teltonika', variable: 'TELTONIKA_PORT' });
  server.on('error', (error) => log.error(`Teltonika server error: ${error.message}`));

  return {
    port,
    async close() {
      stopHearing();
      clearInterval(sweep);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const grace = new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref());
      await Promise.race([Promise.allSettled([...connections].map((c) => c.end())), grace]);
      for (const connection of connections) connection.destroy();
      await closed;
    },
  };
}
