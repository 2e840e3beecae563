/**
 * The lending screens' test kit (loans, disbursements, payments, consent forms; imported by *.test.tsx only):
 * credit staff signed in, a suite's fake server, and loans, instalments, products and maker-checker requests
 * as the API answers them. Other lending kits build on these records rather than write their own.
 */
import type { ClientMatch } from '@meridian/shared/contract/client';
import { formatMinor } from '@meridian/shared/money-text';
import type { Loan, LoanDetails, LoanInstalment } from '@meridian/shared/contract/loan';
import type { LoanProduct } from '@meridian/shared/contract/loan-product';
import type { CheckRequest } from '@meridian/shared/contract/maker-checker';
import { COMPANY, SALES_USER_ID, signInSales } from '../testing/sales-test-kit';

import { fail, fakeServer as pageServer, type FakeCall, type FakeReply } from '@meridian/shared/testing/page-test-kit';

export {
  confirmDialog,
  fail,
  ok,
  openPicker,
  page,
  pickOption,
  queryOf,
  renderAppPage as renderLoanPage,
  resetSession,
  typist,
  writes,
  type FakeCall,
  type FakeReply,
} from '@meridian/shared/testing/page-test-kit';
export { findDialog } from '../testing/sales-test-kit';

export type Answer = (call: FakeCall) => FakeReply | undefined;

/** The shared fake server, with the tenant's settings left to their defaults (a 404 the kit turns into them). */
export const fakeServer = (answer: Answer) =>
  pageServer((call) => answer(call) ?? (call.path.endsWith('/api/config/client') ? fail(404, 'NOT_FOUND', 'none') : undefined));

/** A suite's server: a test's own answers (`also`) are asked first, then the suite's usual ones. */
export const lendingServer = (usual: Answer, also: Answer = () => undefined) => fakeServer((call) => also(call) ?? usual(call));

export const LOAN_ID = '70000000-0000-4000-8000-000000000001';
export const CLIENT_ID = '30000000-0000-4000-8000-000000000001';
export const PRODUCT_ID = '60000000-0000-4000-8000-000000000001';
export const REQUEST_ID = '80000000-0000-4000-8000-000000000001';
export const OTHER_USER_ID = '20000000-0000-4000-8000-000000000099';
export { SALES_USER_ID };

/** Credit staff (decide, disburse, write off, check) unless told otherwise. */
export const signInCredit = (hierarchies: string[] = ['LOAN/DISBURSEMENTS']) => signInSales(hierarchies);

export const loan = (overrides: Partial<Loan> = {}): Loan => ({
  id: LOAN_ID,
  status: 'submitted',
  clientId: CLIENT_ID,
  clientName: 'Lerato Dube',
  productId: PRODUCT_ID,
  productName: 'Personal loan',
  currency: 'ZAR',
  principalMinor: 1_500_000,
  approvedMinor: null,
  disbursedMinor: null,
  instalments: 3,
  interestMethod: 'declining-balance',
  annualRatePercent: '24',
  repaymentFrequency: 'monthly',
  feePerInstalmentMinor: 0,
  graceOnPrincipal: 0,
  graceOnInterestPayment: 0,
  arrearsToleranceMinor: 0,
  submittedOn: '2026-01-05',
  approvedOn: null,
  rejectedOn: null,
  disbursedOn: null,
  disbursementChannel: null,
  firstDueDate: null,
  closedOn: null,
  writtenOffOn: null,
  note: null,
  outstandingMinor: 0,
  overpaymentMinor: 0,
  arrearsDays: 0,
  arrearsAsOf: null,
  tenantId: COMPANY,
  tenantName: 'Meridian Lending',
  dateCreated: '2026-01-05T08:00:00.000Z',
  dateModified: '2026-01-05T08:00:00.000Z',
  ...overrides,
});

export const instalment = (overrides: Partial<LoanInstalment> = {}): LoanInstalment => ({
  number: 1,
  dueDate: '2026-02-10',
  principalMinor: 490_000,
  interestMinor: 30_000,
  feeMinor: 5_000,
  totalMinor: 525_000,
  paidPrincipalMinor: 0,
  paidInterestMinor: 0,
  paidFeeMinor: 0,
  outstandingMinor: 525_000,
  ...overrides,
});

export const loanDetails = (overrides: Partial<LoanDetails> = {}): LoanDetails => ({
  ...loan(),
  schedule: [],
  totals: { dueMinor: 0, paidMinor: 0, outstandingMinor: 0 },
  history: [],
  ...overrides,
});

export const product = (overrides: Partial<LoanProduct> = {}): LoanProduct => ({
  id: PRODUCT_ID,
  name: 'Personal loan',
  productCategoryId: '61000000-0000-4000-8000-000000000001',
  productCategoryName: 'Personal',
  currency: 'ZAR',
  minAmountMinor: 100_000,
  maxAmountMinor: 5_000_000,
  minInstalments: 3,
  maxInstalments: 24,
  interestMethod: 'declining-balance',
  annualRatePercent: '24',
  repaymentFrequency: 'monthly',
  feePerInstalmentMinor: 5_000,
  graceOnPrincipal: 0,
  graceOnInterestPayment: 0,
  arrearsToleranceMinor: 0,
  active: true,
  tenantId: COMPANY,
  tenantName: 'Meridian Lending',
  dateCreated: '2025-01-01T08:00:00.000Z',
  dateModified: '2025-01-01T08:00:00.000Z',
  ...overrides,
});

export const clientMatch = (): ClientMatch => ({
  Id: CLIENT_ID,
  firstName: 'Lerato',
  lastName: 'Dube',
  emailAddress: null,
  mobile: '0821234567',
  idNumber: null,
  tenantName: 'Meridian Lending',
});

export const checkRequest = (overrides: Partial<CheckRequest> = {}): CheckRequest => ({
  id: REQUEST_ID,
  action: 'loan-approval',
  status: 'pending',
  loanId: LOAN_ID,
  paymentId: null,
  payload: {},
  makerUserId: OTHER_USER_ID,
  makerName: 'Sipho Dlamini',
  checkerUserId: null,
  checkerName: null,
  checkerNote: null,
  tenantId: COMPANY,
  dateCreated: '2026-01-06T08:00:00.000Z',
  dateDecided: null,
  ...overrides,
});

/** An amount as the page writes it, with plain spaces (toHaveTextContent reads the locale's no-break spaces so). */
export const rands = (minor: number) => formatMinor(minor, 'ZAR').replace(/\s/g, ' ');
