/**
 * Create or edit an asset (the drawer over the list, and the Edit tab of its panel): the product's form
 * pattern (react-hook-form with the contract's zod schema), the group and category from the company's
 * catalogue, a Primary device and any Bluetooth transponders chosen from the devices in no asset. A
 * refusal keeps what was typed and puts the server's words on the fields it names.
 */
import { useId, useState } from 'react';
import { App, Drawer, Form, Select } from 'antd';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ASSET_STATUSES, type Asset } from '@meridian/shared/contract/asset';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { FormAlert, FormFrame, SelectField, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { ASSET_API } from './asset-api';
import {
  ASSET_FORM_FIELDS,
  assetFormSchema,
  assetFormValues,
  assetSaveBody,
  type AssetFormInput,
  type AssetFormValues,
} from './asset-form-schema';
import { ASSET_TEXT, STATUS_LABELS } from './asset-text';
import { useCatalogueChoices, useDeviceChoices } from './use-asset-choices';

const STATUS_CHOICES = ASSET_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status]! }));

export function AssetForm({ asset, onSaved }: { asset: Asset | null; onSaved(saved: Asset): void }) {
  const { message } = App.useApp();
  const featuresId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const catalogue = useCatalogueChoices();
  const devices = useDeviceChoices(asset);
  const { control, handleSubmit, setError, formState } = useForm<AssetFormInput, unknown, AssetFormValues>({
    resolver: zodResolver(assetFormSchema),
    mode: 'onChange',
    defaultValues: assetFormValues(asset),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = assetSaveBody(values, asset);
      const { data } = asset ? await api.put<Asset>(ASSET_API.update(asset.id), body) : await api.post<Asset>(ASSET_API.create, body);
      void message.success(asset ? ASSET_TEXT.assetSaved : ASSET_TEXT.assetCreated);
      onSaved(data);
    } catch (error) {
      setFailure(applyFieldErrors(error, ASSET_FORM_FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="registrationNumber" label={ASSET_TEXT.registrationNumber} autoComplete="off" autoFocus />
      <TextField control={control} name="make" label={ASSET_TEXT.make} autoComplete="off" />
      <SelectField control={control} name="status" label={ASSET_TEXT.status} options={STATUS_CHOICES} />
      <SelectField control={control} name="groupId" label={ASSET_TEXT.group} options={catalogue.groups} placeholder={ASSET_TEXT.noGroup} />
      <SelectField
        control={control}
        name="categoryId"
        label={ASSET_TEXT.category}
        options={catalogue.categories}
        placeholder={ASSET_TEXT.noCategory}
      />
      <SelectField
        control={control}
        name="primaryDeviceId"
        label={ASSET_TEXT.primaryDevice}
        options={devices.choices}
        loading={devices.loading}
        placeholder={ASSET_TEXT.noDevice}
      />
      <SelectField
        control={control}
        name="transponderIds"
        label={ASSET_TEXT.transponders}
        options={devices.choices}
        loading={devices.loading}
        multiple
      />
      <Controller
        control={control}
        name="features"
        render={({ field, fieldState }) => (
          <Form.Item
            label={ASSET_TEXT.features}
            htmlFor={featuresId}
            validateStatus={fieldState.error ? 'error' : undefined}
            help={fieldState.error?.message}
            extra={ASSET_TEXT.featuresHint}
          >
            <Select
              id={featuresId}
              mode="tags"
              open={false}
              value={field.value ?? []}
              onChange={(value: string[]) => field.onChange(value)}
              onBlur={field.onBlur}
              suffixIcon={null}
            />
          </Form.Item>
        )}
      />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{asset ? MESSAGES.save : ASSET_TEXT.createAsset}</SubmitButton>
    </FormFrame>
  );
}

/** `asset` undefined: closed; null: a new asset; an asset: edit it. */
export function AssetDrawer({ asset, onClose, onSaved }: { asset: Asset | null | undefined; onClose(): void; onSaved(): void }) {
  const phone = usePhoneScreen();
  return (
    <Drawer
      title={asset ? ASSET_TEXT.editAsset : ASSET_TEXT.newAsset}
      open={asset !== undefined}
      onClose={onClose}
      size={phone ? '100%' : 480}
      destroyOnHidden
    >
      {asset !== undefined && <AssetForm key={asset?.id ?? 'new'} asset={asset} onSaved={onSaved} />}
    </Drawer>
  );
}
