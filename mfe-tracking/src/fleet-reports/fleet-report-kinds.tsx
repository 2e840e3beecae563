/**
 * The fleet reports the page offers (contract/fleet-report.ts): each one's API path and query, and its
 * table's columns, written as the device trips page writes trips and stops (tenant's zone, km, h and min).
 */
import type { TableColumnType } from 'antd';
import { fleetReports } from '@meridian/shared/contract/areas/tracking';
import type {
  AssetStop,
  AssetTrip,
  BatteryReading,
  DeviceUsage,
  Hotspot,
  IdleTime,
  TamperEvent,
} from '@meridian/shared/contract/fleet-report';
import { displayCoordinate } from '@meridian/shared/geo';
import { apiPath } from '@meridian/shared/http/api-path';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';
import { distanceText, durationText } from '../parts/tracking-text';
import { FLEET_TEXT } from './fleet-report-text';
import type { TripPeriod } from '../parts/trip-period';

export type ReportKind = 'usage' | 'trips' | 'stops' | 'engine' | 'idle' | 'hotspots' | 'tamper' | 'battery';
export type ReportRow = AssetTrip | AssetStop | DeviceUsage | IdleTime | Hotspot | TamperEvent | BatteryReading;

export interface KindSpec {
  label: string;
  path(period: TripPeriod): string;
  /** The query beside the path; `assetId` only where the report takes it. */
  query(period: TripPeriod, assetId: string | null): Record<string, string>;
  /** Paged lists answer rows; hotspots a record holding them. */
  paged: boolean;
  rowKey(row: ReportRow, index: number): string;
  columns(format: TenantFormatters): TableColumnType<ReportRow>[];
  /** Where a row happened, for the map beside the table; reports without places have none. */
  placeOf?(row: ReportRow, format: TenantFormatters): { lat: number | null; lng: number | null; label: string };
}

const days = (period: TripPeriod) => ({ fromDate: period.from, toDate: period.to });
const withAsset = (period: TripPeriod, assetId: string | null) => ({ ...days(period), ...(assetId ? { assetId } : {}) });
const place = (address: string | null, lat: number | null, lon: number | null) =>
  address ?? (lat === null || lon === null ? '—' : `${displayCoordinate(lat)}, ${displayCoordinate(lon)}`);

/** A column reading one row type (the table holds one kind at a time). */
function column<T>(title: string, key: string, render: (row: T) => string | number, right = false): TableColumnType<ReportRow> {
  return { title, key, align: right ? 'right' : undefined, render: (_: unknown, row: ReportRow) => render(row as T) };
}

const assetColumn = column<{ assetName: string | null }>(FLEET_TEXT.asset, 'asset', (r) => r.assetName ?? '—');

const tripColumns = (format: TenantFormatters) => [
  assetColumn,
  column<AssetTrip>(FLEET_TEXT.start, 'start', (t) => format.moment(t.startTime)),
  column<AssetTrip>(FLEET_TEXT.end, 'end', (t) => format.moment(t.endTime)),
  column<AssetTrip>(FLEET_TEXT.from, 'from', (t) => place(t.startAddress, t.startLat, t.startLon)),
  column<AssetTrip>(FLEET_TEXT.to, 'to', (t) => place(t.endAddress, t.endLat, t.endLon)),
  column<AssetTrip>(FLEET_TEXT.distance, 'distance', (t) => distanceText(t.distance), true),
  column<AssetTrip>(FLEET_TEXT.duration, 'duration', (t) => durationText(t.duration), true),
];

const stopColumns = (format: TenantFormatters) => [
  assetColumn,
  column<AssetStop>(FLEET_TEXT.start, 'start', (s) => format.moment(s.startTime)),
  column<AssetStop>(FLEET_TEXT.end, 'end', (s) => format.moment(s.endTime)),
  column<AssetStop>(FLEET_TEXT.place, 'place', (s) => place(s.address, s.latitude, s.longitude)),
  column<AssetStop>(FLEET_TEXT.duration, 'duration', (s) => durationText(s.duration), true),
  column<AssetStop>(FLEET_TEXT.engineOn, 'engine', (s) => durationText(s.engineHours), true),
];

const stopPlace: KindSpec['placeOf'] = (row, format) => {
  const s = row as AssetStop;
  return { lat: s.latitude, lng: s.longitude, label: `${s.assetName ?? ''} ${format.moment(s.startTime)}`.trim() };
};

const listOf = (path: string, label: string, columns: KindSpec['columns']): KindSpec => ({
  label,
  path: () => apiPath(path),
  query: withAsset,
  paged: true,
  rowKey: (row, index) => ('id' in row ? row.id : 'assetId' in row ? row.assetId : String(index)),
  columns,
});

