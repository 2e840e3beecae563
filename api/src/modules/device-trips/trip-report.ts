/**
 * Trips and stops of a device over days of the acting tenant's time zone, as processing stored them
 * at ingest (never recomputed here), and the same rows as a file for a spreadsheet.
 */
import { addDays } from '@meridian/shared/contract/field-agent';
import { DEVICE_TRIP_LIMITS, type DeviceStop, type DeviceTrip, type DeviceTripQuery } from '@meridian/shared/contract/device-trip';
import { wallClockIn } from '@meridian/shared/zone-clock';
import type { Queryable } from '../../db/database';
import { fieldError } from '../../http/errors';
import { windowOf, type ActivityWindow } from '../activities/activity-window';

/**
 * The days asked for, else one day ago to 7 days ahead (spec 9); only a start: that day and the default
 * span after it; only an end: the default span before it. At most DEVICE_TRIP_LIMITS.maxDays days.
 */
export async function tripWindow(
  q: Queryable,
  tenantId: string,
  query: Pick<DeviceTripQuery, 'fromDate' | 'toDate'>,
): Promise<ActivityWindow> {
  const { defaultDaysBack: back, defaultDaysAhead: ahead, maxDays } = DEVICE_TRIP_LIMITS;
  const fromDate = query.fromDate ?? (query.toDate ? addDays(query.toDate, -(back + ahead)) : undefined);
  if (fromDate && query.toDate && query.toDate < fromDate) throw fieldError('toDate', 'The end date cannot be before the start date.');
  const window = await windowOf(q, tenantId, { startDate: fromDate, endDate: query.toDate }, back, ahead);
  if (addDays(window.from, maxDays) <= window.to) throw fieldError('toDate', `A report covers at most ${maxDays} days.`);
  return window;
}

/** A trip's columns as the contract names them (trip `t`, its device `d`). */
export const TRIP_COLUMNS = `t.id, t.device_id as "deviceId", d.name as "deviceName", t.start_time as "startTime", t.end_time as "endTime",
       t.start_lat as "startLat", t.start_lon as "startLon", t.end_lat as "endLat", t.end_lon as "endLon", t.start_address as "startAddress",
       t.end_address as "endAddress", t.distance, t.average_speed as "averageSpeed", t.max_speed as "maxSpeed", t.duration::float8 as duration,
       t.start_odometer as "startOdometer", t.end_odometer as "endOdometer", t.driver_unique_id as "driverUniqueId", t.driver_name as "driverName"`;

/** A stop's columns as the contract names them (stop `s`, its device `d`). */
export const STOP_COLUMNS = `s.id, s.device_id as "deviceId", d.name as "deviceName", s.start_time as "startTime", s.end_time as "endTime", s.latitude,
       s.longitude, s.address, s.duration::float8 as duration, s.engine_hours::float8 as "engineHours", s.start_odometer as "startOdometer",
       s.end_odometer as "endOdometer"`;

export function tripsOf(q: Queryable, deviceId: string, window: ActivityWindow) {
  return q.query<DeviceTrip>(
    `select ${TRIP_COLUMNS}
     from device_trips t join geo_devices d on d.id = t.device_id
     where t.device_id = $1 and t.start_time >= $2 and t.start_time < $3 order by t.start_time, t.id`,
    [deviceId, window.start, window.end],
  );
}

export function stopsOf(q: Queryable, deviceId: string, window: ActivityWindow) {
  return q.query<DeviceStop>(
    `select ${STOP_COLUMNS}
     from device_stops s join geo_devices d on d.id = s.device_id
     where s.device_id = $1 and s.start_time >= $2 and s.start_time < $3 order by s.start_time, s.id`,
    [deviceId, window.start, window.end],
  );
}

// The file: times as the tenant's wall clock, distances in km, speeds in km/h, durations as h:mm:ss.

const KNOTS_TO_KMH = 1.852;
const round = (value: number, digits: number) => Number(value.toFixed(digits));

export function localTime(instant: Date | string, timeZone: string) {
  const { year, month, day, hour, minute, second } = wallClockIn(new Date(instant), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}:${two(second)}`;
}

export function hms(milliseconds: number) {
  const seconds = Math.round(milliseconds / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
}

export function tripTable(trips: DeviceTrip[], timeZone: string) {
  const header = [
    'Device',
    'Start',
    'End',
    'Duration',
    'Distance (km)',
    'Average speed (km/h)',
    'Maximum speed (km/h)',
    'Start address',
    'End address',
    'Start latitude',
    'Start longitude',
    'End latitude',
    'End longitude',
    'Driver',
  ];
  const rows = trips.map((t) => [
    t.deviceName,
    localTime(t.startTime, timeZone),
    localTime(t.endTime, timeZone),
    hms(t.duration),
    round(t.distance / 1000, 2),
    round(t.averageSpeed * KNOTS_TO_KMH, 1),
    round(t.maxSpeed * KNOTS_TO_KMH, 1),
    t.startAddress,
    t.endAddress,
    t.startLat,
    t.startLon,
    t.endLat,
    t.endLon,
    t.driverName ?? t.driverUniqueId,
  ]);
  return { header, rows };
}

export function stopTable(stops: DeviceStop[], timeZone: string) {
  const header = ['Device', 'Start', 'End', 'Duration', 'Engine hours', 'Address', 'Latitude', 'Longitude'];
  const rows = stops.map((s) => [
    s.deviceName,
    localTime(s.startTime, timeZone),
    localTime(s.endTime, timeZone),
    hms(s.duration),
    hms(s.engineHours),
    s.address,
    s.latitude,
    s.longitude,
  ]);
  return { header, rows };
}
