/**
 * Loan products (issue 21, sales spec: /products, Product configurator): a company's catalogue of loans,
 * seen from its branches. Amounts are whole minor units of the product's ISO 4217 currency, answered as
 * JSON integers (exact: capped well below 2^53); the rate is a decimal text, never a float.
 */
import { z } from 'zod';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { pagingQuerySchema } from './paging';
import { requiredText } from './geo-list';
import { idSchema } from '../validation';
import { INTEREST_METHODS } from '../lending/repayment-schedule';
import { REPAYMENT_FREQUENCIES } from '../lending/schedule-dates';
import { isRateText, RATE_DECIMAL_PLACES } from '../lending/exact-rate';

/** A trillion rand in cents: far beyond any loan, and exact as a JSON number. */
export const MAX_MINOR = 100_000_000_000_000;
export const LOAN_PRODUCT_LIMITS = { nameMaxLength: 100, maxInstalments: 600, maxGrace: 120 } as const;
export const LOAN_PRODUCT_SORT_FIELDS = ['name', 'currency', 'dateCreated', 'annualRatePercent'] as const;

/** Whole minor units (cents), 0 or more unless `min` says otherwise. */
export const minorUnitsSchema = (what: string, min = 0) =>
  z
    .number({ error: `${what} is a whole number of minor units (cents).` })
    .int(`${what} is a whole number of minor units (cents), never a fraction.`)
    .min(min, `${what} is at least ${min} minor units.`)
    .max(MAX_MINOR, `${what} is at most ${MAX_MINOR} minor units.`);

