/**
 * The one way a screen finds a loan: by its client's name (or the product) as the user types, among the
 * loans in the states the screen takes (active ones for a payment, submitted and approved applications
 * for a consent form), one short page of each state from the server (GET /api/loans?status=&search=), so
 * a portfolio of thousands picks as fast as one of ten. A loan already known (from the address) is shown
 * as chosen before any search. `LoanField` binds it to a react-hook-form field.
 */
import { useId, type Ref } from 'react';
import { Alert, Form, Select, Typography } from 'antd';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { Loan, LoanStatus } from '@meridian/shared/contract/loan';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { useSearchedChoices } from '../parts/use-searched-choices';
import { LOANS_API } from './loan-paths';

const MATCHES = 10;

async function findLoans(statuses: readonly LoanStatus[], search: string, signal: AbortSignal): Promise<Loan[]> {
  const pages = await Promise.all(
    statuses.map((status) => api.get<Loan[]>(LOANS_API.list, { query: { status, search: search || undefined, size: MATCHES }, signal })),
  );
  return pages.flatMap((page) => page.data);
}

export interface LoanPickerProps {
  /** The states of the loans this screen takes. */
  statuses: readonly LoanStatus[];
  label: string;
  placeholder: string;
  hint: string;
  noMatches: string;
  /** What a found loan is listed as (what the screen needs to tell loans apart). */
  describe(loan: Loan): string;
  /** A loan already chosen (from the address), shown before any search. */
  known?: Loan | null;
  value: string | null;
  onPick(loan: Loan | null): void;
  onBlur?(): void;
  selectRef?: Ref<never>;
  error?: string;
}

export function LoanPicker({
  statuses,
  label,
  placeholder,
  hint,
  noMatches,
  describe,
  known = null,
  value,
  onPick,
  onBlur,
  selectRef,
  error,
}: LoanPickerProps) {
  const id = useId();
  const loans = useSearchedChoices((search, signal) => findLoans(statuses, search, signal), [statuses.join()]);
  const choices = [...(known ? [known] : []), ...loans.matches.filter((loan) => loan.id !== known?.id)];
  return (
    <Form.Item label={label} htmlFor={id} validateStatus={error ? 'error' : undefined} help={error} extra={hint}>
      <Select<string>
        id={id}
        ref={selectRef}
        aria-label={label}
        placeholder={placeholder}
        showSearch={{ filterOption: false, onSearch: loans.onSearch }}
        loading={loans.loading}
        options={choices.map((loan) => ({ value: loan.id, label: describe(loan) }))}
        value={value || undefined}
        notFoundContent={loans.loading ? MESSAGES.loading : <Typography.Text type="secondary">{noMatches}</Typography.Text>}
        onChange={(chosen: string | undefined) => {
          onPick(choices.find((loan) => loan.id === chosen) ?? null);
          loans.clear();
        }}
        onBlur={onBlur}
        status={error ? 'error' : undefined}
        aria-invalid={Boolean(error)}
        style={{ width: '100%' }}
      />
      {loans.failed !== null && <Alert type="error" showIcon role="alert" title={errorText(loans.failed)} style={{ marginTop: 8 }} />}
    </Form.Item>
  );
}

/** The picker as a form's field: the field holds the loan's id ('' for none). */
export function LoanField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  onPick,
  ...picker
}: Omit<LoanPickerProps, 'value' | 'onBlur' | 'selectRef' | 'error'> & { control: Control<T, unknown, TOut>; name: FieldPath<T> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <LoanPicker
          {...picker}
          value={(field.value as string | undefined) || null}
          selectRef={field.ref}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          onPick={(loan) => {
            field.onChange(loan?.id ?? '');
            onPick(loan);
          }}
        />
      )}
    />
  );
}
