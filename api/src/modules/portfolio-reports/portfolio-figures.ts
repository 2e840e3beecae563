/**
 * The portfolio's figures at the end of a day D, summed per (tenant, product, officer, currency), from what is
 * stored rather than from every loan's payments (the definitions: loan-position.ts):
 * - D a kept month-end of the horizon (loans/loan-month-ends.ts): its kept rows, a few thousand at most;
 * - any other day: each loan's stored book figures (migration 046), which hold for every day on or after its
 *   last live payment: outstanding principal, and at risk from at_risk_from on. One aggregate over the subtree's
 *   live book, index-only (loans_book_idx). The loans paid after D (none for today; most of the book for a day
 *   long past) are read with the exact general query, two index reads each: a past day other than a kept
 *   month-end costs what the general query costs for the loans paid since.
 * A closed loan owes no principal, so the book's `outstanding > 0` leaves out what the general query's closed test
 * does; a written-off one leaves from its write-off day in both.
 */
import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../db/sql-params';
import { tenantIdsIn } from '../../tenancy/subtree';
import { inHorizon } from '../loans/loan-month-ends';
import { positionsOfLoansSql } from './loan-position';

/** Columns of every figures row: tenant_id, product_id, officer_id, currency, loans, loans_at_risk, outstanding, at_risk. */
const SUMS = `count(*) as loans, count(*) filter (where pos.at_risk) as loans_at_risk, sum(pos.outstanding) as outstanding,
  coalesce(sum(pos.outstanding) filter (where pos.at_risk), 0) as at_risk`;

/** SQL: the stored book at `day` (a placeholder), with the loans paid after it read exactly. */
function bookFiguresSql(subtreePath: string, day: string, p: SqlParams) {
  const paidLater = positionsOfLoansSql(`l.tenant_id = ${tenantIdsIn(subtreePath, p)} and l.last_paid_on > ${day}::date`, day);
  return `select l.tenant_id, l.product_id, l.created_user_id as officer_id, l.currency, count(*) as loans,
      count(*) filter (where l.at_risk_from <= ${day}::date) as loans_at_risk, sum(l.outstanding_principal_minor) as outstanding,
      coalesce(sum(l.outstanding_principal_minor) filter (where l.at_risk_from <= ${day}::date), 0) as at_risk
    from loans l
    where l.tenant_id = ${tenantIdsIn(subtreePath, p)} and l.outstanding_principal_minor > 0 and l.disbursed_on <= ${day}::date
      and (l.written_off_on is null or l.written_off_on > ${day}::date) and (l.last_paid_on is null or l.last_paid_on <= ${day}::date)
    group by 1, 2, 3, 4
    union all
    select pos.tenant_id, pos.product_id, pos.officer_id, pos.currency, ${SUMS}
    from (${paidLater}) pos
    group by 1, 2, 3, 4`;
}

/** SQL: a kept month-end's rows (the job's and the ledger's deltas) summed. */
function keptFiguresSql(subtreePath: string, day: string, p: SqlParams) {
  return `select f.tenant_id, f.product_id, f.officer_id, f.currency, sum(f.loans) as loans, sum(f.loans_at_risk) as loans_at_risk,
      sum(f.outstanding_minor) as outstanding, sum(f.at_risk_minor) as at_risk
    from portfolio_month_end_figures f
    where f.month_end = ${day}::date and f.tenant_id = ${tenantIdsIn(subtreePath, p)}
    group by 1, 2, 3, 4
    having sum(f.loans) > 0`;
}

async function isKeptMonthEnd(q: Queryable, asOf: string) {
  if (!inHorizon(asOf)) return false;
  return !!(await q.one('select 1 from portfolio_month_end_days where month_end = $1::date', [asOf]));
}

/**
 * SQL (a subquery): the subtree's figures at the end of `asOf` per tenant_id, product_id, officer_id, currency:
 * loans, loans_at_risk, outstanding, at_risk (numbers). Adds its parameters to `p`.
 */
export async function portfolioFiguresSql(q: Queryable, subtreePath: string, asOf: string, p: SqlParams): Promise<string> {
  const kept = await isKeptMonthEnd(q, asOf);
  const day = p.add(asOf);
  return kept ? keptFiguresSql(subtreePath, day, p) : bookFiguresSql(subtreePath, day, p);
}

/** The same figures from the exact general query alone (what the stored ones must equal; the tests compare them). */
export function exactFiguresSql(subtreePath: string, asOf: string, p: SqlParams): string {
  const day = p.add(asOf);
  return `select pos.tenant_id, pos.product_id, pos.officer_id, pos.currency, ${SUMS}
    from (${positionsOfLoansSql(`l.tenant_id = ${tenantIdsIn(subtreePath, p)}`, day)}) pos
    group by 1, 2, 3, 4`;
}
