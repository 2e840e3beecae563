/**
 * Rules shared by rows that belong to one tenant (templates, locations): which tenant a saved row
 * belongs to, and names that are unique within a tenant.
 */
import { MESSAGES, nameTakenMessage } from '@meridian/shared/messages';
import type { Queryable } from '../db/database';
import type { TenantScope } from '../auth/principal';
import { conflict, fieldError } from '../http/errors';
import { sqlParams } from '../db/sql-params';
import { tenantRowInScope } from './subtree';

/**
 * The tenant a saved row belongs to: the one the form names (inside the acting subtree, else a field
 * error), or without one `unchanged`: the row's own tenant when it is edited, the acting tenant when created.
 */
export async function owningTenant(
  q: Queryable,
  scope: TenantScope,
  tenantId: string | undefined,
  unchanged: string = scope.tenantId,
): Promise<string> {
  if (!tenantId) return unchanged;
  const p = sqlParams([tenantId]);
  const inside = await q.one(`select 1 from tenants t where t.id = $1 and ${tenantRowInScope('t', scope, p)}`, p.values);
  if (!inside) throw fieldError('tenantId', MESSAGES.tenantOutsideScope);
  return tenantId;
}

/** Refuses a name another row of the same table already uses in the tenant (compared case-insensitively). */
export async function assertNameFreeInTenant(
  q: Queryable,
  row: { table: 'templates' | 'locations'; what: string },
  tenantId: string,
  name: string,
  exceptId?: string,
) {
  const taken = await q.one(
    `select 1 from ${row.table} where tenant_id = $1 and lower(name) = lower($2) and ($3::uuid is null or id <> $3)`,
    [tenantId, name, exceptId ?? null],
  );
  if (taken) {
    const message = nameTakenMessage(row.what);
    throw conflict(message, { name: [message] });
  }
}
