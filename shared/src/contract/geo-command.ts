/**
 * Commands (tracking spec 3, 7 Commands): saved commands of a tenant (optionally for one hardware
 * type), and a command sent to a device (POST /geo/device/sendCommand/{deviceId}/{commandType}), which
 * is queued until the device's next contact: an OsmAnd client gets it as the reply to its next report,
 * a Teltonika connection is sent it; then it is marked sent.
 *
 * Types are Traccar's. A `custom` command carries its text in `attributes.data` (a Teltonika SMS/GPRS
 * command such as `getinfo` or `setdigout 1`); `positionPeriodic` takes `attributes.frequency` seconds.
 */
import { z } from 'zod';
import { answerId, answerInstant } from './answer-fields';
import { geoAttributesSchema, geoListQuerySchema, owningTenantIdSchema, requiredText } from './geo-list';
import { idSchema } from '../validation';
import { pagingQuerySchema } from './paging';

export const COMMAND_TYPES = [
  'custom',
  'engineStop',
  'engineResume',
  'positionSingle',
  'positionPeriodic',
  'outputControl',
  'setOdometer',
  'getVersion',
  'rebootDevice',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

export const COMMAND_LIMITS = { descriptionMaxLength: 200, dataMaxLength: 500 } as const;

const commandTypeSchema = z.enum(COMMAND_TYPES, { error: `A command type is one of: ${COMMAND_TYPES.join(', ')}.` });

/** What is wrong with a command's attributes (a custom command needs its text), as field paths and messages. */
export function commandAttributeIssues(
  commandType: CommandType,
  attributes: Record<string, unknown>,
): { path: string[]; message: string }[] {
  const data = attributes.data;
  const path = ['attributes', 'data'];
  if (commandType === 'custom' && (typeof data !== 'string' || data.trim() === ''))
    return [{ path, message: 'A custom command needs its text in attributes.data.' }];
  if (typeof data === 'string' && data.length > COMMAND_LIMITS.dataMaxLength)
    return [{ path, message: `A command's text has at most ${COMMAND_LIMITS.dataMaxLength} characters.` }];
  return [];
}

/** POST /geo/commands and PUT /geo/commands/{id}: a saved command. */
/** A saved command's fields before the rule that ties its text to its type (forms build on them). */
export const geoCommandFieldsSchema = z.object({
  description: requiredText(COMMAND_LIMITS.descriptionMaxLength, 'A description'),
  commandType: commandTypeSchema,
  /** The hardware it is for; null: any. */
  hardwareId: idSchema.nullable().optional(),
  attributes: geoAttributesSchema.default({}),
  tenantId: owningTenantIdSchema,
});

export const geoCommandSaveSchema = geoCommandFieldsSchema.superRefine((c, ctx) => {
  for (const issue of commandAttributeIssues(c.commandType, c.attributes)) ctx.addIssue({ code: 'custom', ...issue });
});
export type GeoCommandSave = z.infer<typeof geoCommandSaveSchema>;

/** GET /geo/commands: paged (default sort description DESC), searched on the description; `hardwareId` narrows to one hardware's commands. */
export const geoCommandListQuerySchema = geoListQuerySchema.extend({ hardwareId: idSchema.optional() });
export const GEO_COMMAND_SORT_FIELDS = ['description', 'commandType', 'make', 'dateCreated', 'tenantName'] as const;

/** The path of POST /geo/device/sendCommand/{deviceId}/{commandType}. */
export const commandSendParamsSchema = z.object({ deviceId: idSchema, commandType: commandTypeSchema });

/**
 * The body of a sent command, which may be left out: its attributes, or a saved command (`commandId`)
 * whose attributes it takes (the path's type must be the saved command's).
 */
export const commandSendSchema = z.preprocess(
  (v) => v ?? {},
  z.object({
    commandId: idSchema.optional(),
    attributes: geoAttributesSchema.optional(),
  }),
);
export type CommandSend = z.infer<typeof commandSendSchema>;

// Answers

export interface GeoCommand {
  id: string;
  /** The type marker of the spec's entity. */
  type: 'command';
  description: string;
  commandType: string;
  hardwareId: string | null;
  make: string | null;
  hardwareModel: string | null;
  attributes: Record<string, unknown>;
  tenantId: string;
  tenantName: string;
  dateCreated: string;
  dateModified: string;
}

/** A command on its way to a device (answered 202 when queued). */
export interface QueuedCommand {
  id: string;
  deviceId: string;
  commandType: string;
  attributes: Record<string, unknown>;
  userId: string | null;
  dateCreated: string;
  /** When the device was given it; null while queued. */
  sentAt: string | null;
  result: string | null;
}

export const geoCommandSchema: z.ZodType<GeoCommand> = z
  .strictObject({
    id: answerId,
    type: z.literal('command'),
    description: z.string(),
    commandType: z.string(),
    hardwareId: answerId.nullable(),
    make: z.string().nullable(),
    hardwareModel: z.string().nullable(),
    attributes: z.record(z.string(), z.unknown()),
    tenantId: answerId,
    tenantName: z.string(),
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'GeoCommand' });

/**
 * A sent command's state: queued (waiting for the device), sent (given to it), answered (a Teltonika
 * reply, kept as `result`), failed (a Teltonika tracker that did not answer in time, `failure` says so).
 * An OsmAnd client never answers: sent is where its commands end.
 */
export const COMMAND_STATUSES = ['queued', 'sent', 'answered', 'failed'] as const;
/** How long a Teltonika tracker has to answer a command before it counts as failed (COMMAND_ANSWER_TIMEOUT_SECONDS). */
export const COMMAND_ANSWER_TIMEOUT_SECONDS_DEFAULT = 60;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

/** GET /geo/commands/sent: the commands sent to the acting subtree's devices, newest first; one device's, or in one state. */
export const sentCommandQuerySchema = pagingQuerySchema.extend({
  deviceId: idSchema.optional(),
  status: z.enum(COMMAND_STATUSES, { error: `A status is one of: ${COMMAND_STATUSES.join(', ')}.` }).optional(),
});

/** A command sent to a device, with who sent it and where it stands. */
export interface SentCommand {
  id: string;
  deviceId: string;
  deviceName: string;
  commandType: string;
  attributes: Record<string, unknown>;
  status: CommandStatus;
  /** Who sent it; null for a command an event action sent. */
  sentBy: { id: string; name: string } | null;
  dateCreated: string;
  sentAt: string | null;
  answeredAt: string | null;
  failedAt: string | null;
  result: string | null;
  failure: string | null;
}

export const sentCommandSchema: z.ZodType<SentCommand> = z
  .strictObject({
    id: answerId,
    deviceId: answerId,
    deviceName: z.string(),
    commandType: z.string(),
    attributes: z.record(z.string(), z.unknown()),
    status: z.enum(COMMAND_STATUSES),
    sentBy: z.strictObject({ id: answerId, name: z.string() }).nullable(),
    dateCreated: answerInstant,
    sentAt: answerInstant.nullable(),
    answeredAt: answerInstant.nullable(),
    failedAt: answerInstant.nullable(),
    result: z.string().nullable(),
    failure: z.string().nullable(),
  })
  .meta({ id: 'SentCommand' });

export const queuedCommandSchema: z.ZodType<QueuedCommand> = z
  .strictObject({
    id: answerId,
    deviceId: answerId,
    commandType: z.string(),
    attributes: z.record(z.string(), z.unknown()),
    userId: answerId.nullable(),
    dateCreated: answerInstant,
    sentAt: answerInstant.nullable(),
    result: z.string().nullable(),
  })
  .meta({ id: 'QueuedCommand' });
