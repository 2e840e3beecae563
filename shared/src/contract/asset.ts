/**
 * Assets (tracking spec 2 "Asset details panel", 3, 7 Assets, 9): the vehicles a tenant tracks, the
 * devices in each (one Primary, any Bluetooth transponders), asset groups tied to a role, categories,
 * the device-asset history, odometer, engine hours and map icon updates, and photos.
 *
 * Units: odometer (`lastOdometer`, PUT .../odometer) in whole metres; engine hours (`engineHours`, PUT
 * .../engine-hours) in whole seconds. Both are the Primary device's accumulated totals, as processing
 * keeps them; setting one sets the totals processing counts on from (Traccar's "accumulators").
 *
 * The display name (`name`) is the registration number followed by the make. Search text is trimmed
 * and upper-cased and matches the registration number and the make.
 */
import { z } from 'zod';
import { dayOrDateTimeSchema } from './activity-plan';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { geoListQuerySchema, owningTenantIdSchema, requiredText } from './geo-list';
import { DEVICE_CATEGORIES } from './geo-device';
import { idSchema } from '../validation';

export const ASSET_STATUSES = ['active', 'inactive', 'maintenance', 'stolen', 'recovered'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

/** The device types (reference rows with fixed ids): an asset has at most one Primary device. */
export const ASSET_DEVICE_TYPES = { primary: 1, bluetoothTransponder: 2 } as const;
export const ASSET_DEVICE_TYPE_NAMES: Record<number, string> = { 1: 'Primary', 2: 'Bluetooth Transponder' };

/** The map icons an asset may take: the map's device categories. */
export const ASSET_MAP_ICONS = DEVICE_CATEGORIES;

export const ASSET_LIMITS = {
  registrationMaxLength: 20,
  makeMaxLength: 100,
  groupNameMaxLength: 100,
  categoryNameMaxLength: 100,
  maxFeatures: 50,
  featureMaxLength: 100,
  maxDevices: 20,
  /** GET /geo/asset/reports/active: at most this many (spec 9's cut). */
  activeMax: 1000,
  /** Metres: a little over 10 million km. */
  odometerMax: 10_000_000_000,
  /** Seconds: over 100 years of running. */
  engineHoursMax: 3_600_000_000,
} as const;

export const ASSET_PHOTOS = {
  /** The multipart field a photo comes in. */
  field: 'photo',
  maxBytes: 15 * 1024 * 1024,
  /** The stored photo's longest side at most; the thumbnail's longest side. */
  maxSide: 1600,
  thumbSide: 320,
  /** Photos an asset may hold. */
  maxPerAsset: 30,
} as const;

const MESSAGE = {
  status: `A status is one of: ${ASSET_STATUSES.join(', ')}.`,
  deviceType: 'A device type is 1 (Primary) or 2 (Bluetooth Transponder).',
  onePrimary: 'An asset has at most one Primary device.',
  deviceTwice: 'A device is listed once per asset.',
  mapIcon: `A map icon is one of: ${ASSET_MAP_ICONS.join(', ')}.`,
  registration: 'A registration number uses letters, digits, spaces and dashes.',
} as const;

const statusSchema = z.enum(ASSET_STATUSES, { error: MESSAGE.status });
const deviceTypeIdSchema = z.union([z.literal(1), z.literal(2)], { error: MESSAGE.deviceType });

/** One device of an asset on write (`asset_devices`). */
export const assetDeviceLinkSchema = z.object({
  deviceId: idSchema,
  deviceTypeId: deviceTypeIdSchema,
});

const featuresSchema = z
  .array(z.string({ error: 'A feature is text.' }).trim().min(1, 'A feature is not empty.').max(ASSET_LIMITS.featureMaxLength), {
    error: 'Give features as a list of texts.',
  })
  .max(ASSET_LIMITS.maxFeatures, `At most ${ASSET_LIMITS.maxFeatures} features.`)
  .transform((features) => [...new Set(features)]);

/**
 * POST /geo/asset and PUT /geo/asset/{id}. `asset_devices`, when sent, is the whole set of the asset's
 * devices: on update, devices left out are unlinked (send [] to unlink all); left out of an update,
 * the links stay as they are. A device already in another asset is refused (409).
 */
export const assetSaveSchema = z.object({
  registrationNumber: requiredText(ASSET_LIMITS.registrationMaxLength, 'A registration number')
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u, MESSAGE.registration)
    .transform((v) => v.toUpperCase().replace(/\s+/g, ' ')),
  make: requiredText(ASSET_LIMITS.makeMaxLength, 'A make'),
  status: statusSchema.default('active'),
  groupId: idSchema.nullable().optional(),
  categoryId: idSchema.nullable().optional(),
  features: featuresSchema.default([]),
  mapIcon: z
    .enum(ASSET_MAP_ICONS, { error: MESSAGE.mapIcon })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  asset_devices: z
    .array(assetDeviceLinkSchema, { error: 'Give asset_devices as a list of { deviceId, deviceTypeId }.' })
    .max(ASSET_LIMITS.maxDevices, `At most ${ASSET_LIMITS.maxDevices} devices.`)
    .refine((links) => links.filter((l) => l.deviceTypeId === ASSET_DEVICE_TYPES.primary).length <= 1, MESSAGE.onePrimary)
    .refine((links) => new Set(links.map((l) => l.deviceId)).size === links.length, MESSAGE.deviceTwice)
    .optional(),
  tenantId: owningTenantIdSchema,
});
export type AssetSave = z.infer<typeof assetSaveSchema>;
export type AssetSaveInput = z.input<typeof assetSaveSchema>;

