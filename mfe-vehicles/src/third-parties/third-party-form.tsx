/** Create or edit a third party (the drawer over the list and on its page), with the contract's zod schema. */
import { useState } from 'react';
import { App, Drawer } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  thirdPartySaveSchema,
  type ThirdParty,
  type ThirdPartyDetails,
  type ThirdPartySave,
  type ThirdPartySaveInput,
} from '@meridian/shared/contract/third-party';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { FormAlert, FormFrame, SubmitButton, SwitchField, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { RECOVERY_API } from '../dispatches/recovery-api';
import { SPOTTER_TEXT, THIRD_PARTY_TEXT } from '../spotters/spotter-text';

const FIELDS = ['name', 'contactName', 'mobile', 'email', 'notes', 'active'] as const;

const valuesOf = (party: ThirdParty | null): ThirdPartySaveInput => ({
  name: party?.name ?? '',
  contactName: party?.contactName ?? '',
  mobile: party?.mobile ?? '',
  email: party?.email ?? '',
  notes: party?.notes ?? '',
  active: party?.active ?? true,
});

export function ThirdPartyForm({ party, onSaved }: { party: ThirdParty | null; onSaved(saved: ThirdPartyDetails): void }) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<ThirdPartySaveInput, unknown, ThirdPartySave>({
    resolver: zodResolver(thirdPartySaveSchema),
    mode: 'onChange',
    defaultValues: valuesOf(party),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = party
        ? await api.put<ThirdPartyDetails>(RECOVERY_API.thirdParty(party.id), values)
        : await api.post<ThirdPartyDetails>(RECOVERY_API.thirdParties, values);
      void message.success(party ? THIRD_PARTY_TEXT.thirdPartySaved : THIRD_PARTY_TEXT.thirdPartyCreated);
      onSaved(data);
    } catch (error) {
      setFailure(applyFieldErrors(error, FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="name" label={SPOTTER_TEXT.name} autoComplete="off" autoFocus />
      <TextField control={control} name="contactName" label={THIRD_PARTY_TEXT.contactName} autoComplete="off" />
      <TextField control={control} name="mobile" label={SPOTTER_TEXT.mobile} type="tel" autoComplete="off" />
      <TextField control={control} name="email" label={SPOTTER_TEXT.email} type="email" autoComplete="off" />
      <TextAreaField control={control} name="notes" label={SPOTTER_TEXT.notes} rows={3} />
      <SwitchField control={control} name="active" label={SPOTTER_TEXT.active} />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{party ? MESSAGES.save : THIRD_PARTY_TEXT.createThirdParty}</SubmitButton>
    </FormFrame>
  );
}

/** `party` undefined: closed; null: a new third party; a third party: edit it. */
export function ThirdPartyDrawer({ party, onClose, onSaved }: { party: ThirdParty | null | undefined; onClose(): void; onSaved(): void }) {
  const phone = usePhoneScreen();
  return (
    <Drawer
      title={party ? THIRD_PARTY_TEXT.editThirdParty : THIRD_PARTY_TEXT.newThirdParty}
      open={party !== undefined}
      onClose={onClose}
      size={phone ? '100%' : 480}
      destroyOnHidden
    >
      {party !== undefined && <ThirdPartyForm key={party?.id ?? 'new'} party={party} onSaved={onSaved} />}
    </Drawer>
  );
}
