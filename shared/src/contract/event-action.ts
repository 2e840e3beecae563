/**
 * Event actions (tracking spec 3, 7 Event actions): what an event of a device raises. `notify` makes a
 * tracking notification for the tenants above the device; `command` also sends a saved command to the
 * device (its id in `commandId`). Event IO entries (event-io.ts) link a hardware's IO element to an action.
 */
import { z } from 'zod';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { geoAttributesSchema, geoListQuerySchema, owningTenantIdSchema, requiredText } from './geo-list';
import { idSchema } from '../validation';

/** The events processing raises (Traccar's names; spec 4's texts: Ignition On/Off, Alarm, Enter/Exit). */
export const TRACKING_EVENT_TYPES = [
  'ignitionOn',
  'ignitionOff',
  'alarm',
  'geofenceEnter',
  'geofenceExit',
  'deviceMoving',
  'deviceStopped',
  'driverChanged',
  'commandResult',
] as const;
export type TrackingEventType = (typeof TRACKING_EVENT_TYPES)[number];
export const trackingEventTypeSchema = z.enum(TRACKING_EVENT_TYPES, {
  error: `An event type is one of: ${TRACKING_EVENT_TYPES.join(', ')}.`,
});

export const EVENT_ACTION_KINDS = ['notify', 'command'] as const;
export type EventActionKind = (typeof EVENT_ACTION_KINDS)[number];

export const EVENT_ACTION_LIMITS = { nameMaxLength: 100 } as const;

/** POST /geo/eventActions and PUT /geo/eventActions/{id}. */
export const eventActionSaveSchema = z
  .object({
    name: requiredText(EVENT_ACTION_LIMITS.nameMaxLength, 'An event action name'),
    eventType: trackingEventTypeSchema,
    action: z.enum(EVENT_ACTION_KINDS, { error: "The action is 'notify' or 'command'." }).default('notify'),
    /** The saved command a `command` action sends. */
    commandId: idSchema.nullable().optional(),
    attributes: geoAttributesSchema.default({}),
    tenantId: owningTenantIdSchema,
  })
  .superRefine((a, ctx) => {
    if (a.action === 'command' && !a.commandId)
      ctx.addIssue({ code: 'custom', path: ['commandId'], message: 'A command action needs the saved command it sends.' });
  });
export type EventActionSave = z.infer<typeof eventActionSaveSchema>;

/** GET /geo/eventActions: paged (default sort name DESC), searched on the name. */
export const eventActionListQuerySchema = geoListQuerySchema;
export const EVENT_ACTION_SORT_FIELDS = ['name', 'eventType', 'action', 'dateCreated', 'tenantName'] as const;

export interface EventAction {
  id: string;
  /** The type marker of the spec's entity. */
  type: 'eventAction';
  name: string;
  eventType: string;
  action: string;
  commandId: string | null;
  attributes: Record<string, unknown>;
  /** Event IO entries linked to it. */
  eventIoCount: number;
  tenantId: string;
  tenantName: string;
  dateCreated: string;
  dateModified: string;
}

export const eventActionSchema: z.ZodType<EventAction> = z
  .strictObject({
    id: answerId,
    type: z.literal('eventAction'),
    name: z.string(),
    eventType: z.string(),
    action: z.string(),
    commandId: answerId.nullable(),
    attributes: z.record(z.string(), z.unknown()),
    eventIoCount: answerCount,
    tenantId: answerId,
    tenantName: z.string(),
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'EventAction' });
