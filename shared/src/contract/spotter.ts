/**
 * Spotters (tracking spec 7 "GET /api/vehicles/agent ... (spotters)") and what they did: dispatches,
 * sightings and rewards earned. A spotter may be linked to a user account: that user, holding
 * VEHICLES/SIGHTINGS without VEHICLES/REPOSSESSIONS, is a field spotter (README: recovery field work).
 */
import { z } from 'zod';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { dispatchSchema, rewardsEarnedSchema } from './dispatch';
import { geoListQuerySchema, optionalText, requiredText } from './geo-list';
import { sightingSchema } from './sighting';
import { emailSchema, idSchema } from '../validation';

export const RECOVERY_PARTY_LIMITS = { nameMaxLength: 120, mobileMaxLength: 30, notesMaxLength: 2000 } as const;

/** Spotter and third-party lists: spec 9 "default to empty sort and search '%%'"; an empty sort reads as name. */
export const RECOVERY_PARTY_SORT_FIELDS = ['name', 'dateCreated'] as const;
export const recoveryPartyListQuerySchema = geoListQuerySchema.extend({
  active: z.enum(['true', 'false'], { error: 'Active is true or false.' }).optional(),
});
export type RecoveryPartyListQuery = z.infer<typeof recoveryPartyListQuerySchema>;

/** An e-mail address that may be left empty. */
export const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  emailSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
);

export const spotterSaveSchema = z.object({
  name: requiredText(RECOVERY_PARTY_LIMITS.nameMaxLength, 'A name'),
  mobile: optionalText(RECOVERY_PARTY_LIMITS.mobileMaxLength, 'A mobile number'),
  email: optionalEmail,
  /** The user account this spotter signs in with, if any: a user of the acting subtree. */
  userId: idSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  notes: optionalText(RECOVERY_PARTY_LIMITS.notesMaxLength, 'Notes'),
  active: z.boolean({ error: 'Active is true or false.' }).optional().default(true),
});
export type SpotterSave = z.infer<typeof spotterSaveSchema>;
export type SpotterSaveInput = z.input<typeof spotterSaveSchema>;

export const spotterSchema = z.strictObject({
  id: answerId,
  name: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  userId: answerId.nullable(),
  userName: z.string().nullable(),
  notes: z.string().nullable(),
  active: z.boolean(),
  openDispatches: answerCount,
  tenantId: answerId,
  dateCreated: answerInstant,
  dateModified: answerInstant,
});
export type Spotter = z.infer<typeof spotterSchema>;

export const spotterDetailsSchema = spotterSchema.extend({
  dispatches: z.array(dispatchSchema),
  sightings: z.array(sightingSchema),
  rewardsEarned: rewardsEarnedSchema,
});
export type SpotterDetails = z.infer<typeof spotterDetailsSchema>;
