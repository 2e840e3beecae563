/**
 * Create or edit a rule in a drawer over the list, with the product's form pattern (react-hook-form
 * owns the values, the contract's schema checks them as the user types). A refusal keeps what was
 * typed and puts the server's words on the fields it names. Users are chosen only by callers who may
 * read users; for the others the user fields are not shown and the rule's chosen users are sent back
 * as they were, so an edit never drops them.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Checkbox, Drawer, Form, Switch, Typography } from 'antd';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { users } from '@meridian/shared/contract/areas/admin';
import { TRACKING_EVENT_TYPES, type EventAction } from '@meridian/shared/contract/event-action';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { useCan } from '@meridian/shared/session/use-can';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { FormAlert, FormFrame, NumberField, SelectField, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { ChoiceField, firstMessage } from '../parts/choice-field';
import { TRACKING_API } from '../parts/tracking-api';
import { DAY_NAMES, eventTypeName, TRACKING_TEXT } from '../parts/tracking-text';
import { useDeviceChoices } from '../parts/use-device-choices';
import {
  DEFAULT_TIME_WINDOW,
  EVENT_ACTION_FORM_FIELDS,
  eventActionFormSchema,
  eventActionFormValues,
  type EventActionFormInput,
  type EventActionFormValues,
} from './event-action-form-schema';
import { useCommandChoices, useGeofenceChoices, useWatchableAssetChoices } from './use-rule-choices';
import { useUserChoices } from './use-user-choices';

type RuleControl = Control<EventActionFormInput, unknown, EventActionFormValues>;

const EVENT_TYPE_CHOICES = TRACKING_EVENT_TYPES.map((type) => ({ value: type, label: eventTypeName(type) }));
const ACTION_CHOICES = [
  { value: 'notify', label: TRACKING_TEXT.actionNotify },
  { value: 'command', label: TRACKING_TEXT.actionCommand },
];
const DAY_CHOICES = DAY_NAMES.map((name, index) => ({ value: index + 1, label: name }));

/** The choices of a list the caller may read, else the rule's own choice under a plain name rather than its id. */
const choicesOr = (
  list: { allowed: boolean; choices: { value: string; label: string }[] },
  kept: string | null | undefined,
  keptLabel: string,
) => (list.allowed ? list.choices : kept ? [{ value: kept, label: keptLabel }] : []);

function DaysField({ control }: { control: RuleControl }) {
  return (
    <Controller
      control={control}
      name="timeWindow.days"
      render={({ field, fieldState }) => {
        const message = firstMessage(fieldState.error);
        return (
          <Form.Item label={TRACKING_TEXT.days} validateStatus={message ? 'error' : undefined} help={message}>
            <Checkbox.Group
              aria-label={TRACKING_TEXT.days}
              options={DAY_CHOICES}
              value={(field.value as number[] | undefined) ?? []}
              onChange={(days) => field.onChange([...days].sort((a, b) => a - b))}
            />
          </Form.Item>
        );
      }}
    />
  );
}

function TimeWindowFields({ control, on, onToggle }: { control: RuleControl; on: boolean; onToggle(on: boolean): void }) {
  return (
    <>
      <Form.Item>
        <Switch id="event-action-window" size="small" checked={on} onChange={onToggle} />{' '}
        <Typography.Text>
          <label htmlFor="event-action-window">{TRACKING_TEXT.timeWindowOn}</label>
        </Typography.Text>
        {on && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 4, marginBottom: 0 }}>
            {TRACKING_TEXT.timeWindowHint}
          </Typography.Paragraph>
        )}
      </Form.Item>
      {on && (
        <>
          <DaysField control={control} />
          <TextField control={control} name="timeWindow.start" label={TRACKING_TEXT.windowStart} autoComplete="off" />
          <TextField control={control} name="timeWindow.end" label={TRACKING_TEXT.windowEnd} autoComplete="off" />
        </>
      )}
    </>
  );
}

function UserRecipientField({ control, name, label }: { control: RuleControl; name: 'notifyUserIds' | 'emailUserIds'; label: string }) {
  const chosen = useWatch({ control, name }) ?? [];
  const people = useUserChoices(true, chosen);
  return (
    <ChoiceField
      control={control}
      name={name}
      label={label}
      mode="multiple"
      options={people.options}
      placeholder={TRACKING_TEXT.chooseUsers}
      loading={people.loading}
      onSearch={people.onSearch}
      notFoundContent={people.failed ? TRACKING_TEXT.usersSearchFailed : undefined}
    />
  );
}

