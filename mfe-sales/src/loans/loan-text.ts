/** What the loan screens say: the list, the application, a loan's page and its tabs, the checker's queue. */
import type { CheckedAction } from '@meridian/shared/contract/maker-checker';
import type { LoanStatus } from '@meridian/shared/contract/loan';

export const LOAN_TEXT = {
  loans: 'Loans',
  loan: 'Loan',
  noLoans: 'No loans yet.',
  searchLoans: 'Search client or product',
  filterByStatus: 'Filter by status',
  allStatuses: 'All statuses',
  client: 'Client',
  product: 'Product',
  amount: 'Amount',
  status: 'Status',
  disbursedOn: 'Disbursed',
  outstanding: 'Outstanding',
  arrearsDays: 'Days in arrears',
  submittedOn: 'Applied',
  apply: 'Apply for a loan',
  // The application
  applyTitle: 'Apply for a loan',
  chooseClient: 'Type a client’s name',
  chooseProduct: 'Type a product’s name',
  instalments: 'Number of instalments',
  note: 'Note (optional)',
  submitApplication: 'Submit the application',
  applied: 'Loan application submitted.',
  notAnAmount: 'Type an amount such as 15000 or 15 000,50.',
  pickClient: 'Choose the client.',
  pickProduct: 'Choose a product.',
  productsFailed: 'The products could not be loaded. Type again to retry.',
  noProducts: 'No product matches.',
  // A loan's page
  schedule: 'Schedule',
  payments: 'Payments',
  history: 'History',
  approve: 'Approve',
  reject: 'Reject',
  disburse: 'Disburse',
  writeOff: 'Write off',
  approvedAmount: 'Approved amount (empty: the amount applied for)',
  approvedShort: 'Approved amount',
  approveQuestion: 'Approve this loan?',
  rejectQuestion: 'Reject this application?',
  rejectDetail: 'A rejected application is closed: it cannot be approved later.',
  writeOffQuestion: 'Write this loan off?',
  writeOffDetail: 'What is still owed is written off: payments no longer change the loan.',
  approved: 'Loan approved.',
  rejected: 'Loan application rejected.',
  writtenOff: 'Loan written off.',
  noActions: 'Nothing more can be done with this loan.',
  pendingTitle: 'Waiting for a second user',
  totalDue: 'Total due',
  paid: 'Paid',
  rate: 'Annual rate',
  frequency: 'Repayment',
  overpayment: 'Overpaid',
  // Schedule
  number: 'No.',
  dueDate: 'Due',
  principal: 'Principal',
  interest: 'Interest',
  fees: 'Fees',
  total: 'Total',
  noSchedule: 'The schedule is made when the loan is disbursed.',
  instalmentPaid: 'Paid',
  instalmentOverdue: 'Overdue',
  instalmentPartlyPaid: 'Partly paid',
  instalmentDue: 'Due',
  // Payments
  paidOn: 'Paid on',
  reference: 'Reference',
  noPayments: 'No payments yet.',
  reversed: 'Reversed',
  // History
  when: 'When',
  who: 'Who',
  action: 'What',
  changes: 'Changes',
  noHistory: 'No changes yet.',
  unknownUser: '—',
  // The checker's queue
  approvals: 'Loan approvals',
  requests: 'Requests waiting for a checker',
  noRequests: 'No requests.',
  request: 'Request',
  maker: 'Made by',
  made: 'Made',
  checker: 'Checked by',
  allRequests: 'All requests',
  pending: 'Pending',
  requestApproved: 'Approved',
  requestRejected: 'Rejected',
  ownRequest: 'Yours: waits for another user',
  approveRequest: 'Approve request',
  rejectRequest: 'Reject request',
  withdrawRequest: 'Withdraw request',
  requestDone: 'Request approved: the action is done.',
  requestClosed: 'Request rejected.',
  decisionNote: 'Note (optional)',
  askedFor: 'Asked for',
} as const;

export const LOAN_STATUS_LABELS: Record<LoanStatus, string> = {
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  active: 'Active',
  closed: 'Closed',
  'written-off': 'Written off',
};

/** Tag colours: waiting warm, running blue, ended green or grey, lost red. */
export const LOAN_STATUS_COLOURS: Record<LoanStatus, string> = {
  submitted: 'gold',
  approved: 'cyan',
  rejected: 'default',
  active: 'blue',
  closed: 'green',
  'written-off': 'red',
};

export const CHECKED_ACTION_LABELS: Record<CheckedAction, string> = {
  'loan-approval': 'Loan approval',
  disbursement: 'Disbursement',
  'write-off': 'Write-off',
  'payment-reversal': 'Payment reversal',
};

/** What a 202 means to the maker: nothing happened yet. */
export const pendingText = (action: CheckedAction) =>
  `The ${CHECKED_ACTION_LABELS[action].toLowerCase()} waits for a second user: another user with the permission must approve it before anything changes.`;

export const rangeText = (low: string, high: string) => `From ${low} to ${high}.`;
export const amountRangeError = (low: string, high: string) => `This product lends from ${low} to ${high}.`;
export const instalmentsRangeError = (low: number, high: number) => `This product runs from ${low} to ${high} instalments.`;
export const loanTitle = (clientName: string, productName: string) => `${clientName} · ${productName}`;
export const historyActionLabel = (action: string) => action.replace(/[-_]/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
