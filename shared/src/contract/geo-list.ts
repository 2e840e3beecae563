/**
 * What the tracking area's lists share (tracking spec 7 and 9): the paging query every list takes
 * (page, size, sortField, sortOrder, search), its defaults, the cut to the first 1000, and the pieces
 * of a saved record several entities carry (the owning tenant, free attributes, the user a list is for).
 */
import { z } from 'zod';
import { EMPTY_GUID } from '../constants';
import { idSchema } from '../validation';
import { pagingQuerySchema } from './paging';

export const GEO_LIST_DEFAULTS = {
  /** Geo lists sort by name, newest-first order by default (spec 9: "sort field name for geo lists ... order DESC"). */
  sortField: 'name',
  sortOrder: 'DESC',
  /** Devices, drivers, events and geofences lists are cut to the first 1000 (spec 9). */
  cut: 1000,
} as const;

/** Every paged geo list: page, size (clamped to the server's maximum, 1000 by default), sortField, sortOrder, search. */
export const geoListQuerySchema = pagingQuerySchema;
export type GeoListQuery = z.infer<typeof geoListQuerySchema>;

/**
 * The user a list is made for (`/geo/device/{userId}`, `/geo/device/map/{userId}`, `/geo/fences/all/{userId}`):
 * the all-zero GUID (spec 9's empty placeholder) or the caller's own id means everything of the acting
 * tenant's subtree; another user of the subtree narrows it to what lies under that user's own tenants.
 */
export const listUserIdSchema = idSchema.or(z.literal(EMPTY_GUID));

/** Free key-value attributes of a saved record (Traccar's `attributes`): at most 50 keys of short scalar values. */
export const GEO_ATTRIBUTE_LIMITS = { maxKeys: 50, keyMaxLength: 64, textMaxLength: 500 } as const;
export const geoAttributesSchema = z
  .record(
    z.string().trim().min(1, 'An attribute needs a name.').max(GEO_ATTRIBUTE_LIMITS.keyMaxLength),
    z.union([z.string().max(GEO_ATTRIBUTE_LIMITS.textMaxLength), z.number(), z.boolean(), z.null()], {
      error: 'An attribute is text, a number, true or false.',
    }),
    { error: 'Give attributes as an object of names and values.' },
  )
  .refine((a) => Object.keys(a).length <= GEO_ATTRIBUTE_LIMITS.maxKeys, `At most ${GEO_ATTRIBUTE_LIMITS.maxKeys} attributes.`);
export type GeoAttributes = z.infer<typeof geoAttributesSchema>;

/** The tenant a saved record belongs to: one of the acting subtree; without it, the acting tenant (or the record's own, on edit). */
export const owningTenantIdSchema = idSchema.optional();

/** Optional text of a saved record: trimmed, empty counts as none. */
export const optionalText = (max: number, what: string) =>
  z
    .string({ error: `${what} is text.` })
    .trim()
    .max(max, `${what} has at most ${max} characters.`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** Required text of a saved record: trimmed, 1 to `max` characters. */
export const requiredText = (max: number, what: string) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} has at most ${max} characters.`);
