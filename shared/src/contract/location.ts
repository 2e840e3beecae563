/** Locations: named places of a tenant (offices, branches, meeting points), with an optional point on the map. */
import { z } from 'zod';
import { idSchema } from '../validation';
import { answerId, answerInstant } from './answer-fields';

export const LOCATION_LIMITS = { nameMaxLength: 100, addressMaxLength: 300 } as const;

/** What POST and PUT /locations take. Without tenantId the location belongs to the tenant the caller acts for. */
export const locationSaveSchema = z
  .object({
    name: z
      .string({ error: 'A location name is required.' })
      .trim()
      .min(1, 'A location name is required.')
      .max(LOCATION_LIMITS.nameMaxLength, `A location name has at most ${LOCATION_LIMITS.nameMaxLength} characters.`),
    address: z
      .string()
      .trim()
      .max(LOCATION_LIMITS.addressMaxLength, `An address has at most ${LOCATION_LIMITS.addressMaxLength} characters.`)
      .nullable()
      .optional(),
    lat: z
      .number({ error: 'Latitude is a number.' })
      .min(-90, 'Latitude is between -90 and 90.')
      .max(90, 'Latitude is between -90 and 90.')
      .nullable()
      .optional(),
    lng: z
      .number({ error: 'Longitude is a number.' })
      .min(-180, 'Longitude is between -180 and 180.')
      .max(180, 'Longitude is between -180 and 180.')
      .nullable()
      .optional(),
    active: z.boolean().default(true),
    tenantId: idSchema.optional(),
  })
  .superRefine((l, ctx) => {
    // Half a coordinate is no point on the map.
    if ((l.lat == null) !== (l.lng == null)) {
      const missing = l.lat == null ? 'lat' : 'lng';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'Give both latitude and longitude, or neither.' });
    }
  });
export type LocationSave = z.infer<typeof locationSaveSchema>;

export interface Location {
  Id: string;
  tenantId: string;
  tenantName: string;
  name: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
  active: boolean;
  dateCreated: string;
  dateUpdated: string;
}

export const locationAnswerSchema: z.ZodType<Location> = z
  .strictObject({
    Id: answerId,
    tenantId: answerId,
    tenantName: z.string(),
    name: z.string(),
    address: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    active: z.boolean(),
    dateCreated: answerInstant,
    dateUpdated: answerInstant,
  })
  .meta({ id: 'Location' });
