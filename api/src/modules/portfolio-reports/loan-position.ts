/**
 * Each loan's position at the end of a day D, from stored rows alone (no replay):
 *
 * - The ledger's replay applies a loan's live payments in (day paid, id) order and stores each payment's
 *   allocation (migration 037, loans/loan-ledger.ts). The payments paid on or before D are a prefix of that
 *   order, so the sum of their stored allocations is what a replay stopped at D would have paid: P(D).
 * - The replay fills instalments strictly in order (each one's fees, interest and principal before the next's),
 *   and due dates rise with the instalment number, so at D an instalment is fully paid exactly when the
 *   schedule's cumulative amount due through it is at most P(D). Hence, with S(x) = what falls due before x:
 *   - overdue at D = S(D) - P(D) when positive;
 *   - some instalment more than 30 days overdue at D (due before D - 30) is unpaid exactly when P(D) < S(D - 30).
 * - Outstanding principal at D = the schedule's principal less the principal share of P(D).
 *
 * So a loan is at risk at D when P(D) < S(D - 30) and S(D) - P(D) exceeds its arrears tolerance: its arrears
 * days at D, as arrearsDays (lending/payment-allocation.ts) counts them, exceed 30.
 * A loan written off on or before D has left the portfolio; a payment reversed since counts as never made
 * (the figures are today's ledger read at D, as the replay restates it).
 *
 * Each loan's sums are two index-only range reads (migration 038), so the cost grows with the loans in scope:
 * tens of seconds at a million loans. The reports read stored figures instead (portfolio-figures.ts), and this
 * query only for what those do not cover.
 */
import { PORTFOLIO_REPORT_LIMITS } from '@meridian/shared/contract/portfolio-report';
import type { SqlParams } from '../../db/sql-params';
import { tenantIdsIn } from '../../tenancy/subtree';

/**
 * SQL (a subquery): one row per loan of the subtree with principal outstanding at the end of day `asOf`:
 * id, tenant_id, product_id, officer_id, currency, outstanding (bigint), at_risk (boolean).
 * `asOf` is a placeholder already holding the day. The exact general query: the definition the stored figures
 * (portfolio-figures.ts) are tested against, and what reads a loan paid after the day asked for.
 */
export function loanPositionsSql(subtreePath: string, asOf: string, p: SqlParams) {
  return positionsOfLoansSql(`l.tenant_id = ${tenantIdsIn(subtreePath, p)}`, asOf);
}

/**
 * The same positions for the loans (alias `l`) meeting `loanCondition`; `asOf` is any SQL expression of a day
 * (a placeholder, or a column of an outer query for a loan's position at several days).
 */
export function positionsOfLoansSql(loanCondition: string, asOf: string) {
  const cut = `(${asOf}::date - ${PORTFOLIO_REPORT_LIMITS.parDays})`;
  return `select id, tenant_id, product_id, officer_id, currency, outstanding,
      paid_total < due_before_cut and due_before_as_of - paid_total > tolerance as at_risk
    from (
      select l.id, l.tenant_id, l.product_id, l.created_user_id as officer_id, l.currency, l.arrears_tolerance_minor as tolerance,
        s.principal - coalesce(pd.principal, 0) as outstanding, coalesce(pd.total, 0) as paid_total,
        s.due_before_cut, s.due_before_as_of
      from loans l
      cross join lateral (
        select coalesce(sum(i.principal_minor), 0) as principal,
          coalesce(sum(i.principal_minor + i.interest_minor + i.fee_minor) filter (where i.due_date < ${cut}), 0) as due_before_cut,
          coalesce(sum(i.principal_minor + i.interest_minor + i.fee_minor) filter (where i.due_date < ${asOf}::date), 0) as due_before_as_of
        from loan_instalments i where i.loan_id = l.id
      ) s
      left join lateral (
        select sum(lp.allocated_principal_minor) as principal,
          sum(lp.allocated_fee_minor + lp.allocated_interest_minor + lp.allocated_principal_minor) as total
        from loan_payments lp where lp.loan_id = l.id and lp.reversed_at is null and lp.paid_on <= ${asOf}::date
      ) pd on true
      where ${loanCondition} and l.disbursed_on <= ${asOf}::date
        and (l.written_off_on is null or l.written_off_on > ${asOf}::date)
        and not (l.status = 'closed' and l.closed_on <= ${asOf}::date)
    ) positions
    where outstanding > 0`;
}
