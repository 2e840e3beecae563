/**
 * Loans (issue 21), after Apache Fineract's loan model: an application for a client against a product,
 * decided, disbursed (the schedule is generated and stored then), repaid and closed, or written off.
 *
 * submitted → approved → active → closed; submitted → rejected; active → written-off. A loan moves to
 * closed by itself when its schedule is fully paid. Any other move is a 409 naming both states.
 */
import { z } from 'zod';
import { answerCount, answerDay, answerId, answerInstant } from './answer-fields';
import { optionalText } from './geo-list';
import { pagingQuerySchema } from './paging';
import { interestMethodSchema, lendingChangeSchema, minorUnitsSchema, repaymentFrequencySchema } from './loan-product';
import { idSchema } from '../validation';

export const LOAN_STATUSES = ['submitted', 'approved', 'rejected', 'active', 'closed', 'written-off'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** Per status, where it may move to (closed is reached by repayment, never by hand). */
export const LOAN_MOVES: Record<LoanStatus, readonly LoanStatus[]> = {
  submitted: ['approved', 'rejected'],
  approved: ['active'],
  rejected: [],
  active: ['closed', 'written-off'],
  closed: [],
  'written-off': [],
};
export const canMoveLoan = (from: LoanStatus, to: LoanStatus) => LOAN_MOVES[from].includes(to);

export const DISBURSEMENT_CHANNELS = ['cash', 'bank-transfer', 'mobile-money'] as const;
export type DisbursementChannel = (typeof DISBURSEMENT_CHANNELS)[number];

export const LOAN_LIMITS = { noteMaxLength: 1000 } as const;
export const LOAN_SORT_FIELDS = ['dateCreated', 'submittedOn', 'disbursedOn', 'principalMinor', 'arrearsDays', 'status'] as const;

const DAY_MESSAGE = 'A date is written YYYY-MM-DD.';
export const daySchema = z.iso.date({ error: DAY_MESSAGE });

const noteSchema = optionalText(LOAN_LIMITS.noteMaxLength, 'A note');

export const loanApplySchema = z.strictObject({
  clientId: idSchema,
  productId: idSchema,
  principalMinor: minorUnitsSchema('The amount', 1),
  instalments: z.number({ error: 'The number of instalments is a whole number.' }).int('The number of instalments is a whole number.'),
  submittedOn: daySchema.optional(),
  note: noteSchema,
});
export type LoanApply = z.infer<typeof loanApplySchema>;

export const loanApproveSchema = z.strictObject({
  approvedOn: daySchema.optional(),
  /** Less than applied for, if the credit committee says so; the amount applied for without it. */
  approvedMinor: minorUnitsSchema('The approved amount', 1).optional(),
  note: noteSchema,
});
export type LoanApprove = z.infer<typeof loanApproveSchema>;

export const loanRejectSchema = z.strictObject({ rejectedOn: daySchema.optional(), note: noteSchema });
export type LoanReject = z.infer<typeof loanRejectSchema>;

export const loanDisburseSchema = z.strictObject({
  disbursedOn: daySchema,
  amountMinor: minorUnitsSchema('The amount disbursed', 1),
  channel: z.enum(DISBURSEMENT_CHANNELS, { error: `A channel is one of ${DISBURSEMENT_CHANNELS.join(', ')}.` }),
  note: noteSchema,
});
export type LoanDisburse = z.infer<typeof loanDisburseSchema>;

export const loanWriteOffSchema = z.strictObject({ writtenOffOn: daySchema.optional(), note: noteSchema });
export type LoanWriteOff = z.infer<typeof loanWriteOffSchema>;

export const loanIdParams = z.strictObject({ id: idSchema });

export const loanListQuerySchema = pagingQuerySchema.extend({
  status: z.enum(LOAN_STATUSES, { error: `A status is one of ${LOAN_STATUSES.join(', ')}.` }).optional(),
  clientId: idSchema.optional(),
});
export type LoanListQuery = z.infer<typeof loanListQuerySchema>;

export const disbursementListQuerySchema = pagingQuerySchema;

export const loanSchema = z
  .strictObject({
    id: answerId,
    status: z.enum(LOAN_STATUSES),
    clientId: answerId,
    clientName: z.string(),
    productId: answerId,
    productName: z.string(),
    currency: z.string(),
    principalMinor: z.number().int(),
    approvedMinor: z.number().int().nullable(),
    disbursedMinor: z.number().int().nullable(),
    instalments: answerCount,
    interestMethod: interestMethodSchema,
    annualRatePercent: z.string(),
    repaymentFrequency: repaymentFrequencySchema,
    feePerInstalmentMinor: z.number().int(),
    graceOnPrincipal: answerCount,
    graceOnInterestPayment: answerCount,
    arrearsToleranceMinor: z.number().int(),
    submittedOn: answerDay,
    approvedOn: answerDay.nullable(),
    rejectedOn: answerDay.nullable(),
    disbursedOn: answerDay.nullable(),
    disbursementChannel: z.enum(DISBURSEMENT_CHANNELS).nullable(),
    firstDueDate: answerDay.nullable(),
    closedOn: answerDay.nullable(),
    writtenOffOn: answerDay.nullable(),
    note: z.string().nullable(),
    outstandingMinor: z.number().int(),
    overpaymentMinor: z.number().int(),
    arrearsDays: answerCount,
    arrearsAsOf: answerDay.nullable(),
    tenantId: answerId,
    tenantName: z.string(),
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'Loan' });
export type Loan = z.infer<typeof loanSchema>;

export const loanInstalmentSchema = z
  .strictObject({
    number: answerCount,
    dueDate: answerDay,
    principalMinor: z.number().int(),
    interestMinor: z.number().int(),
    feeMinor: z.number().int(),
    totalMinor: z.number().int(),
    paidPrincipalMinor: z.number().int(),
    paidInterestMinor: z.number().int(),
    paidFeeMinor: z.number().int(),
    outstandingMinor: z.number().int(),
  })
  .meta({ id: 'LoanInstalment' });
export type LoanInstalment = z.infer<typeof loanInstalmentSchema>;

export const loanDetailsSchema = loanSchema
  .extend({
    schedule: z.array(loanInstalmentSchema),
    totals: z.strictObject({
      dueMinor: z.number().int(),
      paidMinor: z.number().int(),
      outstandingMinor: z.number().int(),
    }),
    history: z.array(lendingChangeSchema),
  })
  .meta({ id: 'LoanDetails' });
export type LoanDetails = z.infer<typeof loanDetailsSchema>;

/** A disbursement, as the /disbursements list shows it: an active (or later) loan's payout. */
export const disbursementSchema = z
  .strictObject({
    loanId: answerId,
    clientId: answerId,
    clientName: z.string(),
    productName: z.string(),
    currency: z.string(),
    amountMinor: z.number().int(),
    disbursedOn: answerDay,
    channel: z.enum(DISBURSEMENT_CHANNELS),
    status: z.enum(LOAN_STATUSES),
    tenantId: answerId,
  })
  .meta({ id: 'Disbursement' });
export type Disbursement = z.infer<typeof disbursementSchema>;
