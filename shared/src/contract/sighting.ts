/**
 * Sightings of wanted vehicles (tracking spec 7 "GET and POST /api/vehicles/sightings ...") and the wanted
 * list a field spotter works from. A sighting names a repossession, where (latitude, longitude, accuracy in
 * metres) and when the vehicle was seen, a note and an optional photo (sent apart, as a multipart file). Staff
 * confirm a sighting, which moves a Dispatched repossession to Sighted.
 */
import { z } from 'zod';
import { answerId, answerInstant } from './answer-fields';
import { moneySchema } from './dispatch';
import { geoListQuerySchema, optionalText } from './geo-list';
import { REPOSSESSION_STATUSES } from './repossession';
import { idSchema, instantSchema, latitudeSchema, longitudeSchema } from '../validation';

export const SIGHTING_STATUSES = ['Reported', 'Confirmed'] as const;
export type SightingStatus = (typeof SIGHTING_STATUSES)[number];

/** A phone's clock may run a little ahead of the server's; a sighting further in the future is a mistake. */
export const SIGHTING_LIMITS = { noteMaxLength: 1000, maxAccuracyMeters: 100_000, futureToleranceMs: 5 * 60_000 } as const;

/** Statuses in which a vehicle is still looked for: on the wanted list, and open to sightings. */
export const WANTED_STATUSES = ['New', 'Dispatched', 'Sighted'] as const satisfies readonly (typeof REPOSSESSION_STATUSES)[number][];

const seenAtSchema = instantSchema('The time seen is an ISO date-time.').refine(
  (d) => d.getTime() <= Date.now() + SIGHTING_LIMITS.futureToleranceMs,
  'The time seen cannot be in the future.',
);

const sightingFields = {
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  accuracy: z
    .number('An accuracy is a number of metres.')
    .min(0, 'An accuracy is 0 metres or more.')
    .max(SIGHTING_LIMITS.maxAccuracyMeters, `An accuracy is at most ${SIGHTING_LIMITS.maxAccuracyMeters} metres.`)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  /** When the vehicle was seen; now when left out. */
  seenAt: seenAtSchema.optional(),
  note: optionalText(SIGHTING_LIMITS.noteMaxLength, 'A note'),
};

export const sightingCreateSchema = z.object({ repossessionId: idSchema, ...sightingFields });
export type SightingCreate = z.infer<typeof sightingCreateSchema>;
export type SightingCreateInput = z.input<typeof sightingCreateSchema>;

/** PUT /vehicles/sightings/{id}: where, when and the note; a confirmed sighting is changed by staff only. */
export const sightingUpdateSchema = z.object(sightingFields);
export type SightingUpdate = z.infer<typeof sightingUpdateSchema>;

export const sightingDeleteSchema = z.object({ id: idSchema });
export const sightingConfirmSchema = z.object({ id: idSchema, note: optionalText(SIGHTING_LIMITS.noteMaxLength, 'A note') });

export const sightingListQuerySchema = geoListQuerySchema.extend({
  repossessionId: idSchema.optional(),
  spotterId: idSchema.optional(),
  status: z.enum(SIGHTING_STATUSES, { error: `A status is one of ${SIGHTING_STATUSES.join(', ')}.` }).optional(),
});
export type SightingListQuery = z.infer<typeof sightingListQuerySchema>;

export const sightingSchema = z.strictObject({
  id: answerId,
  repossessionId: answerId,
  registrationNumber: z.string(),
  make: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().nullable(),
  seenAt: answerInstant,
  note: z.string().nullable(),
  status: z.enum(SIGHTING_STATUSES),
  spotterId: answerId.nullable(),
  spotterName: z.string().nullable(),
  reportedByUserId: answerId,
  reportedByName: z.string(),
  confirmedByUserId: answerId.nullable(),
  dateConfirmed: answerInstant.nullable(),
  /** Where the browser fetches the photo, when there is one. */
  photoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  tenantId: answerId,
  dateCreated: answerInstant,
});
export type Sighting = z.infer<typeof sightingSchema>;

/**
 * One vehicle of the wanted list: only what a spotter needs to recognise it and the reward (their own
 * dispatch's, else the highest published); never the debtor, the reason or the notes.
 */
export const wantedVehicleSchema = z.strictObject({
  repossessionId: answerId,
  registrationNumber: z.string(),
  make: z.string(),
  model: z.string().nullable(),
  colour: z.string().nullable(),
  year: z.number().int().nullable(),
  photoUrl: z.string().nullable(),
  reward: moneySchema.nullable(),
  /** Dispatched to the caller's own spotter record (not only published to every spotter). */
  dispatchedToMe: z.boolean(),
  published: z.boolean(),
});
export type WantedVehicle = z.infer<typeof wantedVehicleSchema>;

export const wantedListQuerySchema = geoListQuerySchema;
