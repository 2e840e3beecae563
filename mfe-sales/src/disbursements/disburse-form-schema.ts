/**
 * The Disburse drawer's schema: the contract's (loanDisburseSchema), the amount typed as money text and
 * turned into minor units by its digits, at most the approved amount (the server holds the same rule).
 */
import { z } from 'zod';
import { loanDisburseSchema, type LoanDisburse } from '@meridian/shared/contract/loan';
import { formatMinor, minorFromText, minorToDecimalText } from '@meridian/shared/money-text';
import { DISBURSEMENT_TEXT, overApprovedError } from './disbursement-text';

/** What the drawer needs of the loan it pays out. */
export interface LoanToDisburse {
  id: string;
  clientName: string;
  currency: string;
  approvedMinor: number | null;
  principalMinor: number;
}

export const ceilingOf = (loan: LoanToDisburse) => loan.approvedMinor ?? loan.principalMinor;

export function disburseFormSchema(loan: LoanToDisburse) {
  const ceiling = ceilingOf(loan);
  return loanDisburseSchema.omit({ amountMinor: true }).extend({
    amount: z
      .string()
      .transform((text, ctx) => {
        const minor = minorFromText(text);
        if (minor === null) {
          ctx.addIssue({ code: 'custom', message: DISBURSEMENT_TEXT.notAnAmount });
          return z.NEVER;
        }
        return minor;
      })
      .pipe(loanDisburseSchema.shape.amountMinor.max(ceiling, overApprovedError(formatMinor(ceiling, loan.currency)))),
  });
}

export type DisburseFormInput = z.input<ReturnType<typeof disburseFormSchema>>;
export type DisburseFormValues = z.output<ReturnType<typeof disburseFormSchema>>;

export const DISBURSE_FIELDS = ['disbursedOn', 'amount', 'channel', 'note'] as const;

/** Today (in the tenant's zone), the approved amount and no channel chosen yet. */
export const disburseFormValues = (loan: LoanToDisburse, today: string): Partial<DisburseFormInput> => ({
  disbursedOn: today,
  amount: minorToDecimalText(ceilingOf(loan)),
  note: null,
});

export const disburseBody = ({ amount, ...rest }: DisburseFormValues): LoanDisburse => ({ ...rest, amountMinor: amount });
