/** The date window, status and type filters above an activity list (activity-filters.ts keeps them in the address). */
import { DatePicker, Flex, Select } from 'antd';
import dayjs from 'dayjs';
import { DAY_FORMAT, dayOf, type ActivityFilters } from './activity-filters';
import { ACTIVITY_TEXT } from './activity-text';
import { statusChoices, typeChoices, type ActivityCatalogue } from './use-activity-catalogue';

export interface ActivityFilterBarProps {
  filters: ActivityFilters;
  set(changes: Partial<Record<'from' | 'to' | 'status' | 'type', string | undefined>>): void;
  catalogue: ActivityCatalogue;
  /** My Work filters by status only. */
  withType?: boolean;
}

export function ActivityFilterBar({ filters, set, catalogue, withType = true }: ActivityFilterBarProps) {
  return (
    <Flex gap={8} wrap align="center">
      <DatePicker.RangePicker
        aria-label={ACTIVITY_TEXT.dateWindow}
        format={DAY_FORMAT}
        value={[dayjs(filters.startDate), dayjs(filters.endDate)]}
        // Cleared: back to the default window.
        onChange={(range) =>
          set(range?.[0] && range[1] ? { from: dayOf(range[0]), to: dayOf(range[1]) } : { from: undefined, to: undefined })
        }
      />
      <Select
        aria-label={ACTIVITY_TEXT.filterByStatus}
        placeholder={ACTIVITY_TEXT.allStatuses}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={catalogue.loading}
        options={statusChoices(catalogue.statuses)}
        value={filters.status}
        onChange={(value: string | undefined) => set({ status: value })}
        style={{ width: 180 }}
      />
      {withType && (
        <Select
          aria-label={ACTIVITY_TEXT.filterByType}
          placeholder={ACTIVITY_TEXT.allTypes}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={catalogue.loading}
          options={typeChoices(catalogue.types)}
          value={filters.type}
          onChange={(value: string | undefined) => set({ type: value })}
          style={{ width: 180 }}
        />
      )}
    </Flex>
  );
}
