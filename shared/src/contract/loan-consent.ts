/**
 * Consent forms of a loan application (issue 21, sales spec /spousalconsent and /guarantorform): a
 * spouse's consent to the loan, or a guarantor's undertaking, captured against a submitted or approved
 * loan with a signature drawn on screen, kept with a PDF copy.
 *
 * The signature travels as the PNG data URL a canvas makes (`data:image/png;base64,...`), at most
 * CONSENT_LIMITS.signatureMaxBytes once decoded; the server checks it is a real, non-blank PNG. The
 * moment of signing is the server's clock when the form is captured (the signature is drawn there and
 * then), stored in UTC. A form is never edited: a wrong one is voided (kept, marked) by credit staff and
 * captured again.
 */
import { z } from 'zod';
import { answerId, answerInstant } from './answer-fields';
import { pagingQuerySchema } from './paging';
import { minorUnitsSchema } from './loan-product';
import { idSchema, phoneSchema } from '../validation';

export const CONSENT_KINDS = ['spousal', 'guarantor'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
export const CONSENT_KIND_NAMES: Record<ConsentKind, string> = { spousal: 'Spousal consent', guarantor: 'Guarantor form' };

/** The matrimonial property regimes of South African law, and a customary marriage (the demo tenants' country). */
export const MARRIAGE_REGIMES = ['in-community', 'out-of-community-with-accrual', 'out-of-community-without-accrual', 'customary'] as const;
export type MarriageRegime = (typeof MARRIAGE_REGIMES)[number];
export const MARRIAGE_REGIME_NAMES: Record<MarriageRegime, string> = {
  'in-community': 'In community of property',
  'out-of-community-with-accrual': 'Out of community, with accrual',
  'out-of-community-without-accrual': 'Out of community, without accrual',
  customary: 'Customary marriage',
};

/** The loan states a consent form may be captured in: before the money is paid out. */
export const CONSENT_LOAN_STATES = ['submitted', 'approved'] as const;

const SIGNATURE_PREFIX = 'data:image/png;base64,';
export const CONSENT_LIMITS = {
  nameMaxLength: 200,
  idNumberMaxLength: 30,
  addressMaxLength: 500,
  relationshipMaxLength: 100,
  placeMaxLength: 200,
  reasonMaxLength: 500,
  /** A signature drawn on a phone at three device pixels per CSS pixel is 20 to 60 KB. */
  signatureMaxBytes: 200 * 1024,
} as const;
const SIGNATURE_MAX_CHARS = SIGNATURE_PREFIX.length + Math.ceil(CONSENT_LIMITS.signatureMaxBytes / 3) * 4;
export const CONSENT_SORT_FIELDS = ['signedAt', 'signerName'] as const;

export const CONSENT_MESSAGES = {
  signatureMissing: 'The signer signs on the pad before the form is saved.',
  signatureTooBig: `The signature is at most ${CONSENT_LIMITS.signatureMaxBytes / 1024} KB.`,
  signatureNotPng: 'The signature is a PNG image, sent as the data URL a canvas makes (data:image/png;base64,...).',
  signatureBlank: 'The signature is blank: the signer signs on the pad.',
} as const;

const requiredText = (max: number, what: string) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} has at most ${max} characters.`);

/** A national ID or passport number: letters and digits, spaces and dashes allowed between them. */
const idNumberSchema = z
  .string({ error: 'The ID number is required.' })
  .trim()
  .min(1, 'The ID number is required.')
  .max(CONSENT_LIMITS.idNumberMaxLength, `The ID number has at most ${CONSENT_LIMITS.idNumberMaxLength} characters.`)
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9 -]*[A-Za-z0-9])?$/, 'The ID number is letters and digits (spaces and dashes between them).');

export const signaturePngSchema = z
  .string({ error: CONSENT_MESSAGES.signatureMissing })
  .min(1, CONSENT_MESSAGES.signatureMissing)
  .max(SIGNATURE_MAX_CHARS, CONSENT_MESSAGES.signatureTooBig)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, CONSENT_MESSAGES.signatureNotPng);

/** What every form holds: the signer, where they signed, and the signature. */
const signerFields = {
  signerName: requiredText(CONSENT_LIMITS.nameMaxLength, 'The full name'),
  idNumber: idNumberSchema,
  phone: phoneSchema,
  signedPlace: requiredText(CONSENT_LIMITS.placeMaxLength, 'The place of signing'),
};

export const spousalConsentFieldsSchema = z.strictObject({
  ...signerFields,
  marriageRegime: z.enum(MARRIAGE_REGIMES, { error: 'Choose the marriage type.' }),
});
export type SpousalConsentFields = z.infer<typeof spousalConsentFieldsSchema>;

export const guarantorFieldsSchema = z.strictObject({
  ...signerFields,
  address: requiredText(CONSENT_LIMITS.addressMaxLength, 'The address'),
  relationship: requiredText(CONSENT_LIMITS.relationshipMaxLength, 'The relationship to the borrower'),
  monthlyIncomeMinor: minorUnitsSchema('The monthly income'),
  guaranteedMinor: minorUnitsSchema('The amount guaranteed', 1),
});
export type GuarantorFields = z.infer<typeof guarantorFieldsSchema>;

const captured = { loanId: idSchema, signaturePng: signaturePngSchema };

export const consentCreateSchema = z.discriminatedUnion(
  'kind',
  [
    spousalConsentFieldsSchema.extend({ kind: z.literal('spousal'), ...captured }),
    guarantorFieldsSchema.extend({ kind: z.literal('guarantor'), ...captured }),
  ],
  { error: `A kind is one of ${CONSENT_KINDS.join(', ')}.` },
);
export type ConsentCreate = z.infer<typeof consentCreateSchema>;

export const consentVoidSchema = z.strictObject({
  reason: requiredText(CONSENT_LIMITS.reasonMaxLength, 'The reason'),
});
export type ConsentVoid = z.infer<typeof consentVoidSchema>;

export const consentIdParams = z.strictObject({ id: idSchema });

export const consentListQuerySchema = pagingQuerySchema.extend({
  loanId: idSchema.optional(),
  kind: z.enum(CONSENT_KINDS, { error: `A kind is one of ${CONSENT_KINDS.join(', ')}.` }).optional(),
  voided: z.enum(['true', 'false'], { error: 'voided is true or false.' }).optional(),
});
export type ConsentListQuery = z.infer<typeof consentListQuerySchema>;

export const loanConsentSchema = z
  .strictObject({
    id: answerId,
    kind: z.enum(CONSENT_KINDS),
    loanId: answerId,
    loanStatus: z.string(),
    clientId: answerId,
    clientName: z.string(),
    productName: z.string(),
    currency: z.string(),
    principalMinor: z.number().int(),
    signerName: z.string(),
    idNumber: z.string(),
    phone: z.string(),
    marriageRegime: z.enum(MARRIAGE_REGIMES).nullable(),
    address: z.string().nullable(),
    relationship: z.string().nullable(),
    monthlyIncomeMinor: z.number().int().nullable(),
    guaranteedMinor: z.number().int().nullable(),
    signedPlace: z.string(),
    signedAt: answerInstant,
    capturedUserId: answerId,
    capturedBy: z.string(),
    voided: z.boolean(),
    voidedAt: answerInstant.nullable(),
    voidReason: z.string().nullable(),
    tenantId: answerId,
  })
  .meta({ id: 'LoanConsent' });
export type LoanConsent = z.infer<typeof loanConsentSchema>;

/** The words the signer agrees to, printed on the PDF and shown on screen before signing. */
export function consentText(
  consent: Pick<LoanConsent, 'kind' | 'signerName' | 'clientName' | 'guaranteedMinor'>,
  amounts: { principal: string; guaranteed: string | null },
  lender: string,
): string {
  if (consent.kind === 'spousal')
    return (
      `I, ${consent.signerName}, the spouse of ${consent.clientName}, consent to the loan of ${amounts.principal} for which ` +
      `${consent.clientName} has applied to ${lender}. I understand that, depending on our marriage regime, the loan may bind our joint ` +
      `estate, and I confirm that I give this consent freely and have had the chance to ask questions about it.`
    );
  return (
    `I, ${consent.signerName}, guarantee to ${lender} the repayment of the loan of ${amounts.principal} made to ` +
    `${consent.clientName}, up to ${amounts.guaranteed ?? amounts.principal}. Should ${consent.clientName} fail to pay what is due, ` +
    `I will pay it on demand, up to that amount. I confirm that the income I have declared is true and that I sign freely.`
  );
}

/** The file name a form's PDF is offered under. */
export const consentPdfFileName = (consent: Pick<LoanConsent, 'kind' | 'signerName'>) =>
  `${consent.kind === 'spousal' ? 'spousal-consent' : 'guarantor-form'}-${consent.signerName
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
