/**
 * Trips and stops as rows (`device_trips`, `device_stops`), figured as Traccar's trip and stop
 * reports figure them: distance from the odometer, the device's own odometer readings when both ends
 * have one, average speed over the whole trip in knots, the driver of the start (else the end) named
 * from `drivers`, the engine hours spent during a stop. Closed ones are inserted once per batch in one
 * statement each; the open one is read from the device's state (`readOpenTripAndStop`).
 */
import type { Queryable } from '../../db/database';
import { readDeviceStates, type DeviceState, type Mark } from './device-state';
import type { ClosedStop, ClosedTrip } from './motion';

/** Knots per metre a second (Traccar's UnitsConverter.knotsFromMps). */
const KNOTS_PER_MPS = 1.943844;

export interface TripRecord {
  deviceId: string;
  tenantId: string;
  startTime: Date;
  endTime: Date;
  startPositionId: number;
  endPositionId: number;
  startLat: number;
  startLon: number;
  endLat: number;
  endLon: number;
  /** Metres. */
  distance: number;
  startOdometer: number;
  endOdometer: number;
  /** Knots. */
  averageSpeed: number;
  maxSpeed: number;
  /** Milliseconds. */
  duration: number;
  driverUniqueId: string | null;
  /** Filled from `drivers` when the row is stored or read. */
  driverName: string | null;
}

export interface StopRecord {
  deviceId: string;
  tenantId: string;
  startTime: Date;
  endTime: Date;
  positionId: number;
  latitude: number;
  longitude: number;
  startOdometer: number;
  endOdometer: number;
  /** Milliseconds. */
  duration: number;
  /** Milliseconds of ignition on during the stop. */
  engineHours: number;
}

/** The device's own odometer when both ends report one, else the distance processing accumulated. */
function odometers(start: Mark, end: Mark) {
  return start.odometer && end.odometer
    ? { startOdometer: start.odometer, endOdometer: end.odometer }
    : { startOdometer: start.totalDistance, endOdometer: end.totalDistance };
}

export function tripRecord(device: { deviceId: string; tenantId: string }, { start, end, maxSpeed }: ClosedTrip): TripRecord {
  const duration = end.time - start.time;
  const distance = end.totalDistance - start.totalDistance;
  return {
    ...device,
    startTime: new Date(start.time),
    endTime: new Date(end.time),
    startPositionId: start.positionId,
    endPositionId: end.positionId,
    startLat: start.latitude,
    startLon: start.longitude,
    endLat: end.latitude,
    endLon: end.longitude,
    distance,
    ...odometers(start, end),
    averageSpeed: duration > 0 ? ((distance * 1000) / duration) * KNOTS_PER_MPS : 0,
    maxSpeed,
    duration,
    driverUniqueId: start.driverUniqueId ?? end.driverUniqueId,
    driverName: null,
  };
}

export function stopRecord(device: { deviceId: string; tenantId: string }, { start, end }: ClosedStop): StopRecord {
  return {
    ...device,
    startTime: new Date(start.time),
    endTime: new Date(end.time),
    positionId: start.positionId,
    latitude: start.latitude,
    longitude: start.longitude,
    ...odometers(start, end),
    duration: end.time - start.time,
    // Reported engine hours may carry fractions of a millisecond; the column holds whole ones.
    engineHours: Math.max(0, Math.round(end.hours - start.hours)),
  };
}

/** The driver's name joins in the statement itself: no query of its own. */
export async function insertTrips(q: Queryable, trips: readonly TripRecord[]): Promise<void> {
  if (trips.length === 0) return;
  await q.query(
    `insert into device_trips (device_id, tenant_id, start_time, end_time, start_position_id, end_position_id,
                               start_lat, start_lon, end_lat, end_lon, distance, start_odometer, end_odometer,
                               average_speed, max_speed, duration, driver_unique_id, driver_name)
     select x."deviceId", x."tenantId", x."startTime", x."endTime", x."startPositionId", x."endPositionId",
            x."startLat", x."startLon", x."endLat", x."endLon", x.distance, x."startOdometer", x."endOdometer",
            x."averageSpeed", x."maxSpeed", x.duration, x."driverUniqueId", d.name
       from jsonb_to_recordset($1::jsonb) as x("deviceId" uuid, "tenantId" uuid, "startTime" timestamptz, "endTime" timestamptz,
              "startPositionId" bigint, "endPositionId" bigint, "startLat" float8, "startLon" float8, "endLat" float8, "endLon" float8,
              distance float8, "startOdometer" float8, "endOdometer" float8, "averageSpeed" float8, "maxSpeed" float8,
              duration bigint, "driverUniqueId" text)
       left join drivers d on d.tenant_id = x."tenantId" and d.unique_id = x."driverUniqueId" and d.deleted_at is null`,
    [JSON.stringify(trips)],
  );
}

export async function insertStops(q: Queryable, stops: readonly StopRecord[]): Promise<void> {
  if (stops.length === 0) return;
  await q.query(
    `insert into device_stops (device_id, tenant_id, start_time, end_time, position_id, latitude, longitude,
                               start_odometer, end_odometer, duration, engine_hours)
     select x."deviceId", x."tenantId", x."startTime", x."endTime", x."positionId", x.latitude, x.longitude,
            x."startOdometer", x."endOdometer", x.duration, x."engineHours"
       from jsonb_to_recordset($1::jsonb) as x("deviceId" uuid, "tenantId" uuid, "startTime" timestamptz, "endTime" timestamptz,
              "positionId" bigint, latitude float8, longitude float8, "startOdometer" float8, "endOdometer" float8,
              duration bigint, "engineHours" bigint)`,
    [JSON.stringify(stops)],
  );
}

/**
 * The trip in progress: from its start to where the device stood still, or to its last position.
 * Null when the device is at rest.
 */
export function openTripOf(device: { deviceId: string; tenantId: string }, state: DeviceState): TripRecord | null {
  if (!state.moving || !state.trip || !state.last) return null;
  return tripRecord(device, { start: state.trip.start, end: state.candidate?.start ?? state.last, maxSpeed: state.trip.maxSpeed });
}

/** The stop in progress, from where the device stopped to its last position. Null in a trip. */
export function openStopOf(device: { deviceId: string; tenantId: string }, state: DeviceState): StopRecord | null {
  if (state.moving || !state.stop || !state.last) return null;
  return stopRecord(device, { start: state.stop.start, end: state.last });
}

/**
 * For the trips and stops of a device (API): the open trip or stop from its stored state, so a
 * report of today shows the drive under way. Two small reads at most.
 */
export async function readOpenTripAndStop(
  q: Queryable,
  device: { deviceId: string; tenantId: string },
): Promise<{ trip: TripRecord | null; stop: StopRecord | null }> {
  const state = (await readDeviceStates(q, [device.deviceId])).get(device.deviceId);
  if (!state) return { trip: null, stop: null };
  const trip = openTripOf(device, state);
  if (trip?.driverUniqueId) {
    const driver = await q.one<{ name: string }>(
      `select name from drivers where tenant_id = $1 and unique_id = $2 and deleted_at is null`,
      [device.tenantId, trip.driverUniqueId],
    );
    trip.driverName = driver?.name ?? null;
  }
  return { trip, stop: openStopOf(device, state) };
}
