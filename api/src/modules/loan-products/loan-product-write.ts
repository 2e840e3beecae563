/**
 * Loan product writes: names are unique per tenant (409), the category must exist (400), and every
 * create or edit is kept in the lending history with the fields it changed.
 */
import type { LoanProductSave } from '@meridian/shared/contract/loan-product';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { conflict, fieldError } from '../../http/errors';
import { owningTenant } from '../../tenancy/tenant-owned';
import { changedFields, recordChange, type FieldValues } from '../loans/lending-history';
import { rateText } from '../loans/loan-money';
import type { VisibleProduct } from './loan-product-access';

async function assertNameFree(q: Queryable, tenantId: string, name: string, exceptId?: string) {
  const taken = await q.one(
    `select 1 from loan_products where tenant_id = $1 and lower(name) = lower($2) and ($3::uuid is null or id <> $3)`,
    [tenantId, name, exceptId ?? null],
  );
  if (taken) {
    const message = `A loan product named ${name} already exists.`;
    throw conflict(message, { name: [message] });
  }
}

async function assertCategory(q: Queryable, categoryId: string) {
  if (!(await q.one(`select 1 from product_categories where id = $1`, [categoryId])))
    throw fieldError('productCategoryId', 'There is no such product category.');
}

/** The stored fields of a product, as the history compares them (amounts as text: exact). */
const fieldsOf = (input: LoanProductSave, tenantId: string): FieldValues => ({
  name: input.name,
  productCategoryId: input.productCategoryId,
  currency: input.currency,
  minAmountMinor: String(input.minAmountMinor),
  maxAmountMinor: String(input.maxAmountMinor),
  minInstalments: input.minInstalments,
  maxInstalments: input.maxInstalments,
  interestMethod: input.interestMethod,
  annualRatePercent: rateText(input.annualRatePercent),
  repaymentFrequency: input.repaymentFrequency,
  feePerInstalmentMinor: String(input.feePerInstalmentMinor),
  graceOnPrincipal: input.graceOnPrincipal,
  graceOnInterestPayment: input.graceOnInterestPayment,
  arrearsToleranceMinor: String(input.arrearsToleranceMinor),
  active: input.active,
  tenantId,
});

const STORED_FIELDS = `name as "name", category_id as "productCategoryId", currency, min_amount_minor::text as "minAmountMinor",
  max_amount_minor::text as "maxAmountMinor", min_instalments as "minInstalments", max_instalments as "maxInstalments",
  interest_method as "interestMethod", annual_rate_percent::text as "annualRatePercent", repayment_frequency as "repaymentFrequency",
  fee_per_instalment_minor::text as "feePerInstalmentMinor", grace_on_principal as "graceOnPrincipal",
  grace_on_interest_payment as "graceOnInterestPayment", arrears_tolerance_minor::text as "arrearsToleranceMinor", active,
  tenant_id as "tenantId"`;

const values = (input: LoanProductSave) => [
  input.name,
  input.productCategoryId,
  input.currency,
  String(input.minAmountMinor),
  String(input.maxAmountMinor),
  input.minInstalments,
  input.maxInstalments,
  input.interestMethod,
  input.annualRatePercent,
  input.repaymentFrequency,
  String(input.feePerInstalmentMinor),
  input.graceOnPrincipal,
  input.graceOnInterestPayment,
  String(input.arrearsToleranceMinor),
  input.active,
];

export async function createProduct(q: Queryable, scope: TenantScope, userId: string, input: LoanProductSave): Promise<string> {
  const tenantId = await owningTenant(q, scope, input.tenantId);
  await assertCategory(q, input.productCategoryId);
  await assertNameFree(q, tenantId, input.name);
  const row = await q.one<{ id: string }>(
    `insert into loan_products (name, category_id, currency, min_amount_minor, max_amount_minor, min_instalments, max_instalments,
       interest_method, annual_rate_percent, repayment_frequency, fee_per_instalment_minor, grace_on_principal,
       grace_on_interest_payment, arrears_tolerance_minor, active, tenant_id, created_user_id)
     values ($1, $2, $3, $4::bigint, $5::bigint, $6, $7, $8, $9::numeric, $10, $11::bigint, $12, $13, $14::bigint, $15, $16, $17) returning id`,
    [...values(input), tenantId, userId],
  );
  await recordChange(q, {
    tenantId,
    entity: 'product',
    entityId: row!.id,
    loanId: null,
    action: 'created',
    changes: changedFields({}, fieldsOf(input, tenantId)),
    userId,
  });
  return row!.id;
}

export async function updateProduct(q: Queryable, scope: TenantScope, userId: string, row: VisibleProduct, input: LoanProductSave) {
  const tenantId = await owningTenant(q, scope, input.tenantId, row.tenant_id);
  await assertCategory(q, input.productCategoryId);
  await assertNameFree(q, tenantId, input.name, row.id);
  const before = (await q.one<FieldValues>(`select ${STORED_FIELDS} from loan_products where id = $1`, [row.id]))!;
  // The rate is stored as numeric(7,4) ("24.5000"): compared in its shortest form, as answered.
  before.annualRatePercent = rateText(String(before.annualRatePercent));
  await q.query(
    `update loan_products set name = $1, category_id = $2, currency = $3, min_amount_minor = $4::bigint, max_amount_minor = $5::bigint,
       min_instalments = $6, max_instalments = $7, interest_method = $8, annual_rate_percent = $9::numeric, repayment_frequency = $10,
       fee_per_instalment_minor = $11::bigint, grace_on_principal = $12, grace_on_interest_payment = $13,
       arrears_tolerance_minor = $14::bigint, active = $15, tenant_id = $16, date_modified = now()
     where id = $17`,
    [...values(input), tenantId, row.id],
  );
  const changes = changedFields(before, fieldsOf(input, tenantId));
  if (Object.keys(changes).length)
    await recordChange(q, { tenantId, entity: 'product', entityId: row.id, loanId: null, action: 'edited', changes, userId });
}
