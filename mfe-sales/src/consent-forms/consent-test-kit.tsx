/** Test support for the consent form screens (imported by *.test.tsx only): forms as the API answers them, for a loan of the lending kit. */
import type { Loan } from '@meridian/shared/contract/loan';
import type { LoanConsent } from '@meridian/shared/contract/loan-consent';
import { loan } from '../loans/loans-test-kit';
import { COMPANY, SALES_USER_ID } from '../testing/sales-test-kit';

export const LOAN_ID = 'd0000000-0000-4000-8000-000000000001';
export const CONSENT_ID = 'e0000000-0000-4000-8000-000000000001';

/** A submitted application of R 12 000 (the lending kit's loan). */
export const loanRow = (overrides: Partial<Loan> = {}): Loan => loan({ id: LOAN_ID, principalMinor: 1_200_000, ...overrides });

export function consentRow(overrides: Partial<LoanConsent> = {}): LoanConsent {
  return {
    id: CONSENT_ID,
    kind: 'spousal',
    loanId: LOAN_ID,
    loanStatus: 'submitted',
    clientId: '50000000-0000-4000-8000-000000000001',
    clientName: 'Lerato Dube',
    productName: 'Personal loan',
    currency: 'ZAR',
    principalMinor: 1_200_000,
    signerName: 'Sipho Dube',
    idNumber: '8001015800085',
    phone: '0821234567',
    marriageRegime: 'in-community',
    address: null,
    relationship: null,
    monthlyIncomeMinor: null,
    guaranteedMinor: null,
    signedPlace: 'Soweto branch',
    signedAt: '2020-01-11T08:00:00.000Z',
    capturedUserId: SALES_USER_ID,
    capturedBy: 'Thandi Mokoena',
    voided: false,
    voidedAt: null,
    voidReason: null,
    tenantId: COMPANY,
    ...overrides,
  };
}
