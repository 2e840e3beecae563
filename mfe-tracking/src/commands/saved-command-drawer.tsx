/** Create or edit a saved command in a drawer: description, type, the hardware it is for (or any), its text. */
import { useState } from 'react';
import { App, Drawer } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COMMAND_TYPES, type GeoCommand } from '@meridian/shared/contract/geo-command';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, SelectField, SubmitButton, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { TRACKING_API } from '../parts/tracking-api';
import { TRACKING_TEXT } from '../parts/tracking-text';
import { useDeviceHardware } from '../parts/use-device-hardware';
import {
  SAVED_COMMAND_FIELDS,
  savedCommandBody,
  savedCommandSchema,
  savedCommandValues,
  type SavedCommandInput,
  type SavedCommandValues,
} from './command-form-schemas';

const TYPE_CHOICES = COMMAND_TYPES.map((type) => ({ value: type, label: type }));

function SavedCommandForm({ command, onSaved }: { command: GeoCommand | null; onSaved(): void }) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const { hardware, choices } = useDeviceHardware();
  const { control, handleSubmit, setError, formState } = useForm<SavedCommandInput, unknown, SavedCommandValues>({
    resolver: zodResolver(savedCommandSchema),
    mode: 'onChange',
    defaultValues: savedCommandValues(command),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = savedCommandBody(values, command);
      if (command) await api.put<GeoCommand>(TRACKING_API.command(command.id), body);
      else await api.post<GeoCommand>(TRACKING_API.commands, body);
      void message.success(TRACKING_TEXT.commandSaved);
      onSaved();
    } catch (error) {
      setFailure(applyFieldErrors(error, SAVED_COMMAND_FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="description" label={TRACKING_TEXT.description} autoComplete="off" autoFocus />
      <SelectField control={control} name="commandType" label={TRACKING_TEXT.commandType} options={TYPE_CHOICES} />
      <SelectField
        control={control}
        name="hardwareId"
        label={TRACKING_TEXT.hardware}
        options={[{ value: '', label: TRACKING_TEXT.anyHardware }, ...choices]}
        loading={hardware.status === 'loading'}
      />
      <TextAreaField control={control} name="data" label={TRACKING_TEXT.commandData} extra={TRACKING_TEXT.commandDataHint} rows={2} />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{command ? MESSAGES.save : TRACKING_TEXT.saveCommand}</SubmitButton>
    </FormFrame>
  );
}

/** `command` undefined: closed; null: a new one. */
export function SavedCommandDrawer({
  command,
  onClose,
  onSaved,
}: {
  command: GeoCommand | null | undefined;
  onClose(): void;
  onSaved(): void;
}) {
  const phone = usePhoneScreen();
  return (
    <Drawer
      title={command ? TRACKING_TEXT.editSavedCommand : TRACKING_TEXT.newSavedCommand}
      open={command !== undefined}
      onClose={onClose}
      size={phone ? '100%' : 480}
      destroyOnHidden
    >
      {command !== undefined && <SavedCommandForm key={command?.id ?? 'new'} command={command} onSaved={onSaved} />}
    </Drawer>
  );
}
