/**
 * The repayment schedule of a loan, generated on disbursement (issue 21), after Apache Fineract's loan model:
 *
 * - Declining balance, equal instalments: each period's interest is the outstanding principal times the
 *   period's rate; the instalment is the annuity over the amortising periods; principal is what is left of
 *   the instalment after interest. Flat: interest on the whole principal for the whole term, spread evenly;
 *   principal spread evenly over the amortising periods.
 * - The period's rate is the nominal annual rate divided by the periods in a year (12, 26 or 52): Fineract's
 *   "interest calculated the same as the repayment period".
 * - Grace on principal: the first periods pay interest only. Grace on interest payment (never longer than the
 *   grace on principal): the first periods pay nothing; their interest is collected with the first instalment
 *   after it.
 * - Rounding: amounts are whole minor units of the product's currency. Declining balance: the instalment and
 *   each period's interest are rounded half to even. Flat: the total interest is rounded half to even, and the
 *   even shares of it and of the principal are rounded down (rounded up, a hundred shares could overshoot the
 *   total). Either way the last instalment takes what is left, so principal sums exactly to the amount lent.
 */
import { divideFraction, percentToFraction, roundHalfEven, applyRate, type Fraction } from './exact-rate';
import { addPeriods, type RepaymentFrequency } from './schedule-dates';

export const INTEREST_METHODS = ['declining-balance', 'flat'] as const;
export type InterestMethod = (typeof INTEREST_METHODS)[number];

export const PERIODS_PER_YEAR: Record<RepaymentFrequency, bigint> = { weekly: 52n, fortnightly: 26n, monthly: 12n };

export interface ScheduleTerms {
  principalMinor: bigint;
  /** Nominal annual rate in percent, a decimal with at most 4 places ("24.5"). */
  annualRatePercent: string;
  instalments: number;
  frequency: RepaymentFrequency;
  method: InterestMethod;
  /** The first instalment's due date, YYYY-MM-DD; the others follow one period apart. */
  firstDueDate: string;
  graceOnPrincipal?: number;
  graceOnInterestPayment?: number;
  /** A fixed charge collected with every instalment. */
  feePerInstalmentMinor?: bigint;
}

export interface ScheduledInstalment {
  number: number;
  dueDate: string;
  principalMinor: bigint;
  interestMinor: bigint;
  feeMinor: bigint;
  totalMinor: bigint;
  /** Principal still owed once this instalment is paid. */
  principalBalanceMinor: bigint;
}

export interface RepaymentSchedule {
  instalments: ScheduledInstalment[];
  totalPrincipalMinor: bigint;
  totalInterestMinor: bigint;
  totalFeeMinor: bigint;
  totalMinor: bigint;
}

/** What is wrong with the terms, in words a credit officer reads; null when they make a schedule. */
export function scheduleTermsProblem(terms: ScheduleTerms): string | null {
  const { instalments, graceOnPrincipal = 0, graceOnInterestPayment = 0 } = terms;
  if (terms.principalMinor <= 0n) return 'The amount lent must be more than zero.';
  if (!Number.isInteger(instalments) || instalments < 1) return 'A loan is repaid in at least one instalment.';
  if (!Number.isInteger(graceOnPrincipal) || graceOnPrincipal < 0 || graceOnPrincipal >= instalments)
    return 'The grace on principal must leave at least one instalment that repays principal.';
  if (!Number.isInteger(graceOnInterestPayment) || graceOnInterestPayment < 0 || graceOnInterestPayment > graceOnPrincipal)
    return 'The grace on interest payment cannot be longer than the grace on principal.';
  if ((terms.feePerInstalmentMinor ?? 0n) < 0n) return 'A fee cannot be negative.';
  return null;
}

export function periodRate(terms: Pick<ScheduleTerms, 'annualRatePercent' | 'frequency'>): Fraction {
  return divideFraction(percentToFraction(terms.annualRatePercent), PERIODS_PER_YEAR[terms.frequency]);
}

