/**
 * Create or edit a loan product: the product's form pattern (react-hook-form with the contract's zod schema,
 * checked as the user types), every field of the product, and the schedule preview beside it. A refused save
 * keeps everything typed and puts the server's field errors on their fields.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { App, Col, Divider, Drawer, Row } from 'antd';
import { useForm, useWatch, type Control, type UseFormGetValues, type UseFormTrigger } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { LoanProduct, LoanProductDetails, ProductCategory } from '@meridian/shared/contract/loan-product';
import { INTEREST_METHODS } from '@meridian/shared/lending/repayment-schedule';
import { REPAYMENT_FREQUENCIES } from '@meridian/shared/lending/schedule-dates';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { FormAlert, FormFrame, NumberField, SelectField, SubmitButton, SwitchField, TextField } from '@meridian/shared/ui/form-fields';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import {
  PRODUCT_FORM_FIELDS,
  productFormSchema,
  productFormValues,
  productSaveBody,
  type ProductFormInput,
  type ProductFormValues,
} from './product-form-schema';
import { PRODUCTS_API } from './product-paths';
import { FREQUENCY_LABELS, INTEREST_METHOD_LABELS, PRODUCT_TEXT } from './product-text';
import { SchedulePreview } from './schedule-preview';

const METHOD_CHOICES = INTEREST_METHODS.map((value) => ({ value, label: INTEREST_METHOD_LABELS[value] }));
const FREQUENCY_CHOICES = REPAYMENT_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }));

function useCategoryChoices() {
  const state = useLoad(async (signal) => (await api.get<ProductCategory[]>(PRODUCTS_API.categories, { signal })).data, []);
  const choices = state.status === 'loaded' ? state.data.map((c) => ({ value: c.id, label: c.name })) : [];
  return { state, choices };
}

/** Two fields side by side (a range), one above the other on a phone. */
const Pair = ({ children: [left, right] }: { children: [ReactNode, ReactNode] }) => (
  <Row gutter={12}>
    <Col xs={24} sm={12}>
      {left}
    </Col>
    <Col xs={24} sm={12}>
      {right}
    </Col>
  </Row>
);

const filled = (value: unknown) => value !== '' && value !== null && value !== undefined;

/**
 * The cross-field rules put their message on the field the user fixes (the largest amount, the most
 * instalments, a grace period), but react-hook-form re-checks only the field being typed in: a change of the
 * other end of a range checks the dependent field again, once it holds something, so the message shows as
 * the user types.
 */
function useRangeRechecks(
  control: Control<ProductFormInput, unknown, ProductFormValues>,
  trigger: UseFormTrigger<ProductFormInput>,
  getValues: UseFormGetValues<ProductFormInput>,
) {
  const [minAmount, minInstalments, graceOnPrincipal] = useWatch({
    control,
    name: ['minAmountMinor', 'minInstalments', 'graceOnPrincipal'],
  });
  const recheck = (...names: (keyof ProductFormInput)[]) => {
    const due = names.filter((name) => filled(getValues(name)));
    if (due.length > 0) void trigger(due);
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => recheck('maxAmountMinor'), [minAmount]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => recheck('maxInstalments', 'graceOnPrincipal'), [minInstalments]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => recheck('graceOnInterestPayment'), [graceOnPrincipal]);
}

export interface ProductFormProps {
  /** null: a new product. */
  product: LoanProduct | null;
  onSaved(saved: LoanProductDetails): void;
  /** Without it the form is shown but not saved (a reader of the product). */
  canSave: boolean;
  /** The form and the preview side by side (a page), else one above the other (a drawer). */
  wide?: boolean;
}

