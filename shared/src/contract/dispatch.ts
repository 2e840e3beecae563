/**
 * Dispatches of a repossession to spotters and third parties, with their rewards (tracking spec 3 Vehicle
 * repossession "dispatch (with dispatchId), reward (rewardId, publish flag)", 4, 7). Bodies are ours (README).
 *
 * A dispatch is Open until its outcome is recorded (`PUT repossessions-dispatch-status {dispatchId, success}`):
 * success true means this dispatch led to the recovery (Succeeded: its reward is earned, the repossession moves
 * to Recovered when it is not there yet, and the other open dispatches of the repossession close as Failed);
 * success false means it was withdrawn or failed (Failed: closed, its reward not earned). Either way its reward
 * leaves the wanted list. Money is an integer of minor units (cents) with an ISO 4217 currency.
 */
import { z } from 'zod';
import { answerId, answerInstant } from './answer-fields';
import { optionalText } from './geo-list';
import { idSchema } from '../validation';

export const DISPATCH_STATUSES = ['Open', 'Succeeded', 'Failed'] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];

/** Minor units stay exact as a JSON number up to 2^53; a reward of ten billion in major units is far beyond any. */
export const REWARD_LIMITS = { maxAmountMinor: 1_000_000_000_000, noteMaxLength: 1000 } as const;

export const currencySchema = z
  .string({ error: 'A currency is a three-letter ISO 4217 code, such as ZAR.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'A currency is a three-letter ISO 4217 code, such as ZAR.');

/** An amount of money as sent: whole minor units (cents), never a fraction, with its currency. */
export const moneyInputSchema = z.object({
  amountMinor: z
    .number({ error: 'An amount is a whole number of minor units (cents).' })
    .int('An amount is a whole number of minor units (cents), never a fraction.')
    .min(1, 'A reward is at least 1 minor unit; send no reward instead of 0.')
    .max(REWARD_LIMITS.maxAmountMinor, `An amount is at most ${REWARD_LIMITS.maxAmountMinor} minor units.`),
  currency: currencySchema,
});
export type MoneyInput = z.infer<typeof moneyInputSchema>;

export const moneySchema = z.strictObject({ amountMinor: z.number().int(), currency: z.string() });
export type Money = z.infer<typeof moneySchema>;

/** POST /vehicles/repossessions-dispatch: to exactly one spotter or one third party. */
export const dispatchCreateSchema = z
  .object({
    repossessionId: idSchema,
    spotterId: idSchema.nullable().optional(),
    thirdPartyId: idSchema.nullable().optional(),
    reward: moneyInputSchema.nullable().optional(),
    note: optionalText(REWARD_LIMITS.noteMaxLength, 'A note'),
  })
  .superRefine((d, ctx) => {
    if (!d.spotterId === !d.thirdPartyId)
      ctx.addIssue({ code: 'custom', path: ['spotterId'], message: 'Dispatch to one spotter or one third party.' });
  });
export type DispatchCreate = z.infer<typeof dispatchCreateSchema>;

export const dispatchStatusSchema = z.object({
  dispatchId: idSchema,
  success: z.boolean({ error: 'Success is true (the dispatch recovered the vehicle) or false (withdrawn or failed).' }),
  note: optionalText(REWARD_LIMITS.noteMaxLength, 'A note'),
});
export type DispatchStatusChange = z.infer<typeof dispatchStatusSchema>;

export const rewardPublishSchema = z.object({
  rewardId: idSchema,
  success: z.boolean({ error: 'Success is true (publish the reward) or false (withdraw it from the wanted list).' }),
});
export type RewardPublish = z.infer<typeof rewardPublishSchema>;

export const rewardSchema = z.strictObject({
  id: answerId,
  amountMinor: z.number().int(),
  currency: z.string(),
  published: z.boolean(),
  /** The dispatch succeeded: the reward is owed to its spotter or third party. */
  earned: z.boolean(),
  datePublished: answerInstant.nullable(),
});
export type Reward = z.infer<typeof rewardSchema>;

export const dispatchSchema = z.strictObject({
  id: answerId,
  repossessionId: answerId,
  registrationNumber: z.string(),
  spotterId: answerId.nullable(),
  thirdPartyId: answerId.nullable(),
  /** The spotter's or third party's name. */
  assigneeName: z.string(),
  status: z.enum(DISPATCH_STATUSES),
  note: z.string().nullable(),
  reward: rewardSchema.nullable(),
  dispatchedByUserId: answerId.nullable(),
  dateCreated: answerInstant,
  dateClosed: answerInstant.nullable(),
});
export type Dispatch = z.infer<typeof dispatchSchema>;

/** Rewards earned, summed per currency (amounts of different currencies are never added together). */
export const rewardsEarnedSchema = z.array(moneySchema);