/** An optional id filter of a list: empty or the all-zero GUID means none. */
const optionalIdFilter = z.preprocess(
  (v) => (v === '' || v === '00000000-0000-0000-0000-000000000000' ? undefined : v),
  idSchema.optional(),
);

/**
 * GET /geo/asset/: paged (default sort name DESC, spec 9), searched, filtered by status, group and
 * category, and by the two dates: assets whose Primary device was heard from on those days.
 */
export const assetListQuerySchema = geoListQuerySchema.extend({
  startDate: dayOrDateTimeSchema.optional(),
  endDate: dayOrDateTimeSchema.optional(),
  assetStatus: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), statusSchema.optional()),
  assetGroup: optionalIdFilter,
  assetCategory: optionalIdFilter,
});
export type AssetListQuery = z.infer<typeof assetListQuerySchema>;

export const ASSET_SORT_FIELDS = ['name', 'registrationNumber', 'make', 'status', 'dateCreated', 'lastUpdate'] as const;

/** PUT /geo/assets/{id}/odometer: the Primary device's odometer from now on, whole metres. */
export const assetOdometerSchema = z.object({
  odometer: z
    .number({ error: 'Give the odometer in whole metres.' })
    .int('Give the odometer in whole metres.')
    .min(0, 'An odometer is not negative.')
    .max(ASSET_LIMITS.odometerMax, `An odometer is at most ${ASSET_LIMITS.odometerMax} metres.`),
});

/** PUT /geo/assets/{id}/engine-hours: the Primary device's engine hours from now on, whole seconds. */
export const assetEngineHoursSchema = z.object({
  engineHours: z
    .number({ error: 'Give engine hours in whole seconds.' })
    .int('Give engine hours in whole seconds.')
    .min(0, 'Engine hours are not negative.')
    .max(ASSET_LIMITS.engineHoursMax, `Engine hours are at most ${ASSET_LIMITS.engineHoursMax} seconds.`),
});

/** PUT /geo/assets/{id}/map-icon; null puts back the map's default. */
export const assetMapIconSchema = z.object({
  mapIcon: z.enum(ASSET_MAP_ICONS, { error: MESSAGE.mapIcon }).nullable(),
});

/** POST /geo/asset-group/ and PUT /geo/asset-group/{id}. */
export const assetGroupSaveSchema = z.object({
  name: requiredText(ASSET_LIMITS.groupNameMaxLength, 'A group name'),
  roleId: idSchema,
  tenantId: owningTenantIdSchema,
});
export type AssetGroupSave = z.infer<typeof assetGroupSaveSchema>;

/** POST /geo/asset-category/ (an `id` sent is ignored: the server gives it) and PUT /geo/asset-category/{id}. */
export const assetCategorySaveSchema = z.object({
  id: z.unknown().optional(),
  name: requiredText(ASSET_LIMITS.categoryNameMaxLength, 'A category name'),
  tenantId: owningTenantIdSchema,
});
export type AssetCategorySave = z.infer<typeof assetCategorySaveSchema>;

/** GET /geo/device-asset-history/: the links of a device (or of every device seen) overlapping the period. */
export const assetHistoryQuerySchema = geoListQuerySchema.extend({
  deviceId: optionalIdFilter,
  assetId: optionalIdFilter,
  startDate: dayOrDateTimeSchema.optional(),
  endDate: dayOrDateTimeSchema.optional(),
});
export type AssetHistoryQuery = z.infer<typeof assetHistoryQuerySchema>;

/** POST /geo/asset/device/positions: a device of an asset, over a period (at most 92 days, 10,000 positions). */
export const assetDevicePositionsSchema = z.object({
  deviceId: idSchema,
  startDate: dayOrDateTimeSchema,
  endDate: dayOrDateTimeSchema,
});

export const assetPhotoParamsSchema = z.object({ id: idSchema, photoId: idSchema });

// Answers

export interface AssetDeviceAttribute {
  type: string;
  value: unknown;
}

/** A device of an asset, with where it last was and its latest position's attributes as type and value pairs. */
export interface AssetDevice {
  deviceId: string;
  uniqueId: string;
  name: string;
  deviceTypeId: number;
  devicetypename: string;
  latitude: number | null;
  longitude: number | null;
  lastUpdate: string | null;
  attributes: AssetDeviceAttribute[];
}

export interface AssetPhoto {
  id: string;
  assetId: string;
  fileName: string;
  contentType: string;
  width: number;
  height: number;
  sizeBytes: number;
  thumbWidth: number;
  thumbHeight: number;
  /** Where the browser fetches the photo and its thumbnail (with the caller's token and tenant). */
  url: string;
  thumbnailUrl: string;
  dateCreated: string;
}

