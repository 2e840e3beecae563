/**
 * Who may do what with repossessions, and which a caller sees: the live repossessions of the acting
 * tenant's subtree; anything else answers 404, as if it did not exist.
 */
import { repossessions } from '@meridian/shared/contract/areas/vehicles';
import type { RepossessionStatus } from '@meridian/shared/contract/repossession';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';

export const REPOSSESSION_READERS = allow(repossessions, 'read');
export const REPOSSESSION_CREATORS = allow(repossessions, 'create');
export const REPOSSESSION_EDITORS = allow(repossessions, 'edit');
export const REPOSSESSION_DELETERS = allow(repossessions, 'delete');

export const repossessionVisible = (scope: TenantScope, p: SqlParams, alias = 'r') =>
  `${alias}.deleted_at is null and ${inScope(`${alias}.tenant_id`, scope, p)}`;

export interface VisibleRepossession {
  id: string;
  tenant_id: string;
  vehicle_id: string;
  status: RepossessionStatus;
}

export async function visibleRepossession(q: Queryable, scope: TenantScope, id: string, options: { lock?: boolean } = {}) {
  const p = sqlParams([id]);
  const row = await q.one<VisibleRepossession>(
    `select r.id, r.tenant_id, r.vehicle_id, r.status from repossessions r where r.id = $1 and ${repossessionVisible(scope, p)}${
      options.lock ? ' for update of r' : ''
    }`,
    p.values,
  );
  if (!row) throw notFound('Repossession');
  return row;
}
