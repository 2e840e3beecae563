/**
 * Saved commands, and commands sent to a device: a sent command is queued in command_queue and
 * announced once committed, so a listener connected to the device sends it at once; otherwise it goes
 * at the device's next contact (the listeners deliver it and mark it sent). Answered at once as queued.
 */
import { commandAttributeIssues, type CommandType, type GeoCommandSave, type QueuedCommand } from '@meridian/shared/contract/geo-command';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { badRequest, fieldError } from '../../http/errors';
import { owningTenant } from '../../tenancy/tenant-owned';
import { assertHardwareKnown } from '../geo-devices/device-write';
import type { VisibleDevice } from '../geo-devices/device-access';
import { commandsQueued } from '../../tracking/tracking-changes';
import type { VisibleCommand } from './command-access';

const commandValues = (input: GeoCommandSave) => [
  input.description,
  input.commandType,
  input.hardwareId ?? null,
  JSON.stringify(input.attributes),
];

export async function createCommand(q: Queryable, scope: TenantScope, input: GeoCommandSave): Promise<string> {
  const tenantId = await owningTenant(q, scope, input.tenantId);
  await assertHardwareKnown(q, input.hardwareId);
  const row = await q.one<{ id: string }>(
    `insert into commands (description, command_type, hardware_id, attributes, tenant_id) values ($1, $2, $3, $4::jsonb, $5) returning id`,
    [...commandValues(input), tenantId],
  );
  return row!.id;
}

export async function updateCommand(q: Queryable, scope: TenantScope, command: VisibleCommand, input: GeoCommandSave) {
  const tenantId = await owningTenant(q, scope, input.tenantId, command.tenant_id);
  await assertHardwareKnown(q, input.hardwareId);
  await q.query(
    `update commands set description = $1, command_type = $2, hardware_id = $3, attributes = $4::jsonb, tenant_id = $5, date_modified = now() where id = $6`,
    [...commandValues(input), tenantId, command.id],
  );
}

/** The issues of a command's attributes, as field errors of a 400. */
function assertSendable(commandType: CommandType, attributes: Record<string, unknown>) {
  const issues = commandAttributeIssues(commandType, attributes);
  if (issues.length === 0) return;
  throw badRequest(issues[0]!.message, Object.fromEntries(issues.map((i) => [i.path.join('.'), [i.message]])));
}

export interface SendInput {
  commandType: CommandType;
  attributes: Record<string, unknown> | undefined;
  saved: VisibleCommand | null;
}

/** Queues the command for the device; a saved command gives its attributes (the body's override them). */
export async function queueCommand(q: Queryable, device: VisibleDevice, userId: string, input: SendInput): Promise<QueuedCommand> {
  if (input.saved && input.saved.command_type !== input.commandType)
    throw fieldError('commandId', `The saved command is a ${input.saved.command_type} command, not ${input.commandType}.`);
  const attributes = { ...(input.saved?.attributes ?? {}), ...(input.attributes ?? {}) };
  assertSendable(input.commandType, attributes);
  const row = await q.one<QueuedCommand>(
    `insert into command_queue (device_id, tenant_id, command_type, attributes, created_user_id) values ($1, $2, $3, $4::jsonb, $5)
     returning id, device_id as "deviceId", command_type as "commandType", attributes, created_user_id as "userId",
       date_created as "dateCreated", sent_at as "sentAt", result`,
    [device.id, device.tenant_id, input.commandType, JSON.stringify(attributes), userId],
  );
  q.onCommit(() => commandsQueued.emit({ deviceIds: [device.id] }));
  return row!;
}
