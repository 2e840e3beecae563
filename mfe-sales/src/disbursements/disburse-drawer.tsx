/**
 * The Disburse drawer: date (today in the tenant's zone), amount (the approved amount to start with) and
 * channel (the contract's choices). The answer is the disbursed loan with its schedule, or, where the
 * tenant's maker-checker rules hold disbursements, a pending request: each goes to its own callback, so a
 * pending one is never shown as done.
 */
import { useState } from 'react';
import { Drawer } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DISBURSEMENT_CHANNELS, type LoanDetails } from '@meridian/shared/contract/loan';
import type { CheckRequest } from '@meridian/shared/contract/maker-checker';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { ApiError, isApiError } from '@meridian/shared/http/api-error';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { FormAlert, FormFrame, SelectField, SubmitButton, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { DateField } from '../parts/date-field';
import { postCheckedMove } from '../loans/checked-answer';
import { LOANS_API } from '../loans/loan-paths';
import {
  DISBURSE_FIELDS,
  disburseBody,
  disburseFormSchema,
  disburseFormValues,
  type DisburseFormInput,
  type DisburseFormValues,
  type LoanToDisburse,
} from './disburse-form-schema';
import { CHANNEL_LABELS, DISBURSEMENT_TEXT } from './disbursement-text';

const CHANNEL_CHOICES = DISBURSEMENT_CHANNELS.map((value) => ({ value, label: CHANNEL_LABELS[value] }));

/** The server names the minor units it was sent; the user typed them on the amount field. */
function onAmountField(error: unknown): unknown {
  if (!isApiError(error) || !error.fieldErrors.amountMinor) return error;
  const { amountMinor, ...others } = error.fieldErrors;
  return new ApiError({ status: error.status, code: error.code, message: error.message, fieldErrors: { ...others, amount: amountMinor } });
}

export interface DisburseOutcomes {
  onDisbursed(loan: LoanDetails): void;
  onPending(request: CheckRequest): void;
}

function DisburseForm({ loan, onDisbursed, onPending }: { loan: LoanToDisburse } & DisburseOutcomes) {
  const format = useTenantFormat();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<DisburseFormInput, unknown, DisburseFormValues>({
    resolver: zodResolver(disburseFormSchema(loan)),
    mode: 'onChange',
    defaultValues: disburseFormValues(loan, format.calendarDay(new Date().toISOString())),
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const outcome = await postCheckedMove(LOANS_API.disburse(loan.id), disburseBody(values));
      if (outcome.done) onDisbursed(outcome.loan);
      else onPending(outcome.request);
    } catch (error) {
      setFailure(applyFieldErrors(onAmountField(error), DISBURSE_FIELDS, setError));
    }
  });
  return (
    <FormFrame onSubmit={submit}>
      <DateField control={control} name="disbursedOn" label={DISBURSEMENT_TEXT.disbursedOn} />
      <TextField control={control} name="amount" label={`${DISBURSEMENT_TEXT.amount} (${loan.currency})`} autoComplete="off" />
      <SelectField control={control} name="channel" label={DISBURSEMENT_TEXT.channel} options={CHANNEL_CHOICES} />
      <TextAreaField control={control} name="note" label={DISBURSEMENT_TEXT.note} rows={3} />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{DISBURSEMENT_TEXT.disburse}</SubmitButton>
    </FormFrame>
  );
}

/** `loan` null: closed. */
export function DisburseDrawer({ loan, onClose, ...outcomes }: { loan: LoanToDisburse | null; onClose(): void } & DisburseOutcomes) {
  const phone = usePhoneScreen();
  return (
    <Drawer
      title={loan ? `${DISBURSEMENT_TEXT.disburseTitle}: ${loan.clientName}` : DISBURSEMENT_TEXT.disburseTitle}
      open={loan !== null}
      onClose={onClose}
      size={phone ? '100%' : 420}
      destroyOnHidden
    >
      {loan && <DisburseForm key={loan.id} loan={loan} {...outcomes} />}
    </Drawer>
  );
}
