/**
 * Event IO (tracking spec 3, 7 Event IO): how an IO element of a hardware (a Teltonika AVL IO id) maps
 * to a position attribute and, optionally, to an event type and the event action it raises. Without a
 * hardware the mapping holds for every hardware.
 */
import { z } from 'zod';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { geoListQuerySchema, owningTenantIdSchema, requiredText } from './geo-list';
import { trackingEventTypeSchema } from './event-action';
import { idSchema } from '../validation';

export const EVENT_IO_LIMITS = { nameMaxLength: 100, attributeMaxLength: 50, maxIoId: 65_535 } as const;

/** POST /geo/eventIos and PUT /geo/eventIos/{id}. */
export const eventIoSaveSchema = z.object({
  hardwareId: idSchema.nullable().optional(),
  ioId: z
    .number({ error: 'An IO id is a whole number.' })
    .int('An IO id is a whole number.')
    .min(0, `An IO id is between 0 and ${EVENT_IO_LIMITS.maxIoId}.`)
    .max(EVENT_IO_LIMITS.maxIoId, `An IO id is between 0 and ${EVENT_IO_LIMITS.maxIoId}.`),
  name: requiredText(EVENT_IO_LIMITS.nameMaxLength, 'A name'),
  /** The position attribute the element's value is kept under (Traccar's names: ignition, power, io240...). */
  attribute: z
    .string({ error: 'An attribute name is required.' })
    .trim()
    .min(1, 'An attribute name is required.')
    .max(EVENT_IO_LIMITS.attributeMaxLength, `An attribute name has at most ${EVENT_IO_LIMITS.attributeMaxLength} characters.`)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'An attribute name starts with a letter and uses letters, digits and underscores.'),
  eventType: trackingEventTypeSchema.nullable().optional(),
  eventActionId: idSchema.nullable().optional(),
  tenantId: owningTenantIdSchema,
});
export type EventIoSave = z.infer<typeof eventIoSaveSchema>;

/** GET /geo/eventIos: paged (default sort name DESC), searched on name and attribute. */
export const eventIoListQuerySchema = geoListQuerySchema;
export const EVENT_IO_SORT_FIELDS = ['name', 'ioId', 'attribute', 'eventType', 'make', 'dateCreated', 'tenantName'] as const;

export interface EventIo {
  id: string;
  hardwareId: string | null;
  make: string | null;
  hardwareModel: string | null;
  ioId: number;
  name: string;
  attribute: string;
  eventType: string | null;
  eventActionId: string | null;
  eventActionName: string | null;
  tenantId: string;
  tenantName: string;
  dateCreated: string;
  dateModified: string;
}

export const eventIoSchema: z.ZodType<EventIo> = z
  .strictObject({
    id: answerId,
    hardwareId: answerId.nullable(),
    make: z.string().nullable(),
    hardwareModel: z.string().nullable(),
    ioId: answerCount,
    name: z.string(),
    attribute: z.string(),
    eventType: z.string().nullable(),
    eventActionId: answerId.nullable(),
    eventActionName: z.string().nullable(),
    tenantId: answerId,
    tenantName: z.string(),
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'EventIo' });
