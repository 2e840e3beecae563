/** One day to look at, typed or picked, with a step to the day before and the day after. */
import { Button, Flex } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { addDays } from '@meridian/shared/contract/field-agent';
import { DayInput } from './date-field';

export const DAY_SWITCHER_TEXT = { day: 'Day', previousDay: 'Previous day', nextDay: 'Next day' } as const;

export function DaySwitcher({
  day,
  onChange,
  label = DAY_SWITCHER_TEXT.day,
}: {
  day: string;
  onChange(day: string): void;
  label?: string;
}) {
  return (
    <Flex gap={4} align="center">
      <Button
        icon={<LeftOutlined />}
        aria-label={DAY_SWITCHER_TEXT.previousDay}
        title={DAY_SWITCHER_TEXT.previousDay}
        onClick={() => onChange(addDays(day, -1))}
      />
      <DayInput ariaLabel={label} value={day} onChange={(next) => next && onChange(next)} />
      <Button
        icon={<RightOutlined />}
        aria-label={DAY_SWITCHER_TEXT.nextDay}
        title={DAY_SWITCHER_TEXT.nextDay}
        onClick={() => onChange(addDays(day, 1))}
      />
    </Flex>
  );
}
