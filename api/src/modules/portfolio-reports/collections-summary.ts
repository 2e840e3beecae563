/**
 * The collections summary: per period (day, week from Monday, month) of the window, the instalments falling
 * due against what was paid, from stored rows alone:
 * - expected: each instalment due in the period, whole (fees, interest, principal), unless its loan was written
 *   off before it fell due;
 * - collected: the stored allocation of the live payments made in the period (what the overpayment was is
 *   shown apart: it paid no schedule);
 * - paid on time: of each expected instalment, what the payments made by its due date paid of it. The replay
 *   fills instalments in order, so that is P(due) - (what falls due before it), kept between 0 and the
 *   instalment, where P(due) is the loan's stored allocations up to its due date (loan-position.ts says why);
 * - arrears recovered: of each payment's allocation, the part that paid instalments due before the day it was
 *   made. A payment fills the stretch [E, E + A) of the loan's schedule laid end to end (E: what the payments
 *   before it in the replay's order paid), and what was overdue then is the stretch [0, S(day paid)).
 * The ledger's replay stores both per row (migration 046, loans/ledger-figures.ts): each instalment's paid on
 * time, each payment's arrears recovered, and the loan's tenant, currency and write-off day copied onto them; and
 * it keeps their sums per day, tenant and currency (migration 047, loans/collection-days.ts), which is what
 * collectionsSummary reads: a window is a few rows a day. The same figures from
 * the loans' earlier rows (each instalment and payment reading its loan's by index) are exactCollectionsSummary:
 * the definition the stored ones are tested against.
 */
import type { CollectionPeriod, CollectionsPeriod } from '@meridian/shared/contract/portfolio-report';
import { percentText } from '@meridian/shared/lending/portfolio-ratio';
import { addDays, addMonths } from '@meridian/shared/lending/schedule-dates';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { tenantIdsIn } from '../../tenancy/subtree';
import { exactMinor } from '../loans/loan-money';
import type { DayWindow } from './portfolio-access';

const PERIOD_START: Record<CollectionPeriod, (day: string) => string> = {
  day: (day) => `${day}`,
  week: (day) => `date_trunc('week', ${day})::date`,
  month: (day) => `date_trunc('month', ${day})::date`,
};

const ALLOCATED = (alias: string) =>
  `${alias}.allocated_fee_minor + ${alias}.allocated_interest_minor + ${alias}.allocated_principal_minor`;
const OWED = (alias: string) => `${alias}.principal_minor + ${alias}.interest_minor + ${alias}.fee_minor`;

interface DueRow {
  periodStart: string;
  currency: string;
  expected: string;
  onTime: string;
}

interface PaidRow {
  periodStart: string;
  currency: string;
  principal: string;
  interest: string;
  fee: string;
  overpayment: string;
  recovered: string;
}

/**
 * Every period of the window with anything due or paid, oldest first, per currency: from the figures kept per day,
 * tenant and currency (loans/collection-days.ts), a row or a few per day and tenant whatever the book's size.
 */
export async function collectionsSummary(
  q: Queryable,
  subtreePath: string,
  window: DayWindow,
  period: CollectionPeriod,
): Promise<CollectionsPeriod[]> {
  const p = sqlParams();
  const rows = await q.query<DueRow & PaidRow & { instalments: string; payments: string }>(
    `select ${PERIOD_START[period]('f.day')}::text as "periodStart", f.currency, sum(f.instalments)::text as instalments,
       sum(f.payments)::text as payments, sum(f.expected_minor)::text as expected, sum(f.on_time_minor)::text as "onTime",
       sum(f.principal_minor)::text as principal, sum(f.interest_minor)::text as interest, sum(f.fee_minor)::text as fee,
       sum(f.overpayment_minor)::text as overpayment, sum(f.recovered_minor)::text as recovered
     from collection_day_figures f
     where f.day between ${p.add(window.fromDate)}::date and ${p.add(window.toDate)}::date and f.tenant_id = ${tenantIdsIn(subtreePath, p)}
     group by 1, 2`,
    p.values,
  );
  // A period is shown when an instalment fell due or a payment was made in it, as the exact query's rows say.
  const dueRows = rows.filter((r) => BigInt(r.instalments) > 0n);
  const paidRows = rows.filter((r) => BigInt(r.payments) > 0n);
  return mergePeriods(dueRows, paidRows, window, period);
}

