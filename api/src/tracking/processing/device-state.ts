/**
 * What processing needs to carry on where it stopped, one JSON document per device in
 * `device_state`: the last position processed, odometer and engine hours so far, the geofences the
 * device is in, its driver, and motion (the open trip or stop, and a change of motion not yet
 * confirmed). Read for a batch's devices in one query, kept in memory, written back in one
 * statement per batch. Times are epoch milliseconds, distances metres, hours milliseconds.
 *
 * Every write carries the next `revision` and succeeds only over the revision it was computed from:
 * should two processes (or two overlapping transactions) ever process the same device at once, the
 * later batch fails with `DeviceStateConflict` instead of overwriting a trip it never saw, and is
 * retried from the stored state.
 */
import type { Queryable } from '../../db/database';

/** A position as trips and stops remember it: where and when, and the counters at that moment. */
export interface Mark {
  positionId: number;
  time: number;
  latitude: number;
  longitude: number;
  /** Metres travelled by the device so far (its own odometer's progress when it reports one). */
  totalDistance: number;
  /** The device's own odometer reading (Teltonika IO 16), when it reports one. */
  odometer: number | null;
  /** Engine hours so far, milliseconds. */
  hours: number;
  driverUniqueId: string | null;
}

export interface LastPosition extends Mark {
  deviceTime: number;
  valid: boolean;
  speed: number;
  ignition: boolean | null;
  motion: boolean;
  alarm: string | null;
}

/** A change of motion seen but not yet long or far enough to count. */
export interface MotionCandidate {
  start: Mark;
  maxSpeed: number;
  /** While waiting to become a trip: when the device last stood still (a hop that stands still long enough is dropped). */
  pausedAt: number | null;
}

export interface DeviceState {
  revision: number;
  last: LastPosition | null;
  /** Coordinates of the last valid position: distance is measured between valid fixes only. */
  lastFix: { latitude: number; longitude: number } | null;
  lastOdometer: number | null;
  totalDistance: number;
  hours: number;
  geofenceIds: string[];
  driverUniqueId: string | null;
  /** In a trip (confirmed movement) or not. */
  moving: boolean;
  trip: { start: Mark; maxSpeed: number } | null;
  stop: { start: Mark } | null;
  /** Moving: a stop that may be beginning. Not moving: a trip that may be beginning. */
  candidate: MotionCandidate | null;
}

export const initialDeviceState = (): DeviceState => ({
  revision: 0,
  last: null,
  lastFix: null,
  lastOdometer: null,
  totalDistance: 0,
  hours: 0,
  geofenceIds: [],
  driverUniqueId: null,
  moving: false,
  trip: null,
  stop: null,
  candidate: null,
});

/**
 * A copy to change while a batch is processed, the cached state untouched until commit. Marks and
 * the last position are replaced, never changed in place, so only the objects that are changed in
 * place (the open trip, stop and candidate) are copied.
 */
export const copyState = (state: DeviceState): DeviceState => ({
  ...state,
  trip: state.trip && { ...state.trip },
  stop: state.stop && { ...state.stop },
  candidate: state.candidate && { ...state.candidate },
});

/** Stored states, with the defaults of fields a document written by an older version may lack. */
export async function readDeviceStates(q: Queryable, deviceIds: readonly string[]): Promise<Map<string, DeviceState>> {
  const states = new Map<string, DeviceState>();
  if (deviceIds.length === 0) return states;
  const rows = await q.query<{ device_id: string; state: Partial<DeviceState> }>(
    `select device_id, state from device_state where device_id = any($1::uuid[])`,
    [deviceIds],
  );
  for (const row of rows) states.set(row.device_id, { ...initialDeviceState(), ...row.state });
  return states;
}

export class DeviceStateConflict extends Error {
  constructor(readonly deviceIds: string[]) {
    super(`The state of ${deviceIds.length} device(s) was changed by another batch; retry this batch.`);
    this.name = 'DeviceStateConflict';
  }
}

/**
 * Writes each state over the revision before it, in one statement. Throws `DeviceStateConflict`
 * (rolling the batch back) when a stored state is not the one the batch started from.
 */
export async function writeDeviceStates(q: Queryable, states: ReadonlyMap<string, DeviceState>): Promise<void> {
  if (states.size === 0) return;
  const rows = [...states].map(([deviceId, state]) => ({ device_id: deviceId, state }));
  const written = await q.query<{ device_id: string }>(
    `insert into device_state (device_id, state, date_modified)
     select x.device_id, x.state, now() from jsonb_to_recordset($1::jsonb) as x(device_id uuid, state jsonb)
     on conflict (device_id) do update set state = excluded.state, date_modified = excluded.date_modified
       where (device_state.state->>'revision')::bigint = (excluded.state->>'revision')::bigint - 1
     returning device_id`,
    [JSON.stringify(rows)],
  );
  if (written.length < states.size) {
    const done = new Set(written.map((row) => row.device_id));
    throw new DeviceStateConflict([...states.keys()].filter((id) => !done.has(id)));
  }
}

/** The states of recently seen devices, least recently used dropped beyond `maxSize`. */
export function createDeviceStateCache(maxSize: number) {
  const states = new Map<string, DeviceState>();
  return {
    get(deviceId: string): DeviceState | undefined {
      const state = states.get(deviceId);
      if (state) {
        // Map keeps insertion order: moving an entry to the end keeps the oldest first.
        states.delete(deviceId);
        states.set(deviceId, state);
      }
      return state;
    },
    set(deviceId: string, state: DeviceState) {
      states.delete(deviceId);
      states.set(deviceId, state);
      while (states.size > maxSize) states.delete(states.keys().next().value as string);
    },
    delete(deviceId: string) {
      states.delete(deviceId);
    },
    get size() {
      return states.size;
    },
  };
}
export type DeviceStateCache = ReturnType<typeof createDeviceStateCache>;