export const currencySchema = z
  .string({ error: 'A currency is a three-letter ISO 4217 code, such as ZAR.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'A currency is a three-letter ISO 4217 code, such as ZAR.');

const RATE_MESSAGE = `An annual rate is a percentage written as text, such as "24.5", with at most ${RATE_DECIMAL_PLACES} decimal places.`;
export const annualRateSchema = z.string({ error: RATE_MESSAGE }).trim().refine(isRateText, RATE_MESSAGE);

const wholeCount = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} is a whole number.` })
    .int(`${what} is a whole number.`)
    .min(min, `${what} is at least ${min}.`)
    .max(max, `${what} is at most ${max}.`);

export const interestMethodSchema = z.enum(INTEREST_METHODS, { error: `An interest method is one of ${INTEREST_METHODS.join(', ')}.` });
export const repaymentFrequencySchema = z.enum(REPAYMENT_FREQUENCIES, {
  error: `A repayment frequency is one of ${REPAYMENT_FREQUENCIES.join(', ')}.`,
});

/** What the ranges and grace periods of a product must satisfy together. */
interface LoanProductTerms {
  minAmountMinor: number;
  maxAmountMinor: number;
  minInstalments: number;
  maxInstalments: number;
  graceOnPrincipal: number;
  graceOnInterestPayment: number;
}

/**
 * The rules across a product's fields, each on the field the user fixes: the API's schema and the
 * product form (which holds amounts as typed text and checks them as the user types) run the same ones.
 */
export function checkLoanProductTerms(p: LoanProductTerms, ctx: z.RefinementCtx) {
  if (p.maxAmountMinor < p.minAmountMinor)
    ctx.addIssue({ code: 'custom', path: ['maxAmountMinor'], message: 'The largest amount cannot be below the smallest.' });
  if (p.maxInstalments < p.minInstalments)
    ctx.addIssue({ code: 'custom', path: ['maxInstalments'], message: 'The most instalments cannot be fewer than the fewest.' });
  if (p.graceOnPrincipal >= p.minInstalments)
    ctx.addIssue({
      code: 'custom',
      path: ['graceOnPrincipal'],
      message: 'The grace on principal must leave at least one instalment that repays principal.',
    });
  if (p.graceOnInterestPayment > p.graceOnPrincipal)
    ctx.addIssue({
      code: 'custom',
      path: ['graceOnInterestPayment'],
      message: 'The grace on interest payment cannot be longer than the grace on principal.',
    });
}

export const loanProductSaveSchema = z
  .strictObject({
    name: requiredText(LOAN_PRODUCT_LIMITS.nameMaxLength, 'A name'),
    productCategoryId: idSchema,
    currency: currencySchema,
    minAmountMinor: minorUnitsSchema('The smallest amount', 1),
    maxAmountMinor: minorUnitsSchema('The largest amount', 1),
    minInstalments: wholeCount('The fewest instalments', 1, LOAN_PRODUCT_LIMITS.maxInstalments),
    maxInstalments: wholeCount('The most instalments', 1, LOAN_PRODUCT_LIMITS.maxInstalments),
    interestMethod: interestMethodSchema,
    annualRatePercent: annualRateSchema,
    repaymentFrequency: repaymentFrequencySchema,
    feePerInstalmentMinor: minorUnitsSchema('The fee per instalment').default(0),
    graceOnPrincipal: wholeCount('The grace on principal', 0, LOAN_PRODUCT_LIMITS.maxGrace).default(0),
    graceOnInterestPayment: wholeCount('The grace on interest payment', 0, LOAN_PRODUCT_LIMITS.maxGrace).default(0),
    arrearsToleranceMinor: minorUnitsSchema('The arrears tolerance').default(0),
    active: z.boolean({ error: 'Active is true or false.' }).default(true),
    tenantId: idSchema.optional(),
  })
  .superRefine(checkLoanProductTerms);
export type LoanProductSave = z.infer<typeof loanProductSaveSchema>;

export const loanProductListQuerySchema = pagingQuerySchema.extend({
  active: z.enum(['true', 'false'], { error: 'active is true or false.' }).optional(),
});
export type LoanProductListQuery = z.infer<typeof loanProductListQuerySchema>;

export const loanProductIdParams = z.strictObject({ id: idSchema });

/** One change of a product, loan or payment: who, when, and each changed field as [before, after]. */
export const lendingChangeSchema = z
  .strictObject({
    id: answerId,
    entity: z.enum(['product', 'loan', 'payment']),
    entityId: answerId,
    action: z.string(),
    changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
    userId: answerId.nullable(),
    userName: z.string().nullable(),
    dateCreated: answerInstant,
  })
  .meta({ id: 'LendingChange' });
export type LendingChange = z.infer<typeof lendingChangeSchema>;

export const loanProductSchema = z
  .strictObject({
    id: answerId,
    name: z.string(),
    productCategoryId: answerId,
    productCategoryName: z.string(),
    currency: z.string(),
    minAmountMinor: z.number().int(),
    maxAmountMinor: z.number().int(),
    minInstalments: answerCount,
    maxInstalments: answerCount,
    interestMethod: interestMethodSchema,
    annualRatePercent: z.string(),
    repaymentFrequency: repaymentFrequencySchema,
    feePerInstalmentMinor: z.number().int(),
    graceOnPrincipal: answerCount,
    graceOnInterestPayment: answerCount,
    arrearsToleranceMinor: z.number().int(),
    active: z.boolean(),
    tenantId: answerId,
    tenantName: z.string(),
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'LoanProduct' });
export type LoanProduct = z.infer<typeof loanProductSchema>;

export const loanProductDetailsSchema = loanProductSchema
  .extend({ history: z.array(lendingChangeSchema) })
  .meta({ id: 'LoanProductDetails' });
export type LoanProductDetails = z.infer<typeof loanProductDetailsSchema>;

export const productCategorySchema = z.strictObject({ id: answerId, code: z.string(), name: z.string() }).meta({ id: 'ProductCategory' });
export type ProductCategory = z.infer<typeof productCategorySchema>;

/** The spec's product configurator: a product offered to the acting tenant, under its category. */
export const productConfiguratorSchema = z
  .strictObject({
    productCategoryId: answerId,
    productCategoryName: z.string(),
    productId: answerId,
    productName: z.string(),
    currency: z.string(),
  })
  .meta({ id: 'ProductConfigurator' });
export type ProductConfigurator = z.infer<typeof productConfiguratorSchema>;

export const productConfiguratorAnswerSchema = z.strictObject({ productConfigurator: z.array(productConfiguratorSchema) });
