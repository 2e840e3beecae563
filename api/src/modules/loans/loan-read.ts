/** Loans as the contract answers them: a page of the subtree's loans, one loan with its schedule and history, disbursements. */
import type { Disbursement, Loan, LoanDetails, LoanInstalment, LoanListQuery } from '@meridian/shared/contract/loan';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import { loanHistory } from './lending-history';
import { exactMinor, rateText } from './loan-money';

const MONEY = [
  'principalMinor',
  'approvedMinor',
  'disbursedMinor',
  'feePerInstalmentMinor',
  'arrearsToleranceMinor',
  'outstandingMinor',
  'overpaymentMinor',
] as const;

const COLUMNS = `l.id, l.status, l.client_id as "clientId", c.first_name || ' ' || c.last_name as "clientName", l.product_id as "productId",
  lp.name as "productName", l.currency, l.principal_minor::text as "principalMinor", l.approved_minor::text as "approvedMinor",
  l.disbursed_minor::text as "disbursedMinor", l.instalments, l.interest_method as "interestMethod",
  l.annual_rate_percent::text as "annualRatePercent", l.repayment_frequency as "repaymentFrequency",
  l.fee_per_instalment_minor::text as "feePerInstalmentMinor", l.grace_on_principal as "graceOnPrincipal",
  l.grace_on_interest_payment as "graceOnInterestPayment", l.arrears_tolerance_minor::text as "arrearsToleranceMinor",
  l.submitted_on::text as "submittedOn", l.approved_on::text as "approvedOn", l.rejected_on::text as "rejectedOn",
  l.disbursed_on::text as "disbursedOn", l.disbursement_channel as "disbursementChannel", l.first_due_date::text as "firstDueDate",
  l.closed_on::text as "closedOn", l.written_off_on::text as "writtenOffOn", l.note, l.outstanding_minor::text as "outstandingMinor",
  l.overpayment_minor::text as "overpaymentMinor", l.arrears_days as "arrearsDays", l.arrears_as_of::text as "arrearsAsOf",
  l.tenant_id as "tenantId", tn.name as "tenantName", l.date_created as "dateCreated", l.date_modified as "dateModified"`;
const FROM = `from loans l join clients c on c.id = l.client_id join loan_products lp on lp.id = l.product_id join tenants tn on tn.id = l.tenant_id`;

type LoanRowText = Omit<Loan, (typeof MONEY)[number]> & Record<(typeof MONEY)[number], string | null>;

function answerOf(row: LoanRowText): Loan {
  const money = Object.fromEntries(MONEY.map((key) => [key, row[key] === null ? null : exactMinor(row[key]!)])) as Pick<
    Loan,
    (typeof MONEY)[number]
  >;
  return { ...row, ...money, annualRatePercent: rateText(row.annualRatePercent) };
}

const SORT: SortSpec = {
  fields: {
    dateCreated: 'l.date_created',
    submittedOn: 'l.submitted_on',
    disbursedOn: 'l.disbursed_on',
    principalMinor: 'l.principal_minor',
    arrearsDays: 'l.arrears_days',
    status: 'l.status',
  },
  defaultField: 'dateCreated',
  defaultOrder: 'DESC',
  tieBreaker: 'l.id',
};

export async function loanPage(q: Queryable, scope: TenantScope, query: LoanListQuery, maxPageSize: number) {
  const p = sqlParams();
  const page = pageSql(query, SORT, maxPageSize);
  let where = inScope('l.tenant_id', scope, p);
  if (query.status) where += ` and l.status = ${p.add(query.status)}`;
  if (query.clientId) where += ` and l.client_id = ${p.add(query.clientId)}`;
  if (page.searchPattern) where += ` and (c.search_text || ' ' || upper(lp.name)) like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<LoanRowText>(q, { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values }, page);
  return { items: rows.map(answerOf), paging };
}

interface InstalmentText {
  number: number;
  dueDate: string;
  principal: string;
  interest: string;
  fee: string;
  paidPrincipal: string;
  paidInterest: string;
  paidFee: string;
}

export function instalmentAnswer(i: InstalmentText): LoanInstalment {
  const [principal, interest, fee] = [BigInt(i.principal), BigInt(i.interest), BigInt(i.fee)];
  const [paidPrincipal, paidInterest, paidFee] = [BigInt(i.paidPrincipal), BigInt(i.paidInterest), BigInt(i.paidFee)];
  const total = principal + interest + fee;
  const paid = paidPrincipal + paidInterest + paidFee;
  return {
    number: i.number,
    dueDate: i.dueDate,
    principalMinor: exactMinor(principal),
    interestMinor: exactMinor(interest),
    feeMinor: exactMinor(fee),
    totalMinor: exactMinor(total),
    paidPrincipalMinor: exactMinor(paidPrincipal),
    paidInterestMinor: exactMinor(paidInterest),
    paidFeeMinor: exactMinor(paidFee),
    outstandingMinor: exactMinor(total - paid),
  };
}

export const INSTALMENT_COLUMNS = `number, due_date::text as "dueDate", principal_minor::text as principal, interest_minor::text as interest,
  fee_minor::text as fee, paid_principal_minor::text as "paidPrincipal", paid_interest_minor::text as "paidInterest", paid_fee_minor::text as "paidFee"`;

export async function loanById(q: Queryable, id: string): Promise<LoanDetails> {
  const row = await q.one<LoanRowText>(`select ${COLUMNS} ${FROM} where l.id = $1`, [id]);
  const instalments = await q.query<InstalmentText>(
    `select ${INSTALMENT_COLUMNS} from loan_instalments where loan_id = $1 order by number`,
    [id],
  );
  const schedule = instalments.map(instalmentAnswer);
  const sum = (pick: (i: LoanInstalment) => number) => schedule.reduce((total, i) => total + BigInt(pick(i)), 0n);
  const due = sum((i) => i.totalMinor);
  const outstanding = sum((i) => i.outstandingMinor);
  return {
    ...answerOf(row!),
    schedule,
    totals: { dueMinor: exactMinor(due), paidMinor: exactMinor(due - outstanding), outstandingMinor: exactMinor(outstanding) },
    history: await loanHistory(q, id),
  };
}

const DISBURSEMENT_SORT: SortSpec = {
  fields: { disbursedOn: 'l.disbursed_on', amountMinor: 'l.disbursed_minor' },
  defaultField: 'disbursedOn',
  defaultOrder: 'DESC',
  tieBreaker: 'l.id',
};

export async function disbursementPage(q: Queryable, scope: TenantScope, query: PagingQuery, maxPageSize: number) {
  const p = sqlParams();
  const page = pageSql(query, DISBURSEMENT_SORT, maxPageSize);
  let where = `l.disbursed_on is not null and ${inScope('l.tenant_id', scope, p)}`;
  if (page.searchPattern) where += ` and (c.search_text || ' ' || upper(lp.name)) like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<Omit<Disbursement, 'amountMinor'> & { amountMinor: string }>(
    q,
    {
      select: `l.id as "loanId", l.client_id as "clientId", c.first_name || ' ' || c.last_name as "clientName", lp.name as "productName",
        l.currency, l.disbursed_minor::text as "amountMinor", l.disbursed_on::text as "disbursedOn", l.disbursement_channel as channel,
        l.status, l.tenant_id as "tenantId"`,
      from: `${FROM} where ${where}`,
      params: p.values,
    },
    page,
  );
  return { items: rows.map((r) => ({ ...r, amountMinor: exactMinor(r.amountMinor) })), paging };
}
