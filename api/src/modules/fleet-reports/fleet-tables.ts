/**
 * The fleet reports' rows as tables for a file (device-trips/table-file.ts sends them): the trips and
 * stops tables of the device reports with the asset in front, and the sums in hours as h:mm:ss.
 */
import type {
  AssetStop,
  AssetTrip,
  BatteryReading,
  DeviceUsage,
  Hotspot,
  IdleTime,
  TamperEvent,
} from '@meridian/shared/contract/fleet-report';
import { hms, localTime, stopTable, tripTable } from '../device-trips/trip-report';
import type { ReportTable } from '../device-trips/table-file';

const withAsset = (table: ReportTable, rows: { assetName: string }[]): ReportTable => ({
  header: ['Asset', ...table.header],
  rows: table.rows.map((row, i) => [rows[i]!.assetName, ...row]),
});

export const assetTripTable = (trips: AssetTrip[], timeZone: string) => withAsset(tripTable(trips, timeZone), trips);
export const assetStopTable = (stops: AssetStop[], timeZone: string) => withAsset(stopTable(stops, timeZone), stops);

export const usageTable = (rows: DeviceUsage[]): ReportTable => ({
  header: ['Asset', 'Trips', 'Distance (km)', 'Driving time', 'Stops', 'Stopped time', 'Idle time'],
  rows: rows.map((u) => [
    u.assetName,
    u.trips,
    Number((u.distance / 1000).toFixed(2)),
    hms(u.drivingTime),
    u.stops,
    hms(u.stoppedTime),
    hms(u.idleTime),
  ]),
});

export const idleTable = (rows: IdleTime[]): ReportTable => ({
  header: ['Asset', 'Stops with engine on', 'Idle time', 'Longest idle', 'Stopped time'],
  rows: rows.map((u) => [u.assetName, u.idleStops, hms(u.idleTime), hms(u.longestIdle), hms(u.stoppedTime)]),
});

export const hotspotTable = (rows: Hotspot[]): ReportTable => ({
  header: ['Latitude', 'Longitude', 'Time spent', 'Stops', 'Assets', 'Weight'],
  rows: rows.map((h) => [h.latitude, h.longitude, hms(h.duration), h.stops, h.assets, h.weight]),
});

export const tamperTable = (rows: TamperEvent[], timeZone: string): ReportTable => ({
  header: ['Time', 'Alarm', 'Device', 'Asset', 'Latitude', 'Longitude'],
  rows: rows.map((e) => [localTime(e.eventTime, timeZone), e.alarm, e.deviceName, e.assetName, e.latitude, e.longitude]),
});

export const batteryTable = (rows: BatteryReading[], timeZone: string): ReportTable => ({
  header: ['Asset', 'Device', 'Last heard', 'Battery level (%)', 'Battery (V)', 'External power (V)'],
  rows: rows.map((b) => [b.assetName, b.deviceName, localTime(b.lastUpdate, timeZone), b.batteryLevel, b.battery, b.power]),
});
