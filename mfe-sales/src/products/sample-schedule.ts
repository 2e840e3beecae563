/**
 * The schedule preview's arithmetic: the product as typed so far, a sample loan (the amount and term the user
 * typed, else the middle of the product's ranges) and its repayment schedule from shared/lending, the code
 * the server runs on disbursement. Amounts are whole minor units throughout (minorFromText, bigint).
 */
import { LOAN_PRODUCT_LIMITS } from '@meridian/shared/contract/loan-product';
import { isRateText } from '@meridian/shared/lending/exact-rate';
import {
  INTEREST_METHODS,
  repaymentSchedule,
  scheduleTermsProblem,
  type RepaymentSchedule,
  type ScheduleTerms,
} from '@meridian/shared/lending/repayment-schedule';
import { addPeriods, REPAYMENT_FREQUENCIES } from '@meridian/shared/lending/schedule-dates';
import { minorFromText } from '@meridian/shared/money-text';
import type { ProductFormInput } from './product-form-schema';
import { PRODUCT_TEXT } from './product-text';

/** What the user typed into the preview's own fields; blank means "the middle of the range". */
export interface SampleTyped {
  amount: string;
  instalments: string;
}

export type SamplePreview =
  | { status: 'waiting' }
  | { status: 'refused'; message: string }
  | {
      status: 'ready';
      schedule: RepaymentSchedule;
      amountMinor: number;
      instalments: number;
      /** The middle of the range stood in for what the user did not type. */
      defaulted: { amount: boolean; instalments: boolean };
      outsideRange: boolean;
    };

const wholeNumber = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);
const typedWholeNumber = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null);
const amountOf = (value: unknown) => (typeof value === 'string' ? minorFromText(value) : null);
const isOneOf = <T extends string>(choices: readonly T[], value: unknown): value is T => choices.includes(value as T);

/** The product's terms as typed, or null while one of those the schedule needs is not valid yet. */
function typedProduct(form: Partial<ProductFormInput>) {
  const minAmount = amountOf(form.minAmountMinor);
  const maxAmount = amountOf(form.maxAmountMinor);
  const minInstalments = wholeNumber(form.minInstalments);
  const maxInstalments = wholeNumber(form.maxInstalments);
  const fee = amountOf(form.feePerInstalmentMinor);
  const graceOnPrincipal = wholeNumber(form.graceOnPrincipal);
  const graceOnInterestPayment = wholeNumber(form.graceOnInterestPayment);
  const rate = typeof form.annualRatePercent === 'string' ? form.annualRatePercent.trim() : '';
  if (
    minAmount === null ||
    maxAmount === null ||
    minInstalments === null ||
    maxInstalments === null ||
    fee === null ||
    graceOnPrincipal === null ||
    graceOnInterestPayment === null ||
    !isRateText(rate) ||
    !isOneOf(INTEREST_METHODS, form.interestMethod) ||
    !isOneOf(REPAYMENT_FREQUENCIES, form.repaymentFrequency)
  )
    return null;
  return {
    minAmount,
    maxAmount,
    minInstalments,
    maxInstalments,
    fee,
    graceOnPrincipal,
    graceOnInterestPayment,
    rate,
    method: form.interestMethod,
    frequency: form.repaymentFrequency,
  };
}

/** The sample loan's schedule, its first instalment one period after `today` (YYYY-MM-DD, the tenant's day). */
export function samplePreview(form: Partial<ProductFormInput>, typed: SampleTyped, today: string): SamplePreview {
  const product = typedProduct(form);
  if (!product) return { status: 'waiting' };
  const amountTyped = typed.amount.trim() !== '';
  const instalmentsTyped = typed.instalments.trim() !== '';
  // Integer halves: the middle of a range of minor units is itself whole minor units.
  const amountMinor = amountTyped
    ? minorFromText(typed.amount)
    : product.minAmount + Math.floor((product.maxAmount - product.minAmount) / 2);
  if (amountMinor === null) return { status: 'refused', message: PRODUCT_TEXT.notAnAmount };
  const instalments = instalmentsTyped
    ? typedWholeNumber(typed.instalments)
    : product.minInstalments + Math.floor((product.maxInstalments - product.minInstalments) / 2);
  if (instalments === null || instalments > LOAN_PRODUCT_LIMITS.maxInstalments)
    return { status: 'refused', message: `The sample is repaid in 1 to ${LOAN_PRODUCT_LIMITS.maxInstalments} instalments.` };
  const terms: ScheduleTerms = {
    principalMinor: BigInt(amountMinor),
    annualRatePercent: product.rate,
    instalments,
    frequency: product.frequency,
    method: product.method,
    firstDueDate: addPeriods(today, product.frequency, 1),
    graceOnPrincipal: product.graceOnPrincipal,
    graceOnInterestPayment: product.graceOnInterestPayment,
    feePerInstalmentMinor: BigInt(product.fee),
  };
  const problem = scheduleTermsProblem(terms);
  if (problem) return { status: 'refused', message: problem };
  return {
    status: 'ready',
    schedule: repaymentSchedule(terms),
    amountMinor,
    instalments,
    defaulted: { amount: !amountTyped, instalments: !instalmentsTyped },
    outsideRange:
      amountMinor < product.minAmount ||
      amountMinor > product.maxAmount ||
      instalments < product.minInstalments ||
      instalments > product.maxInstalments,
  };
}
