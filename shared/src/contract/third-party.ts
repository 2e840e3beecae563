/**
 * Third parties (tracking spec 7 "GET /api/vehicles/third-party"): companies that recover vehicles for the
 * lender, dispatched like spotters; they report no sightings themselves (staff record them), but their details
 * list the sightings of the repossessions dispatched to them.
 */
import { z } from 'zod';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { dispatchSchema, rewardsEarnedSchema } from './dispatch';
import { optionalText, requiredText } from './geo-list';
import { sightingSchema } from './sighting';
import { optionalEmail, RECOVERY_PARTY_LIMITS } from './spotter';

export const thirdPartySaveSchema = z.object({
  name: requiredText(RECOVERY_PARTY_LIMITS.nameMaxLength, 'A name'),
  contactName: optionalText(RECOVERY_PARTY_LIMITS.nameMaxLength, 'A contact name'),
  mobile: optionalText(RECOVERY_PARTY_LIMITS.mobileMaxLength, 'A mobile number'),
  email: optionalEmail,
  notes: optionalText(RECOVERY_PARTY_LIMITS.notesMaxLength, 'Notes'),
  active: z.boolean({ error: 'Active is true or false.' }).optional().default(true),
});
export type ThirdPartySave = z.infer<typeof thirdPartySaveSchema>;
export type ThirdPartySaveInput = z.input<typeof thirdPartySaveSchema>;

export const thirdPartySchema = z.strictObject({
  id: answerId,
  name: z.string(),
  contactName: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  active: z.boolean(),
  openDispatches: answerCount,
  tenantId: answerId,
  dateCreated: answerInstant,
  dateModified: answerInstant,
});
export type ThirdParty = z.infer<typeof thirdPartySchema>;

export const thirdPartyDetailsSchema = thirdPartySchema.extend({
  dispatches: z.array(dispatchSchema),
  /** Sightings of the repossessions dispatched to it: where its crews should look. */
  sightings: z.array(sightingSchema),
  rewardsEarned: rewardsEarnedSchema,
});
export type ThirdPartyDetails = z.infer<typeof thirdPartyDetailsSchema>;