/**
 * The annuity that repays `principal` in `periods` equal instalments at `rate` a period, rounded half to even:
 * P·r·(1+r)^n / ((1+r)^n − 1), worked in integers as P·a·(b+a)^n / (b·((b+a)^n − b^n)) for r = a/b.
 */
export function equalInstalment(principal: bigint, rate: Fraction, periods: number): bigint {
  const { numerator: a, denominator: b } = rate;
  if (a === 0n) return roundHalfEven(principal, BigInt(periods));
  const grown = (b + a) ** BigInt(periods);
  return roundHalfEven(principal * a * grown, b * (grown - b ** BigInt(periods)));
}

interface PeriodSplit {
  principal: bigint;
  /** Interest this period earns (collected now or later). */
  interest: bigint;
}

function decliningBalanceSplits(terms: ScheduleTerms, rate: Fraction, graceOnPrincipal: number): PeriodSplit[] {
  const instalment = equalInstalment(terms.principalMinor, rate, terms.instalments - graceOnPrincipal);
  let balance = terms.principalMinor;
  return Array.from({ length: terms.instalments }, (_, index) => {
    const interest = applyRate(balance, rate);
    const last = index === terms.instalments - 1;
    const principal = index < graceOnPrincipal ? 0n : last ? balance : clamp(instalment - interest, 0n, balance);
    balance -= principal;
    return { principal, interest };
  });
}

function flatSplits(terms: ScheduleTerms, rate: Fraction, graceOnPrincipal: number): PeriodSplit[] {
  const n = BigInt(terms.instalments);
  const totalInterest = roundHalfEven(terms.principalMinor * rate.numerator * n, rate.denominator);
  const interestEach = totalInterest / n;
  const amortising = BigInt(terms.instalments - graceOnPrincipal);
  const principalEach = terms.principalMinor / amortising;
  return Array.from({ length: terms.instalments }, (_, index) => {
    const last = index === terms.instalments - 1;
    const principal = index < graceOnPrincipal ? 0n : last ? terms.principalMinor - principalEach * (amortising - 1n) : principalEach;
    const interest = last ? totalInterest - interestEach * (n - 1n) : interestEach;
    return { principal, interest };
  });
}

export function repaymentSchedule(terms: ScheduleTerms): RepaymentSchedule {
  const problem = scheduleTermsProblem(terms);
  if (problem) throw new RangeError(problem);
  const graceOnPrincipal = terms.graceOnPrincipal ?? 0;
  const graceOnInterestPayment = terms.graceOnInterestPayment ?? 0;
  const fee = terms.feePerInstalmentMinor ?? 0n;
  const rate = periodRate(terms);
  const splits =
    terms.method === 'flat' ? flatSplits(terms, rate, graceOnPrincipal) : decliningBalanceSplits(terms, rate, graceOnPrincipal);

  let balance = terms.principalMinor;
  let deferredInterest = 0n;
  const instalments = splits.map(({ principal, interest }, index): ScheduledInstalment => {
    let interestDue = 0n;
    if (index < graceOnInterestPayment) deferredInterest += interest;
    else [interestDue, deferredInterest] = [interest + deferredInterest, 0n];
    balance -= principal;
    return {
      number: index + 1,
      dueDate: addPeriods(terms.firstDueDate, terms.frequency, index),
      principalMinor: principal,
      interestMinor: interestDue,
      feeMinor: fee,
      totalMinor: principal + interestDue + fee,
      principalBalanceMinor: balance,
    };
  });
  const sum = (pick: (i: ScheduledInstalment) => bigint) => instalments.reduce((total, i) => total + pick(i), 0n);
  return {
    instalments,
    totalPrincipalMinor: sum((i) => i.principalMinor),
    totalInterestMinor: sum((i) => i.interestMinor),
    totalFeeMinor: sum((i) => i.feeMinor),
    totalMinor: sum((i) => i.totalMinor),
  };
}

/** Rounding can leave a tiny loan's instalment below its interest: principal is then nothing, never negative. */
const clamp = (x: bigint, low: bigint, high: bigint) => (x < low ? low : x > high ? high : x);
