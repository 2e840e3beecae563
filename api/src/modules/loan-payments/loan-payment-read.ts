/**
 * Payments as the contract answers them: a page of the subtree's payments (of one loan, reversed or not,
 * paid within a span of days), or one. The allocation is read as the ledger's last replay stored it, and a
 * pending reversal from the maker-checker queue (one pending request per payment, by its unique index).
 */
import type { LoanPayment, LoanPaymentListQuery } from '@meridian/shared/contract/loan-payment';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import { exactMinor } from '../loans/loan-money';

const COLUMNS = `p.id, p.loan_id as "loanId", l.client_id as "clientId", c.first_name || ' ' || c.last_name as "clientName", l.currency,
  p.amount_minor::text as "amountMinor", p.paid_on::text as "paidOn", p.channel, p.reference,
  p.allocated_fee_minor::text as "feeMinor", p.allocated_interest_minor::text as "interestMinor",
  p.allocated_principal_minor::text as "principalMinor", p.overpayment_minor::text as "overpaymentMinor",
  p.reversed_at is not null as reversed, p.reversed_at as "reversedAt",
  exists (select 1 from maker_checker_requests r
    where r.loan_id = p.loan_id and r.action = 'payment-reversal' and r.payment_id = p.id and r.status = 'pending') as "pendingReversal",
  p.tenant_id as "tenantId", p.date_created as "dateCreated", p.date_modified as "dateModified"`;
const FROM = `from loan_payments p join loans l on l.id = p.loan_id join clients c on c.id = l.client_id`;

type Minor = 'amountMinor' | 'feeMinor' | 'interestMinor' | 'principalMinor' | 'overpaymentMinor';
type PaymentText = Omit<LoanPayment, 'amountMinor' | 'allocation'> & Record<Minor, string>;
const answerOf = ({ amountMinor, feeMinor, interestMinor, principalMinor, overpaymentMinor, ...row }: PaymentText): LoanPayment => ({
  ...row,
  amountMinor: exactMinor(amountMinor),
  allocation: {
    feeMinor: exactMinor(feeMinor),
    interestMinor: exactMinor(interestMinor),
    principalMinor: exactMinor(principalMinor),
    overpaymentMinor: exactMinor(overpaymentMinor),
  },
});

const SORT: SortSpec = {
  fields: { paidOn: 'p.paid_on', amountMinor: 'p.amount_minor', dateCreated: 'p.date_created' },
  defaultField: 'paidOn',
  defaultOrder: 'DESC',
  tieBreaker: 'p.id',
};

export async function paymentPage(q: Queryable, scope: TenantScope, query: LoanPaymentListQuery, maxPageSize: number) {
  const p = sqlParams();
  const page = pageSql(query, SORT, maxPageSize);
  let where = inScope('p.tenant_id', scope, p);
  if (query.loanId) where += ` and p.loan_id = ${p.add(query.loanId)}`;
  if (query.reversed) where += ` and (p.reversed_at is not null) = ${p.add(query.reversed === 'true')}`;
  if (query.from) where += ` and p.paid_on >= ${p.add(query.from)}::date`;
  if (query.to) where += ` and p.paid_on <= ${p.add(query.to)}::date`;
  if (page.searchPattern) where += ` and (c.search_text || ' ' || upper(coalesce(p.reference, ''))) like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<PaymentText>(q, { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values }, page);
  return { items: rows.map(answerOf), paging };
}

export async function paymentById(q: Queryable, id: string): Promise<LoanPayment> {
  return answerOf((await q.one<PaymentText>(`select ${COLUMNS} ${FROM} where p.id = $1`, [id]))!);
}
