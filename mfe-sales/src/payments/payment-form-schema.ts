/**
 * The payment forms' schemas: the contract's (loanPaymentCreateSchema, loanPaymentUpdateSchema) with the
 * amount typed in major units as text and turned into integer minor units by its digits (shared
 * money-text.ts), never through a float; the contract's own rules then apply, as they do on the server.
 * The reversal's reason is required here: a reversal without one tells the checker and the history nothing.
 */
import { z } from 'zod';
import {
  DEFAULT_PAYMENT_CHANNEL,
  LOAN_PAYMENT_LIMITS,
  loanPaymentCreateSchema,
  loanPaymentUpdateSchema,
  paymentChannelSchema,
  PAYMENT_CHANNELS,
  type LoanPayment,
  type LoanPaymentCreate,
  type LoanPaymentUpdate,
} from '@meridian/shared/contract/loan-payment';
import { ApiError, isApiError } from '@meridian/shared/http/api-error';
import { minorFromText, minorToDecimalText } from '@meridian/shared/money-text';
import { CHANNEL_NAMES, PAYMENT_TEXT } from './payment-text';

const amountText = z
  .string()
  .transform((text, ctx) => {
    const minor = minorFromText(text);
    if (minor === null) {
      ctx.addIssue({ code: 'custom', message: PAYMENT_TEXT.notAnAmount });
      return z.NEVER;
    }
    return minor;
  })
  .pipe(loanPaymentCreateSchema.shape.amountMinor);

// The forms always send the channel (the contract lets older callers leave it out).
const amendFields = {
  amount: amountText,
  paidOn: loanPaymentUpdateSchema.shape.paidOn,
  channel: paymentChannelSchema,
  reference: loanPaymentUpdateSchema.shape.reference,
};

export const CHANNEL_CHOICES = PAYMENT_CHANNELS.map((value) => ({ value, label: CHANNEL_NAMES[value] }));
/** What the take form starts from: the channel the server gives a payment taken without one. */
export const STARTING_CHANNEL = DEFAULT_PAYMENT_CHANNEL;

export const paymentAmendSchema = z.object(amendFields);
export type PaymentAmendInput = z.input<typeof paymentAmendSchema>;
export type PaymentAmendValues = z.output<typeof paymentAmendSchema>;

export const paymentTakeSchema = z.object({
  loanId: z.string({ error: PAYMENT_TEXT.loanRequired }).min(1, PAYMENT_TEXT.loanRequired).pipe(loanPaymentCreateSchema.shape.loanId),
  ...amendFields,
});
export type PaymentTakeInput = z.input<typeof paymentTakeSchema>;
export type PaymentTakeValues = z.output<typeof paymentTakeSchema>;

/** The fields a server refusal may name; amountMinor is shown on the amount field. */
export const AMEND_FORM_FIELDS = ['amount', 'paidOn', 'channel', 'reference'] as const;
export const PAYMENT_FORM_FIELDS = ['loanId', ...AMEND_FORM_FIELDS] as const;

/** A refusal with its field errors named as the form names them: the server's `amountMinor` is the form's `amount`. */
export function asFormRefusal(error: unknown): unknown {
  if (!isApiError(error) || !error.fieldErrors.amountMinor) return error;
  const { amountMinor, ...rest } = error.fieldErrors;
  return new ApiError({
    status: error.status,
    code: error.code,
    message: error.message,
    fieldErrors: { ...rest, amount: [...(rest.amount ?? []), ...amountMinor] },
  });
}

export const takeBody = ({ amount, ...rest }: PaymentTakeValues): LoanPaymentCreate => ({ ...rest, amountMinor: amount });
export const amendBody = ({ amount, ...rest }: PaymentAmendValues): LoanPaymentUpdate => ({ ...rest, amountMinor: amount });

export const amendValuesOf = (payment: LoanPayment): PaymentAmendInput => ({
  amount: minorToDecimalText(payment.amountMinor),
  paidOn: payment.paidOn,
  channel: payment.channel,
  reference: payment.reference ?? '',
});

export const reverseReasonSchema = z
  .string()
  .trim()
  .min(1, PAYMENT_TEXT.reasonRequired)
  .max(LOAN_PAYMENT_LIMITS.noteMaxLength, PAYMENT_TEXT.reasonTooLong(LOAN_PAYMENT_LIMITS.noteMaxLength));
