/**
 * Create or edit an event IO entry in a drawer over the list (the product's form pattern): which
 * hardware's IO element (none: every hardware), the attribute its value is kept under, and optionally
 * the event it raises and the event action linked to it. A refusal puts the server's words on the
 * fields it names.
 */
import { useState } from 'react';
import { App, Drawer } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TRACKING_EVENT_TYPES, type EventAction } from '@meridian/shared/contract/event-action';
import type { EventIo } from '@meridian/shared/contract/event-io';
import { LIST_CUT_OFF } from '@meridian/shared/constants';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { FormAlert, FormFrame, NumberField, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { useDeviceHardware } from '../parts/use-device-hardware';
import { ChoiceField } from '../parts/choice-field';
import { TRACKING_API } from '../parts/tracking-api';
import { eventTypeName, TRACKING_TEXT } from '../parts/tracking-text';
import {
  EVENT_IO_FORM_FIELDS,
  eventIoFormSchema,
  eventIoFormValues,
  type EventIoFormInput,
  type EventIoFormValues,
} from './event-io-form-schema';

const EVENT_TYPE_CHOICES = TRACKING_EVENT_TYPES.map((type) => ({ value: type as string, label: eventTypeName(type) }));

/** The rules an entry may be linked to, by name (the first 1000, as every geo list is cut). */
function useEventActionChoices() {
  const rules = useLoad(
    (signal) =>
      api
        .get<EventAction[]>(TRACKING_API.eventActions, {
          signal,
          query: { page: 1, size: LIST_CUT_OFF, sortField: 'name', sortOrder: 'ASC' },
        })
        .then((r) => r.data.map((rule) => ({ value: rule.id, label: rule.name }))),
    [],
  );
  return { choices: rules.status === 'loaded' ? rules.data : [], loading: rules.status === 'loading' };
}

function EventIoForm({ entry, onSaved }: { entry: EventIo | null; onSaved(): void }) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const { hardware, choices: hardwareChoices } = useDeviceHardware();
  const rules = useEventActionChoices();
  const { control, handleSubmit, setError, formState } = useForm<EventIoFormInput, unknown, EventIoFormValues>({
    resolver: zodResolver(eventIoFormSchema),
    mode: 'onChange',
    defaultValues: eventIoFormValues(entry),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (entry) await api.put<EventIo>(TRACKING_API.eventIo(entry.id), values);
      else await api.post<EventIo>(TRACKING_API.eventIos, values);
      void message.success(entry ? TRACKING_TEXT.eventIoSaved : TRACKING_TEXT.eventIoCreated);
      onSaved();
    } catch (error) {
      setFailure(applyFieldErrors(error, EVENT_IO_FORM_FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <NumberField control={control} name="ioId" label={TRACKING_TEXT.ioId} />
      <TextField control={control} name="name" label={TRACKING_TEXT.ioName} autoComplete="off" />
      <TextField
        control={control}
        name="attribute"
        label={TRACKING_TEXT.attribute}
        extra={TRACKING_TEXT.attributeHint}
        autoComplete="off"
      />
      <ChoiceField
        control={control}
        name="hardwareId"
        label={TRACKING_TEXT.hardware}
        options={hardwareChoices}
        placeholder={TRACKING_TEXT.anyHardware}
        loading={hardware.status === 'loading'}
      />
      <ChoiceField
        control={control}
        name="eventType"
        label={TRACKING_TEXT.eventType}
        options={EVENT_TYPE_CHOICES}
        placeholder={TRACKING_TEXT.noEventType}
      />
      <ChoiceField
        control={control}
        name="eventActionId"
        label={TRACKING_TEXT.linkedAction}
        options={rules.choices}
        placeholder={TRACKING_TEXT.noLinkedAction}
        loading={rules.loading}
      />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{entry ? MESSAGES.save : TRACKING_TEXT.createEventIo}</SubmitButton>
    </FormFrame>
  );
}

/** `entry` undefined: closed; null: a new entry; an entry: edit it. */
export function EventIoDrawer({ entry, onClose, onSaved }: { entry: EventIo | null | undefined; onClose(): void; onSaved(): void }) {
  const phone = usePhoneScreen();
  return (
    <Drawer
      title={entry ? TRACKING_TEXT.editEventIo : TRACKING_TEXT.newEventIo}
      open={entry !== undefined}
      onClose={onClose}
      size={phone ? '100%' : 480}
      destroyOnHidden
    >
      {entry !== undefined && <EventIoForm key={entry?.id ?? 'new'} entry={entry} onSaved={onSaved} />}
    </Drawer>
  );
}
