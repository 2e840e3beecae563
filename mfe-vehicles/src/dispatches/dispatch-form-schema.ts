/**
 * The dispatch form's schema: the contract's (dispatchCreateSchema), with the assignee chosen from one list
 * ("spotter:<id>" or "thirdParty:<id>") and the reward typed as an amount; `dispatchBody` turns it into the
 * contract's body, the reward in whole minor units.
 */
import { z } from 'zod';
import { currencySchema, dispatchCreateSchema, type DispatchCreate } from '@meridian/shared/contract/dispatch';
import { minorFromText } from '@meridian/shared/money-text';
import { DISPATCH_TEXT } from './dispatch-text';

export const dispatchFormSchema = z.object({
  assignee: z.string().regex(/^(spotter|thirdParty):.+$/, DISPATCH_TEXT.chooseAssignee),
  reward: z
    .string()
    .refine((text) => text.trim() === '' || minorFromText(text) !== null, DISPATCH_TEXT.rewardInvalid)
    .refine((text) => text.trim() === '' || (minorFromText(text) ?? 0) > 0, DISPATCH_TEXT.rewardPositive),
  currency: currencySchema,
  note: dispatchCreateSchema.shape.note,
});
export type DispatchFormInput = z.input<typeof dispatchFormSchema>;
export type DispatchFormValues = z.output<typeof dispatchFormSchema>;

export const DISPATCH_FORM_FIELDS = ['assignee', 'reward', 'currency', 'note'] as const;

export const dispatchFormDefaults = (currency = 'ZAR'): DispatchFormInput => ({ assignee: '', reward: '', currency, note: '' });

export function dispatchBody(repossessionId: string, values: DispatchFormValues): DispatchCreate {
  const [kind, id] = values.assignee.split(':') as ['spotter' | 'thirdParty', string];
  const amountMinor = values.reward.trim() === '' ? null : minorFromText(values.reward);
  return {
    repossessionId,
    spotterId: kind === 'spotter' ? id : null,
    thirdPartyId: kind === 'thirdParty' ? id : null,
    reward: amountMinor === null ? null : { amountMinor, currency: values.currency },
    note: values.note,
  };
}
