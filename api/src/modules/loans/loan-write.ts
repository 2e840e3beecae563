/**
 * Applying for a loan: the client and the product must be seen by the caller, the product offered to the
 * client's tenant (its own or one above it) and active, the amount and term inside the product's ranges
 * (400 naming the range). The loan copies the product's terms and lives in the client's tenant.
 */
import type { LoanApply } from '@meridian/shared/contract/loan';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { AppError, fieldError } from '../../http/errors';
import { visibleClient } from '../clients/client-access';
import { visibleProduct } from '../loan-products/loan-product-access';
import { changedFields, recordChange } from './lending-history';
import { todayForTenant } from './loan-day';
import { offeredTo, productTerms, termsRefusal } from './loan-terms';

async function seenOr400<T>(find: () => Promise<T>, field: string, message: string): Promise<T> {
  try {
    return await find();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw fieldError(field, message);
    throw error;
  }
}

export async function applyForLoan(q: Queryable, scope: TenantScope, userId: string, input: LoanApply): Promise<string> {
  const client = await seenOr400(() => visibleClient(q, scope, input.clientId), 'clientId', 'There is no such client.');
  await seenOr400(() => visibleProduct(q, scope, input.productId), 'productId', 'There is no such loan product.');
  const product = (await productTerms(q, input.productId))!;
  const refusal = termsRefusal(product, await offeredTo(q, product.id, client.tenantId), input);
  if (refusal) throw fieldError(refusal.field, refusal.message);
  const submittedOn = input.submittedOn ?? (await todayForTenant(q, client.tenantId));
  const row = await q.one<{ id: string }>(
    `insert into loans (tenant_id, client_id, product_id, currency, principal_minor, instalments, interest_method, annual_rate_percent,
       repayment_frequency, fee_per_instalment_minor, grace_on_principal, grace_on_interest_payment, arrears_tolerance_minor, submitted_on,
       note, created_user_id)
     select $1, $2, lp.id, lp.currency, $4::bigint, $5, lp.interest_method, lp.annual_rate_percent, lp.repayment_frequency,
       lp.fee_per_instalment_minor, lp.grace_on_principal, lp.grace_on_interest_payment, lp.arrears_tolerance_minor, $6::date, $7, $8
     from loan_products lp where lp.id = $3 returning id`,
    [client.tenantId, client.Id, product.id, String(input.principalMinor), input.instalments, submittedOn, input.note, userId],
  );
  await recordChange(q, {
    tenantId: client.tenantId,
    entity: 'loan',
    entityId: row!.id,
    loanId: row!.id,
    action: 'submitted',
    changes: changedFields(
      {},
      {
        status: 'submitted',
        clientId: client.Id,
        productId: product.id,
        principalMinor: String(input.principalMinor),
        instalments: input.instalments,
        submittedOn,
      },
    ),
    userId,
  });
  return row!.id;
}
