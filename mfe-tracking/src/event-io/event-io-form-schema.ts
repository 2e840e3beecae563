/**
 * The event IO form's schema: the contract's own (shared/contract/event-io eventIoSaveSchema), so the
 * browser checks exactly what the API checks. The owning tenant is not edited here: an edit keeps the
 * entry's own.
 */
import { eventIoSaveSchema, type EventIo } from '@meridian/shared/contract/event-io';
import type { z } from 'zod';

export const eventIoFormSchema = eventIoSaveSchema;
export type EventIoFormInput = z.input<typeof eventIoFormSchema>;
export type EventIoFormValues = z.output<typeof eventIoFormSchema>;

/** The fields a server refusal may name, for applyFieldErrors. */
export const EVENT_IO_FORM_FIELDS = ['hardwareId', 'ioId', 'name', 'attribute', 'eventType', 'eventActionId'] as const;

export const eventIoFormValues = (entry?: EventIo | null): EventIoFormInput => ({
  hardwareId: entry?.hardwareId ?? null,
  // A new entry starts without an IO id: the field is empty until one is typed.
  ioId: (entry?.ioId ?? null) as number,
  name: entry?.name ?? '',
  attribute: entry?.attribute ?? '',
  eventType: (entry?.eventType as EventIoFormInput['eventType']) ?? null,
  eventActionId: entry?.eventActionId ?? null,
});
