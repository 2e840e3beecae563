/**
 * Vehicles of the recovery business (tracking spec 3 Vehicle, 7 Vehicles): what is saved, what is
 * answered, and the existence check. Identifiers (registration, engine number, VIN) compare without
 * case or spaces and are unique among a tenant's live vehicles.
 */
import { z } from 'zod';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { ASSET_PHOTOS } from './asset';
import { geoListQuerySchema, optionalText, owningTenantIdSchema, requiredText } from './geo-list';
import { idSchema } from '../validation';

export const VEHICLE_STATUSES = ['active', 'repossession', 'recovered', 'sold', 'inactive'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

export const VEHICLE_LIMITS = {
  identifierMaxLength: 40,
  textMaxLength: 100,
  minYear: 1900,
  maxYear: 2100,
  /** Features and attribute values one vehicle carries. */
  maxLinks: 50,
  attributeValueMaxLength: 200,
} as const;

/** Vehicle lists sort by date created, newest first (spec 9). */
export const VEHICLE_LIST_DEFAULTS = { sortField: 'dateCreated', sortOrder: 'DESC' } as const;
export const VEHICLE_SORT_FIELDS = ['dateCreated', 'registrationNumber', 'make', 'status'] as const;

const yearSchema = z
  .number({ error: 'A year is a whole number.' })
  .int('A year is a whole number.')
  .min(VEHICLE_LIMITS.minYear, `A year is ${VEHICLE_LIMITS.minYear} or later.`)
  .max(VEHICLE_LIMITS.maxYear, `A year is ${VEHICLE_LIMITS.maxYear} or earlier.`);

const optionalId = (what: string) =>
  idSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null)
    .describe(what);

const noRepeats = <T>(items: readonly T[], key: (item: T) => string) => new Set(items.map(key)).size === items.length;

/** The features a vehicle has: ids of its company's feature list, each once. */
const featureIdsSchema = z
  .array(idSchema, { error: 'Give features as a list of feature ids.' })
  .max(VEHICLE_LIMITS.maxLinks, `At most ${VEHICLE_LIMITS.maxLinks} features.`)
  .refine((ids) => noRepeats(ids, (id) => id), 'A feature is named once.');

/** The attributes a vehicle has: an attribute of its company's list with this vehicle's value ("Seats": "5"), each once. */
export const vehicleAttributeValueSchema = z.object({
  attributeId: idSchema,
  value: requiredText(VEHICLE_LIMITS.attributeValueMaxLength, 'An attribute value'),
});
const attributeValuesSchema = z
  .array(vehicleAttributeValueSchema, { error: 'Give attributes as a list of attribute ids and values.' })
  .max(VEHICLE_LIMITS.maxLinks, `At most ${VEHICLE_LIMITS.maxLinks} attributes.`)
  .refine((items) => noRepeats(items, (item) => item.attributeId), 'An attribute is given once.');

/**
 * Create and update. `featureIds` and `attributes`, when given, are the whole set (they replace what the vehicle
 * had); left out on an update, the vehicle keeps its own, so a caller that knows nothing of them changes nothing.
 */
export const vehicleSaveSchema = z.object({
  id: z.unknown().optional(),
  registrationNumber: requiredText(VEHICLE_LIMITS.identifierMaxLength, 'A registration number'),
  engineNumber: optionalText(VEHICLE_LIMITS.identifierMaxLength, 'An engine number'),
  vehicleIdentificationNumber: optionalText(VEHICLE_LIMITS.identifierMaxLength, 'A vehicle identification number'),
  make: requiredText(VEHICLE_LIMITS.textMaxLength, 'A make'),
  model: optionalText(VEHICLE_LIMITS.textMaxLength, 'A model'),
  year: yearSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  colour: optionalText(VEHICLE_LIMITS.textMaxLength, 'A colour'),
  status: z.enum(VEHICLE_STATUSES, { error: `A status is one of ${VEHICLE_STATUSES.join(', ')}.` }).optional(),
  categoryId: optionalId('The vehicle category'),
  assetId: optionalId('The tracked asset this vehicle is'),
  tenantId: owningTenantIdSchema,
  featureIds: featureIdsSchema.optional(),
  attributes: attributeValuesSchema.optional(),
});
export type VehicleSave = z.infer<typeof vehicleSaveSchema>;

/** GET /vehicles: the paging query and an optional status. */
export const vehicleListQuerySchema = geoListQuerySchema.extend({
  status: z.enum(VEHICLE_STATUSES, { error: `A status is one of ${VEHICLE_STATUSES.join(', ')}.` }).optional(),
});
export type VehicleListQuery = z.infer<typeof vehicleListQuerySchema>;

