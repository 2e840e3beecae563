/**
 * Deciding a pending request: approving does the action now, with the payload the maker sent, as the
 * checker; rejecting only closes the request. The checker must hold the action's own permission and must
 * not be its maker (403); the loan is locked and its state checked again, since it may have moved since.
 */
import { can } from '@meridian/shared/contract/access';
import { clientPaperwork, disbursements, loans } from '@meridian/shared/contract/areas/sales';
import { loanApproveSchema, loanDisburseSchema, loanWriteOffSchema } from '@meridian/shared/contract/loan';
import { loanPaymentReverseSchema } from '@meridian/shared/contract/loan-payment';
import type { CheckDecision, CheckedAction } from '@meridian/shared/contract/maker-checker';
import type { Principal, TenantScope } from '../../auth/principal';
import { grantsOf } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { conflict, forbidden, notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';
import { lockedLoan, type LoanRow } from '../loans/loan-access';
import { approveLoan, disburseLoan, writeOffLoan } from '../loans/loan-status';
import { lockedPayment } from '../loan-payments/loan-payment-access';
import { reversePayment } from '../loan-payments/loan-payment-write';
import { recordChange } from '../loans/lending-history';
import { actionWords } from './maker-checker-queue';

const GRANTS: Record<CheckedAction, () => string[]> = {
  'loan-approval': () => grantsOf(loans, 'decide'),
  disbursement: () => grantsOf(disbursements, 'disburse'),
  'write-off': () => grantsOf(loans, 'writeOff'),
  'payment-reversal': () => grantsOf(clientPaperwork, 'reversePayment'),
};

type Executor = (q: Queryable, loan: LoanRow, request: PendingRequest, userId: string) => Promise<void>;

const EXECUTORS: Record<CheckedAction, Executor> = {
  'loan-approval': (q, loan, r, userId) => approveLoan(q, loan, loanApproveSchema.parse(r.payload), userId),
  disbursement: (q, loan, r, userId) => disburseLoan(q, loan, loanDisburseSchema.parse(r.payload), userId),
  'write-off': (q, loan, r, userId) => writeOffLoan(q, loan, loanWriteOffSchema.parse(r.payload), userId),
  'payment-reversal': async (q, loan, r, userId) =>
    reversePayment(q, loan, await lockedPayment(q, r.payment_id!), loanPaymentReverseSchema.parse(r.payload), userId),
};

interface PendingRequest {
  id: string;
  action: CheckedAction;
  status: string;
  loan_id: string;
  payment_id: string | null;
  payload: Record<string, unknown>;
  maker_user_id: string;
}

async function pendingRequest(q: Queryable, scope: TenantScope, id: string): Promise<PendingRequest> {
  const p = sqlParams([id]);
  const row = await q.one<PendingRequest>(
    `select r.id, r.action, r.status, r.loan_id, r.payment_id, r.payload, r.maker_user_id from maker_checker_requests r
     where r.id = $1 and ${inScope('r.tenant_id', scope, p)}`,
    p.values,
  );
  if (!row) throw notFound('Request');
  if (row.status !== 'pending') throw conflict(`This request was already ${row.status}.`);
  return row;
}

export async function decideRequest(
  q: Queryable,
  scope: TenantScope,
  principal: Principal,
  id: string,
  decision: 'approved' | 'rejected',
  input: CheckDecision,
) {
  const found = await pendingRequest(q, scope, id);
  if (!can(principal, GRANTS[found.action]())) throw forbidden(`Checking a ${actionWords(found.action)} needs the permission to make it.`);
  if (decision === 'approved' && found.maker_user_id === principal.userId)
    throw forbidden('You made this request: another user must check it.');
  // The loan first, then the request: the same order as every payment write, so two never wait on each other.
  const loan = await lockedLoan(q, found.loan_id);
  const request = (await q.one<PendingRequest>(
    `select id, action, status, loan_id, payment_id, payload, maker_user_id from maker_checker_requests where id = $1 for update`,
    [id],
  ))!;
  if (request.status !== 'pending') throw conflict(`This request was already ${request.status}.`);
  if (decision === 'approved') await EXECUTORS[request.action](q, loan, request, principal.userId);
  await q.query(
    `update maker_checker_requests set status = $2, checker_user_id = $3, checker_note = $4, date_decided = now() where id = $1`,
    [id, decision, principal.userId, input.note],
  );
  await recordChange(q, {
    tenantId: loan.tenant_id,
    entity: 'loan',
    entityId: loan.id,
    loanId: loan.id,
    action: `${actionWords(request.action)} ${decision} by checker`,
    changes: { request: [null, id], makerUserId: [null, request.maker_user_id] },
    userId: principal.userId,
  });
}
