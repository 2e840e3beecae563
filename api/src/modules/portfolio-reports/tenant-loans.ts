/**
 * The tenant loans report: per tenant of the subtree (its own loans, not those of the tenants below it), the
 * loans disbursed in the window and their amount, and its PAR30 figures at the window's end (today at most).
 */
import type { TenantLoansRow } from '@meridian/shared/contract/portfolio-report';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { tenantIdsIn } from '../../tenancy/subtree';
import { exactMinor } from '../loans/loan-money';
import { figuresOf } from './par-report';
import { portfolioFiguresSql } from './portfolio-figures';
import type { DayWindow } from './portfolio-access';

interface Row {
  tenantId: string;
  tenantName: string;
  tenantType: number;
  currency: string;
  loansDisbursed: number;
  disbursed: string;
  loans: number;
  loansAtRisk: number;
  outstanding: string;
  atRisk: string;
}

/** Every tenant of the subtree with loans disbursed in the window or outstanding at `asOf`, in tree order. */
export async function tenantLoans(q: Queryable, subtreePath: string, window: DayWindow, asOf: string): Promise<TenantLoansRow[]> {
  const p = sqlParams();
  const positions = await portfolioFiguresSql(q, subtreePath, asOf, p);
  const rows = await q.query<Row>(
    `with held as (
       select pos.tenant_id, pos.currency, sum(pos.loans)::int as loans, sum(pos.loans_at_risk)::int as "loansAtRisk",
         sum(pos.outstanding) as outstanding, sum(pos.at_risk) as "atRisk"
       from (${positions}) pos group by 1, 2
     ),
     lent as (
       select l.tenant_id, l.currency, count(*)::int as loans, sum(l.disbursed_minor) as disbursed
       from loans l
       where l.tenant_id = ${tenantIdsIn(subtreePath, p)}
         and l.disbursed_on between ${p.add(window.fromDate)}::date and ${p.add(window.toDate)}::date
       group by 1, 2
     )
     select t.id as "tenantId", t.name as "tenantName", t.type as "tenantType", k.currency,
       coalesce(lent.loans, 0) as "loansDisbursed", coalesce(lent.disbursed, 0)::text as disbursed,
       coalesce(held.loans, 0) as loans, coalesce(held."loansAtRisk", 0) as "loansAtRisk",
       coalesce(held.outstanding, 0)::text as outstanding, coalesce(held."atRisk", 0)::text as "atRisk"
     from (select tenant_id, currency from held union select tenant_id, currency from lent) k
     join tenants t on t.id = k.tenant_id
     left join held on held.tenant_id = k.tenant_id and held.currency = k.currency
     left join lent on lent.tenant_id = k.tenant_id and lent.currency = k.currency
     order by t.path, k.currency`,
    p.values,
  );
  return rows.map((r) => ({
    tenantId: r.tenantId,
    tenantName: r.tenantName,
    tenantType: r.tenantType,
    loansDisbursed: r.loansDisbursed,
    disbursedMinor: exactMinor(r.disbursed),
    ...figuresOf(r),
  }));
}
