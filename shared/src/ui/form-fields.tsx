/**
 * The one form pattern of the product (shell and every remote): react-hook-form owns the values and the
 * zod schema from the contract validates them; antd only draws. antd's own Form is used for layout alone (`component={false}`), so there is exactly
 * one source of truth for values and errors.
 */
import { useId, useState, type FormEventHandler, type KeyboardEvent, type ReactNode } from 'react';
import { Alert, Button, DatePicker, Form, Input, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import {
  Controller,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { isUnreadNumberText, NOT_A_NUMBER_MESSAGE, numberFromText, steppedNumber, textOfNumber } from '../number-text';

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
  problemOf,
}: BoundFieldProps<T, TOut> & {
  draw(props: { id: string; field: ControllerRenderProps<T, FieldPath<T>>; fieldState: ControllerFieldState }): ReactNode;
  /** A message about the value itself, shown before (and instead of) the schema's, e.g. text that is not a number. */
  problemOf?(value: unknown): string | undefined;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = problemOf?.(field.value) ?? fieldState.error?.message;
        return (
          <Form.Item label={label} htmlFor={id} validateStatus={message ? 'error' : undefined} help={message} extra={extra}>
            {draw({ id, field, fieldState })}
          </Form.Item>
        );
      }}
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

const numberProblem = (value: unknown) => (isUnreadNumberText(value) ? NOT_A_NUMBER_MESSAGE : undefined);

/**
 * A number, typed as text and kept exactly as typed: no clamping to a range and no dropped characters.
 * The form's schema says what is allowed (its range, whole numbers) and the field shows why a value is
 * refused; text that is not a number stays in the field, as text in the form value, with "Enter a number.".
 * `step` is what the arrow keys add or take away.
 */
export function NumberField<T extends FieldValues, TOut extends FieldValues>({
  step = 1,
  ...props
}: BoundFieldProps<T, TOut> & { step?: number }) {
  return (
    <BoundField
      {...props}
      problemOf={numberProblem}
      draw={({ id, field, fieldState }) => (
        <NumberInput id={id} field={field} invalid={Boolean(fieldState.error) || numberProblem(field.value) !== undefined} step={step} />
      )}
    />
  );
}

interface NumberInputProps<T extends FieldValues> {
  id: string;
  field: ControllerRenderProps<T, FieldPath<T>>;
  invalid: boolean;
  step: number;
}

function NumberInput<T extends FieldValues>({ id, field, invalid, step }: NumberInputProps<T>) {
  // The text last typed and the form value it gave; a form value set from outside (a reset, a map click) is shown as its own text.
  const [typed, setTyped] = useState<{ text: string; value: unknown }>(() => ({ text: textOfNumber(field.value), value: field.value }));
  const text = Object.is(typed.value, field.value) ? typed.text : textOfNumber(field.value);
  const enter = (next: string) => {
    const value = numberFromText(next);
    setTyped({ text: next, value });
    field.onChange(value);
  };
  const stepWithArrows = (event: KeyboardEvent<HTMLInputElement>) => {
    const direction = event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : 0;
    if (direction === 0 || isUnreadNumberText(field.value)) return;
    event.preventDefault();
    enter(String(steppedNumber(typeof field.value === 'number' ? field.value : 0, step, direction)));
  };
  return (
    <Input
      id={id}
      name={field.name}
      ref={field.ref}
      // A text input (not type="number"), so the browser neither drops what is not a digit nor rounds it; no
      // inputMode="decimal" either, as the iPhone's decimal pad has no minus sign for a negative coordinate.
      type="text"
      role="spinbutton"
      aria-valuenow={typeof field.value === 'number' ? field.value : undefined}
      autoComplete="off"
      value={text}
      onChange={(event) => enter(event.target.value)}
      onKeyDown={stepWithArrows}
      onBlur={field.onBlur}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid}
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
  disabled,
  clearable = false,
  ...props
}: BoundFieldProps<T, TOut> & {
  options: Choice<V>[];
  multiple?: boolean;
  placeholder?: string;
  loading?: boolean;
  disabled?: boolean;
  /** A single choice the user may take back: cleared, the value is null. */
  clearable?: boolean;
}) {
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
          disabled={disabled}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear={multiple || clearable}
          value={(field.value ?? undefined) as V | V[] | undefined}
          onChange={(value) => field.onChange(value ?? null)}
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