export function ProductForm({ product, onSaved, canSave, wide = false }: ProductFormProps) {
  const { message } = App.useApp();
  const format = useTenantFormat();
  const [failure, setFailure] = useState<string | null>(null);
  const categories = useCategoryChoices();
  const { control, handleSubmit, setError, formState, trigger, getValues } = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    mode: 'onChange',
    defaultValues: productFormValues(product, format.format.currencyCode),
  });
  useRangeRechecks(control, trigger, getValues);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = productSaveBody(values);
      const { data } = product
        ? await api.put<LoanProductDetails>(PRODUCTS_API.one(product.id), body)
        : await api.post<LoanProductDetails>(PRODUCTS_API.list, body);
      void message.success(product ? PRODUCT_TEXT.productSaved : PRODUCT_TEXT.productCreated);
      onSaved(data);
    } catch (error) {
      setFailure(applyFieldErrors(error, PRODUCT_FORM_FIELDS, setError));
    }
  });

  const fields = (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="name" label={PRODUCT_TEXT.name} autoComplete="off" autoFocus={!product} />
      {categories.state.status === 'failed' && <LoadFailedAlert error={categories.state.error} onRetry={categories.state.reload} />}
      <SelectField
        control={control}
        name="productCategoryId"
        label={PRODUCT_TEXT.category}
        options={categories.choices}
        loading={categories.state.status === 'loading'}
        placeholder={PRODUCT_TEXT.chooseCategory}
      />
      <TextField control={control} name="currency" label={PRODUCT_TEXT.currency} autoComplete="off" extra={PRODUCT_TEXT.currencyHint} />
      <Divider titlePlacement="start">{PRODUCT_TEXT.terms}</Divider>
      <Pair>
        <TextField
          control={control}
          name="minAmountMinor"
          label={PRODUCT_TEXT.minAmount}
          autoComplete="off"
          extra={PRODUCT_TEXT.amountHint}
        />
        <TextField control={control} name="maxAmountMinor" label={PRODUCT_TEXT.maxAmount} autoComplete="off" />
      </Pair>
      <Pair>
        <NumberField control={control} name="minInstalments" label={PRODUCT_TEXT.minInstalments} />
        <NumberField control={control} name="maxInstalments" label={PRODUCT_TEXT.maxInstalments} />
      </Pair>
      <Pair>
        <SelectField control={control} name="repaymentFrequency" label={PRODUCT_TEXT.frequency} options={FREQUENCY_CHOICES} />
        <SelectField control={control} name="interestMethod" label={PRODUCT_TEXT.interestMethod} options={METHOD_CHOICES} />
      </Pair>
      <TextField
        control={control}
        name="annualRatePercent"
        label={PRODUCT_TEXT.annualRate}
        autoComplete="off"
        extra={PRODUCT_TEXT.rateHint}
      />
      <Divider titlePlacement="start">{PRODUCT_TEXT.charges}</Divider>
      <Pair>
        <TextField control={control} name="feePerInstalmentMinor" label={PRODUCT_TEXT.feePerInstalment} autoComplete="off" />
        <TextField
          control={control}
          name="arrearsToleranceMinor"
          label={PRODUCT_TEXT.arrearsTolerance}
          autoComplete="off"
          extra={PRODUCT_TEXT.arrearsToleranceHint}
        />
      </Pair>
      <Pair>
        <NumberField
          control={control}
          name="graceOnPrincipal"
          label={PRODUCT_TEXT.graceOnPrincipal}
          extra={PRODUCT_TEXT.graceOnPrincipalHint}
        />
        <NumberField
          control={control}
          name="graceOnInterestPayment"
          label={PRODUCT_TEXT.graceOnInterest}
          extra={PRODUCT_TEXT.graceOnInterestHint}
        />
      </Pair>
      <SwitchField control={control} name="active" label={PRODUCT_TEXT.active} />
      <FormAlert text={failure} />
      {canSave && <SubmitButton busy={formState.isSubmitting}>{product ? MESSAGES.save : PRODUCT_TEXT.createProduct}</SubmitButton>}
    </FormFrame>
  );

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={wide ? 12 : 24}>
        {fields}
      </Col>
      <Col xs={24} xl={wide ? 12 : 24}>
        <SchedulePreview control={control} />
      </Col>
    </Row>
  );
}

/** A new product in a drawer over the list (`open`); saved, the caller opens its page. */
export function NewProductDrawer({ open, onClose, onSaved }: { open: boolean; onClose(): void; onSaved(saved: LoanProductDetails): void }) {
  const phone = usePhoneScreen();
  return (
    <Drawer title={PRODUCT_TEXT.newProduct} open={open} onClose={onClose} size={phone ? '100%' : 720} destroyOnHidden>
      {open && <ProductForm product={null} onSaved={onSaved} canSave />}
    </Drawer>
  );
}
