/**
 * Trips and stops of a device (tracking spec 5, 7, 9; issue 18 item 7), computed at ingest with
 * Traccar's defaults (a trip moves at least 200 m, a stop lasts at least 180 s, a gap of 3600 s ends
 * a trip) and stored as rows. GET /geo/device/trip/details (trips) and /geo/device/trip/stops take the
 * device and the days, YYYY-MM-DD in the acting tenant's time zone, both included; without them, from
 * one day ago to 7 days ahead (spec 9). `format=csv` or `format=xlsx` answers the same rows as a file.
 */
import { z } from 'zod';
import { idSchema } from '../validation';
import { daySchema } from './activity-plan';
import { answerCount, answerDay, answerId, answerInstant } from './answer-fields';

export const DEVICE_TRIP_LIMITS = {
  /** The default window: from this many days ago ... */
  defaultDaysBack: 1,
  /** ... to this many days ahead (spec 9's default report range). */
  defaultDaysAhead: 7,
  /** One call covers at most this many days. */
  maxDays: 92,
} as const;

export const TRIP_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TripExportFormat = (typeof TRIP_EXPORT_FORMATS)[number];

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const deviceTripQuerySchema = z.object({
  deviceId: z.string({ error: 'Choose a device.' }).pipe(idSchema),
  fromDate: daySchema.optional(),
  toDate: daySchema.optional(),
  format: z.enum(TRIP_EXPORT_FORMATS, { error: "The format is 'csv' or 'xlsx'." }).optional(),
});
export type DeviceTripQuery = z.infer<typeof deviceTripQuerySchema>;

/** One trip. Distances in metres, speeds in knots, durations in milliseconds (Traccar's units). */
export interface DeviceTrip {
  id: string;
  deviceId: string;
  deviceName: string;
  startTime: string;
  endTime: string;
  startLat: number;
  startLon: number;
  endLat: number;
  endLon: number;
  startAddress: string | null;
  endAddress: string | null;
  distance: number;
  averageSpeed: number;
  maxSpeed: number;
  duration: number;
  startOdometer: number;
  endOdometer: number;
  driverUniqueId: string | null;
  driverName: string | null;
}

/** One stop. Durations and engine hours in milliseconds. */
export interface DeviceStop {
  id: string;
  deviceId: string;
  deviceName: string;
  startTime: string;
  endTime: string;
  latitude: number;
  longitude: number;
  address: string | null;
  duration: number;
  engineHours: number;
  startOdometer: number;
  endOdometer: number;
}

/** The days a report covered, as the server read them. */
interface TripWindow {
  deviceId: string;
  fromDate: string;
  toDate: string;
  timeZone: string;
}
export interface DeviceTripReport extends TripWindow {
  trips: DeviceTrip[];
}
export interface DeviceStopReport extends TripWindow {
  stops: DeviceStop[];
}

// The answers' schemas (api/src/http/route-answers.ts).

/** A trip's fields, for the reports that add to them (fleet-report.ts). */
export const deviceTripFields = {
  id: answerId,
  deviceId: answerId,
  deviceName: z.string(),
  startTime: answerInstant,
  endTime: answerInstant,
  startLat: z.number(),
  startLon: z.number(),
  endLat: z.number(),
  endLon: z.number(),
  startAddress: z.string().nullable(),
  endAddress: z.string().nullable(),
  distance: z.number(),
  averageSpeed: z.number(),
  maxSpeed: z.number(),
  duration: answerCount,
  startOdometer: z.number(),
  endOdometer: z.number(),
  driverUniqueId: z.string().nullable(),
  driverName: z.string().nullable(),
};
export const deviceTripSchema: z.ZodType<DeviceTrip> = z.strictObject(deviceTripFields).meta({ id: 'DeviceTrip' });

/** A stop's fields, for the reports that add to them (fleet-report.ts). */
export const deviceStopFields = {
  id: answerId,
  deviceId: answerId,
  deviceName: z.string(),
  startTime: answerInstant,
  endTime: answerInstant,
  latitude: z.number(),
  longitude: z.number(),
  address: z.string().nullable(),
  duration: answerCount,
  engineHours: answerCount,
  startOdometer: z.number(),
  endOdometer: z.number(),
};
export const deviceStopSchema: z.ZodType<DeviceStop> = z.strictObject(deviceStopFields).meta({ id: 'DeviceStop' });

const windowFields = { deviceId: answerId, fromDate: answerDay, toDate: answerDay, timeZone: z.string() };
export const deviceTripReportSchema: z.ZodType<DeviceTripReport> = z
  .strictObject({ ...windowFields, trips: z.array(deviceTripSchema) })
  .meta({ id: 'DeviceTripReport' });
export const deviceStopReportSchema: z.ZodType<DeviceStopReport> = z
  .strictObject({ ...windowFields, stops: z.array(deviceStopSchema) })
  .meta({ id: 'DeviceStopReport' });
