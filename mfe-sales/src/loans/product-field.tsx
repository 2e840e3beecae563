/**
 * The loan product of an application, found on the server as the user types (the active products the
 * acting tenant may offer, one short page), bound to a react-hook-form field; the product picked is handed
 * to `onProduct` so the form can check the amount and instalments against its ranges.
 */
import { useId } from 'react';
import { Form, Select } from 'antd';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { LoanProduct } from '@meridian/shared/contract/loan-product';
import { api } from '@meridian/shared/http/api';
import { formatMinor } from '@meridian/shared/money-text';
import { useSearchedChoices } from '../parts/use-searched-choices';
import { LOANS_API } from './loan-paths';
import { LOAN_TEXT, rangeText } from './loan-text';

const MATCHES = 20;

const findProducts = (search: string, signal: AbortSignal) =>
  api
    .get<LoanProduct[]>(LOANS_API.products, {
      signal,
      query: { active: 'true', page: 1, size: MATCHES, sortField: 'name', sortOrder: 'ASC', search: search || undefined },
    })
    .then((r) => r.data);

export const productRangeText = (product: Pick<LoanProduct, 'minAmountMinor' | 'maxAmountMinor' | 'currency'>) =>
  rangeText(formatMinor(product.minAmountMinor, product.currency), formatMinor(product.maxAmountMinor, product.currency));

export function ProductField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
  chosen,
  onProduct,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  chosen: LoanProduct | null;
  onProduct(product: LoanProduct | null): void;
}) {
  const id = useId();
  const products = useSearchedChoices(findProducts);
  const options = products.matches.map((p) => ({ value: p.id, label: `${p.name} (${p.currency})` }));
  if (chosen && !options.some((o) => o.value === chosen.id))
    options.push({ value: chosen.id, label: `${chosen.name} (${chosen.currency})` });
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Form.Item
          label={label}
          htmlFor={id}
          validateStatus={fieldState.error ? 'error' : undefined}
          help={fieldState.error?.message}
          extra={chosen ? productRangeText(chosen) : undefined}
        >
          <Select<string>
            id={id}
            placeholder={LOAN_TEXT.chooseProduct}
            showSearch={{ filterOption: false, onSearch: products.onSearch }}
            loading={products.loading}
            options={options}
            value={(field.value as string | null | undefined) ?? undefined}
            notFoundContent={products.failed ? LOAN_TEXT.productsFailed : LOAN_TEXT.noProducts}
            onChange={(value: string | undefined) => {
              products.clear();
              onProduct(products.matches.find((p) => p.id === value) ?? (value && chosen?.id === value ? chosen : null));
              field.onChange(value ?? null);
            }}
            onBlur={field.onBlur}
            allowClear
            status={fieldState.error ? 'error' : undefined}
            aria-invalid={Boolean(fieldState.error)}
            style={{ width: '100%' }}
          />
        </Form.Item>
      )}
    />
  );
}
