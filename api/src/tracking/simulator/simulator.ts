/**
 * The demo's traffic: every demo device reports through the real device listeners, as the hardware
 * would (OsmAnd phones over HTTP, Teltonika trackers over TCP), driving its route (vehicle-motion.ts).
 * It runs with `npm start` so a newcomer sees vehicles move within a minute; SIMULATOR=false turns it
 * off. A report that fails (listener restarting, device deleted) is logged once and retried on the
 * next tick: the simulator never stops the server.
 */
import { DEMO_ROUTES } from './demo-routes';
import { vehicleAt, type VehicleFix, type VehicleSchedule } from './vehicle-motion';
import { osmandSender, teltonikaSender, type FixSender } from './device-senders';
import type { Config } from '../../config';
import type { Queryable } from '../../db/database';
import { DEMO_TRACKING_DEVICES } from '../../seed/demo-tracking';

export interface SimulatedDevice {
  uniqueId: string;
  protocol: 'osmand' | 'teltonika';
}

export interface SimulatorOptions {
  devices: SimulatedDevice[];
  host: string;
  osmandPort: number;
  teltonikaPort: number;
  /** Seconds between a device's reports. */
  intervalSeconds: number;
  log: (message: string) => void;
}

export interface Simulator {
  stop(): Promise<void>;
}

/** Parked for six minutes at each end: longer than the five minutes that make a stop. */
const PARK_SECONDS = 360;

/** Each device its route (in turn) and a place in its cycle, so the fleet is spread out. */
export function scheduleOf(index: number): VehicleSchedule {
  const route = DEMO_ROUTES[index % DEMO_ROUTES.length]!;
  return { route, parkSeconds: PARK_SECONDS, phaseSeconds: index * 397 };
}

export function startSimulator(options: SimulatorOptions): Simulator {
  const vehicles = options.devices.map((device, index) => ({
    device,
    schedule: scheduleOf(index),
    sender: senderFor(device, options),
    failing: false,
    busy: false,
  }));
  const tick = () => {
    const now = Date.now();
    for (const vehicle of vehicles) {
      // A report still on its way (a slow acknowledgement) is not overtaken by the next one.
      if (vehicle.busy) continue;
      vehicle.busy = true;
      const fix: VehicleFix = vehicleAt(vehicle.schedule, now);
      vehicle.sender
        .send(fix, new Date(now))
        .then(() => {
          if (vehicle.failing) options.log(`Simulator: ${vehicle.device.uniqueId} reports again.`);
          vehicle.failing = false;
        })
        .catch((error: Error) => {
          if (!vehicle.failing) options.log(`Simulator: a report of ${vehicle.device.uniqueId} failed (${error.message}); retrying.`);
          vehicle.failing = true;
        })
        .finally(() => {
          vehicle.busy = false;
        });
    }
  };
  tick();
  const timer = setInterval(tick, options.intervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(vehicles.map((v) => v.sender.close()));
    },
  };
}

function senderFor(device: SimulatedDevice, options: SimulatorOptions): FixSender {
  return device.protocol === 'osmand'
    ? osmandSender(device.uniqueId, options.host, options.osmandPort)
    : teltonikaSender(device.uniqueId, options.host, options.teltonikaPort);
}

/**
 * The simulator of `npm start`: the demo fleet that is still there (an operator may have deleted or
 * disabled a demo device), on the ports the listeners took, on this machine.
 */
export async function startDemoSimulator(
  q: Queryable,
  config: Pick<Config, 'simulatorIntervalSeconds'>,
  ports: { osmandPort: number; teltonikaPort: number },
  log: (message: string) => void,
): Promise<Simulator> {
  const present = await q.query<{ unique_id: string }>(
    'select unique_id from geo_devices where unique_id = any($1::text[]) and deleted_at is null and not disabled',
    [DEMO_TRACKING_DEVICES.map((d) => d.uniqueId)],
  );
  const live = new Set(present.map((row) => row.unique_id));
  return startSimulator({
    devices: DEMO_TRACKING_DEVICES.filter((d) => live.has(d.uniqueId)).map(({ uniqueId, protocol }) => ({ uniqueId, protocol })),
    host: '127.0.0.1',
    osmandPort: ports.osmandPort,
    teltonikaPort: ports.teltonikaPort,
    intervalSeconds: config.simulatorIntervalSeconds,
    log,
  });
}
