/** Consent forms as the contract answers them: a page of the subtree's forms (of one loan, one kind, voided or not), or one. */
import type { ConsentListQuery, LoanConsent } from '@meridian/shared/contract/loan-consent';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import { exactMinor } from '../loans/loan-money';

const COLUMNS = `lc.id, lc.kind, lc.loan_id as "loanId", l.status as "loanStatus", l.client_id as "clientId",
  c.first_name || ' ' || c.last_name as "clientName", lp.name as "productName", l.currency, l.principal_minor::text as "principalMinor",
  lc.signer_name as "signerName", lc.id_number as "idNumber", lc.phone, lc.marriage_regime as "marriageRegime", lc.address,
  lc.relationship, lc.monthly_income_minor::text as "monthlyIncomeMinor", lc.guaranteed_minor::text as "guaranteedMinor",
  lc.signed_place as "signedPlace", lc.signed_at as "signedAt", lc.captured_user_id as "capturedUserId",
  trim(u.first_name || ' ' || u.last_name) as "capturedBy", lc.voided_at is not null as voided, lc.voided_at as "voidedAt",
  lc.void_reason as "voidReason", lc.tenant_id as "tenantId"`;
const FROM = `from loan_consents lc join loans l on l.id = lc.loan_id join clients c on c.id = l.client_id
  join loan_products lp on lp.id = l.product_id join users u on u.id = lc.captured_user_id`;

type ConsentText = Omit<LoanConsent, 'principalMinor' | 'monthlyIncomeMinor' | 'guaranteedMinor'> & {
  principalMinor: string;
  monthlyIncomeMinor: string | null;
  guaranteedMinor: string | null;
};

const answerOf = (row: ConsentText): LoanConsent => ({
  ...row,
  principalMinor: exactMinor(row.principalMinor),
  monthlyIncomeMinor: row.monthlyIncomeMinor === null ? null : exactMinor(row.monthlyIncomeMinor),
  guaranteedMinor: row.guaranteedMinor === null ? null : exactMinor(row.guaranteedMinor),
});

const SORT: SortSpec = {
  fields: { signedAt: 'lc.signed_at', signerName: 'lc.signer_name' },
  defaultField: 'signedAt',
  defaultOrder: 'DESC',
  tieBreaker: 'lc.id',
};

export async function consentPage(q: Queryable, scope: TenantScope, query: ConsentListQuery, maxPageSize: number) {
  const p = sqlParams();
  const page = pageSql(query, SORT, maxPageSize);
  let where = inScope('lc.tenant_id', scope, p);
  if (query.loanId) where += ` and lc.loan_id = ${p.add(query.loanId)}`;
  if (query.kind) where += ` and lc.kind = ${p.add(query.kind)}`;
  if (query.voided) where += ` and (lc.voided_at is not null) = ${p.add(query.voided === 'true')}`;
  if (page.searchPattern) where += ` and (lc.search_text || ' ' || c.search_text) like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<ConsentText>(q, { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values }, page);
  return { items: rows.map(answerOf), paging };
}

export async function consentById(q: Queryable, id: string): Promise<LoanConsent> {
  return answerOf((await q.one<ConsentText>(`select ${COLUMNS} ${FROM} where lc.id = $1`, [id]))!);
}