/** POST /vehicles/delete. */
export const vehicleDeleteSchema = z.object({ id: idSchema });

/** POST /vehicles/exist: any of the three identifiers; the answer says which of those given exist. */
export const vehicleExistSchema = z
  .object({
    registrationNumber: optionalText(VEHICLE_LIMITS.identifierMaxLength, 'A registration number'),
    engineNumber: optionalText(VEHICLE_LIMITS.identifierMaxLength, 'An engine number'),
    vehicleIdentificationNumber: optionalText(VEHICLE_LIMITS.identifierMaxLength, 'A vehicle identification number'),
    /** Leave this vehicle out (checking an edit). */
    exceptId: idSchema.optional(),
  })
  .refine((v) => v.registrationNumber || v.engineNumber || v.vehicleIdentificationNumber, {
    message: 'Give a registration number, an engine number or a vehicle identification number.',
    path: ['registrationNumber'],
  });
export type VehicleExist = z.infer<typeof vehicleExistSchema>;

export const vehicleExistenceSchema = z.strictObject({
  exists: z.boolean(),
  registrationNumber: z.boolean(),
  engineNumber: z.boolean(),
  vehicleIdentificationNumber: z.boolean(),
});
export type VehicleExistence = z.infer<typeof vehicleExistenceSchema>;

export const bluebookValueOfSchema = z.strictObject({ id: answerId, valueMinor: z.number().int(), currency: z.string() });

export const latestPositionSchema = z.strictObject({
  latitude: z.number(),
  longitude: z.number(),
  fixTime: answerInstant,
});

export interface Vehicle {
  id: string;
  registrationNumber: string;
  engineNumber: string | null;
  vehicleIdentificationNumber: string | null;
  make: string;
  model: string | null;
  year: number | null;
  colour: string | null;
  status: VehicleStatus;
  categoryId: string | null;
  categoryName: string | null;
  assetId: string | null;
  tenantId: string;
  dateCreated: string;
  dateModified: string;
}

export const vehicleSchema = z.strictObject({
  id: answerId,
  registrationNumber: z.string(),
  engineNumber: z.string().nullable(),
  vehicleIdentificationNumber: z.string().nullable(),
  make: z.string(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  colour: z.string().nullable(),
  status: z.enum(VEHICLE_STATUSES),
  categoryId: answerId.nullable(),
  categoryName: z.string().nullable(),
  assetId: answerId.nullable(),
  tenantId: answerId,
  dateCreated: answerInstant,
  dateModified: answerInstant,
});

/** Photos: the asset photo rules (field 'photo', size, sides), several per upload, at most 30 per vehicle. */
export const VEHICLE_PHOTOS = { ...ASSET_PHOTOS, maxPerUpload: 10, maxPerVehicle: 30 } as const;

export const vehiclePhotoSchema = z.strictObject({
  id: answerId,
  vehicleId: answerId,
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
});
export type VehiclePhoto = z.infer<typeof vehiclePhotoSchema>;
export const vehiclePhotoParamsSchema = z.object({ id: idSchema, photoId: idSchema });
/** POST /vehicles/photo-delete: the photo's id. */
export const vehiclePhotoDeleteSchema = z.object({ id: idSchema });

export const vehicleFeatureOfSchema = z.strictObject({ id: answerId, name: z.string() });
export const vehicleAttributeOfSchema = z.strictObject({ attributeId: answerId, name: z.string(), value: z.string() });
export type VehicleAttributeOf = z.infer<typeof vehicleAttributeOfSchema>;

/**
 * The details answer: the vehicle, its asset's latest position (when linked and known), its bluebook value (exact
 * match, else null), its photos, and its features and attribute values (by name).
 */
export const vehicleDetailsSchema = vehicleSchema.extend({
  latestPosition: latestPositionSchema.nullable(),
  bluebook: bluebookValueOfSchema.nullable(),
  photos: z.array(vehiclePhotoSchema),
  features: z.array(vehicleFeatureOfSchema),
  attributes: z.array(vehicleAttributeOfSchema),
});
export type VehicleDetails = z.infer<typeof vehicleDetailsSchema>;

/** A reference list entry (feature, attribute, category): a company's catalogue. */
export const vehicleReferenceSchema = z.strictObject({ id: answerId, name: z.string(), tenantId: answerId });
export type VehicleReference = z.infer<typeof vehicleReferenceSchema>;
export const VEHICLE_REFERENCE_KINDS = ['features', 'attributes', 'categories'] as const;
export type VehicleReferenceKind = (typeof VEHICLE_REFERENCE_KINDS)[number];
