/**
 * A loan product's terms as an application is checked against them, the same for one application (POST
 * /loans) and for a CSV import's rows: offered to the client's branch (the product's tenant is the
 * client's or one above it), active, and the amount and term inside its ranges. The refusal names the field
 * and says why in words a credit officer reads.
 */
import type { Queryable } from '../../db/database';
import { pathWithin } from '../../tenancy/subtree';

export interface ProductTerms {
  id: string;
  name: string;
  currency: string;
  min_amount: string;
  max_amount: string;
  min_instalments: number;
  max_instalments: number;
  active: boolean;
}

export const productTerms = (q: Queryable, productId: string) =>
  q.one<ProductTerms>(
    `select lp.id, lp.name, lp.currency, lp.min_amount_minor::text as min_amount, lp.max_amount_minor::text as max_amount,
       lp.min_instalments, lp.max_instalments, lp.active from loan_products lp where lp.id = $1`,
    [productId],
  );

/** Whether the product is offered to a client of `tenantId`: its tenant is that one or one above it. */
export async function offeredTo(q: Queryable, productId: string, tenantId: string): Promise<boolean> {
  const row = await q.one(
    `select 1 from loan_products lp join tenants pt on pt.id = lp.tenant_id join tenants ct on ct.id = $2
     where lp.id = $1 and ${pathWithin('ct.path', 'pt.path')}`,
    [productId, tenantId],
  );
  return Boolean(row);
}

/** Why an application may not be made on these terms (the first reason), or null. */
export function termsRefusal(
  product: ProductTerms,
  offered: boolean,
  input: { principalMinor: number | bigint | string; instalments: number },
): { field: 'productId' | 'principalMinor' | 'instalments'; message: string } | null {
  if (!offered) return { field: 'productId', message: `${product.name} is not offered to the client's branch.` };
  if (!product.active) return { field: 'productId', message: `${product.name} is no longer offered.` };
  const [min, max] = [BigInt(product.min_amount), BigInt(product.max_amount)];
  const amount = BigInt(input.principalMinor);
  if (amount < min || amount > max)
    return {
      field: 'principalMinor',
      message: `${product.name} lends from ${min} to ${max} minor units of ${product.currency}; ${amount} is outside that range.`,
    };
  if (input.instalments < product.min_instalments || input.instalments > product.max_instalments)
    return {
      field: 'instalments',
      message: `${product.name} is repaid in ${product.min_instalments} to ${product.max_instalments} instalments; ${input.instalments} is outside that range.`,
    };
  return null;
}
