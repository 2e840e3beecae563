/**
 * A loan's moves (contract/loan.ts names them): approve or reject an application, disburse an approved loan
 * (the schedule is generated from its terms and stored, the first instalment due one period after the
 * disbursement), write off an active one. A move the state does not allow is a 409 naming both states;
 * each move is kept in the history. The loan row is locked by the caller.
 */
import {
  canMoveLoan,
  LOAN_MOVES,
  type LoanApprove,
  type LoanDisburse,
  type LoanReject,
  type LoanStatus,
  type LoanWriteOff,
} from '@meridian/shared/contract/loan';
import { repaymentSchedule } from '@meridian/shared/lending/repayment-schedule';
import { addPeriods } from '@meridian/shared/lending/schedule-dates';
import type { Queryable } from '../../db/database';
import { conflict, fieldError } from '../../http/errors';
import { recordChange } from './lending-history';
import type { LoanRow } from './loan-access';
import { todayForTenant } from './loan-day';
import { replayLoan } from './loan-ledger';
import { restatingMonthEnds } from './loan-month-ends';

export function illegalLoanMoveMessage(from: LoanStatus, to: LoanStatus) {
  if (from === to) return `The loan is already ${from}.`;
  const allowed = LOAN_MOVES[from];
  const next = allowed.length ? `From ${from} it may move to ${allowed.join(', ')}.` : `${from} is final.`;
  return `A loan cannot move from ${from} to ${to}. ${next}`;
}

export function assertMove(loan: LoanRow, to: LoanStatus) {
  if (!canMoveLoan(loan.status, to)) throw conflict(illegalLoanMoveMessage(loan.status, to));
}

async function moved(
  q: Queryable,
  loan: LoanRow,
  to: LoanStatus,
  action: string,
  extra: Record<string, [unknown, unknown]>,
  userId: string,
) {
  await recordChange(q, {
    tenantId: loan.tenant_id,
    entity: 'loan',
    entityId: loan.id,
    loanId: loan.id,
    action,
    changes: { status: [loan.status, to], ...extra },
    userId,
  });
}

async function notInFuture(q: Queryable, loan: LoanRow, day: string, field: string, what: string) {
  if (day > (await todayForTenant(q, loan.tenant_id))) throw fieldError(field, `${what} cannot be in the future.`);
}

/** What the checks of an action need before it is made or queued for a checker (the state and the input). */
export function checkApprove(loan: LoanRow, input: LoanApprove) {
  assertMove(loan, 'approved');
  if (input.approvedMinor !== undefined && BigInt(input.approvedMinor) > BigInt(loan.principal_minor))
    throw fieldError('approvedMinor', `The approved amount cannot be more than the ${loan.principal_minor} minor units applied for.`);
  if (input.approvedOn && input.approvedOn < loan.submitted_on)
    throw fieldError('approvedOn', `A loan cannot be approved before it was submitted (${loan.submitted_on}).`);
}

export async function approveLoan(q: Queryable, loan: LoanRow, input: LoanApprove, userId: string) {
  checkApprove(loan, input);
  const approvedOn = input.approvedOn ?? (await todayForTenant(q, loan.tenant_id));
  await notInFuture(q, loan, approvedOn, 'approvedOn', 'An approval date');
  const approved = String(input.approvedMinor ?? loan.principal_minor);
  await q.query(
    `update loans set status = 'approved', approved_minor = $2::bigint, approved_on = $3::date, note = coalesce($4, note), date_modified = now() where id = $1`,
    [loan.id, approved, approvedOn, input.note],
  );
  await moved(q, loan, 'approved', 'approved', { approvedMinor: [null, approved], approvedOn: [null, approvedOn] }, userId);
}

export function checkReject(loan: LoanRow) {
  assertMove(loan, 'rejected');
}

export async function rejectLoan(q: Queryable, loan: LoanRow, input: LoanReject, userId: string) {
  checkReject(loan);
  const rejectedOn = input.rejectedOn ?? (await todayForTenant(q, loan.tenant_id));
  await q.query(
    `update loans set status = 'rejected', rejected_on = $2::date, note = coalesce($3, note), date_modified = now() where id = $1`,
    [loan.id, rejectedOn, input.note],
  );
  await moved(q, loan, 'rejected', 'rejected', { rejectedOn: [null, rejectedOn], note: [null, input.note] }, userId);
}

