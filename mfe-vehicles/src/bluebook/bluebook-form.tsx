/** Create or edit a bluebook value in a drawer: the product's form pattern over bluebook-form-schema.ts. */
import { useState } from 'react';
import { App, Drawer } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Bluebook } from '@meridian/shared/contract/bluebook';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { ApiError, isApiError } from '@meridian/shared/http/api-error';
import { MESSAGES } from '@meridian/shared/messages';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { FormAlert, FormFrame, NumberField, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { VEHICLES_API } from '../parts/vehicles-api';
import {
  BLUEBOOK_FORM_FIELDS,
  bluebookFormSchema,
  bluebookFormValues,
  bluebookSaveBody,
  type BluebookFormInput,
  type BluebookFormValues,
} from './bluebook-form-schema';
import { BLUEBOOK_TEXT } from './bluebook-text';

/** The server names the minor units it was sent; the user typed them on the value field. */
function onValueField(error: unknown): unknown {
  if (!isApiError(error) || !error.fieldErrors.valueMinor) return error;
  const { valueMinor, ...others } = error.fieldErrors;
  return new ApiError({ status: error.status, code: error.code, message: error.message, fieldErrors: { ...others, value: valueMinor } });
}

export function BluebookForm({ row, onSaved }: { row: Bluebook | null; onSaved(): void }) {
  const { message } = App.useApp();
  const format = useTenantFormat();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<BluebookFormInput, unknown, BluebookFormValues>({
    resolver: zodResolver(bluebookFormSchema),
    mode: 'onChange',
    defaultValues: bluebookFormValues(row, format.format.currencyCode),
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = bluebookSaveBody(values);
      if (row) await api.put(VEHICLES_API.bluebookOne(row.id), body);
      else await api.post(VEHICLES_API.bluebookCreate, body);
      void message.success(row ? BLUEBOOK_TEXT.valueSaved : BLUEBOOK_TEXT.valueCreated);
      onSaved();
    } catch (error) {
      setFailure(applyFieldErrors(onValueField(error), BLUEBOOK_FORM_FIELDS, setError));
    }
  });
  return (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="make" label={BLUEBOOK_TEXT.make} autoComplete="off" autoFocus />
      <TextField control={control} name="model" label={BLUEBOOK_TEXT.model} autoComplete="off" />
      <NumberField control={control} name="year" label={BLUEBOOK_TEXT.year} />
      <TextField control={control} name="value" label={BLUEBOOK_TEXT.value} autoComplete="off" extra={BLUEBOOK_TEXT.valueHint} />
      <TextField control={control} name="currency" label={BLUEBOOK_TEXT.currency} autoComplete="off" />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{row ? MESSAGES.save : BLUEBOOK_TEXT.createValue}</SubmitButton>
    </FormFrame>
  );
}

/** `row` undefined: closed; null: a new value. */
export function BluebookDrawer({ row, onClose, onSaved }: { row: Bluebook | null | undefined; onClose(): void; onSaved(): void }) {
  const phone = usePhoneScreen();
  return (
    <Drawer
      title={row ? BLUEBOOK_TEXT.editValue : BLUEBOOK_TEXT.newValue}
      open={row !== undefined}
      onClose={onClose}
      size={phone ? '100%' : 420}
      destroyOnHidden
    >
      {row !== undefined && <BluebookForm key={row?.id ?? 'new'} row={row} onSaved={onSaved} />}
    </Drawer>
  );
}
