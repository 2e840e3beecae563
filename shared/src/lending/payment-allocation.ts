/**
 * How repayments pay a loan's schedule (issue 21), after Fineract's default strategy: a repayment pays the
 * oldest instalment with anything outstanding first, and within it fees, then interest, then principal;
 * what is left once every instalment is paid is an overpayment, kept as the client's credit.
 *
 * Payments are never applied to stored balances one by one: the schedule's paid amounts are always the
 * replay of the loan's live payments in order, so a reversal (or a payment entered late, with an earlier
 * date) is the same replay without (or with) it, and the allocation cannot drift from the payments.
 */
export interface InstalmentDue {
  number: number;
  dueDate: string;
  principalMinor: bigint;
  interestMinor: bigint;
  feeMinor: bigint;
}

export interface PaymentToApply {
  id: string;
  /** YYYY-MM-DD, the day the money was received. */
  paidOn: string;
  amountMinor: bigint;
}

export interface InstalmentState extends InstalmentDue {
  paidFeeMinor: bigint;
  paidInterestMinor: bigint;
  paidPrincipalMinor: bigint;
}

export interface PortionPaid {
  paymentId: string;
  instalmentNumber: number;
  feeMinor: bigint;
  interestMinor: bigint;
  principalMinor: bigint;
}

export interface LoanReplay {
  instalments: InstalmentState[];
  portions: PortionPaid[];
  overpaymentMinor: bigint;
}

const COMPONENTS = [
  ['feeMinor', 'paidFeeMinor'],
  ['interestMinor', 'paidInterestMinor'],
  ['principalMinor', 'paidPrincipalMinor'],
] as const;

export const outstandingOf = (i: InstalmentState) =>
  i.feeMinor - i.paidFeeMinor + i.interestMinor - i.paidInterestMinor + i.principalMinor - i.paidPrincipalMinor;

const byDateThenId = (a: PaymentToApply, b: PaymentToApply) =>
  a.paidOn === b.paidOn ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.paidOn < b.paidOn ? -1 : 1;

/** Applies one payment to the states (changed in place); answers what it paid and what was left over. */
function applyPayment(states: InstalmentState[], payment: PaymentToApply): { portions: PortionPaid[]; leftMinor: bigint } {
  if (payment.amountMinor <= 0n) throw new RangeError('A payment must be more than zero.');
  let left = payment.amountMinor;
  const portions: PortionPaid[] = [];
  for (const state of states) {
    if (left === 0n) break;
    if (outstandingOf(state) === 0n) continue;
    const portion: PortionPaid = {
      paymentId: payment.id,
      instalmentNumber: state.number,
      feeMinor: 0n,
      interestMinor: 0n,
      principalMinor: 0n,
    };
    for (const [due, paid] of COMPONENTS) {
      const take = minBigint(left, state[due] - state[paid]);
      state[paid] += take;
      portion[due] += take;
      left -= take;
    }
    portions.push(portion);
  }
  return { portions, leftMinor: left };
}

/** The schedule as the loan's live payments, in the order they were received, have paid it. */
export function replayPayments(schedule: readonly InstalmentDue[], payments: readonly PaymentToApply[]): LoanReplay {
  const instalments = [...schedule]
    .sort((a, b) => a.number - b.number)
    .map((i): InstalmentState => ({ ...i, paidFeeMinor: 0n, paidInterestMinor: 0n, paidPrincipalMinor: 0n }));
  const portions: PortionPaid[] = [];
  let overpaymentMinor = 0n;
  for (const payment of [...payments].sort(byDateThenId)) {
    const applied = applyPayment(instalments, payment);
    portions.push(...applied.portions);
    overpaymentMinor += applied.leftMinor;
  }
  return { instalments, portions, overpaymentMinor };
}

/**
 * Days the loan is in arrears on `asOf` (YYYY-MM-DD): counted from the day after the due date of the oldest
 * instalment still owing, once what is overdue exceeds the product's arrears tolerance; 0 otherwise.
 */
export function arrearsDays(instalments: readonly InstalmentState[], asOf: string, toleranceMinor = 0n): number {
  const overdue = instalments.filter((i) => i.dueDate < asOf && outstandingOf(i) > 0n);
  const overdueMinor = overdue.reduce((total, i) => total + outstandingOf(i), 0n);
  if (overdue.length === 0 || overdueMinor <= toleranceMinor) return 0;
  return daysBetween(overdue[0]!.dueDate, asOf);
}

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const minBigint = (x: bigint, y: bigint) => (x < y ? x : y);
