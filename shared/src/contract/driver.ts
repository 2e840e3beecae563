/**
 * Drivers (tracking spec 3): people who drive a tenant's vehicles, matched by the `driverUniqueId` a
 * device reports (an iButton or RFID card); a change of driver raises a driverChanged event. The spec
 * shows no paths: these are /geo/drivers and /geo/drivers/{id} (README).
 */
import { z } from 'zod';
import { answerId, answerInstant } from './answer-fields';
import { geoAttributesSchema, geoListQuerySchema, optionalText, owningTenantIdSchema, requiredText } from './geo-list';
import { UNIQUE_ID_PATTERN } from './geo-device';

export const DRIVER_LIMITS = { nameMaxLength: 100, uniqueIdMaxLength: 50, phoneMaxLength: 30 } as const;

/** POST /geo/drivers and PUT /geo/drivers/{id}. The uniqueId is unique within the driver's tenant (409). */
export const driverSaveSchema = z.object({
  name: requiredText(DRIVER_LIMITS.nameMaxLength, 'A driver name'),
  uniqueId: z
    .string({ error: 'A driver id is required.' })
    .trim()
    .min(1, 'A driver id is required.')
    .max(DRIVER_LIMITS.uniqueIdMaxLength, `A driver id has at most ${DRIVER_LIMITS.uniqueIdMaxLength} characters.`)
    .regex(UNIQUE_ID_PATTERN, 'A driver id uses letters, digits, dots, dashes, underscores and colons only.'),
  phone: optionalText(DRIVER_LIMITS.phoneMaxLength, 'A phone number').refine(
    (v) => v === null || /^\+?[0-9][0-9 ()-]{2,}$/.test(v),
    'A phone number is digits, optionally starting with +.',
  ),
  attributes: geoAttributesSchema.default({}),
  tenantId: owningTenantIdSchema,
});
export type DriverSave = z.infer<typeof driverSaveSchema>;

/** GET /geo/drivers: paged (default sort name DESC), searched on name, uniqueId and phone. */
export const driverListQuerySchema = geoListQuerySchema;
export const DRIVER_SORT_FIELDS = ['name', 'uniqueId', 'dateCreated', 'tenantName'] as const;

export interface Driver {
  id: string;
  /** The type marker of the spec's entity. */
  type: 'driver';
  name: string;
  uniqueId: string;
  phone: string | null;
  attributes: Record<string, unknown>;
  tenantId: string;
  tenantName: string;
  dateCreated: string;
  dateModified: string;
}

export const driverSchema: z.ZodType<Driver> = z
  .strictObject({
    id: answerId,
    type: z.literal('driver'),
    name: z.string(),
    uniqueId: z.string(),
    phone: z.string().nullable(),
    attributes: z.record(z.string(), z.unknown()),
    tenantId: answerId,
    tenantName: z.string(),
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'Driver' });
