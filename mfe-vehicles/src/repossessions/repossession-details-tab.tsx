/**
 * The Details tab: the vehicle (linked to its page), the status, when it was raised and changed, and the
 * reason and notes, editable by those who may (PUT /vehicles/repossessions/{id}; the status moves only
 * through the workflow actions above the tabs).
 */
import { useState } from 'react';
import { App, Descriptions, Flex } from 'antd';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { repossessions } from '@meridian/shared/contract/areas/vehicles';
import { repossessionUpdateSchema } from '@meridian/shared/contract/repossession';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { FormAlert, FormFrame, SubmitButton, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { vehiclePath } from '../parts/vehicle-paths';
import { VEHICLES_API } from '../parts/vehicles-api';
import type { RepossessionTabProps } from './repossession-tabs';
import { RepossessionStatusTag } from './repossession-status-tag';
import { REPOSSESSION_TEXT } from './repossession-text';

function NotesForm({ repossession, reload }: RepossessionTabProps) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<
    z.input<typeof repossessionUpdateSchema>,
    unknown,
    z.output<typeof repossessionUpdateSchema>
  >({
    resolver: zodResolver(repossessionUpdateSchema),
    defaultValues: { reason: repossession.reason, notes: repossession.notes },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await api.put(VEHICLES_API.updateRepossession(repossession.id), values);
      void message.success(REPOSSESSION_TEXT.detailsSaved);
      reload();
    } catch (error) {
      setFailure(applyFieldErrors(error, ['reason', 'notes'], setError));
    }
  });
  return (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="reason" label={REPOSSESSION_TEXT.reason} emptyAsNull />
      <TextAreaField control={control} name="notes" label={REPOSSESSION_TEXT.notes} rows={4} />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{REPOSSESSION_TEXT.saveNotes}</SubmitButton>
    </FormFrame>
  );
}

export function RepossessionDetailsTab({ repossession, reload }: RepossessionTabProps) {
  const format = useTenantFormat();
  const canEdit = useCan(repossessions, 'edit');
  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'vehicle',
            label: REPOSSESSION_TEXT.vehicle,
            children: <Link to={vehiclePath(repossession.vehicleId)}>{`${repossession.registrationNumber} ${repossession.make}`}</Link>,
          },
          { key: 'status', label: REPOSSESSION_TEXT.status, children: <RepossessionStatusTag status={repossession.status} /> },
          { key: 'raised', label: REPOSSESSION_TEXT.raised, children: format.moment(repossession.dateCreated) },
          { key: 'changed', label: REPOSSESSION_TEXT.changed, children: format.moment(repossession.dateModified) },
          ...(canEdit
            ? []
            : [
                { key: 'reason', label: REPOSSESSION_TEXT.reason, children: repossession.reason ?? '—' },
                { key: 'notes', label: REPOSSESSION_TEXT.notes, children: repossession.notes ?? '—' },
              ]),
        ]}
      />
      {canEdit && <NotesForm key={repossession.dateModified} repossession={repossession} reload={reload} />}
    </Flex>
  );
}
