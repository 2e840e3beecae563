/**
 * Loan payments (issue 21, sales spec /clients/payments): money received against a loan through a channel,
 * allocated by replaying every live payment of the loan onto its schedule (lending/payment-allocation.ts);
 * each answer carries the payment's allocation as the server's last replay stored it. A payment is edited
 * (amount, date, channel, reference) or reversed with a reason; a reversed payment stays listed, marked,
 * and pays nothing. A reversal held for a checker shows on the payment as `pendingReversal`.
 */
import { z } from 'zod';
import { answerDay, answerId, answerInstant } from './answer-fields';
import { optionalText } from './geo-list';
import { pagingQuerySchema } from './paging';
import { minorUnitsSchema } from './loan-product';
import { DISBURSEMENT_CHANNELS, daySchema } from './loan';
import { idSchema } from '../validation';

export const LOAN_PAYMENT_LIMITS = { referenceMaxLength: 100, noteMaxLength: 1000 } as const;
export const LOAN_PAYMENT_SORT_FIELDS = ['paidOn', 'amountMinor', 'dateCreated'] as const;

/** How the money came: the channels a loan is disbursed through, and the two only repayments come by. */
export const PAYMENT_CHANNELS = [...DISBURSEMENT_CHANNELS, 'debit-order', 'ussd'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];
/** What a payment taken without a channel is (older callers, imports): the counter's cash, as the stored payments before it were. */
export const DEFAULT_PAYMENT_CHANNEL: PaymentChannel = 'cash';
export const paymentChannelSchema = z.enum(PAYMENT_CHANNELS, { error: `A channel is one of ${PAYMENT_CHANNELS.join(', ')}.` });

const amountSchema = minorUnitsSchema('The amount paid', 1);
const referenceSchema = optionalText(LOAN_PAYMENT_LIMITS.referenceMaxLength, 'A reference');

export const loanPaymentCreateSchema = z.strictObject({
  loanId: idSchema,
  amountMinor: amountSchema,
  paidOn: daySchema,
  channel: paymentChannelSchema.default(DEFAULT_PAYMENT_CHANNEL),
  reference: referenceSchema,
});
export type LoanPaymentCreate = z.infer<typeof loanPaymentCreateSchema>;

/** The amount, day and reference as they are now; a channel left out stays as it was. */
export const loanPaymentUpdateSchema = z.strictObject({
  amountMinor: amountSchema,
  paidOn: daySchema,
  channel: paymentChannelSchema.optional(),
  reference: referenceSchema,
});
export type LoanPaymentUpdate = z.infer<typeof loanPaymentUpdateSchema>;

const REASON_REQUIRED = 'Give the reason for the reversal (note): it tells the checker and the loan’s history why.';
/** A reversal says why: the reason (`note`) goes to the checker, where one is needed, and into the loan's history. */
export const loanPaymentReverseSchema = z.strictObject({
  note: z
    .string({ error: REASON_REQUIRED })
    .trim()
    .min(1, REASON_REQUIRED)
    .max(LOAN_PAYMENT_LIMITS.noteMaxLength, `The reason has at most ${LOAN_PAYMENT_LIMITS.noteMaxLength} characters.`),
});
export type LoanPaymentReverse = z.infer<typeof loanPaymentReverseSchema>;

export const loanPaymentIdParams = z.strictObject({ id: idSchema });

/**
 * GET /clients/payments: paged; narrowed to one loan, to reversed or live payments, and to the days paid
 * from `from` to `to` (both included; a payment's day is already the tenant's calendar day).
 */
export const loanPaymentListQuerySchema = pagingQuerySchema
  .extend({
    loanId: idSchema.optional(),
    reversed: z.enum(['true', 'false'], { error: 'reversed is true or false.' }).optional(),
    from: daySchema.optional(),
    to: daySchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The end date (to) cannot be before the start date (from).',
    path: ['to'],
  });
export type LoanPaymentListQuery = z.infer<typeof loanPaymentListQuerySchema>;

/** What a payment paid, in the loan's minor units; all zero for a reversed payment. */
export const paymentAllocationSchema = z.strictObject({
  feeMinor: z.number().int(),
  interestMinor: z.number().int(),
  principalMinor: z.number().int(),
  overpaymentMinor: z.number().int(),
});
export type PaymentAllocation = z.infer<typeof paymentAllocationSchema>;

export const loanPaymentSchema = z
  .strictObject({
    id: answerId,
    loanId: answerId,
    clientId: answerId,
    clientName: z.string(),
    currency: z.string(),
    amountMinor: z.number().int(),
    paidOn: answerDay,
    channel: z.enum(PAYMENT_CHANNELS),
    reference: z.string().nullable(),
    allocation: paymentAllocationSchema,
    reversed: z.boolean(),
    reversedAt: answerInstant.nullable(),
    /** A reversal of it waits for a checker (maker-checker): it still counts until one approves. */
    pendingReversal: z.boolean(),
    tenantId: answerId,
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'LoanPayment' });
export type LoanPayment = z.infer<typeof loanPaymentSchema>;
