import { fakeServer, openPicker, page, pickOption, queryOf } from '@meridian/shared/testing/page-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AgentDayAction, AgentSummaryRow } from '@meridian/shared/contract/field-agent';
import { api } from '@meridian/shared/http/api';
import { saveFile } from '@meridian/shared/http/save-file';
import { MESSAGES } from '@meridian/shared/messages';
import { ok, renderSalesPage, signInSales, signOut, typist, type FakeCall } from '../testing/sales-test-kit';
import { LERATO_AGENT, PLANNER_PERMISSIONS, pickersAndMaps, SIPHO_AGENT } from '../activity-plans/activity-plan-test-kit';
import AgentActionsPage from './agent-actions-page';
import AgentLocationPage from './agent-location-page';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';

jest.mock('leaflet', () => ({
  map: () => {
    throw new Error('no map in jsdom');
  },
}));
jest.mock('@meridian/shared/http/save-file', () => ({ saveFile: jest.fn() }));

const DAY = '2025-06-02';
function action(
  Id: string,
  code: number,
  name: string,
  at: string,
  position: [number, number] | null,
  location: string | null = null,
): AgentDayAction {
  return {
    Id,
    action: code,
    actionName: name,
    performedByUserId: SIPHO_AGENT,
    latitude: position?.[0] ?? null,
    longitude: position?.[1] ?? null,
    accuracy: position ? 12 : null,
    location,
    entityId: null,
    entityType: code >= 2 ? 'activity' : null,
    dateCreated: at,
  };
}
const dayActions = () => [
  action('a1', 1, 'Started day', `${DAY}T07:00:00.000Z`, [-26.2, 28.04], 'Soweto'),
  action('a2', 2, 'File added', `${DAY}T09:30:00.000Z`, null),
  action('a3', 0, 'Stopped day', `${DAY}T16:00:00.000Z`, [-26.25, 27.85], 'Orlando'),
];
const summaryRow = (overrides: Partial<AgentSummaryRow> = {}): AgentSummaryRow => ({
  userId: SIPHO_AGENT,
  agentName: 'Sipho Nkosi',
  userName: 'sipho.nkosi',
  tenantName: 'Soweto Team',
  regionName: 'Johannesburg Branch',
  onlineMinutes: 485,
  activitiesCompleted: 3,
  filesAdded: 1,
  lastPosition: { latitude: -26.25, longitude: 27.85, accuracy: 10, at: `${DAY}T16:00:00.000Z` },
  ...overrides,
});

const historyPath = `/api/agent/actions/${DAY}/${SIPHO_AGENT}`;
const server = (call: FakeCall) => {
  if (call.path === historyPath) return page([...dayActions()].reverse(), 3);
  if (call.path === `/api/agent/${SIPHO_AGENT}/${DAY}`) return ok(dayActions());
  if (call.path.startsWith('/api/agent/actions/') || /^\/api\/agent\/[^/]+\/\d{4}-\d{2}-\d{2}$/.test(call.path)) return page([]);
  if (call.path === '/api/agent/summary-report')
    return page([summaryRow(), summaryRow({ userId: LERATO_AGENT, agentName: 'Lerato Dube', lastPosition: null, onlineMinutes: 45 })], 2);
  return pickersAndMaps(call);
};
const actionsPage = (at: string) => renderSalesPage(<AgentActionsPage />, { path: '/sales/agents/actions', at });

