/**
 * Maker-checker (issue 21, Fineract's): per tenant, the actions that wait for a second user. Such an action
 * is kept as a pending request (who, what, the payload) and done only when another user holding the
 * action's permission approves it; the maker cannot check their own.
 */
import { z } from 'zod';
import { answerId, answerInstant } from './answer-fields';
import { optionalText } from './geo-list';
import { pagingQuerySchema } from './paging';
import { idSchema } from '../validation';

export const CHECKED_ACTIONS = ['loan-approval', 'disbursement', 'write-off', 'payment-reversal'] as const;
export type CheckedAction = (typeof CHECKED_ACTIONS)[number];
export const CHECK_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;

const actionSchema = z.enum(CHECKED_ACTIONS, { error: `An action is one of ${CHECKED_ACTIONS.join(', ')}.` });

/** PUT /maker-checker/rules: the acting tenant's own rules, the complete set. */
export const makerCheckerRulesSaveSchema = z.strictObject({
  actions: z.array(actionSchema, { error: 'Send the list of actions, possibly empty.' }).max(CHECKED_ACTIONS.length),
});
export type MakerCheckerRulesSave = z.infer<typeof makerCheckerRulesSaveSchema>;

export const makerCheckerRulesSchema = z
  .strictObject({
    tenantId: answerId,
    /** The acting tenant's own rules. */
    actions: z.array(actionSchema),
    /** What binds the acting tenant: its own rules and those of every tenant above it. */
    effective: z.array(actionSchema),
  })
  .meta({ id: 'MakerCheckerRules' });
export type MakerCheckerRules = z.infer<typeof makerCheckerRulesSchema>;

export const checkRequestListQuerySchema = pagingQuerySchema.extend({
  status: z.enum(CHECK_REQUEST_STATUSES, { error: `A status is one of ${CHECK_REQUEST_STATUSES.join(', ')}.` }).optional(),
});
export type CheckRequestListQuery = z.infer<typeof checkRequestListQuerySchema>;

export const checkRequestIdParams = z.strictObject({ id: idSchema });
/** The longest note a checker may give with a decision (the queue's dialog holds it to this too). */
export const CHECK_DECISION_NOTE_MAX_LENGTH = 1000;
export const checkDecisionSchema = z.strictObject({ note: optionalText(CHECK_DECISION_NOTE_MAX_LENGTH, 'A note') });
export type CheckDecision = z.infer<typeof checkDecisionSchema>;

export const checkRequestSchema = z
  .strictObject({
    id: answerId,
    action: actionSchema,
    status: z.enum(CHECK_REQUEST_STATUSES),
    loanId: answerId,
    paymentId: answerId.nullable(),
    payload: z.record(z.string(), z.unknown()),
    makerUserId: answerId,
    makerName: z.string(),
    checkerUserId: answerId.nullable(),
    checkerName: z.string().nullable(),
    checkerNote: z.string().nullable(),
    tenantId: answerId,
    dateCreated: answerInstant,
    dateDecided: answerInstant.nullable(),
  })
  .meta({ id: 'CheckRequest' });
export type CheckRequest = z.infer<typeof checkRequestSchema>;
