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
import { inScope, pathWithin } from '../../tenancy/subtree';
import { owningTenant } from '../../tenancy/tenant-owned';
import { assertHardwareKnown } from '../geo-devices/device-write';
import { eventActionsChanged } from '../../tracking/tracking-changes';
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
     where x.id = $1 and x.deleted_at is null and t.id = $2 and ${pathWithin('t.path', 'xt.path')} and ${inScope('x.tenant_id', scope, p)}`,
    p.values,
  );
  if (!usable) throw fieldError(field, message);
}

const COMMAND_UNUSABLE = 'Choose a saved command of this tenant or above it.';
const ACTION_UNUSABLE = 'Choose an event action of this tenant or above it.';

const ACTION_COLUMNS = `name, event_type, action, attributes, io_id, io_value, geofence_id, time_window, notify_user_ids,
  email_addresses, email_user_ids, tenant_id`;

const actionValues = (input: EventActionSave, tenantId: string) => [
  input.name,
  input.eventType,
  input.action,
  JSON.stringify({ ...input.attributes, ...(input.action === 'command' && input.commandId ? { commandId: input.commandId } : {}) }),
  input.ioId ?? null,
  input.ioValue ?? null,
  input.geofenceId ?? null,
  input.timeWindow ? JSON.stringify(input.timeWindow) : null,
  JSON.stringify(input.notifyUserIds),
  JSON.stringify(input.emailAddresses),
  JSON.stringify(input.emailUserIds),
  tenantId,
];

const GEOFENCE_UNUSABLE = 'Choose a geofence of this tenant or above it.';
const DEVICE_UNUSABLE = 'Choose devices of this tenant or below it.';
const ASSET_UNUSABLE = 'Choose assets of this tenant or below it.';
const USER_UNKNOWN = 'Choose users of your tenants.';

/** The ids of `ids` that fail `condition` (rows of `table` aliased x; `$1` the ids, `$2` the rule's tenant). */
async function missingIds(q: Queryable, scope: TenantScope, ids: readonly string[], table: string, condition: string, tenantId: string) {
  if (ids.length === 0) return [];
  const p = sqlParams([ids, tenantId]);
  const found = await q.query<{ id: string }>(
    `select x.id from ${table} x join tenants xt on xt.id = x.tenant_id, tenants t
      where x.id = any($1::uuid[]) and x.deleted_at is null and t.id = $2 and ${condition} and ${inScope('x.tenant_id', scope, p)}`,
    p.values,
  );
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** What a rule names must be usable by its tenant: a fence above it, devices below it, users the caller sees. */
async function assertRuleTargets(q: Queryable, scope: TenantScope, input: EventActionSave, tenantId: string) {
  if (input.action === 'command') await assertUsableBy(q, scope, 'commands', input.commandId!, tenantId, 'commandId', COMMAND_UNUSABLE);
  if (input.geofenceId) {
    const fence = `x.type = 'geofence' and ${pathWithin('t.path', 'xt.path')}`;
    if ((await missingIds(q, scope, [input.geofenceId], 'geofences', fence, tenantId)).length > 0)
      throw fieldError('geofenceId', GEOFENCE_UNUSABLE);
  }
  if ((await missingIds(q, scope, input.deviceIds, 'geo_devices', pathWithin('xt.path', 't.path'), tenantId)).length > 0)
    throw fieldError('deviceIds', DEVICE_UNUSABLE);
  if ((await missingIds(q, scope, input.assetIds, 'assets', pathWithin('xt.path', 't.path'), tenantId)).length > 0)
    throw fieldError('assetIds', ASSET_UNUSABLE);
  for (const field of ['notifyUserIds', 'emailUserIds'] as const)
    if ((await missingIds(q, scope, input[field], 'users', 'true', tenantId)).length > 0) throw fieldError(field, USER_UNKNOWN);
}

/** The devices and assets a rule watches, replaced as a whole. */
async function writeRuleScope(q: Queryable, actionId: string, input: Pick<EventActionSave, 'deviceIds' | 'assetIds'>) {
  await q.query(`delete from event_action_devices where event_action_id = $1`, [actionId]);
  await q.query(`delete from event_action_assets where event_action_id = $1`, [actionId]);
  if (input.deviceIds.length > 0)
    await q.query(`insert into event_action_devices (event_action_id, device_id) select $1, unnest($2::uuid[])`, [
      actionId,
      input.deviceIds,
    ]);
  if (input.assetIds.length > 0)
    await q.query(`insert into event_action_assets (event_action_id, asset_id) select $1, unnest($2::uuid[])`, [actionId, input.assetIds]);
}

/** Processing reads the rules again once the change is committed. */
const announce = (q: Queryable, tenantId: string) => q.onCommit(() => eventActionsChanged.emit({ tenantId }));

export async function createEventAction(q: Queryable, scope: TenantScope, input: EventActionSave): Promise<string> {
  const tenantId = await owningTenant(q, scope, input.tenantId);
  await assertRuleTargets(q, scope, input, tenantId);
  const row = await q.one<{ id: string }>(
    `insert into event_actions (${ACTION_COLUMNS})
     values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8::jsonb, $9::jsonb, $10::jsonb, $11::jsonb, $12) returning id`,
    actionValues(input, tenantId),
  );
  await writeRuleScope(q, row!.id, input);
  announce(q, tenantId);
  return row!.id;
}

export async function updateEventAction(q: Queryable, scope: TenantScope, action: VisibleRow, input: EventActionSave) {
  const tenantId = await owningTenant(q, scope, input.tenantId, action.tenant_id);
  await assertRuleTargets(q, scope, input, tenantId);
  await q.query(
    `update event_actions set (${ACTION_COLUMNS}, date_modified) =
       ($1, $2, $3, $4::jsonb, $5, $6, $7, $8::jsonb, $9::jsonb, $10::jsonb, $11::jsonb, $12, now()) where id = $13`,
    [...actionValues(input, tenantId), action.id],
  );
  await writeRuleScope(q, action.id, input);
  announce(q, tenantId);
}

export async function deleteEventAction(q: Queryable, action: VisibleRow) {
  await q.query(`update event_actions set deleted_at = now(), date_modified = now() where id = $1`, [action.id]);
  await q.query(`update event_ios set event_action_id = null, date_modified = now() where event_action_id = $1`, [action.id]);
  announce(q, action.tenant_id);
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
