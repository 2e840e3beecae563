/** Loan products as the contract answers them: a page of the catalogue seen, one with its history, categories, the configurator. */
import type {
  LoanProduct,
  LoanProductDetails,
  LoanProductListQuery,
  ProductCategory,
  ProductConfigurator,
} from '@meridian/shared/contract/loan-product';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { productHistory } from '../loans/lending-history';
import { exactMinor, rateText } from '../loans/loan-money';
import { productSeen } from './loan-product-access';

const COLUMNS = `lp.id, lp.name, lp.category_id as "productCategoryId", pc.name as "productCategoryName", lp.currency,
  lp.min_amount_minor::text as "minAmountMinor", lp.max_amount_minor::text as "maxAmountMinor",
  lp.min_instalments as "minInstalments", lp.max_instalments as "maxInstalments", lp.interest_method as "interestMethod",
  lp.annual_rate_percent::text as "annualRatePercent", lp.repayment_frequency as "repaymentFrequency",
  lp.fee_per_instalment_minor::text as "feePerInstalmentMinor", lp.grace_on_principal as "gracePrincipal",
  lp.grace_on_interest_payment as "graceInterest", lp.arrears_tolerance_minor::text as "arrearsToleranceMinor", lp.active,
  lp.tenant_id as "tenantId", tn.name as "tenantName", lp.date_created as "dateCreated", lp.date_modified as "dateModified"`;
const FROM = `from loan_products lp join product_categories pc on pc.id = lp.category_id join tenants tn on tn.id = lp.tenant_id`;

type ProductRow = Omit<
  LoanProduct,
  'minAmountMinor' | 'maxAmountMinor' | 'feePerInstalmentMinor' | 'arrearsToleranceMinor' | 'graceOnPrincipal' | 'graceOnInterestPayment'
> & {
  minAmountMinor: string;
  maxAmountMinor: string;
  feePerInstalmentMinor: string;
  arrearsToleranceMinor: string;
  gracePrincipal: number;
  graceInterest: number;
};

const answerOf = ({ gracePrincipal, graceInterest, ...row }: ProductRow): LoanProduct => ({
  ...row,
  minAmountMinor: exactMinor(row.minAmountMinor),
  maxAmountMinor: exactMinor(row.maxAmountMinor),
  feePerInstalmentMinor: exactMinor(row.feePerInstalmentMinor),
  arrearsToleranceMinor: exactMinor(row.arrearsToleranceMinor),
  annualRatePercent: rateText(row.annualRatePercent),
  graceOnPrincipal: gracePrincipal,
  graceOnInterestPayment: graceInterest,
});

const SORT: SortSpec = {
  fields: { name: 'lp.name', currency: 'lp.currency', dateCreated: 'lp.date_created', annualRatePercent: 'lp.annual_rate_percent' },
  defaultField: 'name',
  defaultOrder: 'ASC',
  tieBreaker: 'lp.id',
};

export async function productPage(q: Queryable, scope: TenantScope, query: LoanProductListQuery, maxPageSize: number) {
  const p = sqlParams();
  const page = pageSql(query, SORT, maxPageSize);
  let where = productSeen(scope, p);
  if (query.active) where += ` and lp.active = ${p.add(query.active === 'true')}`;
  if (page.searchPattern) where += ` and upper(lp.name || ' ' || pc.name || ' ' || lp.currency) like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<ProductRow>(q, { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values }, page);
  return { items: rows.map(answerOf), paging };
}

export async function productById(q: Queryable, id: string): Promise<LoanProductDetails> {
  const row = await q.one<ProductRow>(`select ${COLUMNS} ${FROM} where lp.id = $1`, [id]);
  return { ...answerOf(row!), history: await productHistory(q, id) };
}

export const productCategories = (q: Queryable) =>
  q.query<ProductCategory>(`select id, code, name from product_categories order by name, id`);

const CONFIGURATOR_SORT: SortSpec = {
  fields: { productCategoryName: 'pc.name', productName: 'lp.name' },
  defaultField: 'productCategoryName',
  defaultOrder: 'ASC',
  tieBreaker: 'lp.name, lp.id',
};

/** The active loan products the acting tenant offers (its own and those of the tenants above it), by category. */
export async function configuratorPage(q: Queryable, scope: TenantScope, query: PagingQuery, maxPageSize: number) {
  const p = sqlParams();
  const page = pageSql(query, CONFIGURATOR_SORT, maxPageSize);
  let where = `lp.active and ${productSeen(scope, p)}`;
  if (page.searchPattern) where += ` and upper(lp.name || ' ' || pc.name) like ${p.add(page.searchPattern)}`;
  return pagedQuery<ProductConfigurator>(
    q,
    {
      select: `pc.id as "productCategoryId", pc.name as "productCategoryName", lp.id as "productId", lp.name as "productName", lp.currency`,
      from: `from loan_products lp join product_categories pc on pc.id = lp.category_id where ${where}`,
      params: p.values,
    },
    page,
  );
}
