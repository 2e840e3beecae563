/**
 * PAR at past month-ends, kept (migration 047): per month-end and (tenant, product, officer, currency) the sums of
 * the loans' positions at the end of that day, as the exact general query (portfolio-reports/loan-position.ts)
 * gives them. A month-end's figures are rows to be summed:
 * - the job (keepMonthEnds) writes the base rows of each past month-end of the horizon once it is over in every
 *   time zone, from one consistent snapshot (REPEATABLE READ), and in the same transaction deletes the delta rows
 *   that snapshot already contains;
 * - each ledger change that moves a loan's position at a month-end of the horizon (restatingMonthEnds around the
 *   change) adds, in its own transaction, minus the position before and plus the position after. Written for every
 *   such month-end whether kept yet or not: a change the job's snapshot saw is deleted with it, one it did not see
 *   stays and is summed. So a kept month-end always reads exactly, with no lock between the job and the ledger.
 * The horizon: the HORIZON_MONTHS month-ends before the current month (UTC); older days read the exact query.
 */
import { PORTFOLIO_REPORT_LIMITS } from '@meridian/shared/contract/portfolio-report';
import { addDays, addMonths } from '@meridian/shared/lending/schedule-dates';
import type { Database, Queryable } from '../../db/database';
import { positionsOfLoansSql } from '../portfolio-reports/loan-position';
import { foldCollectionDays } from './collection-days';

/** A trend's whole reach, and one month more. */
export const HORIZON_MONTHS = PORTFOLIO_REPORT_LIMITS.maxTrendMonths + 1;
/** A day is over everywhere (UTC-12 to UTC+14) two days after it began in UTC. */
const DAYS_UNTIL_OVER_EVERYWHERE = 2;
const MONTH_END_LOCK = 7_270_046;

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** The month-ends of the horizon at `now`, newest first: the last days of the HORIZON_MONTHS months before the current one. */
export function horizonMonthEnds(now: Date): string[] {
  const firstOfMonth = `${utcDay(now).slice(0, 7)}-01`;
  return Array.from({ length: HORIZON_MONTHS }, (_, k) => addDays(addMonths(firstOfMonth, -k), -1));
}

/** Whether `day` is a month-end the kept figures may answer for (a kept one also has its row in portfolio_month_end_days). */
export const inHorizon = (day: string, now = new Date()) => horizonMonthEnds(now).includes(day);

interface Position {
  monthEnd: string;
  tenantId: string;
  productId: string;
  officerId: string | null;
  currency: string;
  outstanding: string;
  atRisk: boolean;
}

/** The loan's exact position at the end of each of `days` (none where it is outside the portfolio). */
async function loanPositionsAt(q: Queryable, loanId: string, days: readonly string[]): Promise<Position[]> {
  return q.query<Position>(
    `select d.day::text as "monthEnd", pos.tenant_id as "tenantId", pos.product_id as "productId", pos.officer_id as "officerId",
       pos.currency, pos.outstanding::text as outstanding, pos.at_risk as "atRisk"
     from unnest($2::date[]) as d(day)
     cross join lateral (${positionsOfLoansSql('l.id = $1', 'd.day')}) pos`,
    [loanId, days],
  );
}

const sameKey = (a: Position, b: Position) =>
  a.tenantId === b.tenantId && a.productId === b.productId && a.officerId === b.officerId && a.currency === b.currency;
const samePosition = (a: Position | undefined, b: Position | undefined) =>
  a === b || (!!a && !!b && sameKey(a, b) && a.outstanding === b.outstanding && a.atRisk === b.atRisk);

/** Minus each position before and plus each after, where the two differ. */
async function recordDeltas(q: Queryable, before: Position[], after: Position[]) {
  const rows: (Position & { sign: 1 | -1 })[] = [];
  const days = new Set([...before, ...after].map((p) => p.monthEnd));
  for (const day of days) {
    const was = before.find((p) => p.monthEnd === day);
    const is = after.find((p) => p.monthEnd === day);
    if (samePosition(was, is)) continue;
    if (was) rows.push({ ...was, sign: -1 });
    if (is) rows.push({ ...is, sign: 1 });
  }
  if (rows.length === 0) return;
  await q.query(
    `insert into portfolio_month_end_figures (month_end, tenant_id, product_id, officer_id, currency, loans, loans_at_risk, outstanding_minor,
       at_risk_minor, is_delta)
     select v.day, v.tenant, v.product, v.officer, v.currency, v.sign, case when v.at_risk then v.sign else 0 end, v.sign * v.outstanding,
       case when v.at_risk then v.sign * v.outstanding else 0 end, true
     from unnest($1::date[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::int[], $7::bigint[], $8::boolean[])
       as v(day, tenant, product, officer, currency, sign, outstanding, at_risk)`,
    [
      rows.map((r) => r.monthEnd),
      rows.map((r) => r.tenantId),
      rows.map((r) => r.productId),
      rows.map((r) => r.officerId),
      rows.map((r) => r.currency),
      rows.map((r) => r.sign),
      rows.map((r) => r.outstanding),
      rows.map((r) => r.atRisk),
    ],
  );
}

/**
 * Runs a ledger change of one loan (its row locked by the caller) that may move its position at the end of
 * `fromDay` and later days, and restates the horizon's month-ends from `fromDay` on by the difference.
 * A change dated in the current month touches no past month-end and costs nothing more.
 */
export async function restatingMonthEnds<T>(q: Queryable, loanId: string, fromDay: string, change: () => Promise<T>): Promise<T> {
  const now = new Date();
  const days = horizonMonthEnds(now).filter((day) => day >= fromDay && day < utcDay(now));
  if (days.length === 0) return change();
  const before = await loanPositionsAt(q, loanId, days);
  const result = await change();
  await recordDeltas(q, before, await loanPositionsAt(q, loanId, days));
  return result;
}

