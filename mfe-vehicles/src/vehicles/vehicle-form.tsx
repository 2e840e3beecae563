/**
 * Create or edit a vehicle (a drawer over the list and over the vehicle's page): the product's form
 * pattern (react-hook-form with the contract's zod schema); the registration number, engine number and
 * VIN are checked against the company's other vehicles as the user types (use-vehicle-exist-check.ts);
 * category, features and attribute values are chosen from the company's lists. A refusal keeps what was
 * typed and puts the server's words on the fields it names.
 */
import { useState } from 'react';
import { Alert, App, Button, Drawer, Flex, Form, Input, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Controller, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { assets } from '@meridian/shared/contract/areas/tracking';
import { VEHICLE_STATUSES, type VehicleDetails } from '@meridian/shared/contract/vehicle';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { useCan } from '@meridian/shared/session/use-can';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { FormAlert, FormFrame, NumberField, SelectField, SubmitButton, TextField, type Choice } from '@meridian/shared/ui/form-fields';
import { VEHICLES_API } from '../parts/vehicles-api';
import { useTrackedAssetChoices, useVehicleChoices } from './use-vehicle-choices';
import { useVehicleExistCheck, type ExistCheckState } from './use-vehicle-exist-check';
import {
  VEHICLE_FORM_FIELDS,
  vehicleFormSchema,
  vehicleFormValues,
  vehicleSaveBody,
  type VehicleFormInput,
  type VehicleFormValues,
} from './vehicle-form-schema';
import { identifierTakenText, VEHICLE_STATUS_LABELS, VEHICLE_TEXT, type VehicleIdentifier } from './vehicle-text';

const STATUS_CHOICES = VEHICLE_STATUSES.map((status) => ({ value: status, label: VEHICLE_STATUS_LABELS[status] }));

/** What the existence check says under one identifier field, if anything. */
const takenNote = (check: ExistCheckState, field: VehicleIdentifier) =>
  'success' in check && check.success && check.data[field] ? (
    <Typography.Text type="warning">{identifierTakenText(field)}</Typography.Text>
  ) : undefined;

function ExistCheckNotice({ check }: { check: ExistCheckState }) {
  if ('state' in check && check.state === 'checking') return <Typography.Text type="secondary">{VEHICLE_TEXT.checking}</Typography.Text>;
  if ('success' in check && !check.success) return <Alert type="info" showIcon role="status" title={VEHICLE_TEXT.couldNotCheck} />;
  return null;
}

function AttributeRows({
  control,
  choices,
}: {
  control: Control<VehicleFormInput, unknown, VehicleFormValues>;
  choices: Choice<string>[];
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'attributes' });
  return (
    <Form.Item label={VEHICLE_TEXT.attributes}>
      <Flex vertical gap={8}>
        {fields.map((row, index) => (
          <Flex key={row.id} gap={8} align="start">
            <Controller
              control={control}
              name={`attributes.${index}.attributeId`}
              render={({ field }) => (
                <Select
                  aria-label={`${VEHICLE_TEXT.attribute} ${index + 1}`}
                  style={{ minWidth: 140 }}
                  options={choices}
                  value={field.value || undefined}
                  onChange={(value: string) => field.onChange(value)}
                />
              )}
            />
            <Controller
              control={control}
              name={`attributes.${index}.value`}
              render={({ field, fieldState }) => (
                <Flex vertical style={{ flex: 1 }}>
                  <Input
                    aria-label={`${VEHICLE_TEXT.attributeValue} ${index + 1}`}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value)}
                    status={fieldState.error ? 'error' : undefined}
                  />
                  {fieldState.error && <Typography.Text type="danger">{fieldState.error.message}</Typography.Text>}
                </Flex>
              )}
            />
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${VEHICLE_TEXT.removeAttribute} ${index + 1}`}
              onClick={() => remove(index)}
            />
          </Flex>
        ))}
        <Button icon={<PlusOutlined />} onClick={() => append({ attributeId: '', value: '' })} disabled={choices.length === 0}>
          {VEHICLE_TEXT.addAttribute}
        </Button>
      </Flex>
    </Form.Item>
  );
}

export function VehicleForm({ vehicle, onSaved }: { vehicle: VehicleDetails | null; onSaved(saved: VehicleDetails): void }) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const choices = useVehicleChoices();
  const canLinkAsset = useCan(assets, 'read');
  const trackedAssets = useTrackedAssetChoices(canLinkAsset);
  const { control, handleSubmit, setError, formState } = useForm<VehicleFormInput, unknown, VehicleFormValues>({
    resolver: zodResolver(vehicleFormSchema),
    mode: 'onChange',
    defaultValues: vehicleFormValues(vehicle),
  });
  const [registrationNumber, engineNumber, vehicleIdentificationNumber] = useWatch({
    control,
    name: ['registrationNumber', 'engineNumber', 'vehicleIdentificationNumber'],
  });
  const check = useVehicleExistCheck({ registrationNumber, engineNumber, vehicleIdentificationNumber }, vehicle?.id ?? null);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = vehicleSaveBody(values);
      const { data } = vehicle
        ? await api.put<VehicleDetails>(VEHICLES_API.update(vehicle.id), body)
        : await api.post<VehicleDetails>(VEHICLES_API.create, body);
      void message.success(vehicle ? VEHICLE_TEXT.vehicleSaved : VEHICLE_TEXT.vehicleCreated);
      onSaved(data);
    } catch (error) {
      setFailure(applyFieldErrors(error, VEHICLE_FORM_FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <TextField
        control={control}
        name="registrationNumber"
        label={VEHICLE_TEXT.registrationNumber}
        autoComplete="off"
        autoFocus
        extra={takenNote(check, 'registrationNumber')}
      />
      <TextField
        control={control}
        name="engineNumber"
        label={VEHICLE_TEXT.engineNumber}
        autoComplete="off"
        emptyAsNull
        extra={takenNote(check, 'engineNumber')}
      />
      <TextField
        control={control}
        name="vehicleIdentificationNumber"
        label={VEHICLE_TEXT.vin}
        autoComplete="off"
        emptyAsNull
        extra={takenNote(check, 'vehicleIdentificationNumber')}
      />
      <ExistCheckNotice check={check} />
      <TextField control={control} name="make" label={VEHICLE_TEXT.make} autoComplete="off" />
      <TextField control={control} name="model" label={VEHICLE_TEXT.model} autoComplete="off" emptyAsNull />
      <NumberField control={control} name="year" label={VEHICLE_TEXT.year} />
      <TextField control={control} name="colour" label={VEHICLE_TEXT.colour} autoComplete="off" emptyAsNull />
      <SelectField control={control} name="status" label={VEHICLE_TEXT.status} options={STATUS_CHOICES} />
      <SelectField
        control={control}
        name="categoryId"
        label={VEHICLE_TEXT.category}
        options={choices.categories}
        loading={choices.loading}
        placeholder={VEHICLE_TEXT.noCategory}
      />
      <SelectField
        control={control}
        name="featureIds"
        label={VEHICLE_TEXT.features}
        options={choices.features}
        loading={choices.loading}
        multiple
      />
      <AttributeRows control={control} choices={choices.attributes} />
      {canLinkAsset && (
        <SelectField
          control={control}
          name="assetId"
          label={VEHICLE_TEXT.trackedAsset}
          extra={VEHICLE_TEXT.trackedAssetHint}
          options={trackedAssets.choices}
          loading={trackedAssets.loading}
          placeholder={VEHICLE_TEXT.noTrackedAsset}
          clearable
        />
      )}
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{vehicle ? MESSAGES.save : VEHICLE_TEXT.createVehicle}</SubmitButton>
    </FormFrame>
  );
}

/** `vehicle` undefined: closed; null: a new vehicle; a vehicle: edit it. */
export function VehicleDrawer({
  vehicle,
  onClose,
  onSaved,
}: {
  vehicle: VehicleDetails | null | undefined;
  onClose(): void;
  onSaved(saved: VehicleDetails): void;
}) {
  const phone = usePhoneScreen();
  return (
    <Drawer
      title={vehicle ? VEHICLE_TEXT.editVehicle : VEHICLE_TEXT.newVehicle}
      open={vehicle !== undefined}
      onClose={onClose}
      size={phone ? '100%' : 480}
      destroyOnHidden
    >
      {vehicle !== undefined && <VehicleForm key={vehicle?.id ?? 'new'} vehicle={vehicle} onSaved={onSaved} />}
    </Drawer>
  );
}
