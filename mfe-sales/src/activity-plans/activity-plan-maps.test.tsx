import { fakeServer, queryOf } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { localDay } from '../parts/date-field';
import { ok, renderSalesPage, signInSales, signOut, typist, type FakeCall } from '../testing/sales-test-kit';
import ActivityPlanMapPage from './activity-plan-map-page';
import DayOverviewPage from './day-overview-page';
import PlansMapOverviewPage from './plans-map-overview-page';
import {
  dayAgent,
  LERATO_AGENT,
  mapPlans,
  PLAN_A,
  PLAN_B,
  planInFull,
  PLANNER_PERMISSIONS,
  planStops,
  pickersAndMaps,
  SIPHO_AGENT,
} from './activity-plan-test-kit';

// jsdom cannot draw a map: Leaflet fails to start, as it would without a canvas, so the maps show their plain lists.
jest.mock('leaflet', () => ({
  map: () => {
    throw new Error('no map in jsdom');
  },
}));

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].map((cell) => cell.textContent));

afterEach(signOut);
jest.setTimeout(60_000);
beforeEach(() => {
  signInSales(PLANNER_PERMISSIONS);
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('route plan maps', () => {
  test("a plan's map degrades to its stops listed in visiting order, with each stop's progress beside it", async () => {
    const { callsTo } = fakeServer((call: FakeCall) => {
      if (call.path === `/api/activities/activity-plan/${PLAN_A}`) return ok(planInFull());
      if (call.path === `/api/activities/activity-plan-activities/${PLAN_A}`) return ok(planStops());
      return pickersAndMaps(call);
    });
    renderSalesPage(<ActivityPlanMapPage />, {
      path: '/sales/activities/activity-plan/:id/map-view',
      at: `/sales/activities/activity-plan/${PLAN_A}/map-view`,
    });

    expect(await screen.findByText(MESSAGES.pointsMapUnavailable)).toBeInTheDocument();
    const list = screen.getByRole('table', { name: 'Route: Soweto Monday' });
    expect(rowsOf(list)).toEqual([
      ['1', 'Market visit', '-26.210000', '28.040000'],
      ['2', 'Clinic talk', '-26.220000', '28.040000'],
    ]);
    expect(screen.getByText('1. Market visit')).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(queryOf(callsTo(`/api/activities/activity-plan-activities/${PLAN_A}`)[0]!)).toEqual({ detailsLevel: 'BASIC' });
    expect(screen.getByRole('link', { name: 'Map of the day' })).toHaveAttribute(
      'href',
      '/sales/activities/activity-plan/map-overview?date=2025-06-02',
    );
  });

  test("the day's map asks for the day in the address, lists each plan's stops in its own order, and steps to the next day", async () => {
    const { callsTo } = fakeServer((call) =>
      call.path === '/api/activities/activity-plan/map-overview' ? ok(mapPlans()) : pickersAndMaps(call),
    );
    const { location } = renderSalesPage(<PlansMapOverviewPage />, {
      path: '/sales/activities/activity-plan/map-overview',
      at: '/sales/activities/activity-plan/map-overview?date=2025-06-02',
    });

    expect(await screen.findByText(MESSAGES.pointsMapUnavailable)).toBeInTheDocument();
    expect(queryOf(callsTo('/api/activities/activity-plan/map-overview')[0]!)).toEqual({ date: '2025-06-02' });
    expect(rowsOf(screen.getByRole('table', { name: 'Soweto Monday (Sipho Nkosi)' })).map((r) => r[1])).toEqual([
      'Market visit',
      'Clinic talk',
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Durban Tuesday (Lerato Dube)' })).map((r) => r[1])).toEqual(['School fair']);
    const legend = screen.getByRole('list', { name: 'Plans' });
    expect(within(legend).getByRole('link', { name: 'Durban Tuesday' })).toHaveAttribute(
      'href',
      `/sales/activities/activity-plan/${PLAN_B}/map-view`,
    );

    await typist().click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(queryOf(callsTo('/api/activities/activity-plan/map-overview').at(-1)!)).toEqual({ date: '2025-06-03' }));
    expect(new URLSearchParams(location().search).get('date')).toBe('2025-06-03');
  });

  test('a day without plans says so', async () => {
    const { callsTo } = fakeServer((call) => (call.path === '/api/activities/activity-plan/map-overview' ? ok([]) : pickersAndMaps(call)));
    renderSalesPage(<PlansMapOverviewPage />, {
      path: '/sales/activities/activity-plan/map-overview',
      at: '/sales/activities/activity-plan/map-overview',
    });
    expect(await screen.findByText('No route plans on this day.')).toBeInTheDocument();
    expect(queryOf(callsTo('/api/activities/activity-plan/map-overview')[0]!)).toEqual({ date: localDay() });
  });

  test("the day overview shows each agent's planned, completed, in progress and pending stops, updates and distance", async () => {
    const { callsTo } = fakeServer((call) =>
      call.path === '/api/activities/activity-plan/day-overview'
        ? ok({
            date: '2025-06-02',
            agents: [
              dayAgent(),
              dayAgent({
                agentUserId: LERATO_AGENT,
                agentName: 'Lerato Dube',
                plannedStops: 2,
                completed: 0,
                inProgress: 0,
                pending: 2,
                firstStatusUpdate: null,
                lastStatusUpdate: null,
                distanceKm: 3,
                stopsWithoutPosition: 1,
              }),
            ],
          })
        : pickersAndMaps(call),
    );
    renderSalesPage(<DayOverviewPage />, {
      path: '/sales/activities/activity-plan/day-overview',
      at: '/sales/activities/activity-plan/day-overview?date=2025-06-02',
    });

    const sipho = await screen.findByRole('row', { name: /Sipho Nkosi/ });
    expect(queryOf(callsTo('/api/activities/activity-plan/day-overview')[0]!)).toEqual({ date: '2025-06-02' });
    const cells = [...sipho.querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells.slice(0, 7)).toEqual(['Sipho Nkosi', '1', '4', '2', '1', '1', '0']);
    expect(cells[9]).toBe('12.4 km');
    expect(within(sipho).getByRole('link', { name: 'Sipho Nkosi' })).toHaveAttribute(
      'href',
      `/sales/agents/actions?agent=${SIPHO_AGENT}&date=2025-06-02`,
    );
    const lerato = screen.getByRole('row', { name: /Lerato Dube/ });
    expect([...lerato.querySelectorAll('td')].map((cell) => cell.textContent).slice(7)).toEqual(['—', '—', '3 km *']);
  });
});
