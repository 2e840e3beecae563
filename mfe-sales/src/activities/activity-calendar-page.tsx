/**
 * The activities calendar (/sales/activities/calendar): a month (antd Calendar) or a week of the
 * acting subtree's activities from GET /api/activities/calendar, which answers each day (in the
 * tenant's time zone) with its count and its first events: a month asks for the few a cell shows and
 * says "+N more" (opening that day's week), a week for all it can show (at most 2,000 events in all;
 * a fuller day says "+N more" too). On a phone the month is an agenda of the days that hold
 * activities. A click on an event opens the activity. The view and the day shown live in the address.
 * Events show their times on the tenant's clock, in the week, the month and the agenda alike.
 */
import { Button, Calendar, Card, Empty, Flex, Segmented, Spin, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { isCalendarDay } from '@meridian/shared/contract/activity-plan';
import { ACTIVITY_LIMITS, type CalendarDay, type CalendarEvent } from '@meridian/shared/contract/activity';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { dayOf } from './activity-filters';
import { ACTIVITIES_PATH, ACTIVITY_API, activityViewPath } from './activity-paths';
import { ACTIVITY_TEXT, moreEventsText } from './activity-text';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { OfflineStillWorks } from '@meridian/shared/ui/load-offline-notice';
import { useCan } from '@meridian/shared/session/use-can';
import { activities } from '@meridian/shared/contract/areas/sales';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { MonthAgenda } from './activity-calendar-agenda';
import { type TenantFormatters } from '@meridian/shared/session/tenant-settings';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

type CalendarView = 'month' | 'week';

/** Events drawn in a month's day cell (the API's default); the rest are counted. */
const EVENTS_PER_DAY = ACTIVITY_LIMITS.calendarEventsPerDay;
/** The six weeks a month's grid shows. */
const MONTH_GRID_DAYS = 42;

/** The days the view covers: the whole grid of the month, or the week around the day. */
function daysShown(view: CalendarView, day: dayjs.Dayjs) {
  const first = view === 'month' ? day.startOf('month').startOf('week') : day.startOf('week');
  const last = first.add(view === 'month' ? MONTH_GRID_DAYS - 1 : 6, 'day');
  return { first, last };
}

/** Today in the tenant's time zone, which may already (or still) be another day than the browser's. */
const tenantToday = (format: TenantFormatters) => dayjs(format.calendarDay(new Date().toISOString()));

function useCalendarAddress(format: TenantFormatters) {
  const [params, setParams] = useSearchParams();
  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'month';
  const dayParam = params.get('day');
  const day = dayParam && isCalendarDay(dayParam) ? dayjs(dayParam) : tenantToday(format);
  const set = (changes: { view?: CalendarView; day?: dayjs.Dayjs }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (changes.view) next.set('view', changes.view);
        if (changes.day) next.set('day', dayOf(changes.day));
        return next;
      },
      { replace: true },
    );
  return { view, day, set };
}

function EventLink({ event, linked, withTime }: { event: CalendarEvent; linked: boolean; withTime?: boolean }) {
  const format = useTenantFormat();
  const time = format.timeOfDay(event.startDate);
  const text = withTime && time ? `${time} ${event.name}` : event.name;
  const title = [time, event.name, event.typeDesc, event.statusText].filter(Boolean).join(' · ');
  return (
    <div title={title} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: 12 }}>
      {/* The day cell under it must not take the click: choosing the day would undo the navigation. */}
      {linked ? (
        <Link to={activityViewPath(event.Id)} onClick={(click) => click.stopPropagation()}>
          {text}
        </Link>
      ) : (
        text
      )}
    </div>
  );
}

/** "+N more" under a day's events, when the day holds more than it shows. */
function MoreEvents({ day, onOpen }: { day: CalendarDay | undefined; onOpen?: () => void }) {
  const more = day ? day.count - day.events.length : 0;
  if (more <= 0) return null;
  if (!onOpen)
    return (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {moreEventsText(more)}
      </Typography.Text>
    );
  return (
    <Button
      type="link"
      size="small"
      style={{ padding: 0, height: 'auto', fontSize: 12 }}
      onClick={(click) => {
        // The day cell under it must not take the click: choosing the day would undo the navigation.
        click.stopPropagation();
        onOpen();
      }}
    >
      {moreEventsText(more)}
    </Button>
  );
}

