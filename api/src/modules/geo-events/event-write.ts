/**
 * Writes of event actions and event IO entries. What one points to (an action's saved command, an IO
 * entry's action) must be usable by its tenant: of that tenant or above it, and in the caller's subtree.
 */
import type { EventActionSave } from '@meridian/shared/contract/event-action';
import type { EventIoSave } from '@meridian/shared/contract/event-io';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { fieldError } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';
import { owningTenant } from '../../tenancy/tenant-owned';
import { assertHardwareKnown } from '../geo-devices/device-write';
import type { VisibleRow } from './event-access';

/** Refuses (as a field error) a row of `table` that is not live, not in the subtree, or not of `tenantId` or above it. */
async function assertUsableBy(
  q: Queryable,
  scope: TenantScope,
  table: 'commands' | 'event_actions',
  id: string,
  tenantId: string,
  field: string,
  message: string,
) {
  const p = sqlParams([id, tenantId]);
  const usable = await q.one(
    `select 1 from ${table} x join tenants xt on xt.id = x.tenant_id, tenants t
     where x.id = $1 and x.deleted_at is null and t.id = $2 and t.path like xt.path || '%' and ${inScope('x.tenant_id', scope, p)}`,
    p.values,
  );
  if (!usable) throw fieldError(field, message);
}

const COMMAND_UNUSABLE = 'Choose a saved command of this tenant or above it.';
const ACTION_UNUSABLE = 'Choose an event action of this tenant or above it.';

const actionValues = (input: EventActionSave) => [
  input.name,
  input.eventType,
  input.action,
  JSON.stringify({ ...input.attributes, ...(input.action === 'command' && input.commandId ? { commandId: input.commandId } : {}) }),
];

export async function createEventAction(q: Queryable, scope: TenantScope, input: EventActionSave): Promise<string> {
  const tenantId = await owningTenant(q, scope, input.tenantId);
  if (input.action === 'command') await assertUsableBy(q, scope, 'commands', input.commandId!, tenantId, 'commandId', COMMAND_UNUSABLE);
  const row = await q.one<{ id: string }>(
    `insert into event_actions (name, event_type, action, attributes, tenant_id) values ($1, $2, $3, $4::jsonb, $5) returning id`,
    [...actionValues(input), tenantId],
  );
  return row!.id;
}

export async function updateEventAction(q: Queryable, scope: TenantScope, action: VisibleRow, input: EventActionSave) {
  const tenantId = await owningTenant(q, scope, input.tenantId, action.tenant_id);
  if (input.action === 'command') await assertUsableBy(q, scope, 'commands', input.commandId!, tenantId, 'commandId', COMMAND_UNUSABLE);
  await q.query(
    `update event_actions set name = $1, event_type = $2, action = $3, attributes = $4::jsonb, tenant_id = $5, date_modified = now() where id = $6`,
    [...actionValues(input), tenantId, action.id],
  );
}

export async function deleteEventAction(q: Queryable, action: VisibleRow) {
  await q.query(`update event_actions set deleted_at = now(), date_modified = now() where id = $1`, [action.id]);
  await q.query(`update event_ios set event_action_id = null, date_modified = now() where event_action_id = $1`, [action.id]);
}

const ioValues = (input: EventIoSave) => [
  input.hardwareId ?? null,
  input.ioId,
  input.name,
  input.attribute,
  input.eventType ?? null,
  input.eventActionId ?? null,
];

async function assertIoTargets(q: Queryable, scope: TenantScope, input: EventIoSave, tenantId: string) {
  await assertHardwareKnown(q, input.hardwareId);
  if (input.eventActionId) await assertUsableBy(q, scope, 'event_actions', input.eventActionId, tenantId, 'eventActionId', ACTION_UNUSABLE);
}

export async function createEventIo(q: Queryable, scope: TenantScope, input: EventIoSave): Promise<string> {
  const tenantId = await owningTenant(q, scope, input.tenantId);
  await assertIoTargets(q, scope, input, tenantId);
  const row = await q.one<{ id: string }>(
    `insert into event_ios (hardware_id, io_id, name, attribute, event_type, event_action_id, tenant_id) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [...ioValues(input), tenantId],
  );
  return row!.id;
}

export async function updateEventIo(q: Queryable, scope: TenantScope, io: VisibleRow, input: EventIoSave) {
  const tenantId = await owningTenant(q, scope, input.tenantId, io.tenant_id);
  await assertIoTargets(q, scope, input, tenantId);
  await q.query(
    `update event_ios set hardware_id = $1, io_id = $2, name = $3, attribute = $4, event_type = $5, event_action_id = $6, tenant_id = $7,
       date_modified = now() where id = $8`,
    [...ioValues(input), tenantId, io.id],
  );
}
