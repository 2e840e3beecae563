/**
 * The loan's ledger: the paid amounts of its stored schedule are always the replay of its live payments
 * (lending/payment-allocation.ts), written back with the overpayment, the outstanding balance and the
 * arrears days in the same transaction as the payment write that caused them. A fully paid active loan
 * closes; a closed loan that owes again (a payment reversed or lowered) reopens, as Fineract does.
 * Each payment's own share of the replay (its allocation) is stored on it in the same write, so reading a
 * payment never replays; a reversed payment's is zero. The portfolio reports' figures (ledger-figures.ts,
 * migration 046) are stored by the same replay: per payment the arrears it recovered, per instalment what was paid
 * of it on time, per loan its outstanding principal, the day it turns at risk and its last payment's day.
 */
import {
  arrearsDays,
  outstandingOf,
  replayPayments,
  type InstalmentState,
  type LoanReplay,
  type PaymentToApply,
} from '@meridian/shared/lending/payment-allocation';
import type { Queryable } from '../../db/database';
import { loanCollectionDays, recordCollectionDays } from './collection-days';
import { arrearsRecovered, bookFigures, paidOnTime } from './ledger-figures';
import { recordChange } from './lending-history';
import type { LoanRow } from './loan-access';

interface StoredInstalment {
  number: number;
  dueDate: string;
  principal: string;
  interest: string;
  fee: string;
  paidPrincipal: string;
  paidInterest: string;
  paidFee: string;
}

const STORED = `number, due_date::text as "dueDate", principal_minor::text as principal, interest_minor::text as interest, fee_minor::text as fee,
  paid_principal_minor::text as "paidPrincipal", paid_interest_minor::text as "paidInterest", paid_fee_minor::text as "paidFee"`;

const stateOf = (i: StoredInstalment): InstalmentState => ({
  number: i.number,
  dueDate: i.dueDate,
  principalMinor: BigInt(i.principal),
  interestMinor: BigInt(i.interest),
  feeMinor: BigInt(i.fee),
  paidPrincipalMinor: BigInt(i.paidPrincipal),
  paidInterestMinor: BigInt(i.paidInterest),
  paidFeeMinor: BigInt(i.paidFee),
});

export interface StoredAllocation {
  feeMinor: bigint;
  interestMinor: bigint;
  principalMinor: bigint;
  overpaymentMinor: bigint;
}

/** Each replayed payment's share: its portions summed, and what was left of it once the schedule was paid. */
export function allocationsOf(replay: LoanReplay, payments: readonly PaymentToApply[]): Map<string, StoredAllocation> {
  const shares = new Map<string, StoredAllocation>(
    payments.map((p) => [p.id, { feeMinor: 0n, interestMinor: 0n, principalMinor: 0n, overpaymentMinor: p.amountMinor }]),
  );
  for (const portion of replay.portions) {
    const share = shares.get(portion.paymentId)!;
    share.feeMinor += portion.feeMinor;
    share.interestMinor += portion.interestMinor;
    share.principalMinor += portion.principalMinor;
    share.overpaymentMinor -= portion.feeMinor + portion.interestMinor + portion.principalMinor;
  }
  return shares;
}

const totalOutstanding = (states: readonly InstalmentState[]) => states.reduce((sum, i) => sum + outstandingOf(i), 0n);

