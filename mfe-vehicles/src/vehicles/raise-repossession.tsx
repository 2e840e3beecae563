/**
 * "Raise repossession" on a vehicle's page: a reason and notes (the contract's repossessionCreateSchema),
 * then the new repossession's page. The server refuses a second open one for the vehicle (409), shown here.
 */
import { useState } from 'react';
import { App, Button, Modal } from 'antd';
import { AlertOutlined } from '@ant-design/icons';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { repossessionCreateSchema, type RepossessionDetails } from '@meridian/shared/contract/repossession';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { FormAlert, FormFrame, SubmitButton, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { repossessionPath } from '../parts/vehicle-paths';
import { VEHICLES_API } from '../parts/vehicles-api';
import { VEHICLE_TEXT } from './vehicle-text';

function RaiseForm({ vehicleId }: { vehicleId: string }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<
    z.input<typeof repossessionCreateSchema>,
    unknown,
    z.output<typeof repossessionCreateSchema>
  >({
    resolver: zodResolver(repossessionCreateSchema),
    defaultValues: { vehicleId, reason: null, notes: null },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await api.post<RepossessionDetails>(VEHICLES_API.raiseRepossession, values);
      void message.success(VEHICLE_TEXT.repossessionRaised);
      void navigate(repossessionPath(data.id));
    } catch (error) {
      setFailure(applyFieldErrors(error, ['reason', 'notes'], setError));
    }
  });
  return (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="reason" label={VEHICLE_TEXT.reason} emptyAsNull autoFocus />
      <TextAreaField control={control} name="notes" label={VEHICLE_TEXT.notes} rows={3} />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{VEHICLE_TEXT.raise}</SubmitButton>
    </FormFrame>
  );
}

export function RaiseRepossession({ vehicleId }: { vehicleId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<AlertOutlined />} onClick={() => setOpen(true)}>
        {VEHICLE_TEXT.raiseRepossession}
      </Button>
      <Modal title={VEHICLE_TEXT.raiseRepossession} open={open} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <RaiseForm vehicleId={vehicleId} />
      </Modal>
    </>
  );
}
