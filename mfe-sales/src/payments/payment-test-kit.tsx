/** Test support for the payment screens (imported by *.test.tsx only): loans and payments as the API answers them. */
import type { Loan, LoanDetails } from '@meridian/shared/contract/loan';
import type { LoanPayment } from '@meridian/shared/contract/loan-payment';
import type { CheckRequest } from '@meridian/shared/contract/maker-checker';
import { checkRequest, instalment as lendingInstalment, loan as lendingLoan } from '../loans/loans-test-kit';
import { COMPANY, SALES_USER_ID } from '../testing/sales-test-kit';

export const LOAN_ID = 'a0000000-0000-4000-8000-000000000001';
export const CLIENT_ID = 'b0000000-0000-4000-8000-000000000001';
export const PAYMENT_ID = 'c0000000-0000-4000-8000-000000000001';
export const NEW_PAYMENT_ID = 'c0000000-0000-4000-8000-000000000002';

/** An active loan of R 200,00 in two instalments, R 180,00 still owed and 9 days in arrears. */
export const loan = (overrides: Partial<Loan> = {}): Loan =>
  lendingLoan({
    id: LOAN_ID,
    status: 'active',
    clientId: CLIENT_ID,
    productName: 'Business loan',
    principalMinor: 20000,
    approvedMinor: 20000,
    disbursedMinor: 20000,
    instalments: 2,
    interestMethod: 'flat',
    annualRatePercent: '60',
    feePerInstalmentMinor: 500,
    submittedOn: '2025-01-01',
    approvedOn: '2025-01-02',
    disbursedOn: '2025-01-03',
    disbursementChannel: 'cash',
    firstDueDate: '2025-02-01',
    outstandingMinor: 18000,
    arrearsDays: 9,
    arrearsAsOf: '2025-02-10',
    dateCreated: '2025-01-01T08:00:00.000Z',
    dateModified: '2025-01-03T08:00:00.000Z',
    ...overrides,
  });

const instalment = (number: number, dueDate: string) =>
  lendingInstalment({
    number,
    dueDate,
    principalMinor: 10000,
    interestMinor: 1000,
    feeMinor: 500,
    totalMinor: 11500,
    outstandingMinor: 11500,
  });

/** Two instalments of 100.00 principal, 10.00 interest and 5.00 fees each. */
export const loanDetails = (overrides: Partial<LoanDetails> = {}): LoanDetails => ({
  ...loan(),
  schedule: [instalment(1, '2025-02-01'), instalment(2, '2025-03-01')],
  totals: { dueMinor: 23000, paidMinor: 5000, outstandingMinor: 18000 },
  history: [],
  ...overrides,
});

export const payment = (overrides: Partial<LoanPayment> = {}): LoanPayment => ({
  id: PAYMENT_ID,
  loanId: LOAN_ID,
  clientId: CLIENT_ID,
  clientName: 'Lerato Dube',
  currency: 'ZAR',
  amountMinor: 5000,
  paidOn: '2025-01-20',
  channel: 'cash',
  reference: 'RCPT-1',
  // Instalment 1's fee and interest, and 35.00 of its principal.
  allocation: { feeMinor: 500, interestMinor: 1000, principalMinor: 3500, overpaymentMinor: 0 },
  reversed: false,
  reversedAt: null,
  pendingReversal: false,
  tenantId: COMPANY,
  dateCreated: '2025-01-20T09:00:00.000Z',
  dateModified: '2025-01-20T09:00:00.000Z',
  ...overrides,
});

export const pendingReversal = (): CheckRequest =>
  checkRequest({
    id: 'e0000000-0000-4000-8000-000000000001',
    action: 'payment-reversal',
    loanId: LOAN_ID,
    paymentId: PAYMENT_ID,
    payload: { note: 'Bounced' },
    makerUserId: SALES_USER_ID,
    makerName: 'Thandi Mokoena',
    dateCreated: '2025-02-10T09:00:00.000Z',
  });
