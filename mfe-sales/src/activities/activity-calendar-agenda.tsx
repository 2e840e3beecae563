/**
 * The month as an agenda, for a phone: a month grid 390 px wide leaves each day a few letters, so the
 * days that hold activities are listed in order, each with its first activities and their times, and
 * "+N more" where the day holds more.
 */
import { Flex, Typography } from 'antd';
import type dayjs from 'dayjs';
import type { CalendarDay, CalendarEvent } from '@meridian/shared/contract/activity';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { dayOf } from './activity-filters';

export function MonthAgenda({
  month,
  byDay,
  renderEvent,
  renderMore,
}: {
  month: dayjs.Dayjs;
  byDay: Map<string, CalendarDay>;
  renderEvent(event: CalendarEvent): React.ReactNode;
  /** What follows a day's events ("+N more"). */
  renderMore(day: dayjs.Dayjs): React.ReactNode;
}) {
  const format = useTenantFormat();
  const first = month.startOf('month');
  const days = Array.from({ length: first.daysInMonth() }, (_, i) => first.add(i, 'day')).filter(
    (day) => (byDay.get(dayOf(day))?.count ?? 0) > 0,
  );
  return (
    <Flex vertical gap={12} role="list" aria-label={month.format('MMMM YYYY')}>
      {days.map((day) => (
        <section key={dayOf(day)} role="listitem" aria-label={day.format('dddd D MMMM')}>
          <Typography.Title level={5} style={{ margin: '0 0 4px' }}>
            {`${day.format('ddd')} ${format.day(dayOf(day))}`}
          </Typography.Title>
          {(byDay.get(dayOf(day))?.events ?? []).map(renderEvent)}
          {renderMore(day)}
        </section>
      ))}
    </Flex>
  );
}
