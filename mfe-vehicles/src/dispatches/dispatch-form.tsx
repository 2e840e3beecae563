/**
 * Dispatch a repossession to one spotter or third party with an optional reward (the product's form
 * pattern: react-hook-form with the contract's pieces). The reward is typed in rand and cents and sent
 * as whole minor units; a refusal keeps what was typed and puts the server's words on its fields.
 */
import { useState } from 'react';
import { App } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Dispatch } from '@meridian/shared/contract/dispatch';
import type { Spotter } from '@meridian/shared/contract/spotter';
import type { ThirdParty } from '@meridian/shared/contract/third-party';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { FormAlert, FormFrame, SelectField, SubmitButton, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import {
  DISPATCH_FORM_FIELDS,
  dispatchBody,
  dispatchFormDefaults,
  dispatchFormSchema,
  type DispatchFormInput,
  type DispatchFormValues,
} from './dispatch-form-schema';
import { DISPATCH_TEXT } from './dispatch-text';
import { RECOVERY_API } from './recovery-api';

const ACTIVE_ONLY = { active: 'true', size: 1000 };

/** The active spotters and third parties, as one list of choices. */
function useAssigneeChoices() {
  const state = useLoad(async (signal) => {
    const [spotters, parties] = await Promise.all([
      api.get<Spotter[]>(RECOVERY_API.spotters, { query: ACTIVE_ONLY, signal }),
      api.get<ThirdParty[]>(RECOVERY_API.thirdParties, { query: ACTIVE_ONLY, signal }),
    ]);
    return [
      ...spotters.data.map((s) => ({ value: `spotter:${s.id}`, label: `${DISPATCH_TEXT.spotter}: ${s.name}` })),
      ...parties.data.map((t) => ({ value: `thirdParty:${t.id}`, label: `${DISPATCH_TEXT.thirdParty}: ${t.name}` })),
    ];
  }, []);
  return { choices: state.status === 'loaded' ? state.data : [], loading: state.status === 'loading' };
}

export function DispatchForm({ repossessionId, onDispatched }: { repossessionId: string; onDispatched(dispatch: Dispatch): void }) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const assignees = useAssigneeChoices();
  const { control, handleSubmit, setError, reset, formState } = useForm<DispatchFormInput, unknown, DispatchFormValues>({
    resolver: zodResolver(dispatchFormSchema),
    mode: 'onChange',
    defaultValues: dispatchFormDefaults(),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await api.post<Dispatch>(RECOVERY_API.dispatch, dispatchBody(repossessionId, values));
      void message.success(DISPATCH_TEXT.dispatchedMessage);
      reset(dispatchFormDefaults(values.currency));
      onDispatched(data);
    } catch (error) {
      // The server names spotterId or thirdPartyId: both are the one assignee field here.
      setFailure(applyFieldErrors(error, DISPATCH_FORM_FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <SelectField
        control={control}
        name="assignee"
        label={DISPATCH_TEXT.assignee}
        options={assignees.choices}
        loading={assignees.loading}
        placeholder={DISPATCH_TEXT.chooseAssignee}
      />
      <TextField control={control} name="reward" label={DISPATCH_TEXT.reward} extra={DISPATCH_TEXT.rewardHint} autoComplete="off" />
      <TextField control={control} name="currency" label={DISPATCH_TEXT.currency} autoComplete="off" />
      <TextAreaField control={control} name="note" label={DISPATCH_TEXT.note} rows={2} />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{DISPATCH_TEXT.dispatch}</SubmitButton>
    </FormFrame>
  );
}
