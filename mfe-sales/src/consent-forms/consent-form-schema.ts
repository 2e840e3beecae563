/**
 * The consent forms' schemas: the contract's own (shared/contract/loan-consent), so the browser checks
 * what the API checks, with money typed in major units as text and turned into integer minor units by its
 * digits (shared money-text.ts), never through a float, and the signature required (the pad's PNG).
 */
import { z } from 'zod';
import {
  guarantorFieldsSchema,
  signaturePngSchema,
  spousalConsentFieldsSchema,
  type ConsentCreate,
} from '@meridian/shared/contract/loan-consent';
import { minorFromText } from '@meridian/shared/money-text';
import { CONSENT_TEXT } from './consent-text';

const moneyText = (rule: z.ZodType<number, number>) =>
  z
    .string()
    .transform((text, ctx) => {
      const minor = minorFromText(text);
      if (minor === null) {
        ctx.addIssue({ code: 'custom', message: CONSENT_TEXT.notAnAmount });
        return z.NEVER;
      }
      return minor;
    })
    .pipe(rule);

export const spousalFormSchema = spousalConsentFieldsSchema.extend({ signaturePng: signaturePngSchema });
export type SpousalFormInput = z.input<typeof spousalFormSchema>;
export type SpousalFormValues = z.output<typeof spousalFormSchema>;

export const guarantorFormSchema = guarantorFieldsSchema.omit({ monthlyIncomeMinor: true, guaranteedMinor: true }).extend({
  monthlyIncome: moneyText(guarantorFieldsSchema.shape.monthlyIncomeMinor),
  guaranteed: moneyText(guarantorFieldsSchema.shape.guaranteedMinor),
  signaturePng: signaturePngSchema,
});
export type GuarantorFormInput = z.input<typeof guarantorFormSchema>;
export type GuarantorFormValues = z.output<typeof guarantorFormSchema>;

/** The fields a server refusal may name (money on its typed field). */
export const CONSENT_FORM_FIELDS = [
  'signerName',
  'idNumber',
  'phone',
  'marriageRegime',
  'address',
  'relationship',
  'monthlyIncome',
  'guaranteed',
  'signedPlace',
  'signaturePng',
] as const;

export const emptySpousalForm = (): SpousalFormInput => ({
  signerName: '',
  idNumber: '',
  phone: '',
  marriageRegime: undefined as unknown as SpousalFormInput['marriageRegime'],
  signedPlace: '',
  signaturePng: '',
});

export const emptyGuarantorForm = (): GuarantorFormInput => ({
  signerName: '',
  idNumber: '',
  phone: '',
  address: '',
  relationship: '',
  monthlyIncome: '',
  guaranteed: '',
  signedPlace: '',
  signaturePng: '',
});

/** POST /api/loan-consents. */
export const spousalBody = (loanId: string, values: SpousalFormValues): ConsentCreate => ({ kind: 'spousal', loanId, ...values });
export const guarantorBody = (loanId: string, { monthlyIncome, guaranteed, ...rest }: GuarantorFormValues): ConsentCreate => ({
  kind: 'guarantor',
  loanId,
  ...rest,
  monthlyIncomeMinor: monthlyIncome,
  guaranteedMinor: guaranteed,
});
