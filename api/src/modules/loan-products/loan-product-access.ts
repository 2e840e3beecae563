/**
 * Who may do what with loan products, and which a caller sees: a company's products are its catalogue,
 * seen from its branches too (the subtree and the tenants above it, like bluebook values), changed only
 * from the tenant that owns them or one above it. Anything else answers 404.
 */
import { products } from '@meridian/shared/contract/areas/sales';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope, subtreeAndAncestorTenantsAt, subtreePattern } from '../../tenancy/subtree';

export const PRODUCT_PICKERS = allow(products, 'pick');
export const PRODUCT_CREATORS = allow(products, 'create');
export const PRODUCT_EDITORS = allow(products, 'edit');

export const productSeen = (scope: TenantScope, p: SqlParams, alias = 'lp') =>
  `${alias}.tenant_id in (${subtreeAndAncestorTenantsAt(p.add(subtreePattern(scope)))})`;

export interface VisibleProduct {
  id: string;
  tenant_id: string;
}

/** The product if the caller sees it (or, with `owned`, may change it), else 404. */
export async function visibleProduct(q: Queryable, scope: TenantScope, id: string, options: { owned?: boolean; lock?: boolean } = {}) {
  const p = sqlParams([id]);
  const where = options.owned ? inScope('lp.tenant_id', scope, p) : productSeen(scope, p);
  const row = await q.one<VisibleProduct>(
    `select lp.id, lp.tenant_id from loan_products lp where lp.id = $1 and ${where}${options.lock ? ' for update of lp' : ''}`,
    p.values,
  );
  if (!row) throw notFound('Loan product');
  return row;
}
