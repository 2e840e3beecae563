/**
 * The portfolio reports' figures the ledger stores with each replay (migration 046), worked out from the replay's
 * outcome: exactly what the general queries of portfolio-reports (loan-position.ts, collections-summary.ts) would
 * compute from the stored schedule and allocations, so a report sums stored columns instead of reading every
 * loan's rows. Pure: money in bigint, days as YYYY-MM-DD.
 */
import { PORTFOLIO_REPORT_LIMITS } from '@meridian/shared/contract/portfolio-report';
import { addDays } from '@meridian/shared/lending/schedule-dates';
import type { InstalmentState, PaymentToApply } from '@meridian/shared/lending/payment-allocation';
import type { StoredAllocation } from './loan-ledger';

const owedOf = (i: InstalmentState) => i.principalMinor + i.interestMinor + i.feeMinor;
const paidOf = (i: InstalmentState) => i.paidPrincipalMinor + i.paidInterestMinor + i.paidFeeMinor;
const allocatedOf = (a: StoredAllocation | undefined) => (a ? a.feeMinor + a.interestMinor + a.principalMinor : 0n);
const clamp = (x: bigint, low: bigint, high: bigint) => (x < low ? low : x > high ? high : x);

/** What falls due strictly before `day` (S(day) in loan-position.ts). */
const dueBefore = (schedule: readonly InstalmentState[], day: string) =>
  schedule.reduce((sum, i) => (i.dueDate < day ? sum + owedOf(i) : sum), 0n);

/**
 * Per instalment number: what the payments made by its due date paid of it. The replay fills instalments in
 * order, so that is what they paid in all, less what fell due before it, kept between 0 and the instalment.
 */
export function paidOnTime(
  schedule: readonly InstalmentState[],
  payments: readonly PaymentToApply[],
  shares: ReadonlyMap<string, StoredAllocation>,
): Map<number, bigint> {
  return new Map(
    schedule.map((i) => {
      const paidByDue = payments.reduce((sum, p) => (p.paidOn <= i.dueDate ? sum + allocatedOf(shares.get(p.id)) : sum), 0n);
      return [i.number, clamp(paidByDue - dueBefore(schedule, i.dueDate), 0n, owedOf(i))];
    }),
  );
}

const byDayThenId = (a: PaymentToApply, b: PaymentToApply) =>
  a.paidOn === b.paidOn ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.paidOn < b.paidOn ? -1 : 1;

/**
 * Per payment id: the part of its allocation that paid instalments due before the day it was made. In the
 * replay's order a payment fills the stretch [E, E + A) of the schedule laid end to end (E: what the payments
 * before it paid); what was overdue that day is the stretch [0, S(day)).
 */
export function arrearsRecovered(
  schedule: readonly InstalmentState[],
  payments: readonly PaymentToApply[],
  shares: ReadonlyMap<string, StoredAllocation>,
): Map<string, bigint> {
  const recovered = new Map<string, bigint>();
  let earlier = 0n;
  for (const p of [...payments].sort(byDayThenId)) {
    const allocated = allocatedOf(shares.get(p.id));
    const overdue = dueBefore(schedule, p.paidOn);
    recovered.set(p.id, clamp((earlier + allocated < overdue ? earlier + allocated : overdue) - earlier, 0n, allocated));
    earlier += allocated;
  }
  return recovered;
}

export interface BookFigures {
  outstandingPrincipalMinor: bigint;
  /** The first day the loan is more than 30 days in arrears as its payments stand (null: never). */
  atRiskFrom: string | null;
}

/**
 * The loan's principal still owed and the day from which it counts as at risk, true for every day on or after its
 * last live payment (its paid total P is then all the replay paid). With c(k) the schedule's amount due through
 * instalment k, the loan is at risk at D when P < S(D - 30) and S(D) - P exceeds its tolerance: that is when
 * D - 30 is after the due date of the first instalment with c(k) > P, and D is after that of the first with
 * c(k) > P + tolerance.
 */
export function bookFigures(schedule: readonly InstalmentState[], toleranceMinor: bigint): BookFigures {
  const ordered = [...schedule].sort((a, b) => a.number - b.number);
  const paid = ordered.reduce((sum, i) => sum + paidOf(i), 0n);
  const outstandingPrincipalMinor = ordered.reduce((sum, i) => sum + i.principalMinor - i.paidPrincipalMinor, 0n);
  let through = 0n;
  let unpaidFrom: string | null = null;
  let toleratedUntil: string | null = null;
  for (const i of ordered) {
    through += owedOf(i);
    if (unpaidFrom === null && through > paid) unpaidFrom = i.dueDate;
    if (toleratedUntil === null && through > paid + toleranceMinor) toleratedUntil = i.dueDate;
  }
  if (unpaidFrom === null || toleratedUntil === null) return { outstandingPrincipalMinor, atRiskFrom: null };
  const late = addDays(unpaidFrom, PORTFOLIO_REPORT_LIMITS.parDays + 1);
  const overTolerance = addDays(toleratedUntil, 1);
  return { outstandingPrincipalMinor, atRiskFrom: late > overTolerance ? late : overTolerance };
}