export interface Asset {
  id: string;
  registrationNumber: string;
  make: string;
  /** Display name: registration number followed by make. */
  name: string;
  status: AssetStatus;
  groupId: string | null;
  groupName: string | null;
  categoryId: string | null;
  categoryName: string | null;
  features: string[];
  mapIcon: string | null;
  /** From the Primary device's latest position (null without one). */
  latitude: number | null;
  longitude: number | null;
  /** [latitude, longitude], as the map places a marker. */
  coords: [number, number] | null;
  lastUpdate: string | null;
  deviceTime: string | null;
  /** The latest position's attributes (ignition, power, sat...). */
  telemetry: Record<string, unknown>;
  /** The stored address of that position; the details call asks the geocoder when none is stored. */
  address: string | null;
  /** Keyed by device id. */
  devices: Record<string, AssetDevice>;
  photos: AssetPhoto[];
  /** Whole seconds; null without a Primary device. */
  engineHours: number | null;
  /** Whole metres; null without a Primary device. */
  lastOdometer: number | null;
  tenantId: string;
  tenantName: string;
  dateCreated: string;
  dateModified: string;
}

export interface AssetGroup {
  id: string;
  name: string;
  roleId: string | null;
  roleName: string | null;
  tenantId: string;
  assetCount: number;
  dateCreated: string;
  dateModified: string;
}

export interface AssetCategory {
  id: string;
  name: string;
  tenantId: string;
  assetCount: number;
  dateCreated: string;
  dateModified: string;
}

export interface AssetDeviceType {
  id: number;
  name: string;
}

export interface AssetDeviceHistoryEntry {
  id: string;
  deviceId: string;
  deviceName: string;
  uniqueId: string;
  assetId: string;
  assetName: string;
  deviceTypeId: number;
  devicetypename: string;
  linkedAt: string;
  unlinkedAt: string | null;
}

// The answers' schemas (api/src/http/route-answers.ts).

export const assetDeviceSchema: z.ZodType<AssetDevice> = z
  .strictObject({
    deviceId: answerId,
    uniqueId: z.string(),
    name: z.string(),
    deviceTypeId: answerCount,
    devicetypename: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    lastUpdate: answerInstant.nullable(),
    attributes: z.array(z.strictObject({ type: z.string(), value: z.unknown() })),
  })
  .meta({ id: 'AssetDevice' });

export const assetPhotoSchema: z.ZodType<AssetPhoto> = z
  .strictObject({
    id: answerId,
    assetId: answerId,
    fileName: z.string(),
    contentType: z.string(),
    width: answerCount,
    height: answerCount,
    sizeBytes: answerCount,
    thumbWidth: answerCount,
    thumbHeight: answerCount,
    url: z.string(),
    thumbnailUrl: z.string(),
    dateCreated: answerInstant,
  })
  .meta({ id: 'AssetPhoto' });

export const assetSchema: z.ZodType<Asset> = z
  .strictObject({
    id: answerId,
    registrationNumber: z.string(),
    make: z.string(),
    name: z.string(),
    status: z.enum(ASSET_STATUSES),
    groupId: answerId.nullable(),
    groupName: z.string().nullable(),
    categoryId: answerId.nullable(),
    categoryName: z.string().nullable(),
    features: z.array(z.string()),
    mapIcon: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    coords: z.tuple([z.number(), z.number()]).nullable(),
    lastUpdate: answerInstant.nullable(),
    deviceTime: answerInstant.nullable(),
    telemetry: z.record(z.string(), z.unknown()),
    address: z.string().nullable(),
    devices: z.record(z.string(), assetDeviceSchema),
    photos: z.array(assetPhotoSchema),
    engineHours: answerCount.nullable(),
    lastOdometer: answerCount.nullable(),
    tenantId: answerId,
    tenantName: z.string(),
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'Asset' });

export const assetGroupSchema: z.ZodType<AssetGroup> = z
  .strictObject({
    id: answerId,
    name: z.string(),
    roleId: answerId.nullable(),
    roleName: z.string().nullable(),
    tenantId: answerId,
    assetCount: answerCount,
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'AssetGroup' });

export const assetCategorySchema: z.ZodType<AssetCategory> = z
  .strictObject({
    id: answerId,
    name: z.string(),
    tenantId: answerId,
    assetCount: answerCount,
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'AssetCategory' });

export const assetDeviceTypeSchema: z.ZodType<AssetDeviceType> = z
  .strictObject({ id: answerCount, name: z.string() })
  .meta({ id: 'AssetDeviceType' });

export const assetDeviceHistoryEntrySchema: z.ZodType<AssetDeviceHistoryEntry> = z
  .strictObject({
    id: answerId,
    deviceId: answerId,
    deviceName: z.string(),
    uniqueId: z.string(),
    assetId: answerId,
    assetName: z.string(),
    deviceTypeId: answerCount,
    devicetypename: z.string(),
    linkedAt: answerInstant,
    unlinkedAt: answerInstant.nullable(),
  })
  .meta({ id: 'AssetDeviceHistoryEntry' });
