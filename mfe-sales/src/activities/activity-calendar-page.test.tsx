import { screen, waitFor, within } from '@testing-library/react';
import { ACTIVITY_LIMITS, type CalendarDay, type CalendarEvent } from '@meridian/shared/contract/activity';
import ActivityCalendarPage from './activity-calendar-page';
import {
  ACTIVITY_ID,
  fail,
  fakeServer,
  ok,
  queryOf,
  renderAppPage,
  resetSession,
  signInManager,
  typist,
  type FakeCall,
} from './activity-test-kit';
import { ACTIVITY_TEXT } from './activity-text';
import { anyScreenWidth, screenWidth } from '@meridian/shared/testing/screen-width';

const openCalendar = (search: string) =>
  renderAppPage(<ActivityCalendarPage />, { path: '/sales/activities/calendar', at: `/sales/activities/calendar${search}` });

const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  Id: ACTIVITY_ID,
  name: 'Visit Thandiwe',
  // Stored in UTC: 10:00 in the tenant's Johannesburg.
  startDate: '2026-11-23T08:00:00Z',
  endDate: null,
  statusText: 'Pending',
  typeDesc: 'Client visit',
  ...overrides,
});

const calendarCalls = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/activities/calendar');

/** The calendar's answer: the events on their days in Johannesburg (UTC+2), each day counting `counts[day]` or its events. */
function calendarDays(events: CalendarEvent[], counts: Record<string, number> = {}) {
  const byDay = new Map<string, CalendarDay>();
  for (const e of events) {
    const day = new Date(Date.parse(e.startDate) + 2 * 3_600_000).toISOString().slice(0, 10);
    const d = byDay.get(day) ?? { day, count: 0, events: [] };
    d.events.push(e);
    d.count = counts[day] ?? d.events.length;
    byDay.set(day, d);
  }
  return ok([...byDay.values()]);
}
const monthAsked = { perDay: String(ACTIVITY_LIMITS.calendarEventsPerDay) };
const weekAsked = { perDay: String(ACTIVITY_LIMITS.calendarMaxEvents) };

afterEach(() => {
  resetSession();
  anyScreenWidth();
});
jest.setTimeout(60_000);

