/** Who may use commands, and which saved commands a caller sees: those of the acting subtree (else 404). */
import { geoCommands } from '@meridian/shared/contract/areas/tracking';
import type { TenantScope } from '../../auth/principal';
import { allow } from '../../auth/allow';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { notFound } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';

export const COMMAND_READERS = allow(geoCommands, 'read');
export const COMMAND_CREATORS = allow(geoCommands, 'create');
export const COMMAND_EDITORS = allow(geoCommands, 'edit');
export const COMMAND_DELETERS = allow(geoCommands, 'delete');
export const COMMAND_SENDERS = allow(geoCommands, 'send');

export const commandVisible = (scope: TenantScope, p: SqlParams, alias = 'c') =>
  `${alias}.deleted_at is null and ${inScope(`${alias}.tenant_id`, scope, p)}`;

export interface VisibleCommand {
  id: string;
  tenant_id: string;
  command_type: string;
  attributes: Record<string, unknown>;
}

/** A saved command of the subtree, or null. */
export async function findVisibleCommand(q: Queryable, scope: TenantScope, id: string, options: { lock?: boolean } = {}) {
  const p = sqlParams([id]);
  return q.one<VisibleCommand>(
    `select c.id, c.tenant_id, c.command_type, c.attributes from commands c where c.id = $1 and ${commandVisible(scope, p)}${options.lock ? ' for update of c' : ''}`,
    p.values,
  );
}

export async function visibleCommand(q: Queryable, scope: TenantScope, id: string, options: { lock?: boolean } = {}) {
  const command = await findVisibleCommand(q, scope, id, options);
  if (!command) throw notFound('Command');
  return command;
}