export const REPORT_KINDS: Record<ReportKind, KindSpec> = {
  usage: listOf(fleetReports.api.deviceUsage, FLEET_TEXT.usage, () => [
    assetColumn,
    column<DeviceUsage>(FLEET_TEXT.trips, 'trips', (u) => u.trips, true),
    column<DeviceUsage>(FLEET_TEXT.distance, 'distance', (u) => distanceText(u.distance), true),
    column<DeviceUsage>(FLEET_TEXT.driving, 'driving', (u) => durationText(u.drivingTime), true),
    column<DeviceUsage>(FLEET_TEXT.stops, 'stops', (u) => u.stops, true),
    column<DeviceUsage>(FLEET_TEXT.stopped, 'stopped', (u) => durationText(u.stoppedTime), true),
    column<DeviceUsage>(FLEET_TEXT.idle, 'idle', (u) => durationText(u.idleTime), true),
  ]),
  trips: {
    ...listOf(fleetReports.api.trips, FLEET_TEXT.trips, tripColumns),
    placeOf: (row, format) => {
      const t = row as AssetTrip;
      return { lat: t.startLat, lng: t.startLon, label: `${t.assetName ?? ''} ${format.moment(t.startTime)}`.trim() };
    },
  },
  stops: { ...listOf(fleetReports.api.stops, FLEET_TEXT.stops, stopColumns), placeOf: stopPlace },
  engine: { ...listOf(fleetReports.api.engine, FLEET_TEXT.engine, stopColumns), placeOf: stopPlace },
  idle: listOf(fleetReports.api.idle, FLEET_TEXT.idle, () => [
    assetColumn,
    column<IdleTime>(FLEET_TEXT.idleStops, 'idleStops', (u) => u.idleStops, true),
    column<IdleTime>(FLEET_TEXT.idle, 'idle', (u) => durationText(u.idleTime), true),
    column<IdleTime>(FLEET_TEXT.longestIdle, 'longest', (u) => durationText(u.longestIdle), true),
    column<IdleTime>(FLEET_TEXT.stopped, 'stopped', (u) => durationText(u.stoppedTime), true),
  ]),
  hotspots: {
    label: FLEET_TEXT.hotspots,
    path: () => apiPath(fleetReports.api.hotspots),
    query: withAsset,
    paged: false,
    rowKey: (_, index) => String(index),
    columns: () => [
      column<Hotspot>(FLEET_TEXT.place, 'place', (h) => place(null, h.latitude, h.longitude)),
      column<Hotspot>(FLEET_TEXT.timeSpent, 'duration', (h) => durationText(h.duration), true),
      column<Hotspot>(FLEET_TEXT.stops, 'stops', (h) => h.stops, true),
      column<Hotspot>(FLEET_TEXT.assets, 'assets', (h) => h.assets, true),
    ],
  },
  tamper: {
    ...listOf(fleetReports.api.tamper, FLEET_TEXT.tamper, (format) => [
      column<TamperEvent>(FLEET_TEXT.time, 'time', (e) => format.moment(e.eventTime)),
      column<TamperEvent>(FLEET_TEXT.alarm, 'alarm', (e) => e.alarm),
      column<TamperEvent>(FLEET_TEXT.device, 'device', (e) => e.deviceName),
      assetColumn,
      column<TamperEvent>(FLEET_TEXT.place, 'place', (e) => place(null, e.latitude, e.longitude)),
    ]),
    placeOf: (row, format) => {
      const e = row as TamperEvent;
      return { lat: e.latitude, lng: e.longitude, label: `${e.alarm}: ${e.assetName ?? e.deviceName} ${format.moment(e.eventTime)}` };
    },
  },
  battery: {
    ...listOf(fleetReports.api.battery, FLEET_TEXT.battery, (format) => [
      assetColumn,
      column<BatteryReading>(FLEET_TEXT.device, 'device', (b) => b.deviceName),
      column<BatteryReading>(FLEET_TEXT.lastHeard, 'heard', (b) => format.moment(b.lastUpdate)),
      column<BatteryReading>(FLEET_TEXT.batteryLevel, 'level', (b) => (b.batteryLevel === null ? '—' : `${b.batteryLevel} %`), true),
      column<BatteryReading>(FLEET_TEXT.batteryVolts, 'volts', (b) => (b.battery === null ? '—' : `${b.battery} V`), true),
      column<BatteryReading>(FLEET_TEXT.powerVolts, 'power', (b) => (b.power === null ? '—' : `${b.power} V`), true),
    ]),
    // The battery report's days are in its path, and it covers every asset.
    path: (period) => apiPath(fleetReports.api.battery, { start: period.from, end: period.to }),
    query: () => ({}),
  },
};
