/**
 * Doing an action, or queueing it for a checker: where the loan's tenant (or one above it) has a rule for
 * the action, the maker's call is checked now (state and input, so a doomed request is refused at once)
 * and kept as a pending request with its payload; otherwise it is done at once.
 */
import type { CheckedAction, CheckRequest } from '@meridian/shared/contract/maker-checker';
import type { Queryable } from '../../db/database';
import { conflict } from '../../http/errors';
import { effectiveRules } from './maker-checker-rules';

export interface CheckedCall {
  action: CheckedAction;
  loan: { id: string; tenant_id: string };
  paymentId: string | null;
  payload: Record<string, unknown>;
  userId: string;
}

export type Outcome = { queued: false } | { queued: true; requestId: string };

const ACTION_WORDS: Record<CheckedAction, string> = {
  'loan-approval': 'approval',
  disbursement: 'disbursement',
  'write-off': 'write-off',
  'payment-reversal': 'payment reversal',
};
export const actionWords = (action: CheckedAction) => ACTION_WORDS[action];

export async function doOrQueue(q: Queryable, call: CheckedCall, check: () => void, act: () => Promise<void>): Promise<Outcome> {
  if (!(await effectiveRules(q, call.loan.tenant_id)).includes(call.action)) {
    await act();
    return { queued: false };
  }
  check();
  const pending = await q.one(
    `select 1 from maker_checker_requests where loan_id = $1 and action = $2 and payment_id is not distinct from $3 and status = 'pending'`,
    [call.loan.id, call.action, call.paymentId],
  );
  if (pending) throw conflict(`A ${actionWords(call.action)} of this loan is already waiting for a checker.`);
  const row = await q.one<{ id: string }>(
    `insert into maker_checker_requests (tenant_id, action, loan_id, payment_id, payload, maker_user_id) values ($1, $2, $3, $4, $5::jsonb, $6) returning id`,
    [call.loan.tenant_id, call.action, call.loan.id, call.paymentId, JSON.stringify(call.payload), call.userId],
  );
  return { queued: true, requestId: row!.id };
}

export const REQUEST_COLUMNS = `r.id, r.action, r.status, r.loan_id as "loanId", r.payment_id as "paymentId", r.payload,
  r.maker_user_id as "makerUserId", mu.first_name || ' ' || mu.last_name as "makerName", r.checker_user_id as "checkerUserId",
  case when cu.id is null then null else cu.first_name || ' ' || cu.last_name end as "checkerName", r.checker_note as "checkerNote",
  r.tenant_id as "tenantId", r.date_created as "dateCreated", r.date_decided as "dateDecided"`;
export const REQUEST_FROM = `from maker_checker_requests r join users mu on mu.id = r.maker_user_id left join users cu on cu.id = r.checker_user_id`;

export async function checkRequestById(q: Queryable, id: string): Promise<CheckRequest> {
  return (await q.one<CheckRequest>(`select ${REQUEST_COLUMNS} ${REQUEST_FROM} where r.id = $1`, [id]))!;
}

/** The message of a queued action's answer (202). */
export const queuedMessage = (action: CheckedAction) =>
  `The ${actionWords(action)} waits for a checker: another user with the permission must approve it.`;
