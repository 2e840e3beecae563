/**
 * Applying for a loan (/loans/apply): a client found by name (the clients' search), a product found the same
 * way, the amount typed as money text and the number of instalments, both checked against the product's
 * ranges as the user types; the server checks everything again. A new application opens its loan's page.
 * `?clientId=` starts with that client chosen (a link from elsewhere).
 */
import { useEffect, useMemo, useState } from 'react';
import { App } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import type { Client } from '@meridian/shared/contract/client';
import type { LoanDetails } from '@meridian/shared/contract/loan';
import type { LoanProduct } from '@meridian/shared/contract/loan-product';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { fullName } from '@meridian/shared/format';
import { applyFieldErrors, errorText } from '@meridian/shared/http/api-errors';
import { ApiError, isApiError } from '@meridian/shared/http/api-error';
import { FormAlert, FormFrame, NumberField, SubmitButton, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { findClients, PersonField } from '../parts/person-select';
import {
  LOAN_APPLY_FIELDS,
  loanApplyBody,
  loanApplyFormSchema,
  type LoanApplyFormInput,
  type LoanApplyFormValues,
} from './loan-apply-schema';
import { loanPath, LOANS_API } from './loan-paths';
import { LOAN_TEXT } from './loan-text';
import { ProductField } from './product-field';

/** The server names the minor units it was sent; the user typed them on the amount field. */
function onAmountField(error: unknown): unknown {
  if (!isApiError(error) || !error.fieldErrors.principalMinor) return error;
  const { principalMinor, ...others } = error.fieldErrors;
  return new ApiError({
    status: error.status,
    code: error.code,
    message: error.message,
    fieldErrors: { ...others, amount: principalMinor },
  });
}

/** The client a link started the form with, named for the picker, and why it could not be read. */
function useGivenClient(clientId: string | null) {
  const given = useLoad(
    (signal) => (clientId ? api.get<Client>(LOANS_API.client(clientId), { signal }).then((r) => r.data) : Promise.resolve(null)),
    [clientId],
  );
  const client = given.status === 'loaded' ? given.data : null;
  const known = useMemo(() => (client ? [{ value: client.Id, label: fullName(client) }] : []), [client]);
  return { known, failure: given.status === 'failed' ? errorText(given.error) : null };
}

export default function LoanApplyPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const givenClient = useGivenClient(params.get('clientId'));
  const [product, setProduct] = useState<LoanProduct | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, trigger, formState, getFieldState } = useForm<LoanApplyFormInput, unknown, LoanApplyFormValues>({
    // Made again on each render: the ranges are the chosen product's.
    resolver: zodResolver(loanApplyFormSchema(product)),
    mode: 'onChange',
    defaultValues: { clientId: params.get('clientId') ?? undefined, amount: '', note: null },
  });

  // A product chosen after the amount or instalments were typed checks them against its ranges at once.
  useEffect(() => {
    const typed = (['amount', 'instalments'] as const).filter((name) => getFieldState(name).isDirty);
    if (typed.length) void trigger(typed);
  }, [product, trigger, getFieldState]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await api.post<LoanDetails>(LOANS_API.apply, loanApplyBody(values));
      void message.success(LOAN_TEXT.applied);
      void navigate(loanPath(data.id));
    } catch (error) {
      setFailure(applyFieldErrors(onAmountField(error), LOAN_APPLY_FIELDS, setError));
    }
  });

  return (
    <PageFrame title={LOAN_TEXT.applyTitle}>
      <div style={{ maxWidth: 560 }}>
        <FormFrame onSubmit={submit}>
          <PersonField
            control={control}
            name="clientId"
            label={LOAN_TEXT.client}
            find={findClients}
            placeholder={LOAN_TEXT.chooseClient}
            known={givenClient.known}
          />
          <FormAlert text={givenClient.failure} />
          <ProductField control={control} name="productId" label={LOAN_TEXT.product} chosen={product} onProduct={setProduct} />
          <TextField
            control={control}
            name="amount"
            label={product ? `${LOAN_TEXT.amount} (${product.currency})` : LOAN_TEXT.amount}
            autoComplete="off"
          />
          <NumberField control={control} name="instalments" label={LOAN_TEXT.instalments} />
          <TextAreaField control={control} name="note" label={LOAN_TEXT.note} rows={3} />
          <FormAlert text={failure} />
          <SubmitButton busy={formState.isSubmitting}>{LOAN_TEXT.submitApplication}</SubmitButton>
        </FormFrame>
      </div>
    </PageFrame>
  );
}
