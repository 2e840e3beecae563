/**
 * The device servers of the tracking core: OsmAnd over HTTP and Teltonika over TCP, each on its own
 * port, sharing one device registry and one position writer (so positions from every connection of
 * both protocols are stored in the same batches).
 */
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { PositionProcessor } from './position';
import { createDeviceRegistry, type DeviceRegistry } from './ingest/device-registry';
import type { Listener } from './ingest/device-listener';
import type { IngestLog } from './ingest/ingest-log';
import { startOsmAndListener } from './ingest/osmand-listener';
import { createPositionWriter } from './ingest/position-writer';
import { createCommandQueue } from './ingest/queued-commands';
import { startTeltonikaListener, TELTONIKA_COMMAND_TYPES } from './ingest/teltonika-listener';

export interface DeviceServers {
  osmandPort: number;
  teltonikaPort: number;
  /** Which device a uniqueId names (cached a few seconds): `forget` after editing a device. */
  registry: DeviceRegistry;
  /** Stops accepting, ends every connection once its message in hand is answered, then stores what is waiting. */
  close(): Promise<void>;
}

export interface DeviceServersOptions {
  db: Database;
  config: Pick<Config, 'host' | 'osmandPort' | 'teltonikaPort' | 'deviceTimeoutSeconds'> &
    Partial<Pick<Config, 'commandAnswerTimeoutSeconds'>>;
  processor: PositionProcessor;
  log: IngestLog;
}

export async function startDeviceServers({ db, config, processor, log }: DeviceServersOptions): Promise<DeviceServers> {
  const registry = createDeviceRegistry(db);
  const writer = createPositionWriter({ db, processor, log });
  const listeners: Listener[] = [];
  try {
    const osmand = await startOsmAndListener({
      port: config.osmandPort,
      host: config.host,
      db,
      registry,
      writer,
      commands: createCommandQueue(db, 'osmand'),
      log,
    });
    listeners.push(osmand);
    const teltonika = await startTeltonikaListener({
      port: config.teltonikaPort,
      host: config.host,
      db,
      registry,
      writer,
      commands: createCommandQueue(db, 'teltonika', TELTONIKA_COMMAND_TYPES),
      log,
      idleTimeoutMs: config.deviceTimeoutSeconds * 1000,
      commandAnswerTimeoutSeconds: config.commandAnswerTimeoutSeconds,
    });
    listeners.push(teltonika);
    return {
      osmandPort: osmand.port,
      teltonikaPort: teltonika.port,
      registry,
      async close() {
        await Promise.all(listeners.map((listener) => listener.close()));
        await writer.close();
      },
    };
  } catch (error) {
    await Promise.all(listeners.map((listener) => listener.close()));
    await writer.close();
    throw error;
  }
}
