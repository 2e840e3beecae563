/**
 * A loan move that maker-checker may hold (approve, disburse, write off) answers 200 with the loan, or 202
 * with the pending request. The shared client hands back the data alone, so the answer is told apart by the
 * contract's own schema of a check request: a loan never passes it (a strict object with other fields).
 */
import { checkRequestSchema, type CheckRequest } from '@meridian/shared/contract/maker-checker';
import type { LoanDetails } from '@meridian/shared/contract/loan';
import { api } from '@meridian/shared/http/api';

export type CheckedOutcome = { done: true; loan: LoanDetails } | { done: false; request: CheckRequest };

export async function postCheckedMove(path: string, body: unknown): Promise<CheckedOutcome> {
  const { data } = await api.post<LoanDetails | CheckRequest>(path, body);
  const queued = checkRequestSchema.safeParse(data);
  return queued.success ? { done: false, request: queued.data } : { done: true, loan: data as LoanDetails };
}
