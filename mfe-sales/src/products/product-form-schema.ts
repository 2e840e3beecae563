/**
 * The loan product form's schema: the contract's own fields and cross-field rules (loanProductSaveSchema,
 * checkLoanProductTerms), so the browser checks what the API checks, as the user types. Amounts are typed
 * in major units as text and become whole minor units by their digits (minorFromText), never through a
 * float; the form keeps the contract's field names, so a server refusal of `maxAmountMinor` lands on the
 * field where the largest amount is typed. The rate stays the decimal text the contract holds.
 */
import { z } from 'zod';
import {
  checkLoanProductTerms,
  loanProductSaveSchema,
  type LoanProduct,
  type LoanProductSave,
} from '@meridian/shared/contract/loan-product';
import { minorFromText, minorToDecimalText } from '@meridian/shared/money-text';
import { PRODUCT_TEXT } from './product-text';

const field = loanProductSaveSchema.shape;

/** Text typed in major units, as the contract's whole minor units. */
const amountText = (contractField: z.ZodType<number, number>) =>
  z
    .string()
    .transform((text, ctx) => {
      const minor = minorFromText(text);
      if (minor === null) {
        ctx.addIssue({ code: 'custom', message: PRODUCT_TEXT.notAnAmount });
        return z.NEVER;
      }
      return minor;
    })
    .pipe(contractField);

export const productFormSchema = z
  .object({
    name: field.name,
    productCategoryId: z.string({ error: PRODUCT_TEXT.chooseCategory }).pipe(field.productCategoryId),
    currency: field.currency,
    minAmountMinor: amountText(field.minAmountMinor),
    maxAmountMinor: amountText(field.maxAmountMinor),
    minInstalments: field.minInstalments,
    maxInstalments: field.maxInstalments,
    interestMethod: field.interestMethod,
    annualRatePercent: field.annualRatePercent,
    repaymentFrequency: field.repaymentFrequency,
    feePerInstalmentMinor: amountText(field.feePerInstalmentMinor.unwrap()),
    graceOnPrincipal: field.graceOnPrincipal.unwrap(),
    graceOnInterestPayment: field.graceOnInterestPayment.unwrap(),
    arrearsToleranceMinor: amountText(field.arrearsToleranceMinor.unwrap()),
    active: field.active.unwrap(),
  })
  .superRefine(checkLoanProductTerms);

export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

/** The fields a server refusal may name, for applyFieldErrors. */
export const PRODUCT_FORM_FIELDS = [
  'name',
  'productCategoryId',
  'currency',
  'minAmountMinor',
  'maxAmountMinor',
  'minInstalments',
  'maxInstalments',
  'interestMethod',
  'annualRatePercent',
  'repaymentFrequency',
  'feePerInstalmentMinor',
  'graceOnPrincipal',
  'graceOnInterestPayment',
  'arrearsToleranceMinor',
  'active',
] as const satisfies readonly (keyof ProductFormInput)[];

/** A stored product as the form shows it (amounts as decimal text), or a new one's starting values. */
export const productFormValues = (product: LoanProduct | null, defaultCurrency: string): ProductFormInput =>
  product
    ? {
        name: product.name,
        productCategoryId: product.productCategoryId,
        currency: product.currency,
        minAmountMinor: minorToDecimalText(product.minAmountMinor),
        maxAmountMinor: minorToDecimalText(product.maxAmountMinor),
        minInstalments: product.minInstalments,
        maxInstalments: product.maxInstalments,
        interestMethod: product.interestMethod,
        annualRatePercent: product.annualRatePercent,
        repaymentFrequency: product.repaymentFrequency,
        feePerInstalmentMinor: minorToDecimalText(product.feePerInstalmentMinor),
        graceOnPrincipal: product.graceOnPrincipal,
        graceOnInterestPayment: product.graceOnInterestPayment,
        arrearsToleranceMinor: minorToDecimalText(product.arrearsToleranceMinor),
        active: product.active,
      }
    : {
        name: '',
        // Left unchosen: the schema asks for one.
        productCategoryId: null as unknown as string,
        currency: defaultCurrency,
        minAmountMinor: '',
        maxAmountMinor: '',
        minInstalments: 1,
        maxInstalments: 12,
        interestMethod: 'declining-balance',
        annualRatePercent: '',
        repaymentFrequency: 'monthly',
        feePerInstalmentMinor: '0',
        graceOnPrincipal: 0,
        graceOnInterestPayment: 0,
        arrearsToleranceMinor: '0',
        active: true,
      };

/** The body of POST /loan-products and PUT /loan-products/{id}: the form's values, amounts in whole minor units. */
export const productSaveBody = (values: ProductFormValues): LoanProductSave => values;
