/**
 * Event actions (tracking spec 3, 7 Event actions; issue 19 item 4): rules run at ingest. "When an event
 * of this type happens (optionally with an IO element's value, in or at a geofence, inside a weekly time
 * window) on these devices (none named: every device of the rule tenant's subtree), do this": tell in
 * the app (the named users, or the tenants above the device when the event raises no notification of
 * its own), e-mail addresses and users, and for `command` send the saved command (`commandId`) to the
 * device. Each firing is logged (GET /geo/eventActions/{id}/firings). Event IO entries (event-io.ts)
 * link a hardware's IO element to an action and name the attribute an IO condition reads.
 */
import { z } from 'zod';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { geoAttributesSchema, geoListQuerySchema, owningTenantIdSchema, requiredText } from './geo-list';
import { emailSchema, idSchema } from '../validation';

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

export const EVENT_ACTION_LIMITS = {
  nameMaxLength: 100,
  maxIoId: 65_535,
  ioValueMaxLength: 100,
  maxDevices: 1000,
  maxRecipients: 50,
} as const;

const HH_MM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const localTime = z.string({ error: 'A time is HH:MM.' }).regex(HH_MM, 'A time is HH:MM, from 00:00 to 23:59.');

/**
 * When a rule holds: on these days (1 Monday .. 7 Sunday) from `start` to `end`, local time in the
 * rule tenant's time zone. An `end` before `start` runs past midnight into the next day.
 */
export const eventActionTimeWindowSchema = z
  .object({
    days: z
      .array(
        z
          .number()
          .int('A day is 1 (Monday) to 7 (Sunday).')
          .min(1, 'A day is 1 (Monday) to 7 (Sunday).')
          .max(7, 'A day is 1 (Monday) to 7 (Sunday).'),
      )
      .min(1, 'Choose at least one day.')
      .max(7, 'A week has seven days.')
      .refine((days) => new Set(days).size === days.length, 'Name each day once.'),
    start: localTime,
    end: localTime,
  })
  .refine((w) => w.start !== w.end, { path: ['end'], message: 'The window ends at another time than it starts.' });
export type EventActionTimeWindow = z.infer<typeof eventActionTimeWindowSchema>;

const idList = (max: number, what: string) =>
  z
    .array(idSchema, { error: `${what} are a list of ids.` })
    .max(max, `At most ${max} ${what.toLowerCase()}.`)
    .refine((ids) => new Set(ids).size === ids.length, `${what} are named once each.`)
    .default([]);

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
    /** Holds only when the event's position carries this IO element (Teltonika AVL id)... */
    ioId: z
      .number({ error: 'An IO id is a whole number.' })
      .int('An IO id is a whole number.')
      .min(0, `An IO id is between 0 and ${EVENT_ACTION_LIMITS.maxIoId}.`)
      .max(EVENT_ACTION_LIMITS.maxIoId, `An IO id is between 0 and ${EVENT_ACTION_LIMITS.maxIoId}.`)
      .nullable()
      .optional(),
    /** ...with this value (compared as text; true/false also match 1/0). */
    ioValue: z
      .string()
      .trim()
      .min(1, 'An IO value is not empty.')
      .max(EVENT_ACTION_LIMITS.ioValueMaxLength, `An IO value has at most ${EVENT_ACTION_LIMITS.ioValueMaxLength} characters.`)
      .nullable()
      .optional(),
    /** A geofence event of this fence, or any other event while the device is inside it. */
    geofenceId: idSchema.nullable().optional(),
    timeWindow: eventActionTimeWindowSchema.nullable().optional(),
    /** The devices it watches; with no device and no asset: every device of its tenant's subtree. */
    deviceIds: idList(EVENT_ACTION_LIMITS.maxDevices, 'Devices'),
    /** The assets it watches: the devices fitted in them when an event happens. */
    assetIds: idList(EVENT_ACTION_LIMITS.maxDevices, 'Assets'),
    /** Users told in the app (pushed to them alone). */
    notifyUserIds: idList(EVENT_ACTION_LIMITS.maxRecipients, 'Users to notify'),
    emailAddresses: z
      .array(emailSchema)
      .max(EVENT_ACTION_LIMITS.maxRecipients, `At most ${EVENT_ACTION_LIMITS.maxRecipients} e-mail addresses.`)
      .default([]),
    /** Users mailed at their address. */
    emailUserIds: idList(EVENT_ACTION_LIMITS.maxRecipients, 'Users to mail'),
  })
  .superRefine((a, ctx) => {
    if (a.action === 'command' && !a.commandId)
      ctx.addIssue({ code: 'custom', path: ['commandId'], message: 'A command action needs the saved command it sends.' });
    if (a.ioValue != null && a.ioId == null)
      ctx.addIssue({ code: 'custom', path: ['ioId'], message: 'An IO value needs the IO id it is read from.' });
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
  ioId: number | null;
  ioValue: string | null;
  geofenceId: string | null;
  timeWindow: EventActionTimeWindow | null;
  deviceIds: string[];
  assetIds: string[];
  notifyUserIds: string[];
  emailAddresses: string[];
  emailUserIds: string[];
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
    ioId: answerCount.nullable(),
    ioValue: z.string().nullable(),
    geofenceId: answerId.nullable(),
    timeWindow: z.strictObject({ days: z.array(z.number().int()), start: z.string(), end: z.string() }).nullable(),
    deviceIds: z.array(answerId),
    assetIds: z.array(answerId),
    notifyUserIds: z.array(answerId),
    emailAddresses: z.array(z.string()),
    emailUserIds: z.array(answerId),
    tenantId: answerId,
    tenantName: z.string(),
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'EventAction' });

/** GET /geo/eventActions/{id}/firings: newest first. */
export const eventActionFiringListQuerySchema = geoListQuerySchema;

/** One time a rule fired at ingest, and what it did. */
export interface EventActionFiring {
  id: number;
  eventActionId: string;
  deviceId: string;
  deviceName: string;
  eventId: number | null;
  positionId: number | null;
  eventType: string;
  eventTime: string;
  firedAt: string;
  /** In-app notifications made (0 or 1). */
  notified: number;
  /** E-mails put in the outbox. */
  mailed: number;
  commandQueueId: string | null;
  error: string | null;
}

export const eventActionFiringSchema: z.ZodType<EventActionFiring> = z
  .strictObject({
    id: answerCount,
    eventActionId: answerId,
    deviceId: answerId,
    deviceName: z.string(),
    eventId: answerCount.nullable(),
    positionId: answerCount.nullable(),
    eventType: z.string(),
    eventTime: answerInstant,
    firedAt: answerInstant,
    notified: answerCount,
    mailed: answerCount,
    commandQueueId: answerId.nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'EventActionFiring' });
