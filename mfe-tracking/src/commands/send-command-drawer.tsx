/**
 * Sending a command to a device: the device, then a saved command (which fixes the type and fills in
 * its text) or a type and, for a custom command, its text. Checked as the user types with the
 * contract's rule; the server's refusal lands on the fields it names and keeps what was typed.
 */
import { useEffect, useMemo, useState } from 'react';
import { App, Drawer } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COMMAND_TYPES, type GeoCommand, type QueuedCommand } from '@meridian/shared/contract/geo-command';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { FormAlert, FormFrame, SelectField, SubmitButton, TextAreaField } from '@meridian/shared/ui/form-fields';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { TRACKING_API } from '../parts/tracking-api';
import { TRACKING_TEXT } from '../parts/tracking-text';
import { useDeviceChoices } from '../parts/use-device-choices';
import { sendBody, sendCommandSchema, type SendCommandInput, type SendCommandValues } from './command-form-schemas';

const TYPE_CHOICES = COMMAND_TYPES.map((type) => ({ value: type, label: type }));
const SEND_FIELDS = ['deviceId', 'commandType', 'commandId', 'data'] as const;

export interface SendPreset {
  deviceId?: string;
  commandId?: string;
}

function SendCommandForm({ preset, onSent }: { preset: SendPreset; onSent(command: QueuedCommand): void }) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const { devices, choices } = useDeviceChoices();
  const saved = useLoad((signal) => api.get<GeoCommand[]>(TRACKING_API.allCommands, { signal }).then((r) => r.data), []);
  const savedChoices = useMemo(
    () => [
      { value: '', label: TRACKING_TEXT.noSavedCommand },
      ...(saved.status === 'loaded' ? saved.data.map((c) => ({ value: c.id, label: `${c.description} (${c.commandType})` })) : []),
    ],
    [saved],
  );
  const { control, handleSubmit, setError, setValue, formState } = useForm<SendCommandInput, unknown, SendCommandValues>({
    resolver: zodResolver(sendCommandSchema),
    mode: 'onChange',
    defaultValues: { deviceId: preset.deviceId, commandType: 'custom', commandId: preset.commandId ?? '', data: '' },
  });
  const commandId = useWatch({ control, name: 'commandId' });
  const commandType = useWatch({ control, name: 'commandType' });
  const hasSaved = typeof commandId === 'string' && commandId !== '';

  // A saved command chosen fixes the type and fills in its text.
  useEffect(() => {
    const command = saved.status === 'loaded' ? saved.data.find((c) => c.id === commandId) : undefined;
    if (!command) return;
    setValue('commandType', command.commandType as SendCommandInput['commandType'], { shouldValidate: true });
    setValue('data', typeof command.attributes.data === 'string' ? command.attributes.data : '', { shouldValidate: true });
  }, [commandId, saved, setValue]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await api.post<QueuedCommand>(TRACKING_API.sendCommand(values.deviceId, values.commandType), sendBody(values));
      void message.success(TRACKING_TEXT.commandQueued);
      onSent(data);
    } catch (error) {
      setFailure(applyFieldErrors(error, SEND_FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <SelectField
        control={control}
        name="deviceId"
        label={TRACKING_TEXT.device}
        options={choices}
        placeholder={TRACKING_TEXT.chooseDevice}
        loading={devices.status === 'loading'}
      />
      <SelectField
        control={control}
        name="commandId"
        label={TRACKING_TEXT.savedCommand}
        extra={TRACKING_TEXT.savedCommandHint}
        options={savedChoices}
        loading={saved.status === 'loading'}
      />
      <SelectField control={control} name="commandType" label={TRACKING_TEXT.commandType} options={TYPE_CHOICES} disabled={hasSaved} />
      {(commandType === 'custom' || hasSaved) && (
        <TextAreaField control={control} name="data" label={TRACKING_TEXT.commandData} extra={TRACKING_TEXT.commandDataHint} rows={2} />
      )}
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{TRACKING_TEXT.send}</SubmitButton>
    </FormFrame>
  );
}

/** `preset` undefined: closed; else open, with the device or saved command already chosen, if any. */
export function SendCommandDrawer({
  preset,
  onClose,
  onSent,
}: {
  preset: SendPreset | undefined;
  onClose(): void;
  onSent(command: QueuedCommand): void;
}) {
  const phone = usePhoneScreen();
  return (
    <Drawer title={TRACKING_TEXT.sendCommand} open={preset !== undefined} onClose={onClose} size={phone ? '100%' : 480} destroyOnHidden>
      {preset !== undefined && <SendCommandForm preset={preset} onSent={onSent} />}
    </Drawer>
  );
}
