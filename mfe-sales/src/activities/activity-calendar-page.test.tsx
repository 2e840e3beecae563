import { screen, waitFor, within } from '@testing-library/react';
import type { CalendarEvent } from '@meridian/shared/contract/activity';
import ActivityCalendarPage from './activity-calendar-page';
import {
  ACTIVITY_ID,
  fail,
  fakeServer,
  page,
  queryOf,
  renderAppPage,
  resetSession,
  signInManager,
  typist,
  type FakeCall,
} from './activity-test-kit';
import { ACTIVITY_TEXT, calendarCutOffText } from './activity-text';
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

afterEach(() => {
  resetSession();
  anyScreenWidth();
});
jest.setTimeout(60_000);

describe('activities calendar', () => {
  test('a month asks for the days of its grid and shows each activity on its day; a click opens it', async () => {
    signInManager();
    const { calls } = fakeServer((call) => (call.path === '/api/activities/calendar' ? page([event()]) : undefined));
    const { location } = openCalendar('?day=2026-11-15');

    const link = await screen.findByRole('link', { name: 'Visit Thandiwe' });
    // November 2026 starts on a Sunday: six weeks from 1 November.
    expect(queryOf(calendarCalls(calls)[0]!)).toEqual({ startDate: '2026-11-01', endDate: '2026-12-12' });
    await typist().click(link);
    await waitFor(() => expect(location().pathname).toBe(`/sales/activities/${ACTIVITY_ID}/view`));
  });

  test('on a phone a month is an agenda of the days that hold activities, each with its times', async () => {
    screenWidth(390);
    signInManager();
    fakeServer((call) =>
      call.path === '/api/activities/calendar'
        ? page([event(), event({ Id: 'b0000000-0000-4000-8000-000000000002', name: 'Call Sipho', startDate: '2026-11-25T12:30:00Z' })])
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
    const { calls } = fakeServer((call) => (call.path === '/api/activities/calendar' ? page([event()]) : undefined));
    openCalendar('?view=week&day=2026-11-23');
    expect(await screen.findByRole('link', { name: '10:00 Visit Thandiwe' })).toBeInTheDocument();
    expect(queryOf(calendarCalls(calls)[0]!)).toEqual({ startDate: '2026-11-22', endDate: '2026-11-28' });
  });

  test('moving to the next month asks for its days', async () => {
    signInManager();
    const { calls } = fakeServer((call) => (call.path === '/api/activities/calendar' ? page([]) : undefined));
    const { location } = openCalendar('?day=2026-11-15');
    await waitFor(() => expect(calendarCalls(calls)).toHaveLength(1));
    await typist().click(screen.getByRole('button', { name: ACTIVITY_TEXT.next }));
    await waitFor(() => expect(queryOf(calendarCalls(calls).at(-1)!)).toEqual({ startDate: '2026-11-29', endDate: '2027-01-09' }));
    expect(location().search).toContain('day=2026-12-15');
  });

  test('a day with many activities counts the rest, and a cut-off result says so', async () => {
    signInManager();
    const many = Array.from({ length: 5 }, (_, i) => event({ Id: `40000000-0000-4000-8000-00000000010${i}`, name: `Visit ${i + 1}` }));
    fakeServer((call) => (call.path === '/api/activities/calendar' ? page(many, 2500) : undefined));
    openCalendar('?day=2026-11-15');
    expect(await screen.findByRole('button', { name: '+2 more' })).toBeInTheDocument();
    expect(screen.getByText(calendarCutOffText(5, 2500))).toBeInTheDocument();
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
    fakeServer((call) => (call.path === '/api/activities/calendar' ? page([afternoon, afterMidnight]) : undefined));

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
