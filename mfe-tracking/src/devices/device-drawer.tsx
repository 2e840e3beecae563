/**
 * Create or edit a device in a drawer over the list: the form pattern of the product (react-hook-form
 * owns the values, the contract's zod schema checks them as the user types), with the unique id checked
 * against every device as it is typed, and the hardware chosen from a list sorted by make. A refusal
 * keeps what was typed and puts the server's words on the fields it names.
 */
import { useState } from 'react';
import { Alert, App, Button, Drawer } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEVICE_CATEGORIES, type GeoDevice } from '@meridian/shared/contract/geo-device';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { FormAlert, FormFrame, SelectField, SubmitButton, SwitchField, TextField } from '@meridian/shared/ui/form-fields';
import { TRACKING_API } from '../parts/tracking-api';
import { TRACKING_TEXT } from '../parts/tracking-text';
import { DEVICE_FORM_FIELDS, deviceFormSchema, deviceFormValues, type DeviceFormInput, type DeviceFormValues } from './device-form-schema';
import { useDeviceHardware } from '../parts/use-device-hardware';
import { useUniqueIdCheck } from './use-unique-id-check';

const CATEGORY_CHOICES = DEVICE_CATEGORIES.map((category) => ({ value: category, label: category[0]!.toUpperCase() + category.slice(1) }));

function DeviceForm({ device, onSaved }: { device: GeoDevice | null; onSaved(): void }) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const { hardware, choices } = useDeviceHardware();
  const { control, handleSubmit, setError, formState } = useForm<DeviceFormInput, unknown, DeviceFormValues>({
    resolver: zodResolver(deviceFormSchema),
    mode: 'onChange',
    defaultValues: deviceFormValues(device),
  });
  const uniqueId = useWatch({ control, name: 'uniqueId' });
  useUniqueIdCheck(uniqueId, device?.uniqueId ?? null, () =>
    setError('uniqueId', { type: 'taken', message: TRACKING_TEXT.uniqueIdTaken }, { shouldFocus: false }),
  );

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (device) await api.put<GeoDevice>(TRACKING_API.updateDevice(device.id), { ...values, attributes: device.attributes });
      else await api.post<GeoDevice>(TRACKING_API.createDevice, values);
      void message.success(device ? TRACKING_TEXT.deviceSaved : TRACKING_TEXT.deviceCreated);
      onSaved();
    } catch (error) {
      setFailure(applyFieldErrors(error, DEVICE_FORM_FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="name" label={TRACKING_TEXT.deviceName} autoComplete="off" autoFocus />
      <TextField control={control} name="uniqueId" label={TRACKING_TEXT.uniqueId} autoComplete="off" extra={TRACKING_TEXT.uniqueIdHint} />
      <SelectField
        control={control}
        name="hardwareId"
        label={TRACKING_TEXT.hardware}
        options={choices}
        placeholder={TRACKING_TEXT.chooseHardware}
        loading={hardware.status === 'loading'}
      />
      {hardware.status === 'failed' && (
        <Alert
          type="warning"
          showIcon
          title={TRACKING_TEXT.hardwareFailed}
          action={
            <Button size="small" onClick={hardware.reload}>
              {MESSAGES.retry}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <TextField control={control} name="phone" label={TRACKING_TEXT.phone} type="tel" emptyAsNull autoComplete="off" />
      <TextField control={control} name="model" label={TRACKING_TEXT.model} emptyAsNull autoComplete="off" />
      <SelectField control={control} name="category" label={TRACKING_TEXT.category} options={CATEGORY_CHOICES} />
      <TextField control={control} name="contact" label={TRACKING_TEXT.contact} emptyAsNull autoComplete="off" />
      <SwitchField control={control} name="disabled" label={TRACKING_TEXT.disabled} extra={TRACKING_TEXT.disabledHint} />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{device ? MESSAGES.save : TRACKING_TEXT.createDevice}</SubmitButton>
    </FormFrame>
  );
}

/** `device` undefined: closed; null: a new device; a device: edit it. */
export function DeviceDrawer({ device, onClose, onSaved }: { device: GeoDevice | null | undefined; onClose(): void; onSaved(): void }) {
  const phone = usePhoneScreen();
  return (
    <Drawer
      title={device ? TRACKING_TEXT.editDevice : TRACKING_TEXT.newDevice}
      open={device !== undefined}
      onClose={onClose}
      size={phone ? '100%' : 480}
      destroyOnHidden
    >
      {device !== undefined && <DeviceForm key={device?.id ?? 'new'} device={device} onSaved={onSaved} />}
    </Drawer>
  );
}
