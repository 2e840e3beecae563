/**
 * Who may do what with bluebook valuations, and which a caller sees: a company's valuations are its
 * catalogue, read from its branches too (the subtree and its ancestors), changed only from the tenant
 * that owns them or one above it. Anything else answers 404.
 */
import { bluebook } from '@meridian/shared/contract/areas/vehicles';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope, subtreeAndAncestorTenantsAt, subtreePattern } from '../../tenancy/subtree';

export const BLUEBOOK_READERS = allow(bluebook, 'read');
export const BLUEBOOK_CREATORS = allow(bluebook, 'create');
export const BLUEBOOK_EDITORS = allow(bluebook, 'edit');
export const BLUEBOOK_DELETERS = allow(bluebook, 'delete');

export const bluebookSeen = (scope: TenantScope, p: SqlParams, alias = 'b') =>
  `${alias}.tenant_id in (${subtreeAndAncestorTenantsAt(p.add(subtreePattern(scope)))})`;

export interface VisibleBluebook {
  id: string;
  tenant_id: string;
}

/** The valuation if the caller sees it (or, with `owned`, may change it), else 404. */
export async function visibleBluebook(q: Queryable, scope: TenantScope, id: string, options: { owned?: boolean; lock?: boolean } = {}) {
  const p = sqlParams([id]);
  const where = options.owned ? inScope('b.tenant_id', scope, p) : bluebookSeen(scope, p);
  const row = await q.one<VisibleBluebook>(
    `select b.id, b.tenant_id from bluebook_values b where b.id = $1 and ${where}${options.lock ? ' for update of b' : ''}`,
    p.values,
  );
  if (!row) throw notFound('Bluebook value');
  return row;
}