describe('activities calendar', () => {
  test('a month asks for the days of its grid and shows each activity on its day; a click opens it', async () => {
    signInManager();
    const { calls } = fakeServer((call) => (call.path === '/api/activities/calendar' ? calendarDays([event()]) : undefined));
    const { location } = openCalendar('?day=2026-11-15');

    const link = await screen.findByRole('link', { name: 'Visit Thandiwe' });
    // November 2026 starts on a Sunday: six weeks from 1 November.
    expect(queryOf(calendarCalls(calls)[0]!)).toEqual({ startDate: '2026-11-01', endDate: '2026-12-12', ...monthAsked });
    await typist().click(link);
    await waitFor(() => expect(location().pathname).toBe(`/sales/activities/${ACTIVITY_ID}/view`));
  });

  test('on a phone a month is an agenda of the days that hold activities, each with its times', async () => {
    screenWidth(390);
    signInManager();
    fakeServer((call) =>
      call.path === '/api/activities/calendar'
        ? calendarDays([
            event(),
            event({ Id: 'b0000000-0000-4000-8000-000000000002', name: 'Call Sipho', startDate: '2026-11-25T12:30:00Z' }),
          ])
        : undefined,
    );
    openCalendar('?day=2026-11-15');
    const agenda = await screen.findByRole('list', { name: 'November 2026' });
    const days = await within(agenda).findAllByRole('listitem');
    expect(days.map((d) => d.getAttribute('aria-label'))).toEqual(['Monday 23 November', 'Wednesday 25 November']);
    expect(within(days[1]!).getByRole('link', { name: /Call Sipho/ })).toHaveTextContent('14:30 Call Sipho');
    expect(document.querySelector('.ant-picker-calendar')).toBeNull();
  });

  test('a week asks for its seven days and lists the times', async () => {
    signInManager();
    const { calls } = fakeServer((call) => (call.path === '/api/activities/calendar' ? calendarDays([event()]) : undefined));
    openCalendar('?view=week&day=2026-11-23');
    expect(await screen.findByRole('link', { name: '10:00 Visit Thandiwe' })).toBeInTheDocument();
    expect(queryOf(calendarCalls(calls)[0]!)).toEqual({ startDate: '2026-11-22', endDate: '2026-11-28', ...weekAsked });
  });

  test('moving to the next month asks for its days', async () => {
    signInManager();
    const { calls } = fakeServer((call) => (call.path === '/api/activities/calendar' ? ok([]) : undefined));
    const { location } = openCalendar('?day=2026-11-15');
    await waitFor(() => expect(calendarCalls(calls)).toHaveLength(1));
    await typist().click(screen.getByRole('button', { name: ACTIVITY_TEXT.next }));
    await waitFor(() =>
      expect(queryOf(calendarCalls(calls).at(-1)!)).toEqual({ startDate: '2026-11-29', endDate: '2027-01-09', ...monthAsked }),
    );
    expect(location().search).toContain('day=2026-12-15');
  });

  test('a day holding more activities than it shows says "+N more" by its count, which opens its week', async () => {
    signInManager();
    const shown = Array.from({ length: 3 }, (_, i) => event({ Id: `40000000-0000-4000-8000-00000000010${i}`, name: `Visit ${i + 1}` }));
    fakeServer((call) => (call.path === '/api/activities/calendar' ? calendarDays(shown, { '2026-11-23': 8300 }) : undefined));
    const { location } = openCalendar('?day=2026-11-15');
    const more = await screen.findByRole('button', { name: '+8297 more' });
    await typist().click(more);
    await waitFor(() => expect(location().search).toContain('view=week'));
    expect(location().search).toContain('day=2026-11-23');
  });

  test('a week day cut short says how many more it holds; the phone agenda offers the rest of a day', async () => {
    signInManager();
    fakeServer((call) => (call.path === '/api/activities/calendar' ? calendarDays([event()], { '2026-11-23': 300 }) : undefined));
    const week = openCalendar('?view=week&day=2026-11-23');
    expect(await screen.findByRole('link', { name: '10:00 Visit Thandiwe' })).toBeInTheDocument();
    expect(screen.getByText('+299 more')).toBeInTheDocument();
    week.unmount();

    screenWidth(390);
    const { location } = openCalendar('?day=2026-11-15');
    const agendaDay = await screen.findByRole('listitem', { name: 'Monday 23 November' });
    await typist().click(within(agendaDay).getByRole('button', { name: '+299 more' }));
    await waitFor(() => expect(location().search).toContain('view=week'));
  });

  test('a failure is shown with a retry', async () => {
    signInManager();
    fakeServer((call) =>
      call.path === '/api/activities/calendar' ? fail(400, 'VALIDATION', 'The calendar shows at most 62 days at once.') : undefined,
    );
    openCalendar('?day=2026-11-15');
    expect(await screen.findByText('The calendar shows at most 62 days at once.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('the week, the month and the agenda tell the time on one 24-hour clock, in the tenant zone', async () => {
    signInManager();
    // 13:45 UTC is 15:45 in Johannesburg; 22:30 UTC on the 24th is already 00:30 on the 25th there.
    const afternoon = event({ name: 'Visit Thandiwe', startDate: '2026-11-23T13:45:00Z' });
    const afterMidnight = event({ Id: 'b0000000-0000-4000-8000-000000000002', name: 'Call Sipho', startDate: '2026-11-24T22:30:00Z' });
    fakeServer((call) => (call.path === '/api/activities/calendar' ? calendarDays([afternoon, afterMidnight]) : undefined));

    const week = openCalendar('?view=week&day=2026-11-23');
    expect(await screen.findByRole('link', { name: '15:45 Visit Thandiwe' })).toBeInTheDocument();
    const sipho = screen.getByRole('link', { name: '00:30 Call Sipho' });
    expect(sipho.closest('.ant-card')).toHaveTextContent('Wed 2026-11-25');
    week.unmount();

    const month = openCalendar('?day=2026-11-15');
    const inMonth = await screen.findByRole('link', { name: 'Visit Thandiwe' });
    expect(inMonth.parentElement).toHaveAttribute('title', expect.stringMatching(/^15:45 · Visit Thandiwe/));
    expect(screen.getByRole('link', { name: 'Call Sipho' }).parentElement).toHaveAttribute('title', expect.stringMatching(/^00:30 · /));
    month.unmount();

    screenWidth(390);
    openCalendar('?day=2026-11-15');
    const agenda = await screen.findByRole('list', { name: 'November 2026' });
    expect(within(agenda).getByRole('link', { name: /Visit Thandiwe/ })).toHaveTextContent('15:45 Visit Thandiwe');
    expect(document.body.textContent).not.toMatch(/\b(AM|PM)\b/);
  });
});