function EventActionForm({ rule, onSaved }: { rule: EventAction | null; onSaved(): void }) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const canReadUsers = useCan(users, 'read');
  const devices = useDeviceChoices();
  const fences = useGeofenceChoices();
  const commands = useCommandChoices();
  const assetChoices = useWatchableAssetChoices();
  const { control, handleSubmit, setError, setValue, trigger, formState } = useForm<EventActionFormInput, unknown, EventActionFormValues>({
    resolver: zodResolver(eventActionFormSchema),
    mode: 'onChange',
    defaultValues: eventActionFormValues(rule),
  });
  const action = useWatch({ control, name: 'action' });
  const windowOn = useWatch({ control, name: 'timeWindow' }) != null;
  // The contract puts "an IO value needs its IO id" on the IO id: check it again as the value is typed.
  const ioValue = useWatch({ control, name: 'ioValue' });
  useEffect(() => {
    if (ioValue !== undefined) void trigger('ioId');
  }, [ioValue, trigger]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    const body = { ...values, commandId: values.action === 'command' ? values.commandId : null };
    try {
      if (rule) await api.put<EventAction>(TRACKING_API.eventAction(rule.id), body);
      else await api.post<EventAction>(TRACKING_API.eventActions, body);
      void message.success(rule ? TRACKING_TEXT.eventActionSaved : TRACKING_TEXT.eventActionCreated);
      onSaved();
    } catch (error) {
      setFailure(applyFieldErrors(error, EVENT_ACTION_FORM_FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="name" label={TRACKING_TEXT.ruleName} autoComplete="off" autoFocus />
      <SelectField
        control={control}
        name="eventType"
        label={TRACKING_TEXT.eventType}
        options={EVENT_TYPE_CHOICES}
        placeholder={TRACKING_TEXT.chooseEventType}
      />
      <ChoiceField
        control={control}
        name="deviceIds"
        label={TRACKING_TEXT.ruleDevices}
        extra={TRACKING_TEXT.ruleDevicesHint}
        mode="multiple"
        options={devices.choices}
        placeholder={TRACKING_TEXT.anyDevice}
        loading={devices.devices.status === 'loading'}
      />
      {assetChoices.allowed && (
        <ChoiceField
          control={control}
          name="assetIds"
          label={TRACKING_TEXT.ruleAssets}
          extra={TRACKING_TEXT.ruleAssetsHint}
          mode="multiple"
          options={assetChoices.choices}
          placeholder={TRACKING_TEXT.noAssets}
          loading={assetChoices.loading}
        />
      )}
      <NumberField control={control} name="ioId" label={TRACKING_TEXT.ioId} extra={TRACKING_TEXT.ioIdHint} />
      <TextField
        control={control}
        name="ioValue"
        label={TRACKING_TEXT.ioValue}
        extra={TRACKING_TEXT.ioValueHint}
        emptyAsNull
        autoComplete="off"
      />
      <ChoiceField
        control={control}
        name="geofenceId"
        label={TRACKING_TEXT.geofence}
        extra={fences.allowed ? TRACKING_TEXT.geofenceHint : TRACKING_TEXT.geofencesUnreadable}
        options={choicesOr(fences, rule?.geofenceId, TRACKING_TEXT.keptGeofence)}
        placeholder={TRACKING_TEXT.anyGeofence}
        loading={fences.loading}
        disabled={!fences.allowed}
      />
      <TimeWindowFields
        control={control}
        on={windowOn}
        onToggle={(on) => setValue('timeWindow', on ? DEFAULT_TIME_WINDOW : null, { shouldValidate: true, shouldDirty: true })}
      />
      <SelectField control={control} name="action" label={TRACKING_TEXT.actionKind} options={ACTION_CHOICES} />
      {action === 'command' && (
        <ChoiceField
          control={control}
          name="commandId"
          label={TRACKING_TEXT.savedCommand}
          extra={commands.allowed ? undefined : TRACKING_TEXT.commandsUnreadable}
          options={choicesOr(commands, rule?.commandId, TRACKING_TEXT.keptCommand)}
          placeholder={TRACKING_TEXT.chooseCommand}
          loading={commands.loading}
          disabled={!commands.allowed}
        />
      )}
      {commands.failed && action === 'command' && (
        <Alert
          type="warning"
          showIcon
          title={TRACKING_TEXT.commandsFailed}
          action={
            <Button size="small" onClick={commands.reload}>
              {MESSAGES.retry}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {canReadUsers ? (
        <>
          <UserRecipientField control={control} name="notifyUserIds" label={TRACKING_TEXT.notifyUsers} />
          <UserRecipientField control={control} name="emailUserIds" label={TRACKING_TEXT.emailUsers} />
        </>
      ) : (
        <Alert type="info" showIcon title={TRACKING_TEXT.usersUnreadable} style={{ marginBottom: 16 }} />
      )}
      <ChoiceField
        control={control}
        name="emailAddresses"
        label={TRACKING_TEXT.emailAddresses}
        extra={TRACKING_TEXT.emailAddressesHint}
        mode="tags"
        options={[]}
      />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{rule ? MESSAGES.save : TRACKING_TEXT.createEventAction}</SubmitButton>
    </FormFrame>
  );
}

/** `rule` undefined: closed; null: a new rule; a rule: edit it. */
export function EventActionDrawer({ rule, onClose, onSaved }: { rule: EventAction | null | undefined; onClose(): void; onSaved(): void }) {
  const phone = usePhoneScreen();
  return (
    <Drawer
      title={rule ? TRACKING_TEXT.editEventAction : TRACKING_TEXT.newEventAction}
      open={rule !== undefined}
      onClose={onClose}
      size={phone ? '100%' : 520}
      destroyOnHidden
    >
      {rule !== undefined && <EventActionForm key={rule?.id ?? 'new'} rule={rule} onSaved={onSaved} />}
    </Drawer>
  );
}
