/**
 * The event action form's schema: the contract's own (shared/contract/event-action eventActionSaveSchema),
 * so the browser checks exactly what the API checks (a command action needs its command, an IO value
 * its IO id, a time window's days and times). The rule's attributes and owning tenant are not edited
 * here: an edit sends the rule's own back.
 */
import { eventActionSaveSchema, type EventAction, type EventActionTimeWindow } from '@meridian/shared/contract/event-action';
import type { z } from 'zod';

export const eventActionFormSchema = eventActionSaveSchema;
export type EventActionFormInput = z.input<typeof eventActionFormSchema>;
export type EventActionFormValues = z.output<typeof eventActionFormSchema>;

/** The fields a server refusal may name, for applyFieldErrors. */
export const EVENT_ACTION_FORM_FIELDS = [
  'name',
  'eventType',
  'action',
  'commandId',
  'ioId',
  'ioValue',
  'geofenceId',
  'timeWindow',
  'timeWindow.days',
  'timeWindow.start',
  'timeWindow.end',
  'deviceIds',
  'assetIds',
  'notifyUserIds',
  'emailAddresses',
  'emailUserIds',
] as const;

/** What a new window starts as: working hours on weekdays. */
export const DEFAULT_TIME_WINDOW: EventActionTimeWindow = { days: [1, 2, 3, 4, 5], start: '08:00', end: '17:00' };

export const eventActionFormValues = (rule?: EventAction | null): EventActionFormInput => ({
  name: rule?.name ?? '',
  eventType: (rule?.eventType as EventActionFormInput['eventType']) ?? (undefined as unknown as EventActionFormInput['eventType']),
  action: (rule?.action as EventActionFormInput['action']) ?? 'notify',
  commandId: rule?.commandId ?? null,
  attributes: (rule?.attributes as EventActionFormInput['attributes']) ?? {},
  ioId: rule?.ioId ?? null,
  ioValue: rule?.ioValue ?? null,
  geofenceId: rule?.geofenceId ?? null,
  timeWindow: rule?.timeWindow ?? null,
  deviceIds: rule?.deviceIds ?? [],
  assetIds: rule?.assetIds ?? [],
  notifyUserIds: rule?.notifyUserIds ?? [],
  emailAddresses: rule?.emailAddresses ?? [],
  emailUserIds: rule?.emailUserIds ?? [],
});
