/** What the payment screens say (issue 21, sales spec /clients/payments). */
import type { PaymentChannel } from '@meridian/shared/contract/loan-payment';

/** The channels as people name them, in the contract's order. */
export const CHANNEL_NAMES: Record<PaymentChannel, string> = {
  cash: 'Cash',
  'bank-transfer': 'Bank transfer',
  'mobile-money': 'Mobile money',
  'debit-order': 'Debit order',
  ussd: 'USSD',
};

export const PAYMENT_TEXT = {
  payments: 'Payments',
  searchPayments: 'Search by client or reference',
  noPayments: 'No payments yet.',
  newPayment: 'Take a payment',
  paidOn: 'Date paid',
  client: 'Client',
  loan: 'Loan',
  amount: 'Amount',
  reference: 'Reference',
  status: 'Status',
  taken: 'Taken',
  live: 'Paid',
  reversed: 'Reversed',
  allStatuses: 'Paid and reversed',
  onlyLive: 'Paid only',
  onlyReversed: 'Reversed only',
  filterByStatus: 'Filter by status',
  channel: 'Channel',
  paidFrom: 'Paid from',
  paidTo: 'Paid to',
  endBeforeStart: 'The end date cannot be before the start date; the list is narrowed by the start date only.',
  open: 'Open',
  backToPayments: 'Back to payments',
  // The form
  chooseLoan: 'Choose the loan',
  loanHint: 'Search by the client’s name or the product; only active loans take payments.',
  noLoanMatches: 'No active loan matches.',
  loanRequired: 'Choose the loan the payment is for.',
  amountHint: 'As the client paid it, e.g. 1 250.50',
  notAnAmount: 'Write an amount such as 1250.50 (at most two decimals).',
  referenceHint: 'The receipt, bank or mobile-money reference, if any.',
  takePayment: 'Take payment',
  paymentTaken: 'Payment taken.',
  paymentSaved: 'Payment saved.',
  outstanding: 'Outstanding',
  credit: 'Client’s credit',
  arrears: 'Arrears',
  arrearsDays: (days: number) => (days === 0 ? 'none' : `${days} day${days === 1 ? '' : 's'}`),
  takeAnother: 'Take another payment',
  openPayment: 'Open the payment',
  // Allocation
  allocation: 'How it was allocated',
  allocationOfThis: 'How this payment is allocated',
  fees: 'Fees',
  interest: 'Interest',
  principal: 'Principal',
  overpayment: 'Overpayment (kept as credit)',
  reversedPaysNothing: 'A reversed payment pays nothing: the loan’s schedule is as if it had never been made.',
  allocationBasis:
    'Oldest instalment first; within it fees, then interest, then principal, as the server replayed the loan’s live payments.',
  overpaid: 'Overpaid',
  // Edit and reverse
  noPaymentChosen: 'Open a payment from the list to amend or reverse it.',
  amend: 'Amend the payment',
  amendHint: 'Changing the amount or date replays every payment of the loan.',
  reverse: 'Reverse the payment',
  reverseQuestion: 'Reverse this payment?',
  reverseDetail:
    'The payment stays listed, marked reversed, and pays nothing; the loan’s instalments are paid again as if it had never been made.',
  reason: 'Reason for the reversal',
  reasonRequired: 'Give the reason for the reversal.',
  reasonTooLong: (max: number) => `The reason has at most ${max} characters.`,
  paymentReversed: 'Payment reversed.',
  reversalPending: 'Reversal waiting for approval',
  reversalPendingDetail: (maker: string) =>
    `The reversal was asked for by ${maker} and waits for a second user to approve it; until then the payment counts as paid.`,
  reversalPendingSince:
    'A reversal of this payment waits for a second user to approve it; until then the payment counts as paid and cannot be reversed again.',
  reversedAt: 'Reversed on',
  cannotChange: 'A reversed payment cannot change.',
} as const;
