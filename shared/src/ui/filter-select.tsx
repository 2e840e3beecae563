/**
 * A list's filter in its table's toolbar: one choice, the first usually "all" (value ''), named for
 * screen readers by `label`. One look and width rule for every list; `searchable` for long lists
 * (vehicles to pick from), matched on the option's label.
 */
import { Select } from 'antd';

export interface FilterChoice {
  value: string;
  label: string;
}

export function FilterSelect({
  label,
  value,
  options,
  onChange,
  searchable = false,
  minWidth = 160,
}: {
  label: string;
  value: string;
  options: readonly FilterChoice[];
  onChange(next: string): void;
  searchable?: boolean;
  minWidth?: number;
}) {
  return (
    <Select
      aria-label={label}
      value={value}
      options={options as FilterChoice[]}
      onChange={(next: string) => onChange(next)}
      showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
      style={{ minWidth }}
    />
  );
}
