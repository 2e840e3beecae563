/**
 * Payment writes. Each locks the loan row (select … for update), writes the payment, and replays every
 * live payment of the loan onto its schedule in the same transaction (loans/loan-ledger.ts), so two
 * payments at once cannot both allocate to the same instalment. A reversal marks the row, never deletes it.
 */
import type { LoanPaymentCreate, LoanPaymentReverse, LoanPaymentUpdate } from '@meridian/shared/contract/loan-payment';
import type { Queryable } from '../../db/database';
import { conflict, fieldError } from '../../http/errors';
import { changedFields, recordChange } from '../loans/lending-history';
import type { LoanRow } from '../loans/loan-access';
import { todayForTenant } from '../loans/loan-day';
import { replayLoan } from '../loans/loan-ledger';
import { restatingMonthEnds } from '../loans/loan-month-ends';
import type { PaymentRow } from './loan-payment-access';

async function assertPaidOn(q: Queryable, loan: LoanRow, paidOn: string) {
  if (loan.disbursed_on && paidOn < loan.disbursed_on)
    throw fieldError('paidOn', `A payment cannot be dated before the loan was disbursed (${loan.disbursed_on}).`);
  if (paidOn > (await todayForTenant(q, loan.tenant_id))) throw fieldError('paidOn', 'A payment cannot be dated in the future.');
}

const replay = async (q: Queryable, loan: LoanRow, userId: string) => replayLoan(q, loan, await todayForTenant(q, loan.tenant_id), userId);

export async function takePayment(q: Queryable, loan: LoanRow, input: LoanPaymentCreate, userId: string): Promise<string> {
  if (loan.status !== 'active') throw conflict(`A loan that is ${loan.status} takes no payments; only an active loan does.`);
  await assertPaidOn(q, loan, input.paidOn);
  // A payment dated in a past month moves the loan's position at the month-ends since (and so the kept PAR).
  return restatingMonthEnds(q, loan.id, input.paidOn, () => recordPayment(q, loan, input, userId));
}

async function recordPayment(q: Queryable, loan: LoanRow, input: LoanPaymentCreate, userId: string): Promise<string> {
  const row = await q.one<{ id: string }>(
    `insert into loan_payments (loan_id, tenant_id, amount_minor, paid_on, channel, reference, created_user_id)
     values ($1, $2, $3::bigint, $4::date, $5, $6, $7) returning id`,
    [loan.id, loan.tenant_id, String(input.amountMinor), input.paidOn, input.channel, input.reference, userId],
  );
  await recordChange(q, {
    tenantId: loan.tenant_id,
    entity: 'payment',
    entityId: row!.id,
    loanId: loan.id,
    action: 'payment taken',
    changes: changedFields(
      {},
      { amountMinor: String(input.amountMinor), paidOn: input.paidOn, channel: input.channel, reference: input.reference },
    ),
    userId,
  });
  await replay(q, loan, userId);
  return row!.id;
}

/** Payments of a written-off loan stay as they were (the write-off closed its books); a reversed one cannot change. */
function assertChangeable(loan: LoanRow, payment: PaymentRow) {
  if (payment.reversed) throw conflict('This payment was reversed; a reversed payment cannot change.');
  if (loan.status !== 'active' && loan.status !== 'closed') throw conflict(`The payments of a loan that is ${loan.status} cannot change.`);
}

export async function editPayment(q: Queryable, loan: LoanRow, payment: PaymentRow, input: LoanPaymentUpdate, userId: string) {
  assertChangeable(loan, payment);
  await assertPaidOn(q, loan, input.paidOn);
  const fromDay = input.paidOn < payment.paid_on ? input.paidOn : payment.paid_on;
  await restatingMonthEnds(q, loan.id, fromDay, () => changePayment(q, loan, payment, input, userId));
}

async function changePayment(q: Queryable, loan: LoanRow, payment: PaymentRow, input: LoanPaymentUpdate, userId: string) {
  const channel = input.channel ?? payment.channel;
  await q.query(
    `update loan_payments set amount_minor = $2::bigint, paid_on = $3::date, channel = $4, reference = $5, date_modified = now() where id = $1`,
    [payment.id, String(input.amountMinor), input.paidOn, channel, input.reference],
  );
  const changes = changedFields(
    { amountMinor: payment.amount_minor, paidOn: payment.paid_on, channel: payment.channel, reference: payment.reference },
    { amountMinor: String(input.amountMinor), paidOn: input.paidOn, channel, reference: input.reference },
  );
  if (Object.keys(changes).length)
    await recordChange(q, {
      tenantId: loan.tenant_id,
      entity: 'payment',
      entityId: payment.id,
      loanId: loan.id,
      action: 'payment edited',
      changes,
      userId,
    });
  await replay(q, loan, userId);
}

export function checkReverse(loan: LoanRow, payment: PaymentRow) {
  if (payment.reversed) throw conflict('This payment is already reversed.');
  assertChangeable(loan, payment);
}

export async function reversePayment(q: Queryable, loan: LoanRow, payment: PaymentRow, input: LoanPaymentReverse, userId: string) {
  checkReverse(loan, payment);
  await restatingMonthEnds(q, loan.id, payment.paid_on, () => markReversed(q, loan, payment, input, userId));
}

async function markReversed(q: Queryable, loan: LoanRow, payment: PaymentRow, input: LoanPaymentReverse, userId: string) {
  await q.query(`update loan_payments set reversed_at = now(), reversed_user_id = $2, date_modified = now() where id = $1`, [
    payment.id,
    userId,
  ]);
  await recordChange(q, {
    tenantId: loan.tenant_id,
    entity: 'payment',
    entityId: payment.id,
    loanId: loan.id,
    action: 'payment reversed',
    changes: { reversed: [false, true], note: [null, input.note] },
    userId,
  });
  await replay(q, loan, userId);
}
