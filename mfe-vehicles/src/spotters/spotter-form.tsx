/**
 * Create or edit a spotter (the drawer over the list and on its page): the product's form pattern
 * (react-hook-form with the contract's zod schema). The user account is chosen from the acting tenant's
 * users when the caller may list them (ADMIN/USERS); otherwise the link is left as it is.
 */
import { useState } from 'react';
import { App, Drawer } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { users } from '@meridian/shared/contract/areas/admin';
import type { Spotter, SpotterDetails } from '@meridian/shared/contract/spotter';
import type { UserListItem } from '@meridian/shared/contract/user';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { apiPath } from '@meridian/shared/http/api-path';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { useCan } from '@meridian/shared/session/use-can';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { FormAlert, FormFrame, SelectField, SubmitButton, SwitchField, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { RECOVERY_API } from '../dispatches/recovery-api';
import {
  SPOTTER_FORM_FIELDS,
  spotterFormSchema,
  spotterFormValues,
  type SpotterFormInput,
  type SpotterFormValues,
} from './spotter-form-schema';
import { SPOTTER_TEXT } from './spotter-text';

/** The users a spotter may sign in as; none when the caller may not list users. */
function useUserChoices(enabled: boolean, spotter: Spotter | null) {
  const state = useLoad(
    async (signal) =>
      enabled ? (await api.get<UserListItem[]>(apiPath(users.api.list), { query: { size: 1000 }, signal })).data : ([] as UserListItem[]),
    [enabled],
  );
  const listed = state.status === 'loaded' ? state.data : [];
  const choices = listed.map((u) => ({ value: u.Id, label: `${u.firstName} ${u.lastName} (${u.userName})` }));
  // The linked user stays choosable even when the list cannot show them.
  if (spotter?.userId && !choices.some((c) => c.value === spotter.userId))
    choices.unshift({ value: spotter.userId, label: spotter.userName ?? spotter.userId });
  return { choices, loading: state.status === 'loading' };
}

export function SpotterForm({ spotter, onSaved }: { spotter: Spotter | null; onSaved(saved: SpotterDetails): void }) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const mayListUsers = useCan(users, 'read');
  const userChoices = useUserChoices(mayListUsers, spotter);
  const { control, handleSubmit, setError, formState } = useForm<SpotterFormInput, unknown, SpotterFormValues>({
    resolver: zodResolver(spotterFormSchema),
    mode: 'onChange',
    defaultValues: spotterFormValues(spotter),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = spotter
        ? await api.put<SpotterDetails>(RECOVERY_API.spotter(spotter.id), values)
        : await api.post<SpotterDetails>(RECOVERY_API.spotters, values);
      void message.success(spotter ? SPOTTER_TEXT.spotterSaved : SPOTTER_TEXT.spotterCreated);
      onSaved(data);
    } catch (error) {
      setFailure(applyFieldErrors(error, SPOTTER_FORM_FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="name" label={SPOTTER_TEXT.name} autoComplete="off" autoFocus />
      <TextField control={control} name="mobile" label={SPOTTER_TEXT.mobile} type="tel" autoComplete="off" />
      <TextField control={control} name="email" label={SPOTTER_TEXT.email} type="email" autoComplete="off" />
      <SelectField
        control={control}
        name="userId"
        label={SPOTTER_TEXT.user}
        options={userChoices.choices}
        loading={userChoices.loading}
        placeholder={SPOTTER_TEXT.noUser}
        disabled={!mayListUsers}
        extra={SPOTTER_TEXT.userHint}
      />
      <TextAreaField control={control} name="notes" label={SPOTTER_TEXT.notes} rows={3} />
      <SwitchField control={control} name="active" label={SPOTTER_TEXT.active} />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{spotter ? MESSAGES.save : SPOTTER_TEXT.createSpotter}</SubmitButton>
    </FormFrame>
  );
}

/** `spotter` undefined: closed; null: a new spotter; a spotter: edit it. */
export function SpotterDrawer({ spotter, onClose, onSaved }: { spotter: Spotter | null | undefined; onClose(): void; onSaved(): void }) {
  const phone = usePhoneScreen();
  return (
    <Drawer
      title={spotter ? SPOTTER_TEXT.editSpotter : SPOTTER_TEXT.newSpotter}
      open={spotter !== undefined}
      onClose={onClose}
      size={phone ? '100%' : 480}
      destroyOnHidden
    >
      {spotter !== undefined && <SpotterForm key={spotter?.id ?? 'new'} spotter={spotter} onSaved={onSaved} />}
    </Drawer>
  );
}
