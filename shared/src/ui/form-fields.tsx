/**
 * The one form pattern of the product (shell and every remote): react-hook-form owns the values and the
 * zod schema from the contract validates them; antd only draws. antd's own Form is used for layout alone (`component={false}`), so there is exactly
 * one source of truth for values and errors.
 */
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import {
  Controller,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';

export function FormFrame({ onSubmit, children }: { onSubmit: FormEventHandler<HTMLFormElement>; children: ReactNode }) {
  return (
    // noValidate: the zod schema is the only validator, so the browser's own bubbles never compete with it.
    <form noValidate onSubmit={onSubmit}>
      <Form layout="vertical" component={false}>
        {children}
      </Form>
    </form>
  );
}

interface BoundFieldProps<T extends FieldValues, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  /** A line under the field while it has no error. */
  extra?: ReactNode;
}

/** A labelled antd Form.Item bound to one react-hook-form field; `draw` renders the control. */
function BoundField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
  extra,
  draw,
}: BoundFieldProps<T, TOut> & {
  draw(props: { id: string; field: ControllerRenderProps<T, FieldPath<T>>; fieldState: ControllerFieldState }): ReactNode;
}) {
  const id = useId();
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
          extra={extra}
        >
          {draw({ id, field, fieldState })}
        </Form.Item>
      )}
    />
  );
}

type InputKind = 'text' | 'email' | 'tel' | 'password';

interface TextFieldProps<T extends FieldValues, TOut extends FieldValues> extends BoundFieldProps<T, TOut> {
  type?: InputKind;
  autoComplete?: string;
  autoFocus?: boolean;
  /** An emptied optional field becomes null, which the contract accepts, rather than '', which it refuses. */
  emptyAsNull?: boolean;
  /** Called after every change, e.g. to re-check a confirmation field that depends on this one. */
  onValueChange?: () => void;
}

export function TextField<T extends FieldValues, TOut extends FieldValues>({
  type = 'text',
  autoComplete,
  autoFocus,
  emptyAsNull = false,
  onValueChange,
  ...bound
}: TextFieldProps<T, TOut>) {
  return (
    <BoundField
      {...bound}
      draw={({ id, field, fieldState }) => {
        const invalid = Boolean(fieldState.error);
        const common = {
          id,
          name: field.name,
          ref: field.ref,
          value: (field.value as string | null | undefined) ?? '',
          onBlur: field.onBlur,
          onChange: (event: { target: { value: string } }) => {
            const value = event.target.value;
            field.onChange(emptyAsNull && value === '' ? null : value);
            onValueChange?.();
          },
          autoComplete,
          autoFocus,
          status: invalid ? ('error' as const) : undefined,
          'aria-invalid': invalid,
        };
        return type === 'password' ? <Input.Password {...common} /> : <Input {...common} type={type} />;
      }}
    />
  );
}

/** The failure that belongs to no field, above the submit button. */
export function FormAlert({ text }: { text: string | null }) {
  if (!text) return null;
  return <Alert type="error" showIcon title={text} style={{ marginBottom: 16 }} />;
}

export function SubmitButton({ children, busy, disabled }: { children: ReactNode; busy: boolean; disabled?: boolean }) {
  return (
    <Button type="primary" htmlType="submit" block loading={busy} disabled={disabled}>
      {children}
    </Button>
  );
}

export function TextAreaField<T extends FieldValues, TOut extends FieldValues>({
  rows = 6,
  ...props
}: BoundFieldProps<T, TOut> & { rows?: number }) {
  return (
    <BoundField
      {...props}
      draw={({ id, field, fieldState }) => (
        <Input.TextArea
          id={id}
          name={field.name}
          ref={field.ref}
          rows={rows}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          status={fieldState.error ? 'error' : undefined}
          aria-invalid={Boolean(fieldState.error)}
        />
      )}
    />
  );
}

export function NumberField<T extends FieldValues, TOut extends FieldValues>({
  min,
  max,
  step,
  ...props
}: BoundFieldProps<T, TOut> & { min?: number; max?: number; step?: number }) {
  return (
    <BoundField
      {...props}
      draw={({ id, field, fieldState }) => (
        <InputNumber
          id={id}
          name={field.name}
          ref={field.ref}
          min={min}
          max={max}
          step={step}
          style={{ width: '100%' }}
          value={(field.value as number | null | undefined) ?? null}
          onChange={(value) => field.onChange(value)}
          onBlur={field.onBlur}
          status={fieldState.error ? 'error' : undefined}
          aria-invalid={Boolean(fieldState.error)}
        />
      )}
    />
  );
}

export interface Choice<V extends string | number> {
  value: V;
  label: string;
}

export function SelectField<T extends FieldValues, TOut extends FieldValues, V extends string | number>({
  options,
  multiple = false,
  placeholder,
  loading,
  ...props
}: BoundFieldProps<T, TOut> & { options: Choice<V>[]; multiple?: boolean; placeholder?: string; loading?: boolean }) {
  return (
    <BoundField
      {...props}
      draw={({ id, field, fieldState }) => (
        <Select
          id={id}
          ref={field.ref}
          mode={multiple ? 'multiple' : undefined}
          options={options}
          placeholder={placeholder}
          loading={loading}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear={multiple}
          value={field.value as V | V[] | undefined}
          onChange={(value) => field.onChange(value)}
          onBlur={field.onBlur}
          status={fieldState.error ? 'error' : undefined}
          aria-invalid={Boolean(fieldState.error)}
        />
      )}
    />
  );
}

export function SwitchField<T extends FieldValues, TOut extends FieldValues>(props: BoundFieldProps<T, TOut>) {
  return (
    <BoundField
      {...props}
      draw={({ id, field }) => (
        <Switch id={id} ref={field.ref} checked={Boolean(field.value)} onChange={(checked) => field.onChange(checked)} />
      )}
    />
  );
}

/** How a date and time is written in the field: the day, then the time of day to the minute. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

/**
 * A date and time (antd's DatePicker with its time panel). The form holds an ISO 8601 instant, as
 * the contract's date-time fields take; a cleared field holds null with `emptyAsNull`, else nothing
 * (undefined), so an optional field is left out rather than refused.
 */
export function DateTimeField<T extends FieldValues, TOut extends FieldValues>({
  emptyAsNull = false,
  ...props
}: BoundFieldProps<T, TOut> & { emptyAsNull?: boolean }) {
  return (
    <BoundField
      {...props}
      draw={({ id, field, fieldState }) => {
        const shown = typeof field.value === 'string' && field.value ? dayjs(field.value) : null;
        return (
          <DatePicker
            id={id}
            ref={field.ref}
            showTime={{ format: 'HH:mm' }}
            format={DATE_TIME_FORMAT}
            style={{ width: '100%' }}
            value={shown?.isValid() ? shown : null}
            onChange={(picked) => field.onChange(picked ? picked.toISOString() : emptyAsNull ? null : undefined)}
            onBlur={field.onBlur}
            status={fieldState.error ? 'error' : undefined}
            aria-invalid={Boolean(fieldState.error)}
          />
        );
      }}
    />
  );
}