function WeekView({ first, byDay, linked }: { first: dayjs.Dayjs; byDay: Map<string, CalendarDay>; linked: boolean }) {
  const format = useTenantFormat();
  const days = Array.from({ length: 7 }, (_, i) => first.add(i, 'day'));
  return (
    <Flex gap={8} wrap>
      {days.map((day) => {
        const shown = byDay.get(dayOf(day));
        const events = shown?.events ?? [];
        return (
          <Card
            key={dayOf(day)}
            size="small"
            title={`${day.format('ddd')} ${format.day(dayOf(day))}`}
            style={{ flex: '1 1 140px', minWidth: 0 }}
            styles={{ body: { minHeight: 120 } }}
          >
            {events.length === 0 ? (
              <Typography.Text type="secondary">—</Typography.Text>
            ) : (
              events.map((event) => <EventLink key={event.Id} event={event} linked={linked} withTime />)
            )}
            <MoreEvents day={shown} />
          </Card>
        );
      })}
    </Flex>
  );
}

export default function ActivityCalendarPage() {
  const format = useTenantFormat();
  const { view, day, set } = useCalendarAddress(format);
  const linked = useCan(activities, 'view');
  const phone = usePhoneScreen();
  const { first, last } = daysShown(view, day);
  const startDate = dayOf(first);
  const endDate = dayOf(last);
  // A month shows a few events a day and counts the rest; a week shows all it can (the API keeps it to 2,000 in all).
  const perDay = view === 'month' ? EVENTS_PER_DAY : ACTIVITY_LIMITS.calendarMaxEvents;
  const loaded = useLoad(
    (signal) => api.get<CalendarDay[]>(ACTIVITY_API.calendar, { signal, query: { startDate, endDate, perDay: String(perDay) } }),
    [startDate, endDate, perDay],
  );

  const days = loaded.status === 'loaded' ? loaded.data.data : [];
  const byDay = new Map(days.map((d) => [d.day, d]));
  const openWeek = (date: dayjs.Dayjs) => () => set({ view: 'week', day: date });

  const step = (direction: 1 | -1) => set({ day: day.add(direction, view === 'month' ? 'month' : 'week') });

  return (
    <PageFrame actions={<LinkButton to={ACTIVITIES_PATH}>{ACTIVITY_TEXT.backToActivities}</LinkButton>}>
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center" justify="space-between">
          <Flex gap={8} align="center">
            <Button icon={<LeftOutlined />} aria-label={ACTIVITY_TEXT.previous} onClick={() => step(-1)} />
            <Button onClick={() => set({ day: tenantToday(format) })}>{ACTIVITY_TEXT.today}</Button>
            <Button icon={<RightOutlined />} aria-label={ACTIVITY_TEXT.next} onClick={() => step(1)} />
            <Typography.Title level={5} style={{ margin: 0 }}>
              {view === 'month' ? day.format('MMMM YYYY') : `${format.day(dayOf(first))} – ${format.day(dayOf(last))}`}
            </Typography.Title>
            {loaded.status === 'loading' && <Spin size="small" />}
          </Flex>
          <Segmented<CalendarView>
            aria-label={ACTIVITY_TEXT.calendarView}
            value={view}
            onChange={(next) => set({ view: next })}
            options={[
              { value: 'month', label: ACTIVITY_TEXT.month },
              { value: 'week', label: ACTIVITY_TEXT.week },
            ]}
          />
        </Flex>
        {loaded.status === 'failed' && (
          <OfflineStillWorks text={ACTIVITY_TEXT.offlineStillWorks}>
            <LoadFailedAlert error={loaded.error} onRetry={loaded.reload} />
          </OfflineStillWorks>
        )}
        {view === 'month' && phone ? (
          <MonthAgenda
            month={day}
            byDay={byDay}
            renderEvent={(event) => <EventLink key={event.Id} event={event} linked={linked} withTime />}
            renderMore={(date) => <MoreEvents day={byDay.get(dayOf(date))} onOpen={openWeek(date)} />}
          />
        ) : view === 'month' ? (
          <Calendar
            value={day}
            headerRender={() => null}
            onSelect={(date, info) => {
              if (info.source === 'date') set({ day: date });
            }}
            cellRender={(current, info) => {
              if (info.type !== 'date') return info.originNode;
              const shown = byDay.get(dayOf(current));
              return (
                <div>
                  {(shown?.events ?? []).slice(0, EVENTS_PER_DAY).map((event) => (
                    <EventLink key={event.Id} event={event} linked={linked} />
                  ))}
                  <MoreEvents day={shown} onOpen={openWeek(current)} />
                </div>
              );
            }}
          />
        ) : (
          <WeekView first={first} byDay={byDay} linked={linked} />
        )}
        {loaded.status === 'loaded' && days.every((d) => d.count === 0) && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ACTIVITY_TEXT.noActivities} />
        )}
      </Flex>
    </PageFrame>
  );
}
