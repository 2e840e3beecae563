/**
 * The one form pattern of the shell: react-hook-form owns the values and the zod schema validates them;
 * antd only draws. antd's own Form is used for layout alone (`component={false}`), so there is exactly
 * one source of truth for values and errors.
 */
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

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

type InputKind = 'text' | 'email' | 'tel' | 'password';

interface TextFieldProps<T extends FieldValues, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  type?: InputKind;
  autoComplete?: string;
  autoFocus?: boolean;
  /** An emptied optional field becomes null, which the contract accepts, rather than '', which it refuses. */
  emptyAsNull?: boolean;
  /** Called after every change, e.g. to re-check a confirmation field that depends on this one. */
  onValueChange?: () => void;
}

export function TextField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
  type = 'text',
  autoComplete,
  autoFocus,
  emptyAsNull = false,
  onValueChange,
}: TextFieldProps<T, TOut>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
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
        return (
          <Form.Item label={label} htmlFor={id} validateStatus={invalid ? 'error' : undefined} help={fieldState.error?.message}>
            {type === 'password' ? <Input.Password {...common} /> : <Input {...common} type={type} />}
          </Form.Item>
        );
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
