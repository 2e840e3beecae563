/**
 * The commands screen's two forms, from the contract: sending a command (a device, a type or a saved
 * command, and the text a custom command needs, checked by the contract's own rule) and a saved command
 * (the contract's geoCommandSaveSchema, its text edited as one field).
 */
import { z } from 'zod';
import {
  COMMAND_LIMITS,
  COMMAND_TYPES,
  commandAttributeIssues,
  geoCommandFieldsSchema,
  type CommandType,
  type GeoCommand,
} from '@meridian/shared/contract/geo-command';
import { idSchema } from '@meridian/shared/validation';

const addDataIssues = (commandType: CommandType, data: string | undefined, ctx: z.RefinementCtx) => {
  for (const issue of commandAttributeIssues(commandType, { data }))
    ctx.addIssue({ code: 'custom', path: ['data'], message: issue.message });
};

const dataSchema = z.string().max(COMMAND_LIMITS.dataMaxLength).optional();
/** '' is a picker's "none". */
const noneAsNull = (v: unknown) => (v === '' ? null : v);

export const sendCommandSchema = z
  .object({
    deviceId: z.string({ error: 'Choose a device.' }).pipe(idSchema),
    commandType: z.enum(COMMAND_TYPES, { error: 'Choose the command type.' }),
    commandId: z.preprocess(noneAsNull, idSchema.nullable().optional()),
    data: dataSchema,
  })
  .superRefine((v, ctx) => addDataIssues(v.commandType, v.data, ctx));
export type SendCommandInput = z.input<typeof sendCommandSchema>;
export type SendCommandValues = z.output<typeof sendCommandSchema>;

/** What the send call is given: a saved command's id, or the text of a custom one (others need nothing). */
export function sendBody(values: SendCommandValues) {
  return {
    ...(values.commandId ? { commandId: values.commandId } : {}),
    ...(values.data?.trim() ? { attributes: { data: values.data.trim() } } : {}),
  };
}

export const savedCommandSchema = geoCommandFieldsSchema
  .omit({ attributes: true, tenantId: true })
  .extend({ hardwareId: z.preprocess(noneAsNull, idSchema.nullable().optional()), data: dataSchema })
  .superRefine((v, ctx) => addDataIssues(v.commandType, v.data, ctx));
export type SavedCommandInput = z.input<typeof savedCommandSchema>;
export type SavedCommandValues = z.output<typeof savedCommandSchema>;
export const SAVED_COMMAND_FIELDS = ['description', 'commandType', 'hardwareId', 'data'] as const;

export const savedCommandValues = (command: GeoCommand | null): SavedCommandInput => ({
  description: command?.description ?? '',
  commandType: (command?.commandType as CommandType) ?? 'custom',
  hardwareId: command?.hardwareId ?? '',
  data: typeof command?.attributes.data === 'string' ? command.attributes.data : '',
});

/** A saved command as the API takes it: its other attributes kept, its text replaced. */
export function savedCommandBody(values: SavedCommandValues, command: GeoCommand | null) {
  const { data, ...rest } = values;
  const attributes: Record<string, unknown> = { ...(command?.attributes ?? {}) };
  if (data?.trim()) attributes.data = data.trim();
  else delete attributes.data;
  return { ...rest, attributes };
}
