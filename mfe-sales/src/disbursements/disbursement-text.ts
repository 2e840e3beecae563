/** What the disbursement screens say: the approved loans waiting, recent payouts and the Disburse drawer. */
import type { DisbursementChannel } from '@meridian/shared/contract/loan';

export const DISBURSEMENT_TEXT = {
  disbursements: 'Disbursements',
  waiting: 'Approved, waiting for disbursement',
  noneWaiting: 'No approved loan waits for disbursement.',
  recent: 'Recent disbursements',
  noneRecent: 'No disbursements yet.',
  searchLoans: 'Search client or product',
  client: 'Client',
  product: 'Product',
  approvedAmount: 'Approved amount',
  approvedOn: 'Approved',
  amount: 'Amount',
  disbursedOn: 'Date',
  channel: 'Channel',
  status: 'Status',
  disburse: 'Disburse',
  disburseTitle: 'Disburse the loan',
  note: 'Note (optional)',
  notAnAmount: 'Type an amount such as 15000 or 15 000,50.',
  disbursed: 'Loan disbursed: the repayment schedule is set.',
} as const;

export const CHANNEL_LABELS: Record<DisbursementChannel, string> = {
  cash: 'Cash',
  'bank-transfer': 'Bank transfer',
  'mobile-money': 'Mobile money',
};

export const overApprovedError = (approved: string) => `At most the approved amount, ${approved}.`;
export const disburseRowLabel = (clientName: string) => `${DISBURSEMENT_TEXT.disburse} ${clientName}`;
