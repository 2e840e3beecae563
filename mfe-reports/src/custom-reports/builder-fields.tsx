/**
 * The builder's small controls, bound to react-hook-form by path (`definition.filters.0.value`), each with
 * its own label and the schema's message under it: a select whose cleared value is `undefined` (an
 * optional field, not null), and a filter's value typed as its column's kind needs.
 */
import { useId, useState } from 'react';
import { Flex, Form, Input, Select } from 'antd';
import { useController, type Control, type FieldPath } from 'react-hook-form';
import type { ColumnKind, FilterOperator } from '@meridian/shared/contract/report-catalogue';
import { minorFromText, minorToDecimalText } from '@meridian/shared/money-text';
import type { ReportFormInput, ReportFormValues } from './custom-report-form-schema';
import { REPORT_TEXT } from './custom-report-text';

type FormControl = Control<ReportFormInput, unknown, ReportFormValues>;

export function BuilderSelect<V extends string>({
  control,
  name,
  label,
  options,
  multiple = false,
  placeholder,
  clearable = false,
  onPicked,
}: {
  control: FormControl;
  name: FieldPath<ReportFormInput>;
  label: string;
  options: { value: V; label: string }[];
  multiple?: boolean;
  placeholder?: string;
  clearable?: boolean;
  onPicked?(value: V | V[] | undefined): void;
}) {
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  return (
    <Form.Item label={label} htmlFor={id} validateStatus={fieldState.error ? 'error' : undefined} help={fieldState.error?.message}>
      <Select
        id={id}
        ref={field.ref}
        mode={multiple ? 'multiple' : undefined}
        options={options}
        placeholder={placeholder}
        showSearch={{ optionFilterProp: 'label' }}
        allowClear={multiple || clearable}
        value={(field.value ?? undefined) as V | V[] | undefined}
        onChange={(value: V | V[] | undefined) => {
          field.onChange(value ?? (multiple ? [] : undefined));
          onPicked?.(value);
        }}
        onBlur={field.onBlur}
        status={fieldState.error ? 'error' : undefined}
        aria-invalid={Boolean(fieldState.error)}
      />
    </Form.Item>
  );
}

type FilterValue = string | number | (string | number)[] | null | undefined;

/** What the user typed as the value the contract takes: a number, minor units, a day, or the text. */
function parsed(kind: ColumnKind, text: string): string | number {
  const trimmed = text.trim();
  if (kind === 'number') return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text;
  if (kind === 'money') return minorFromText(trimmed) ?? text;
  return text;
}

function shown(kind: ColumnKind, value: string | number | undefined): string {
  if (value === undefined) return '';
  if (kind === 'money' && typeof value === 'number') return minorToDecimalText(value);
  return String(value);
}

const listOf = (value: FilterValue): (string | number)[] =>
  Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];

export function FilterValueInput({
  control,
  index,
  kind,
  operator,
  choices,
}: {
  control: FormControl;
  index: number;
  kind: ColumnKind;
  operator: FilterOperator;
  choices?: readonly string[];
}) {
  const id = useId();
  const label = `Filter ${index + 1} ${REPORT_TEXT.value.toLowerCase()}`;
  const { field, fieldState } = useController({ control, name: `definition.filters.${index}.value` });
  const value = field.value as FilterValue;
  const [texts, setTexts] = useState<string[]>(() =>
    operator === 'between'
      ? listOf(value).map((v) => shown(kind, v))
      : [operator === 'in' ? listOf(value).join(', ') : shown(kind, listOf(value)[0])],
  );
  if (operator === 'isEmpty' || operator === 'isNotEmpty') return null;
  const inputType = kind === 'date' || kind === 'instant' ? 'date' : 'text';

  const type = (position: number, text: string) => {
    const next = [...texts];
    next[position] = text;
    setTexts(next);
    if (operator === 'between') field.onChange([parsed(kind, next[0] ?? ''), parsed(kind, next[1] ?? '')]);
    else if (operator === 'in')
      field.onChange(
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => parsed(kind, part)),
      );
    else field.onChange(parsed(kind, text));
  };

  const control_ =
    choices && kind === 'text' ? (
      <Select
        id={id}
        mode={operator === 'in' ? 'multiple' : undefined}
        options={choices.map((c) => ({ value: c, label: c }))}
        value={(operator === 'in' ? listOf(value) : (value ?? undefined)) as string | string[] | undefined}
        onChange={(picked: string | string[]) => field.onChange(picked)}
        status={fieldState.error ? 'error' : undefined}
      />
    ) : operator === 'between' ? (
      <Flex gap={8}>
        <Input id={id} aria-label={`${label} from`} type={inputType} value={texts[0] ?? ''} onChange={(e) => type(0, e.target.value)} />
        <Input aria-label={`${label} to`} type={inputType} value={texts[1] ?? ''} onChange={(e) => type(1, e.target.value)} />
      </Flex>
    ) : (
      <Input
        id={id}
        type={inputType}
        value={texts[0] ?? ''}
        onChange={(e) => type(0, e.target.value)}
        status={fieldState.error ? 'error' : undefined}
      />
    );

  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={fieldState.error ? 'error' : undefined}
      help={fieldState.error?.message}
      extra={operator === 'in' && !choices ? REPORT_TEXT.valueHint : undefined}
    >
      {control_}
    </Form.Item>
  );
}
