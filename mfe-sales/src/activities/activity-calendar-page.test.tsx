import { screen, waitFor } from '@testing-library/react';
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

const openCalendar = (search: string) =>
  renderAppPage(<ActivityCalendarPage />, { path: '/sales/activities/calendar', at: `/sales/activities/calendar${search}` });

const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  Id: ACTIVITY_ID,
  name: 'Visit Thandiwe',
  startDate: '2026-11-23T10:00:00',
  endDate: null,
  statusText: 'Pending',
  typeDesc: 'Client visit',
  ...overrides,
});

const calendarCalls = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/activities/calendar');

afterEach(resetSession);
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
});
