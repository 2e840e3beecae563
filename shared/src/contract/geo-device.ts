/**
 * Geo devices (tracking spec 3, 5, 7 Devices): the trackers of a tenant, their status from the last
 * contact, the list (paged, searched, filtered), the map's compact list, one device with its latest
 * position, writes, the uniqueId existence check, and the dashboard's counts.
 *
 * A device's uniqueId is what it reports itself as (a Teltonika's IMEI, the id typed into an OsmAnd
 * client). It is unique across ALL tenants, since the listeners find the device by it alone: a clash
 * is a 409. Deleting a device (PUT /geo/device/delete/{id}) is soft and frees its uniqueId.
 */
import { z } from 'zod';
import { dayOrDateTimeSchema } from './activity-plan';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { geoAttributesSchema, geoListQuerySchema, optionalText, owningTenantIdSchema, requiredText } from './geo-list';
import { geoPositionSchema, type GeoPosition } from './geo-position';
import { idSchema } from '../validation';

/**
 * A device is online when heard from within this many seconds (Traccar's default timeout), offline
 * after it, and unknown when never heard from. The server's DEVICE_TIMEOUT_SECONDS overrides it.
 */
export const DEVICE_TIMEOUT_SECONDS_DEFAULT = 600;

export const DEVICE_STATUSES = ['online', 'offline', 'unknown'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** A device's status at `now` from its last contact (`lastUpdate`), as the server answers it and the browser refreshes it. */
export function deviceStatusOf(
  lastUpdate: string | Date | null | undefined,
  now: number = Date.now(),
  timeoutSeconds: number = DEVICE_TIMEOUT_SECONDS_DEFAULT,
): DeviceStatus {
  if (!lastUpdate) return 'unknown';
  const at = typeof lastUpdate === 'string' ? Date.parse(lastUpdate) : lastUpdate.getTime();
  if (Number.isNaN(at)) return 'unknown';
  return now - at <= timeoutSeconds * 1000 ? 'online' : 'offline';
}

/** Traccar's device categories: the map draws each with its own icon. */
export const DEVICE_CATEGORIES = [
  'default',
  'animal',
  'bicycle',
  'boat',
  'bus',
  'car',
  'camper',
  'crane',
  'helicopter',
  'motorcycle',
  'offroad',
  'person',
  'pickup',
  'plane',
  'scooter',
  'ship',
  'tractor',
  'train',
  'tram',
  'trolleybus',
  'truck',
  'van',
] as const;
export type DeviceCategory = (typeof DEVICE_CATEGORIES)[number];

export const GEO_DEVICE_LIMITS = {
  nameMaxLength: 100,
  uniqueIdMaxLength: 50,
  phoneMaxLength: 30,
  modelMaxLength: 100,
  contactMaxLength: 100,
  /** GET /geo/device/search/{text}: at most this many matches. */
  searchMax: 50,
  searchTextMaxLength: 100,
  /** GET /geo/device/map/{userId}: the live map holds every device of the subtree, up to this many. */
  mapMax: 50_000,
} as const;

/** Letters, digits and . _ - : (IMEIs are 15 digits; OsmAnd clients take any short id). */
export const UNIQUE_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;
export const uniqueIdSchema = z
  .string({ error: 'A unique id is required.' })
  .trim()
  .min(1, 'A unique id is required.')
  .max(GEO_DEVICE_LIMITS.uniqueIdMaxLength, `A unique id has at most ${GEO_DEVICE_LIMITS.uniqueIdMaxLength} characters.`)
  .regex(UNIQUE_ID_PATTERN, 'A unique id uses letters, digits, dots, dashes, underscores and colons only.');

/** A tracker's SIM number: digits, with an optional leading + and spaces, dashes or brackets. */
const devicePhoneSchema = optionalText(GEO_DEVICE_LIMITS.phoneMaxLength, 'A phone number').refine(
  (v) => v === null || /^\+?[0-9][0-9 ()-]{2,}$/.test(v),
  'A phone number is digits, optionally starting with +.',
);

/**
 * POST /geo/device and PUT /geo/device/{id}. The creator is the caller (the spec's client adds a
 * userId, which is ignored); without tenantId the device belongs to the acting tenant (on edit: stays where it is).
 */
export const geoDeviceSaveSchema = z.object({
  uniqueId: uniqueIdSchema,
  name: requiredText(GEO_DEVICE_LIMITS.nameMaxLength, 'A device name'),
  hardwareId: idSchema.nullable().optional(),
  phone: devicePhoneSchema,
  model: optionalText(GEO_DEVICE_LIMITS.modelMaxLength, 'A model'),
  category: z
    .enum(DEVICE_CATEGORIES, { error: `A category is one of: ${DEVICE_CATEGORIES.join(', ')}.` })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  contact: optionalText(GEO_DEVICE_LIMITS.contactMaxLength, 'A contact'),
  disabled: z.boolean({ error: 'Disabled is true or false.' }).default(false),
  attributes: geoAttributesSchema.default({}),
  tenantId: owningTenantIdSchema,
});
export type GeoDeviceSave = z.infer<typeof geoDeviceSaveSchema>;
export type GeoDeviceSaveInput = z.input<typeof geoDeviceSaveSchema>;

/** The filter of the device list: a status, or every device when absent. */
export const deviceStatusFilterSchema = z.preprocess(
  (v) => (v === '' || v === 'all' ? undefined : v),
  z.enum(DEVICE_STATUSES, { error: `Filter by one of: ${DEVICE_STATUSES.join(', ')}.` }).optional(),
);

/**
 * GET /geo/device/{userId}: paged (default sort name DESC, spec 9), searched (trimmed, upper-cased, on
 * name, uniqueId, phone and model), `filter` by status, and the two dates: devices last heard from on
 * those days (YYYY-MM-DD in the acting tenant's time zone, or date-times).
 */
export const geoDeviceListQuerySchema = geoListQuerySchema.extend({
  filter: deviceStatusFilterSchema,
  startDate: dayOrDateTimeSchema.optional(),
  endDate: dayOrDateTimeSchema.optional(),
});
export type GeoDeviceListQuery = z.infer<typeof geoDeviceListQuerySchema>;

/** Sort fields of the device list. */
export const GEO_DEVICE_SORT_FIELDS = [
  'name',
  'uniqueId',
  'lastUpdate',
  'dateCreated',
  'make',
  'model',
  'phone',
  'category',
  'tenantName',
] as const;

/** GET /geo/device/search/{text}. */
export const deviceSearchParamsSchema = z.object({
  text: z.string().trim().min(1, 'Give some text to search for.').max(GEO_DEVICE_LIMITS.searchTextMaxLength),
});

export const uniqueIdParamsSchema = z.object({ uniqueId: uniqueIdSchema });

// Answers

/** A device, as every device call answers it: with its status now and its latest position (null before the first). */
export interface GeoDevice {
  id: string;
  /** The type marker of the spec's entity. */
  type: 'device';
  name: string;
  uniqueId: string;
  status: DeviceStatus;
  disabled: boolean;
  hardwareId: string | null;
  /** The hardware's make and model, and the protocol its listener speaks. */
  make: string | null;
  hardwareModel: string | null;
  protocol: string | null;
  phone: string | null;
  model: string | null;
  category: string | null;
  contact: string | null;
  /** The latest position (by fix time) and when the device was last heard from (any packet). */
  positionId: number | null;
  lastUpdate: string | null;
  position: GeoPosition | null;
  attributes: Record<string, unknown>;
  tenantId: string;
  tenantName: string;
  /** Who created it. */
  userId: string | null;
  dateCreated: string;
  dateModified: string;
}

/** One device of the live map (GET /geo/device/map/{userId}): what the marker and the list beside the map need. */
export interface GeoDeviceMapItem {
  id: string;
  name: string;
  uniqueId: string;
  status: DeviceStatus;
  category: string | null;
  lastUpdate: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Knots. */
  speed: number | null;
  course: number | null;
  fixTime: string | null;
  attributes: Record<string, unknown>;
}

/** GET /geo/device/dashboard/stats: the acting subtree's devices by status. */
export interface DeviceDashboardStats {
  total: number;
  online: number;
  offline: number;
  unknown: number;
  disabled: number;
}

/** GET /geo/device/dashboard/sms-used: no SMS gateway is configured yet, so nothing is sent by SMS and this is zero. */
export interface DeviceSmsUsed {
  used: number;
  gatewayConfigured: boolean;
}

/** GET /geo/device/exists/{uniqueId}: whether a live device anywhere already reports as this uniqueId. */
export interface DeviceExists {
  uniqueId: string;
  exists: boolean;
}

/** GET /geo/device/active/by-tenant: per tenant of the subtree with devices, how many are online of how many. */
export interface ActiveDevicesOfTenant {
  tenantId: string;
  tenantName: string;
  active: number;
  total: number;
}

// The answers' schemas (api/src/http/route-answers.ts).

const deviceStatusSchema = z.enum(DEVICE_STATUSES);

export const geoDeviceSchema: z.ZodType<GeoDevice> = z
  .strictObject({
    id: answerId,
    type: z.literal('device'),
    name: z.string(),
    uniqueId: z.string(),
    status: deviceStatusSchema,
    disabled: z.boolean(),
    hardwareId: answerId.nullable(),
    make: z.string().nullable(),
    hardwareModel: z.string().nullable(),
    protocol: z.string().nullable(),
    phone: z.string().nullable(),
    model: z.string().nullable(),
    category: z.string().nullable(),
    contact: z.string().nullable(),
    positionId: answerCount.nullable(),
    lastUpdate: answerInstant.nullable(),
    position: geoPositionSchema.nullable(),
    attributes: z.record(z.string(), z.unknown()),
    tenantId: answerId,
    tenantName: z.string(),
    userId: answerId.nullable(),
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'GeoDevice' });

export const geoDeviceMapItemSchema: z.ZodType<GeoDeviceMapItem> = z
  .strictObject({
    id: answerId,
    name: z.string(),
    uniqueId: z.string(),
    status: deviceStatusSchema,
    category: z.string().nullable(),
    lastUpdate: answerInstant.nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    speed: z.number().nullable(),
    course: z.number().nullable(),
    fixTime: answerInstant.nullable(),
    attributes: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'GeoDeviceMapItem' });

export const deviceDashboardStatsSchema: z.ZodType<DeviceDashboardStats> = z
  .strictObject({ total: answerCount, online: answerCount, offline: answerCount, unknown: answerCount, disabled: answerCount })
  .meta({ id: 'DeviceDashboardStats' });

export const deviceSmsUsedSchema: z.ZodType<DeviceSmsUsed> = z
  .strictObject({ used: answerCount, gatewayConfigured: z.boolean() })
  .meta({ id: 'DeviceSmsUsed' });

export const deviceExistsSchema: z.ZodType<DeviceExists> = z
  .strictObject({ uniqueId: z.string(), exists: z.boolean() })
  .meta({ id: 'DeviceExists' });

export const activeDevicesOfTenantSchema: z.ZodType<ActiveDevicesOfTenant> = z
  .strictObject({ tenantId: answerId, tenantName: z.string(), active: answerCount, total: answerCount })
  .meta({ id: 'ActiveDevicesOfTenant' });
