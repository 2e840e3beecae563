/**
 * A device may name what it creates (spec 5: the Id made offline). An Id already taken inside the
 * caller's subtree is a conflict the device must hear: it is most likely its own earlier create. One
 * taken anywhere else is treated like an Id not given, and the server makes a new one, so a create
 * never tells a caller that some other tenant holds an object with that Id.
 */
import type { Queryable } from '../db/database';
import type { TenantScope } from '../auth/principal';
import { conflict } from '../http/errors';
import { sqlParams } from '../db/sql-params';
import { inScope } from './subtree';

type DeviceNamedTable = 'activities' | 'leads';

export async function chosenIdOrNull(
  q: Queryable,
  table: DeviceNamedTable,
  id: string | undefined,
  scope: TenantScope,
  takenMessage: string,
) {
  if (!id) return null;
  const p = sqlParams([id]);
  // A row of a deleted tenant of the subtree still holds its Id, and this subtree knew of it anyway.
  const holder = await q.one<{ inside: boolean }>(
    `select ${inScope('x.tenant_id', scope, p, { includeDeleted: true })} as inside from ${table} x where x.id = $1`,
    p.values,
  );
  if (!holder) return id;
  if (holder.inside) throw conflict(takenMessage, { Id: [takenMessage] });
  return null;
}