/**
 * SQL inserting the base rows of month-end $1: the general query of loan-position.ts written as joins over the whole
 * book (each loan's instalments and payments summed once in one pass, instead of two index reads per loan).
 */
const KEEP_SQL = `insert into portfolio_month_end_figures (month_end, tenant_id, product_id, officer_id, currency, loans, loans_at_risk,
    outstanding_minor, at_risk_minor)
  select $1::date, pos.tenant_id, pos.product_id, pos.officer_id, pos.currency, count(*), count(*) filter (where pos.at_risk),
    sum(pos.outstanding), coalesce(sum(pos.outstanding) filter (where pos.at_risk), 0)
  from (
    select l.tenant_id, l.product_id, l.created_user_id as officer_id, l.currency, s.principal - coalesce(pd.principal, 0) as outstanding,
      coalesce(pd.total, 0) < s.due_before_cut and s.due_before_as_of - coalesce(pd.total, 0) > l.arrears_tolerance_minor as at_risk
    from loans l
    join (
      select i.loan_id, sum(i.principal_minor) as principal,
        coalesce(sum(i.principal_minor + i.interest_minor + i.fee_minor)
          filter (where i.due_date < $1::date - ${PORTFOLIO_REPORT_LIMITS.parDays}), 0) as due_before_cut,
        coalesce(sum(i.principal_minor + i.interest_minor + i.fee_minor) filter (where i.due_date < $1::date), 0) as due_before_as_of
      from loan_instalments i group by i.loan_id
    ) s on s.loan_id = l.id
    left join (
      select lp.loan_id, sum(lp.allocated_principal_minor) as principal,
        sum(lp.allocated_fee_minor + lp.allocated_interest_minor + lp.allocated_principal_minor) as total
      from loan_payments lp where lp.reversed_at is null and lp.paid_on <= $1::date group by lp.loan_id
    ) pd on pd.loan_id = l.id
    where l.disbursed_on <= $1::date and (l.written_off_on is null or l.written_off_on > $1::date)
      and not (l.status = 'closed' and l.closed_on <= $1::date)
  ) pos
  where pos.outstanding > 0
  group by pos.tenant_id, pos.product_id, pos.officer_id, pos.currency`;

/** Keeps one month-end (false: another process holds the job, or it is kept already). */
export async function keepMonthEnd(db: Database, day: string): Promise<boolean> {
  return db.tx(async (q) => {
    // One snapshot for the whole keep: the deltas it deletes are exactly those its base rows already contain.
    await q.query('set transaction isolation level repeatable read');
    const locked = await q.one<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [MONTH_END_LOCK]);
    if (!locked?.ok) return false;
    const marked = await q.one(`insert into portfolio_month_end_days (month_end) values ($1) on conflict do nothing returning month_end`, [
      day,
    ]);
    if (!marked) return false;
    // The whole book's per-loan sums are hashed: room for them in memory rather than batches spilled to disk.
    await q.query(`set local work_mem = '256MB'`);
    await q.query('delete from portfolio_month_end_figures where month_end = $1', [day]);
    // A month-end before the first disbursement has no portfolio: kept as empty without reading the book.
    if (await q.one('select 1 from loans where disbursed_on <= $1::date limit 1', [day])) await q.query(KEEP_SQL, [day]);
    return true;
  });
}

/** Folds each month-end's delta rows into its base rows (one statement: a delta committed meanwhile stays as it is). */
async function foldDeltas(db: Database) {
  await db.tx(async (q) => {
    const locked = await q.one<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [MONTH_END_LOCK]);
    if (!locked?.ok) return;
    await q.query(
      `with gone as (
         delete from portfolio_month_end_figures f
         where f.month_end in (select distinct month_end from portfolio_month_end_figures where is_delta)
         returning f.*
       )
       insert into portfolio_month_end_figures (month_end, tenant_id, product_id, officer_id, currency, loans, loans_at_risk, outstanding_minor,
         at_risk_minor)
       select month_end, tenant_id, product_id, officer_id, currency, sum(loans), sum(loans_at_risk), sum(outstanding_minor), sum(at_risk_minor)
       from gone group by month_end, tenant_id, product_id, officer_id, currency
       having sum(loans) <> 0 or sum(loans_at_risk) <> 0 or sum(outstanding_minor) <> 0 or sum(at_risk_minor) <> 0`,
    );
  });
}

/**
 * One pass of the job: forgets month-ends that left the horizon, keeps each one of it not kept yet (oldest first;
 * one over everywhere only), and folds the deltas (and the collections summary's days). Answers how many month-ends it kept.
 */
export async function keepMonthEnds(db: Database, now = new Date()): Promise<number> {
  const horizon = horizonMonthEnds(now);
  const oldest = horizon[horizon.length - 1]!;
  await db.query('delete from portfolio_month_end_figures where month_end < $1', [oldest]);
  await db.query('delete from portfolio_month_end_days where month_end < $1', [oldest]);
  const kept = new Set((await db.query<{ day: string }>('select month_end::text as day from portfolio_month_end_days')).map((r) => r.day));
  const over = addDays(utcDay(now), -DAYS_UNTIL_OVER_EVERYWHERE);
  let count = 0;
  for (const day of [...horizon].reverse()) if (day <= over && !kept.has(day) && (await keepMonthEnd(db, day))) count += 1;
  await foldDeltas(db);
  await foldCollectionDays(db);
  return count;
}
