/**
 * Positions a tracking device reported (tracking spec 3 Position, 7 Devices): one position, the
 * positions of a device over a period (`/geo/position/device/{id}/{start}/{end}`, in time order, paged
 * by keyset), and a position's address (`/geo/geocoding/position/{id}`). Not the browser's own GPS
 * position of the signed-in user, which is device-position.ts.
 *
 * Units are Traccar's: speed in knots, course in degrees, altitude and accuracy in metres. Every other
 * reading is an attribute under Traccar's key names (ignition, batteryLevel, odometer, hours, alarm,
 * driverUniqueId, sat, hdop, ...).
 */
import { z } from 'zod';
import { INT4_MAX } from '../validation';
import { dayOrDateTimeSchema } from './activity-plan';
import { answerCount, answerId, answerInstant } from './answer-fields';

/** A position's id (positions are numbered, not GUIDs). */
export const positionIdSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: 'A position id is a whole number.' })
    .int('A position id is a whole number.')
    .min(1, 'A position id is a whole number.')
    .max(Number.MAX_SAFE_INTEGER, 'A position id is a whole number.'),
);

export const GEO_POSITION_LIMITS = {
  /** A page of positions holds at most this many (the server's page size limit may be lower). */
  pageMax: 10_000,
  /** The period of one positions call. */
  maxDays: 92,
} as const;

export interface GeoPosition {
  id: number;
  deviceId: string;
  protocol: string;
  serverTime: string;
  deviceTime: string;
  fixTime: string;
  valid: boolean;
  /** Older than the device's latest position when it arrived: stored, but it raised no events. */
  outdated: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  /** Knots. */
  speed: number;
  course: number;
  accuracy: number;
  address: string | null;
  attributes: Record<string, unknown>;
}

/**
 * GET /geo/position/device/{id}/{start}/{end}: `start` and `end` are days (YYYY-MM-DD, in the acting
 * tenant's time zone, both whole days included) or ISO date-times (instants). Paged by keyset: `after`
 * is the id of the last position of the previous page (its `meta.paging.pageNumber` then counts on);
 * `page` alone pages by offset, as other lists do, and is fine for the first pages.
 */
export const positionRangeParamsSchema = z.object({
  id: z.uuid(),
  start: dayOrDateTimeSchema,
  end: dayOrDateTimeSchema,
});
export const positionRangeQuerySchema = z.object({
  page: z.preprocess(
    (v) => (v === undefined || v === '' ? 1 : Number(v)),
    z.number().int('Must be a whole number.').min(1, 'Must be 1 or more.').max(INT4_MAX, `Must be at most ${INT4_MAX}.`),
  ),
  size: z.preprocess(
    (v) => (v === undefined || v === '' ? GEO_POSITION_LIMITS.pageMax : Number(v)),
    z.number().int('Must be a whole number.').min(1, 'Must be 1 or more.').max(INT4_MAX, `Must be at most ${INT4_MAX}.`),
  ),
  after: positionIdSchema.optional(),
});
export type PositionRangeQuery = z.infer<typeof positionRangeQuerySchema>;

/** GET /geo/device/position/{param}: a position id (a whole number), or a device id (GUID) for that device's latest position. */
export const positionParamSchema = z.object({ param: positionIdSchema.or(z.uuid({ error: 'Give a position id or a device id.' })) });

/** GET /geo/geocoding/position/{id}: the address found for the position, now stored with it. */
export interface PositionAddress {
  positionId: number;
  latitude: number;
  longitude: number;
  address: string;
}

// The answers' schemas (api/src/http/route-answers.ts).

export const geoPositionSchema: z.ZodType<GeoPosition> = z
  .strictObject({
    id: answerCount,
    deviceId: answerId,
    protocol: z.string(),
    serverTime: answerInstant,
    deviceTime: answerInstant,
    fixTime: answerInstant,
    valid: z.boolean(),
    outdated: z.boolean(),
    latitude: z.number(),
    longitude: z.number(),
    altitude: z.number(),
    speed: z.number(),
    course: z.number(),
    accuracy: z.number(),
    address: z.string().nullable(),
    attributes: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'GeoPosition' });

export const positionAddressSchema: z.ZodType<PositionAddress> = z
  .strictObject({ positionId: answerCount, latitude: z.number(), longitude: z.number(), address: z.string() })
  .meta({ id: 'PositionAddress' });
