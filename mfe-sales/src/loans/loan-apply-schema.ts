/**
 * The loan application's form schema: the contract's (loanApplySchema), with the amount typed in major units
 * as text and turned into minor units by its digits (money-text.ts, never a float), and, once a product is
 * chosen, its amount and instalment ranges, so the form says what the product allows as the user types (the
 * server checks the same again).
 */
import { z } from 'zod';
import { loanApplySchema, type LoanApply } from '@meridian/shared/contract/loan';
import type { LoanProduct } from '@meridian/shared/contract/loan-product';
import { formatMinor, minorFromText } from '@meridian/shared/money-text';
import { amountRangeError, instalmentsRangeError, LOAN_TEXT } from './loan-text';

/** What the form needs of the chosen product. */
export type ProductTerms = Pick<
  LoanProduct,
  'id' | 'name' | 'currency' | 'minAmountMinor' | 'maxAmountMinor' | 'minInstalments' | 'maxInstalments'
>;

const amountOf = z.string().transform((text, ctx) => {
  const minor = minorFromText(text);
  if (minor === null) {
    ctx.addIssue({ code: 'custom', message: LOAN_TEXT.notAnAmount });
    return z.NEVER;
  }
  return minor;
});

export function loanApplyFormSchema(product: ProductTerms | null) {
  const principal = loanApplySchema.shape.principalMinor;
  const instalments = loanApplySchema.shape.instalments;
  return z.object({
    clientId: z.string({ error: LOAN_TEXT.pickClient }).pipe(loanApplySchema.shape.clientId),
    productId: z.string({ error: LOAN_TEXT.pickProduct }).pipe(loanApplySchema.shape.productId),
    amount: amountOf.pipe(
      product
        ? principal.refine((minor) => minor >= product.minAmountMinor && minor <= product.maxAmountMinor, {
            message: amountRangeError(
              formatMinor(product.minAmountMinor, product.currency),
              formatMinor(product.maxAmountMinor, product.currency),
            ),
          })
        : principal,
    ),
    instalments: product
      ? instalments
          .min(product.minInstalments, instalmentsRangeError(product.minInstalments, product.maxInstalments))
          .max(product.maxInstalments, instalmentsRangeError(product.minInstalments, product.maxInstalments))
      : instalments,
    note: loanApplySchema.shape.note,
  });
}

export type LoanApplyFormInput = z.input<ReturnType<typeof loanApplyFormSchema>>;
export type LoanApplyFormValues = z.output<ReturnType<typeof loanApplyFormSchema>>;

/** The fields a server refusal may name (principalMinor is shown on the amount field). */
export const LOAN_APPLY_FIELDS = ['clientId', 'productId', 'amount', 'instalments', 'note'] as const;

export const loanApplyBody = ({ amount, ...rest }: LoanApplyFormValues): LoanApply => ({ ...rest, principalMinor: amount });