afterEach(signOut);
afterEach(() => jest.restoreAllMocks());
jest.setTimeout(60_000);
beforeEach(() => {
  signInSales(PLANNER_PERMISSIONS);
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

describe('agent actions', () => {
  test("asks for the chosen agent's actions of the day, newest first, and shows where they happened in time order", async () => {
    const { callsTo } = fakeServer(server);
    const { location } = actionsPage('/sales/agents/actions');
    expect(screen.getByText('Choose an agent to see their actions of the day.')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Day'), { target: { value: DAY } });
    openPicker('Agent');
    await waitFor(() => pickOption('Sipho Nkosi'));

    const table = await screen.findByRole('table', { name: 'Agent actions' });
    await within(table).findByText('File added');
    expect(queryOf(callsTo(historyPath)[0]!)).toEqual({
      page: '1',
      size: String(SETTING_DEFAULTS.defaultPageSize),
      sortField: 'dateCreated',
      sortOrder: 'DESC',
    });
    expect(new URLSearchParams(location().search).get('agent')).toBe(SIPHO_AGENT);
    expect(within(table).getByRole('link', { name: '-26.250000, 27.850000' })).toHaveAttribute(
      'href',
      '/sales/agents/location/27.85/-26.25',
    );

    // The map degrades to the day's actions in time order; one without a position is listed as such.
    expect(await screen.findByText(MESSAGES.pointsMapUnavailable)).toBeInTheDocument();
    const points = screen.getByRole('table', { name: 'Where the actions were recorded' });
    const rows = within(points).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelectorAll('td')[1]!.textContent)).toEqual([
      expect.stringMatching(/Started day$/),
      expect.stringMatching(/File added$/),
      expect.stringMatching(/Stopped day$/),
    ]);
    expect(rows[1]!).toHaveTextContent(MESSAGES.noPosition);
  });

  test('the CSV download carries the search and order of the list, and is saved as a file', async () => {
    fakeServer(server);
    const download = jest.spyOn(api, 'download').mockResolvedValue(new Blob(['csv']));
    actionsPage(`/sales/agents/actions?agent=${SIPHO_AGENT}&date=${DAY}&h.q=file&h.sort=action&h.order=ASC`);
    await screen.findByRole('table', { name: 'Agent actions' });

    await typist().click(screen.getByRole('button', { name: /Download CSV/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), `agent-actions-${DAY}.csv`));
    expect(download).toHaveBeenCalledWith(historyPath, {
      query: { download: 'csv', search: 'file', sortField: 'action', sortOrder: 'ASC' },
    });
  });

  test('the summary report asks for the period around the day, region first, and for the week when chosen', async () => {
    const { callsTo } = fakeServer(server);
    actionsPage(`/sales/agents/actions?tab=summary&date=${DAY}`);
    const row = await screen.findByRole('row', { name: /Sipho Nkosi/ });
    expect(queryOf(callsTo('/api/agent/summary-report')[0]!)).toEqual({
      page: '1',
      size: String(SETTING_DEFAULTS.defaultPageSize),
      sortField: 'regionName',
      sortOrder: 'DESC',
      thedate: DAY,
      period: 'day',
    });
    expect(row).toHaveTextContent('8 h 05 min');
    expect(within(row).getByRole('link', { name: 'Sipho Nkosi' })).toHaveAttribute(
      'href',
      `/sales/agents/actions?agent=${SIPHO_AGENT}&date=${DAY}`,
    );
    expect(screen.getByRole('row', { name: /Lerato Dube/ })).toHaveTextContent('45 min');

    await typist().click(screen.getByText('Week'));
    await waitFor(() =>
      expect(queryOf(callsTo('/api/agent/summary-report').at(-1)!)).toMatchObject({ thedate: DAY, period: 'week', page: '1' }),
    );
  });

  test('positions are links to the map only for those who may see positions', async () => {
    signInSales(['SALES/AGENTS/HISTORY']);
    fakeServer(server);
    actionsPage(`/sales/agents/actions?tab=summary&date=${DAY}`);
    const row = await screen.findByRole('row', { name: /Sipho Nkosi/ });
    expect(row).toHaveTextContent('-26.250000, 27.850000');
    expect(within(row).queryByRole('link', { name: '-26.250000, 27.850000' })).not.toBeInTheDocument();
  });

  test('a new day of the same agent starts the history again from page 1', async () => {
    const { callsTo } = fakeServer(server);
    const { location } = actionsPage(`/sales/agents/actions?agent=${SIPHO_AGENT}&date=${DAY}&h.page=3`);
    await waitFor(() => expect(queryOf(callsTo(historyPath)[0]!)).toMatchObject({ page: '3' }));
    await typist().click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(callsTo(`/api/agent/actions/2025-06-03/${SIPHO_AGENT}`)).not.toHaveLength(0));
    expect(queryOf(callsTo(`/api/agent/actions/2025-06-03/${SIPHO_AGENT}`)[0]!)).toMatchObject({ page: '1' });
    expect(new URLSearchParams(location().search).get('h.page')).toBeNull();
  });
});

describe('agent location', () => {
  beforeEach(() => signInSales(['SALES/AGENT/POSITION']));

  test('shows the position from the address (longitude first), listed with its coordinates when the map cannot be shown', async () => {
    fakeServer(pickersAndMaps);
    renderSalesPage(<AgentLocationPage />, { path: '/sales/agents/location/:lng/:lat', at: '/sales/agents/location/28.0473/-26.2041' });
    expect(await screen.findByText(MESSAGES.pointsMapUnavailable)).toBeInTheDocument();
    expect(screen.getByText('Coordinates: -26.204100, 28.047300')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Agent location' }))
      .getAllByRole('row')
      .slice(1);
    expect([...rows[0]!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '1',
      'Agent location',
      '-26.204100',
      '28.047300',
    ]);
  });

  test('back, on a page opened on its own, goes to the agent actions', async () => {
    fakeServer(pickersAndMaps);
    const { location } = renderSalesPage(<AgentLocationPage />, {
      path: '/sales/agents/location/:lng/:lat',
      at: '/sales/agents/location/28.0473/-26.2041',
    });
    await typist().click(screen.getByRole('button', { name: /Back/ }));
    await waitFor(() => expect(location().pathname).toBe('/sales/agents/actions'));
  });

  test('an address that is no position (the 999 placeholder) says so', () => {
    fakeServer(pickersAndMaps);
    renderSalesPage(<AgentLocationPage />, { path: '/sales/agents/location/:lng/:lat', at: '/sales/agents/location/999/999' });
    expect(screen.getByText('These coordinates are not a position on the map.')).toBeInTheDocument();
    expect(screen.queryByTestId('points-map')).not.toBeInTheDocument();
  });
});