/** Replays the loan's live payments onto its schedule and stores the outcome; the loan row must be locked. */
export async function replayLoan(q: Queryable, loan: LoanRow, asOf: string, userId: string | null) {
  const countedBefore = await loanCollectionDays(q, loan.id);
  const schedule = (
    await q.query<StoredInstalment>(`select ${STORED} from loan_instalments where loan_id = $1 order by number`, [loan.id])
  ).map(stateOf);
  const payments = await q.query<{ id: string; paidOn: string; amount: string }>(
    `select id, paid_on::text as "paidOn", amount_minor::text as amount from loan_payments where loan_id = $1 and reversed_at is null`,
    [loan.id],
  );
  const applied = payments.map((p) => ({ id: p.id, paidOn: p.paidOn, amountMinor: BigInt(p.amount) }));
  const replay = replayPayments(schedule, applied);
  const states = replay.instalments;
  const shareMap = allocationsOf(replay, applied);
  const shares = [...shareMap];
  const recovered = arrearsRecovered(states, applied, shareMap);
  const onTime = paidOnTime(states, applied, shareMap);
  // Rows whose figures did not change are left alone: fewer dead rows, so the reports' index-only scans stay so.
  await q.query(
    `update loan_payments p set allocated_fee_minor = v.fee, allocated_interest_minor = v.interest,
       allocated_principal_minor = v.principal, overpayment_minor = v.over, recovered_minor = v.recovered, currency = l.currency,
       counted_on = p.paid_on
     from unnest($2::uuid[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[]) as v(id, fee, interest, principal, over, recovered),
       loans l
     where p.loan_id = $1 and p.id = v.id and l.id = $1
       and (p.allocated_fee_minor, p.allocated_interest_minor, p.allocated_principal_minor, p.overpayment_minor, p.recovered_minor, p.currency,
         p.counted_on) is distinct from (v.fee, v.interest, v.principal, v.over, v.recovered, l.currency, p.paid_on)`,
    [
      loan.id,
      shares.map(([id]) => id),
      shares.map(([, a]) => String(a.feeMinor)),
      shares.map(([, a]) => String(a.interestMinor)),
      shares.map(([, a]) => String(a.principalMinor)),
      shares.map(([, a]) => String(a.overpaymentMinor)),
      shares.map(([id]) => String(recovered.get(id) ?? 0n)),
    ],
  );
  // A reversed payment pays nothing; zeroed here, where the replay that drops it is written.
  await q.query(
    `update loan_payments set allocated_fee_minor = 0, allocated_interest_minor = 0, allocated_principal_minor = 0, overpayment_minor = 0,
       recovered_minor = 0, counted_on = null
     where loan_id = $1 and reversed_at is not null
       and ((allocated_fee_minor, allocated_interest_minor, allocated_principal_minor, overpayment_minor, recovered_minor) <> (0, 0, 0, 0, 0)
         or counted_on is not null)`,
    [loan.id],
  );
  await q.query(
    `update loan_instalments i set paid_principal_minor = v.pp, paid_interest_minor = v.pi, paid_fee_minor = v.pf, paid_on_time_minor = v.ot,
       tenant_id = l.tenant_id, currency = l.currency, written_off_on = l.written_off_on
     from unnest($2::int[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[]) as v(n, pp, pi, pf, ot), loans l
     where i.loan_id = $1 and i.number = v.n and l.id = $1
       and (i.paid_principal_minor, i.paid_interest_minor, i.paid_fee_minor, i.paid_on_time_minor, i.tenant_id, i.currency, i.written_off_on)
         is distinct from (v.pp, v.pi, v.pf, v.ot, l.tenant_id, l.currency, l.written_off_on)`,
    [
      loan.id,
      states.map((s) => s.number),
      states.map((s) => String(s.paidPrincipalMinor)),
      states.map((s) => String(s.paidInterestMinor)),
      states.map((s) => String(s.paidFeeMinor)),
      states.map((s) => String(onTime.get(s.number) ?? 0n)),
    ],
  );
  // The collections summary's days: what these rows count for now, less what they counted for before.
  await recordCollectionDays(q, countedBefore, await loanCollectionDays(q, loan.id));
  const outstanding = totalOutstanding(states);
  const days = arrearsDays(states, asOf, BigInt(loan.arrears_tolerance_minor));
  const lastPaidOn = payments.reduce((latest, p) => (p.paidOn > latest ? p.paidOn : latest), '');
  const status = nextStatus(loan.status, outstanding);
  const book = bookFigures(states, BigInt(loan.arrears_tolerance_minor));
  await q.query(
    `update loans set outstanding_minor = $2::bigint, overpayment_minor = $3::bigint, arrears_days = $4, arrears_as_of = $5::date,
       status = $6, closed_on = case when $6 = 'closed' then $7::date else null end, outstanding_principal_minor = $8::bigint,
       at_risk_from = $9::date, last_paid_on = $10::date, date_modified = now()
     where id = $1`,
    [
      loan.id,
      String(outstanding),
      String(replay.overpaymentMinor),
      days,
      asOf,
      status,
      lastPaidOn || asOf,
      String(book.outstandingPrincipalMinor),
      book.atRiskFrom,
      lastPaidOn || null,
    ],
  );
  if (status !== loan.status) {
    await recordChange(q, {
      tenantId: loan.tenant_id,
      entity: 'loan',
      entityId: loan.id,
      loanId: loan.id,
      action: status === 'closed' ? 'closed (fully repaid)' : 'reopened (owes again)',
      changes: { status: [loan.status, status] },
      userId,
    });
  }
  return { outstanding, overpayment: replay.overpaymentMinor, arrearsDays: days, status };
}

function nextStatus(current: LoanRow['status'], outstanding: bigint): LoanRow['status'] {
  if (current === 'active' && outstanding === 0n) return 'closed';
  if (current === 'closed' && outstanding > 0n) return 'active';
  return current;
}

const REFRESH_BATCH = 2_000;

/**
 * Arrears days of every active loan as of `asOf` (YYYY-MM-DD), from the paid amounts already stored: for the
 * daily job (arrears-refresh.ts), which limits it to one tenant's loans counted before its today. Reads and
 * writes in batches of loans, so a portfolio of any size is a handful of statements.
 */
export async function refreshArrears(q: Queryable, asOf: string, only: { tenantId?: string; staleBefore?: string } = {}): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let refreshed = 0;
  for (;;) {
    const loans = await q.query<{ id: string; tolerance: string }>(
      `select id, arrears_tolerance_minor::text as tolerance from loans
        where status = 'active' and id > $1
          and ($2::uuid is null or tenant_id = $2::uuid)
          and ($3::date is null or arrears_as_of is null or arrears_as_of < $3::date)
        order by id limit ${REFRESH_BATCH}`,
      [after, only.tenantId ?? null, only.staleBefore ?? null],
    );
    if (loans.length === 0) return refreshed;
    const rows = await q.query<StoredInstalment & { loanId: string }>(
      `select loan_id as "loanId", ${STORED} from loan_instalments where loan_id = any($1::uuid[]) order by loan_id, number`,
      [loans.map((l) => l.id)],
    );
    const byLoan = new Map<string, InstalmentState[]>();
    for (const row of rows) {
      const list = byLoan.get(row.loanId) ?? [];
      list.push(stateOf(row));
      byLoan.set(row.loanId, list);
    }
    const days = loans.map((l) => arrearsDays(byLoan.get(l.id) ?? [], asOf, BigInt(l.tolerance)));
    await q.query(
      `update loans l set arrears_days = v.days, arrears_as_of = $3::date from unnest($1::uuid[], $2::int[]) as v(id, days) where l.id = v.id`,
      [loans.map((l) => l.id), days, asOf],
    );
    refreshed += loans.length;
    after = loans[loans.length - 1]!.id;
  }
}
