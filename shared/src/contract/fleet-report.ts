/**
 * Fleet reports (tracking spec 7 Assets, 9; issue 19 item 8): trips, stops, engine, idle time, device
 * usage, hotspots, tamper and battery reports over the assets a caller sees, and the asset trips
 * report (POST /geo/asset/trips) kept per asset and reused while its request stays the same.
 *
 * Every report reads what processing stored at ingest (device_trips, device_stops, device_events and
 * each device's latest position), never the positions table. A trip or stop belongs to the asset whose
 * Primary device made it at that moment (asset_device_history), so moving a tracker to another vehicle
 * does not move its past. Days are YYYY-MM-DD in the acting tenant's time zone, both included; without
 * them, one day ago to 7 days ahead (spec 9). `format=csv` or `format=xlsx` answers the rows as a file.
 *
 * `zeros` (Traccar's flag, ours to define): keep rows whose measure is zero. The measure of a trip is
 * its distance, of a stop the time its engine ran. Trips default to false (a zero-distance trip is drift,
 * not travel); the stops report defaults to true (every stop) and the engine report, the same rows, to
 * false (only stops where the engine ran): the engine report is the stops report with `zeros` inverted.
 */
import { z } from 'zod';
import { EMPTY_GUID } from '../constants';
import { idSchema } from '../validation';
import { daySchema } from './activity-plan';
import { answerCount, answerDay, answerId, answerInstant } from './answer-fields';
import { geoListQuerySchema } from './geo-list';
import { TRIP_EXPORT_FORMATS, deviceStopFields, deviceTripFields, type DeviceStop, type DeviceTrip } from './device-trip';

export const FLEET_REPORT_LIMITS = {
  /** Hotspot cells are squares of this many degrees of latitude and longitude (about 280 m north-south). */
  hotspotCellDegrees: 0.0025,
  /** A hotspot answer holds at most this many cells, the busiest first. */
  hotspotCellsMax: 2000,
  hotspotCellsDefault: 500,
  /** A file holds at most this many rows. */
  exportRowsMax: 100_000,
  /** An asset trips report is reused for the same request while younger than this ... */
  tripCacheFreshMs: 60_000,
  /** ... or for good once its period ended this long before it was made (trips close within the hour). */
  tripCacheSettledMs: 2 * 3_600_000,
} as const;

/** The alarms (Traccar's names) the tamper report lists. */
export const TAMPER_ALARMS = ['tampering', 'removing', 'powerCut', 'powerOff', 'jamming', 'tow', 'gpsAntennaCut'] as const;

/** An optional id filter: empty or the all-zero GUID means none. */
const idFilter = z.preprocess((v) => (v === '' || v === EMPTY_GUID ? undefined : v), idSchema.optional());
const booleanFlag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'Give true or false.' }).optional(),
);
const formatSchema = z.enum(TRIP_EXPORT_FORMATS, { error: "The format is 'csv' or 'xlsx'." }).optional();

/** The assets a report covers: one asset, a group, a category, or all the caller sees. */
const assetFilters = { assetId: idFilter, assetGroupId: idFilter, assetCategoryId: idFilter };
const days = { fromDate: daySchema.optional(), toDate: daySchema.optional() };

/** Trips, stops, engine, idle time and device usage: paged lists over the days. */
export const fleetReportQuerySchema = geoListQuerySchema.extend({ ...assetFilters, ...days, zeros: booleanFlag, format: formatSchema });
export type FleetReportQuery = z.infer<typeof fleetReportQuerySchema>;

export const hotspotQuerySchema = z.object({
  ...assetFilters,
  ...days,
  limit: z.coerce
    .number({ error: 'Give the number of places.' })
    .int('Give a whole number of places.')
    .min(1, 'At least one place.')
    .max(FLEET_REPORT_LIMITS.hotspotCellsMax, `At most ${FLEET_REPORT_LIMITS.hotspotCellsMax} places.`)
    .optional(),
  format: formatSchema,
});
export type HotspotQuery = z.infer<typeof hotspotQuerySchema>;

export const tamperQuerySchema = geoListQuerySchema.extend({
  ...days,
  assetId: idFilter,
  type: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(TAMPER_ALARMS, { error: `One of: ${TAMPER_ALARMS.join(', ')}.` }).optional(),
  ),
  format: formatSchema,
});
export type TamperQuery = z.infer<typeof tamperQuerySchema>;

export const batteryParamsSchema = z.object({ start: daySchema, end: daySchema });
export const batteryQuerySchema = geoListQuerySchema.extend({ format: formatSchema });
export type BatteryQuery = z.infer<typeof batteryQuerySchema>;

