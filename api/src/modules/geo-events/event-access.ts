/**
 * Who may change event actions and event IO, and which a caller sees: those of the acting subtree
 * (else 404). An event IO entry may point only to an action its tenant can use: one of its own tenant
 * or above it.
 */
import { eventActions, eventIos } from '@meridian/shared/contract/areas/tracking';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';

export const EVENT_ACTION_READERS = allow(eventActions, 'read');
export const EVENT_ACTION_CREATORS = allow(eventActions, 'create');
export const EVENT_ACTION_EDITORS = allow(eventActions, 'edit');
export const EVENT_ACTION_DELETERS = allow(eventActions, 'delete');
export const EVENT_IO_READERS = allow(eventIos, 'read');
export const EVENT_IO_CREATORS = allow(eventIos, 'create');
export const EVENT_IO_EDITORS = allow(eventIos, 'edit');
export const EVENT_IO_DELETERS = allow(eventIos, 'delete');

/** SQL condition: row `alias` (event_actions or event_ios) is live and in the acting subtree. */
export const ownedVisible = (scope: TenantScope, p: SqlParams, alias: string) =>
  `${alias}.deleted_at is null and ${inScope(`${alias}.tenant_id`, scope, p)}`;

export interface VisibleRow {
  id: string;
  tenant_id: string;
}

/** A live event action or event IO entry of the subtree, else 404. */
export async function visibleRow(
  q: Queryable,
  scope: TenantScope,
  table: 'event_actions' | 'event_ios',
  id: string,
  options: { lock?: boolean } = {},
): Promise<VisibleRow> {
  const p = sqlParams([id]);
  const row = await q.one<VisibleRow>(
    `select x.id, x.tenant_id from ${table} x where x.id = $1 and ${ownedVisible(scope, p, 'x')}${options.lock ? ' for update of x' : ''}`,
    p.values,
  );
  if (!row) throw notFound(table === 'event_actions' ? 'Event action' : 'Event IO entry');
  return row;
}