export function checkDisburse(loan: LoanRow, input: LoanDisburse) {
  assertMove(loan, 'active');
  if (BigInt(input.amountMinor) > BigInt(loan.approved_minor ?? '0'))
    throw fieldError('amountMinor', `The amount disbursed cannot be more than the ${loan.approved_minor} minor units approved.`);
  if (loan.approved_on && input.disbursedOn < loan.approved_on)
    throw fieldError('disbursedOn', `A loan cannot be disbursed before it was approved (${loan.approved_on}).`);
}

/** Disburses: stores the schedule of exactly what `repaymentSchedule` makes of the loan's terms and the amount paid out. */
export async function disburseLoan(q: Queryable, loan: LoanRow, input: LoanDisburse, userId: string) {
  checkDisburse(loan, input);
  await notInFuture(q, loan, input.disbursedOn, 'disbursedOn', 'A disbursement date');
  // A disbursement entered late joins the portfolio of the past month-ends from its day.
  await restatingMonthEnds(q, loan.id, input.disbursedOn, () => disburse(q, loan, input, userId));
}

async function disburse(q: Queryable, loan: LoanRow, input: LoanDisburse, userId: string) {
  const firstDueDate = addPeriods(input.disbursedOn, loan.repayment_frequency, 1);
  const schedule = repaymentSchedule({
    principalMinor: BigInt(input.amountMinor),
    annualRatePercent: loan.annual_rate_percent,
    instalments: loan.instalments,
    frequency: loan.repayment_frequency,
    method: loan.interest_method,
    firstDueDate,
    graceOnPrincipal: loan.grace_on_principal,
    graceOnInterestPayment: loan.grace_on_interest_payment,
    feePerInstalmentMinor: BigInt(loan.fee_per_instalment_minor),
  });
  const rows = schedule.instalments;
  await q.query(
    `insert into loan_instalments (loan_id, number, due_date, principal_minor, interest_minor, fee_minor)
     select $1, n, d, p, i, f from unnest($2::int[], $3::date[], $4::bigint[], $5::bigint[], $6::bigint[]) as v(n, d, p, i, f)`,
    [
      loan.id,
      rows.map((r) => r.number),
      rows.map((r) => r.dueDate),
      rows.map((r) => String(r.principalMinor)),
      rows.map((r) => String(r.interestMinor)),
      rows.map((r) => String(r.feeMinor)),
    ],
  );
  await q.query(
    `update loans set status = 'active', disbursed_minor = $2::bigint, disbursed_on = $3::date, disbursement_channel = $4,
       first_due_date = $5::date, outstanding_minor = $6::bigint, note = coalesce($7, note), date_modified = now() where id = $1`,
    [loan.id, String(input.amountMinor), input.disbursedOn, input.channel, firstDueDate, String(schedule.totalMinor), input.note],
  );
  await moved(
    q,
    loan,
    'active',
    'disbursed',
    {
      disbursedMinor: [null, String(input.amountMinor)],
      disbursedOn: [null, input.disbursedOn],
      channel: [null, input.channel],
      firstDueDate: [null, firstDueDate],
    },
    userId,
  );
  // Arrears as of today: a disbursement entered late may already have instalments due.
  await replayLoan(q, { ...loan, status: 'active' }, await todayForTenant(q, loan.tenant_id), userId);
}

export function checkWriteOff(loan: LoanRow) {
  assertMove(loan, 'written-off');
}

export async function writeOffLoan(q: Queryable, loan: LoanRow, input: LoanWriteOff, userId: string) {
  checkWriteOff(loan);
  const writtenOffOn = input.writtenOffOn ?? (await todayForTenant(q, loan.tenant_id));
  if (loan.disbursed_on && writtenOffOn < loan.disbursed_on)
    throw fieldError('writtenOffOn', `A loan cannot be written off before it was disbursed (${loan.disbursed_on}).`);
  await restatingMonthEnds(q, loan.id, writtenOffOn, async () => {
    await q.query(
      `update loans set status = 'written-off', written_off_on = $2::date, note = coalesce($3, note), date_modified = now() where id = $1`,
      [loan.id, writtenOffOn, input.note],
    );
    // The replay copies the write-off day onto the instalments, so the collections summary expects none due from it on.
    await replayLoan(q, { ...loan, status: 'written-off' }, await todayForTenant(q, loan.tenant_id), userId);
  });
  await moved(q, loan, 'written-off', 'written off', { writtenOffOn: [null, writtenOffOn], note: [null, input.note] }, userId);
}
