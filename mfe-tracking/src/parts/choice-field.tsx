/**
 * A select bound to a react-hook-form field for what the shared SelectField leaves out: an optional
 * single choice that can be cleared back to null (the contract takes null, never ''), typed tags
 * (e-mail addresses), and choices searched on the server. An error on one entry of a list (the
 * third address, say) is shown on the field, since the entries have no field of their own.
 */
import { useId, type ReactNode } from 'react';
import { Form, Select } from 'antd';
import { Controller, type Control, type FieldError, type FieldPath, type FieldValues } from 'react-hook-form';
import type { Choice } from '@meridian/shared/ui/form-fields';

interface ChoiceFieldProps<T extends FieldValues, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  extra?: ReactNode;
  options: Choice<string>[];
  /** Several values (`multiple`), typed ones too (`tags`); one by default, cleared to null. */
  mode?: 'multiple' | 'tags';
  placeholder?: string;
  loading?: boolean;
  disabled?: boolean;
  /** Search on the server as the user types (the options are then the matches). */
  onSearch?: (text: string) => void;
  notFoundContent?: ReactNode;
}

/** The first message of an error, or of the first entry of a list that has one. */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const message = (error as FieldError).message;
  if (typeof message === 'string' && message) return message;
  // An entry's error keeps its element under `ref`: never walk into the DOM.
  for (const [key, entry] of Object.entries(error as Record<string, unknown>)) {
    const found = key === 'ref' ? undefined : firstMessage(entry);
    if (found) return found;
  }
  return undefined;
}

export function ChoiceField<T extends FieldValues, TOut extends FieldValues>({
  control,
  name,
  label,
  extra,
  options,
  mode,
  placeholder,
  loading,
  disabled,
  onSearch,
  notFoundContent,
}: ChoiceFieldProps<T, TOut>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = firstMessage(fieldState.error);
        return (
          <Form.Item label={label} htmlFor={id} validateStatus={message ? 'error' : undefined} help={message} extra={extra}>
            <Select<string | string[] | null>
              id={id}
              ref={field.ref}
              mode={mode}
              options={options}
              placeholder={placeholder}
              loading={loading}
              disabled={disabled}
              allowClear
              showSearch={onSearch ? { filterOption: false, onSearch } : { optionFilterProp: 'label' }}
              notFoundContent={notFoundContent}
              tokenSeparators={mode === 'tags' ? [',', ';', ' '] : undefined}
              value={(field.value as string | string[] | null | undefined) ?? (mode ? [] : undefined)}
              onChange={(value) => field.onChange(mode ? (value ?? []) : (value ?? null))}
              onBlur={field.onBlur}
              status={message ? 'error' : undefined}
              aria-invalid={Boolean(message)}
            />
          </Form.Item>
        );
      }}
    />
  );
}