/** POST /geo/asset/trips: one asset's trips over the days. */
export const assetTripsRequestSchema = z.object({
  assetId: idSchema,
  ...days,
  zeros: z.boolean({ error: 'Give true or false.' }).optional(),
});
export type AssetTripsRequest = z.infer<typeof assetTripsRequestSchema>;

// Answers

interface OfAsset {
  assetId: string;
  assetName: string;
}
export type AssetTrip = DeviceTrip & OfAsset;
export type AssetStop = DeviceStop & OfAsset;

/** What an asset's Primary devices did over the days. Metres, milliseconds. */
export interface DeviceUsage extends OfAsset {
  trips: number;
  distance: number;
  drivingTime: number;
  stops: number;
  stoppedTime: number;
  idleTime: number;
}

/** Engine on while stopped, per asset. Milliseconds. */
export interface IdleTime extends OfAsset {
  idleStops: number;
  idleTime: number;
  longestIdle: number;
  stoppedTime: number;
}

/** A cell of the grid where the fleet stood: the weighted centre of its stops, and the time spent there. */
export interface Hotspot {
  latitude: number;
  longitude: number;
  stops: number;
  assets: number;
  duration: number;
  /** duration over the busiest cell's: the heat layer's intensity, 0 to 1. */
  weight: number;
}

export interface HotspotReport {
  fromDate: string;
  toDate: string;
  timeZone: string;
  cellDegrees: number;
  hotspots: Hotspot[];
}

export interface TamperEvent {
  id: string;
  eventTime: string;
  alarm: string;
  deviceId: string;
  deviceName: string;
  assetId: string | null;
  assetName: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** The latest battery reading of an asset's Primary device (Traccar: batteryLevel %, battery and power in volts). */
export interface BatteryReading extends OfAsset {
  deviceId: string;
  deviceName: string;
  lastUpdate: string;
  batteryLevel: number | null;
  battery: number | null;
  power: number | null;
}

export interface AssetTripsReport {
  assetId: string;
  assetName: string;
  fromDate: string;
  toDate: string;
  timeZone: string;
  zeros: boolean;
  /** When the trips were read; `cached` when this answer reused a report made for the same request. */
  computedAt: string;
  cached: boolean;
  trips: AssetTrip[];
}

const ofAsset = { assetId: answerId, assetName: z.string() };
export const assetTripSchema: z.ZodType<AssetTrip> = z.strictObject({ ...deviceTripFields, ...ofAsset }).meta({ id: 'AssetTrip' });
export const assetStopSchema: z.ZodType<AssetStop> = z.strictObject({ ...deviceStopFields, ...ofAsset }).meta({ id: 'AssetStop' });

export const deviceUsageSchema: z.ZodType<DeviceUsage> = z
  .strictObject({
    ...ofAsset,
    trips: answerCount,
    distance: z.number(),
    drivingTime: answerCount,
    stops: answerCount,
    stoppedTime: answerCount,
    idleTime: answerCount,
  })
  .meta({ id: 'DeviceUsage' });

export const idleTimeSchema: z.ZodType<IdleTime> = z
  .strictObject({ ...ofAsset, idleStops: answerCount, idleTime: answerCount, longestIdle: answerCount, stoppedTime: answerCount })
  .meta({ id: 'IdleTime' });

export const hotspotReportSchema: z.ZodType<HotspotReport> = z
  .strictObject({
    fromDate: answerDay,
    toDate: answerDay,
    timeZone: z.string(),
    cellDegrees: z.number(),
    hotspots: z.array(
      z.strictObject({
        latitude: z.number(),
        longitude: z.number(),
        stops: answerCount,
        assets: answerCount,
        duration: answerCount,
        weight: z.number(),
      }),
    ),
  })
  .meta({ id: 'HotspotReport' });

export const tamperEventSchema: z.ZodType<TamperEvent> = z
  .strictObject({
    id: z.string(),
    eventTime: answerInstant,
    alarm: z.string(),
    deviceId: answerId,
    deviceName: z.string(),
    assetId: answerId.nullable(),
    assetName: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  })
  .meta({ id: 'TamperEvent' });

export const batteryReadingSchema: z.ZodType<BatteryReading> = z
  .strictObject({
    ...ofAsset,
    deviceId: answerId,
    deviceName: z.string(),
    lastUpdate: answerInstant,
    batteryLevel: z.number().nullable(),
    battery: z.number().nullable(),
    power: z.number().nullable(),
  })
  .meta({ id: 'BatteryReading' });

export const assetTripsReportSchema: z.ZodType<AssetTripsReport> = z
  .strictObject({
    assetId: answerId,
    assetName: z.string(),
    fromDate: answerDay,
    toDate: answerDay,
    timeZone: z.string(),
    zeros: z.boolean(),
    computedAt: answerInstant,
    cached: z.boolean(),
    trips: z.array(assetTripSchema),
  })
  .meta({ id: 'AssetTripsReport' });
