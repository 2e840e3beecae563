/**
 * The collections summary's figures per day, tenant and currency (migration 047), kept by the ledger's replay: what
 * a loan's stored rows count for on each day (its instalments by due date: expected unless due from its write-off on,
 * and paid on time; its live payments by the day they are counted on: collected and recovered) is read before the
 * replay writes and after, and each day whose figures moved gets a row of the difference. Rows are appended, never
 * updated, so payments of one tenant on one day never wait for each other; the month-end job folds them.
 */
import type { Database, Queryable } from '../../db/database';

interface DayFigures {
  day: string;
  tenantId: string;
  currency: string;
  instalments: string;
  payments: string;
  expected: string;
  onTime: string;
  principal: string;
  interest: string;
  fee: string;
  overpayment: string;
  recovered: string;
}

const MEASURES = ['instalments', 'payments', 'expected', 'onTime', 'principal', 'interest', 'fee', 'overpayment', 'recovered'] as const;

/** What the loan's stored instalments and payments count for, per day, tenant and currency. */
export async function loanCollectionDays(q: Queryable, loanId: string): Promise<DayFigures[]> {
  return q.query<DayFigures>(
    `select day::text as day, tenant_id as "tenantId", currency, sum(instalments)::text as instalments, sum(payments)::text as payments,
       sum(expected)::text as expected, sum(on_time)::text as "onTime", sum(principal)::text as principal, sum(interest)::text as interest,
       sum(fee)::text as fee, sum(overpayment)::text as overpayment, sum(recovered)::text as recovered
     from (
       select i.due_date as day, i.tenant_id, i.currency, 1 as instalments, 0 as payments, i.principal_minor + i.interest_minor + i.fee_minor as expected,
         i.paid_on_time_minor as on_time, 0 as principal, 0 as interest, 0 as fee, 0 as overpayment, 0 as recovered
       from loan_instalments i
       where i.loan_id = $1 and i.tenant_id is not null and (i.written_off_on is null or i.due_date < i.written_off_on)
       union all
       select p.counted_on, p.tenant_id, p.currency, 0, 1, 0, 0, p.allocated_principal_minor, p.allocated_interest_minor, p.allocated_fee_minor,
         p.overpayment_minor, p.recovered_minor
       from loan_payments p
       where p.loan_id = $1 and p.counted_on is not null
     ) x
     group by 1, 2, 3`,
    [loanId],
  );
}

const keyOf = (f: DayFigures) => `${f.day} ${f.tenantId} ${f.currency}`;

/** Appends, for each day whose figures differ, the figures after less those before. */
export async function recordCollectionDays(q: Queryable, before: readonly DayFigures[], after: readonly DayFigures[]) {
  const was = new Map(before.map((f) => [keyOf(f), f]));
  const is = new Map(after.map((f) => [keyOf(f), f]));
  const deltas: DayFigures[] = [];
  for (const key of new Set([...was.keys(), ...is.keys()])) {
    const [old, now] = [was.get(key), is.get(key)];
    const delta = { ...(now ?? old)! };
    for (const m of MEASURES) delta[m] = String(BigInt(now?.[m] ?? 0) - BigInt(old?.[m] ?? 0));
    if (MEASURES.some((m) => delta[m] !== '0')) deltas.push(delta);
  }
  if (deltas.length === 0) return;
  await q.query(
    `insert into collection_day_figures (day, tenant_id, currency, instalments, payments, expected_minor, on_time_minor, principal_minor,
       interest_minor, fee_minor, overpayment_minor, recovered_minor, is_delta)
     select v.*, true from unnest($1::date[], $2::uuid[], $3::text[], $4::int[], $5::int[], $6::bigint[], $7::bigint[], $8::bigint[],
       $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[]) as v`,
    [
      deltas.map((d) => d.day),
      deltas.map((d) => d.tenantId),
      deltas.map((d) => d.currency),
      ...MEASURES.map((m) => deltas.map((d) => d[m])),
    ],
  );
}

/** Folds the appended rows into one per day, tenant and currency (one statement: rows appended meanwhile stay). */
export async function foldCollectionDays(db: Database) {
  await db.query(
    `with gone as (
       delete from collection_day_figures f
       where f.day in (select distinct day from collection_day_figures where is_delta)
       returning f.*
     )
     insert into collection_day_figures (day, tenant_id, currency, instalments, payments, expected_minor, on_time_minor, principal_minor,
       interest_minor, fee_minor, overpayment_minor, recovered_minor)
     select day, tenant_id, currency, sum(instalments), sum(payments), sum(expected_minor), sum(on_time_minor), sum(principal_minor),
       sum(interest_minor), sum(fee_minor), sum(overpayment_minor), sum(recovered_minor)
     from gone group by day, tenant_id, currency
     having sum(instalments) <> 0 or sum(payments) <> 0`,
  );
}
