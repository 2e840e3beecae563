/**
 * Days (YYYY-MM-DD, as the contracts take them) typed or picked with the browser's own date input:
 * DateField binds one to a react-hook-form field, DayInput is the bare control for list filters.
 */
import { useId, type ReactNode } from 'react';
import { Form, Input } from 'antd';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

/** The browser's calendar day, YYYY-MM-DD. */
export function localDay(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function DayInput({
  value,
  onChange,
  ariaLabel,
  id,
  min,
  max,
  invalid = false,
  onBlur,
}: {
  value: string | null | undefined;
  /** An emptied input gives null. */
  onChange(day: string | null): void;
  ariaLabel?: string;
  id?: string;
  min?: string;
  max?: string;
  invalid?: boolean;
  onBlur?: () => void;
}) {
  return (
    <Input
      id={id}
      type="date"
      aria-label={ariaLabel}
      value={value ?? ''}
      min={min}
      max={max}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      onBlur={onBlur}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid}
      style={{ width: 170 }}
    />
  );
}

export function DateField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
  extra,
  onValueChange,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  extra?: ReactNode;
  /** Called after every change, e.g. to re-check a field that depends on this one. */
  onValueChange?: (day: string | null) => void;
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
          <DayInput
            id={id}
            value={field.value as string | null | undefined}
            onChange={(day) => {
              field.onChange(day);
              onValueChange?.(day);
            }}
            onBlur={field.onBlur}
            invalid={Boolean(fieldState.error)}
          />
        </Form.Item>
      )}
    />
  );
}
