/**
 * Who may do what with loans, and which a caller sees: a loan lives in its client's tenant, so it is
 * seen from that tenant's subtree and the tenants above it; another company's loan answers 404.
 */
import { disbursements, loans } from '@meridian/shared/contract/areas/sales';
import type { LoanStatus } from '@meridian/shared/contract/loan';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';

export const LOAN_READERS = allow(loans, 'read');
export const LOAN_APPLICANTS = allow(loans, 'apply');
export const LOAN_DECIDERS = allow(loans, 'decide');
export const LOAN_WRITERS_OFF = allow(loans, 'writeOff');
export const DISBURSEMENT_READERS = allow(disbursements, 'read');
export const DISBURSERS = allow(disbursements, 'disburse');

/** What the writes need of a loan: its state and the terms it copied from its product. */
export interface LoanRow {
  id: string;
  tenant_id: string;
  client_id: string;
  status: LoanStatus;
  principal_minor: string;
  approved_minor: string | null;
  instalments: number;
  interest_method: 'declining-balance' | 'flat';
  annual_rate_percent: string;
  repayment_frequency: 'weekly' | 'fortnightly' | 'monthly';
  fee_per_instalment_minor: string;
  grace_on_principal: number;
  grace_on_interest_payment: number;
  arrears_tolerance_minor: string;
  submitted_on: string;
  approved_on: string | null;
  disbursed_on: string | null;
}

const LOAN_ROW = `l.id, l.tenant_id, l.client_id, l.status, l.principal_minor::text, l.approved_minor::text, l.instalments, l.interest_method,
  l.annual_rate_percent::text, l.repayment_frequency, l.fee_per_instalment_minor::text, l.grace_on_principal, l.grace_on_interest_payment,
  l.arrears_tolerance_minor::text, l.submitted_on::text, l.approved_on::text, l.disbursed_on::text`;

/** The loan row by id, locked for the transaction's writes (`select … for update`), without a scope check. */
export async function lockedLoan(q: Queryable, id: string): Promise<LoanRow> {
  const row = await q.one<LoanRow>(`select ${LOAN_ROW} from loans l where l.id = $1 for update of l`, [id]);
  if (!row) throw notFound('Loan');
  return row;
}

/** The loan if it lies in the caller's subtree, else 404; with `lock`, locked until the transaction ends. */
export async function visibleLoan(q: Queryable, scope: TenantScope, id: string, options: { lock?: boolean } = {}): Promise<LoanRow> {
  const p = sqlParams([id]);
  const row = await q.one<LoanRow>(
    `select ${LOAN_ROW} from loans l where l.id = $1 and ${inScope('l.tenant_id', scope, p)}${options.lock ? ' for update of l' : ''}`,
    p.values,
  );
  if (!row) throw notFound('Loan');
  return row;
}