/** The same summary worked out from each loan's earlier instalments and payments (no stored figure read). */
export async function exactCollectionsSummary(
  q: Queryable,
  subtreePath: string,
  window: DayWindow,
  period: CollectionPeriod,
): Promise<CollectionsPeriod[]> {
  const due = sqlParams();
  const dueRows = await q.query<DueRow>(
    `select ${PERIOD_START[period]('i.due_date')}::text as "periodStart", l.currency, sum(${OWED('i')})::text as expected,
       sum(least(greatest(coalesce(paid.total, 0) - before.total, 0), ${OWED('i')}))::text as "onTime"
     from loan_instalments i
     join loans l on l.id = i.loan_id
     cross join lateral (
       select coalesce(sum(${OWED('b')}), 0) as total from loan_instalments b where b.loan_id = i.loan_id and b.due_date < i.due_date
     ) before
     cross join lateral (
       select sum(${ALLOCATED('lp')}) as total from loan_payments lp
       where lp.loan_id = i.loan_id and lp.reversed_at is null and lp.paid_on <= i.due_date
     ) paid
     where i.due_date between ${due.add(window.fromDate)}::date and ${due.add(window.toDate)}::date
       and l.tenant_id = ${tenantIdsIn(subtreePath, due)}
       and (l.written_off_on is null or i.due_date < l.written_off_on)
     group by 1, 2`,
    due.values,
  );
  const paid = sqlParams();
  const paidRows = await q.query<PaidRow>(
    `select ${PERIOD_START[period]('p.paid_on')}::text as "periodStart", l.currency,
       sum(p.allocated_principal_minor)::text as principal, sum(p.allocated_interest_minor)::text as interest,
       sum(p.allocated_fee_minor)::text as fee, sum(p.overpayment_minor)::text as overpayment,
       sum(greatest(0, least(earlier.total + ${ALLOCATED('p')}, overdue.total) - earlier.total))::text as recovered
     from loan_payments p
     join loans l on l.id = p.loan_id
     cross join lateral (
       select coalesce(sum(${ALLOCATED('e')}), 0) as total from loan_payments e
       where e.loan_id = p.loan_id and e.reversed_at is null and (e.paid_on, e.id) < (p.paid_on, p.id)
     ) earlier
     cross join lateral (
       select coalesce(sum(${OWED('i')}), 0) as total from loan_instalments i where i.loan_id = p.loan_id and i.due_date < p.paid_on
     ) overdue
     where p.reversed_at is null and p.paid_on between ${paid.add(window.fromDate)}::date and ${paid.add(window.toDate)}::date
       and l.tenant_id = ${tenantIdsIn(subtreePath, paid)}
     group by 1, 2`,
    paid.values,
  );
  return mergePeriods(dueRows, paidRows, window, period);
}

function mergePeriods(dueRows: DueRow[], paidRows: PaidRow[], window: DayWindow, period: CollectionPeriod): CollectionsPeriod[] {
  const keyOf = (r: { periodStart: string; currency: string }) => `${r.periodStart} ${r.currency}`;
  const dues = new Map(dueRows.map((r) => [keyOf(r), r]));
  const paids = new Map(paidRows.map((r) => [keyOf(r), r]));
  const keys = [...new Set([...dues.keys(), ...paids.keys()])].sort();
  return keys.map((key) => {
    const d = dues.get(key);
    const p = paids.get(key);
    const { periodStart, currency } = (d ?? p)!;
    const expected = BigInt(d?.expected ?? 0);
    const onTime = BigInt(d?.onTime ?? 0);
    const [principal, interest, fee] = [BigInt(p?.principal ?? 0), BigInt(p?.interest ?? 0), BigInt(p?.fee ?? 0)];
    return {
      periodStart: periodStart < window.fromDate ? window.fromDate : periodStart,
      periodEnd: periodEndOf(periodStart, period, window.toDate),
      currency,
      expectedMinor: exactMinor(expected),
      collectedMinor: exactMinor(principal + interest + fee),
      collectedPrincipalMinor: exactMinor(principal),
      collectedInterestMinor: exactMinor(interest),
      collectedFeeMinor: exactMinor(fee),
      overpaymentMinor: exactMinor(p?.overpayment ?? '0'),
      paidOnTimeMinor: exactMinor(onTime),
      onTimePercent: percentText(onTime, expected),
      arrearsRecoveredMinor: exactMinor(p?.recovered ?? '0'),
    };
  });
}

function periodEndOf(start: string, period: CollectionPeriod, windowEnd: string) {
  const end = period === 'day' ? start : period === 'week' ? addDays(start, 6) : addDays(addMonths(start, 1), -1);
  return end > windowEnd ? windowEnd : end;
}
