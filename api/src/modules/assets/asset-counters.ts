/**
 * Setting an asset's odometer or engine hours, as Traccar's "accumulators" update does: the Primary
 * device's accumulated totals in its processing state (device_state) are set, and processing counts on
 * from them with the next position.
 *
 * Safe beside the ingest writer: the state row is locked, changed and written with the next
 * `revision`. A processor that still holds the older revision in memory finds its own write refused
 * (DeviceStateConflict, its batch rolled back and its cache of the device dropped) and the batch,
 * sent again, is processed from the state written here; a processor in the middle of a batch holds
 * the row until it commits, and this write then starts from what it stored. Neither side ever
 * overwrites the other.
 *
 * A device that reports its own engine hours (Teltonika's `hours`) replaces the total with its own
 * reading at its next position; one that reports its own odometer still counts on from the value set
 * here (its readings only give the distance between positions).
 */
import type { Queryable } from '../../db/database';
import { initialDeviceState, type DeviceState, type Mark } from '../../tracking/processing/device-state';

export interface CounterChange {
  /** Metres. */
  odometer?: number;
  /** Seconds. */
  engineHours?: number;
}

export async function setDeviceCounters(q: Queryable, deviceId: string, change: CounterChange) {
  // A device never processed has no row yet: one with the initial state (revision 0) is made to lock and build on.
  await q.query(`insert into device_state (device_id, state) values ($1, $2::jsonb) on conflict (device_id) do nothing`, [
    deviceId,
    JSON.stringify(initialDeviceState()),
  ]);
  const row = await q.one<{ state: Partial<DeviceState> }>(`select state from device_state where device_id = $1 for update`, [deviceId]);
  const state: DeviceState = { ...initialDeviceState(), ...row!.state };
  const distance = change.odometer === undefined ? 0 : change.odometer - state.totalDistance;
  // Processing keeps engine time in milliseconds.
  const hours = change.engineHours === undefined ? 0 : change.engineHours * 1000 - state.hours;
  const shift = <M extends Mark>(mark: M): M => ({ ...mark, totalDistance: mark.totalDistance + distance, hours: mark.hours + hours });
  // The open trip, stop and candidate and the last position move with the totals, so what they measure from them stays true.
  const next: DeviceState = {
    ...state,
    totalDistance: state.totalDistance + distance,
    hours: state.hours + hours,
    last: state.last && shift(state.last),
    trip: state.trip && { ...state.trip, start: shift(state.trip.start) },
    stop: state.stop && { ...state.stop, start: shift(state.stop.start) },
    candidate: state.candidate && { ...state.candidate, start: shift(state.candidate.start) },
    revision: state.revision + 1,
  };
  await q.query(`update device_state set state = $2::jsonb, date_modified = now() where device_id = $1`, [deviceId, JSON.stringify(next)]);
}
