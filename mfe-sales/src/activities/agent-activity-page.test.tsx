import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { AgentStatusReportRow } from '@meridian/shared/contract/activity';
import AgentActivityPage from './agent-activity-page';
import {
  AGENT_ID,
  fakeServer,
  listItem,
  page,
  queryOf,
  renderAppPage,
  resetSession,
  signInManager,
  STATUS,
  typist,
  type FakeCall,
} from './activity-test-kit';
import { activitiesOfTitle, ACTIVITY_TEXT, showActivitiesOf } from './activity-text';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';

const openPage = (at = '/sales/activities/agents') => renderAppPage(<AgentActivityPage />, { path: '/sales/activities/agents', at });
const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

const reportRow = (): AgentStatusReportRow => ({
  userId: AGENT_ID,
  agentName: 'Lerato Dube',
  userName: 'lerato.dube',
  tenantName: 'Soweto Team',
  total: 5,
  byStatus: [
    { statusId: STATUS.pending, status: 'Pending', count: 3 },
    { statusId: STATUS.completed, status: 'Completed', count: 2 },
  ],
  statusDateCreated: '2026-11-22T08:00:00.000Z',
});

const reportCalls = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/activities/agentActivityStatusReport');
const agentCalls = (calls: FakeCall[]) => calls.filter((c) => c.path === `/api/activities/agents/${AGENT_ID}`);

afterEach(resetSession);
jest.setTimeout(60_000);

describe('agent activity', () => {
  test('lists the agents with their counts by status, latest change first, over the default window', async () => {
    signInManager();
    const { calls } = fakeServer((call) => (call.path === '/api/activities/agentActivityStatusReport' ? page([reportRow()]) : undefined));
    openPage();
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Lerato Dube')).toBeInTheDocument();
    expect(within(table).getByText('Pending 3')).toBeInTheDocument();
    expect(queryOf(reportCalls(calls)[0]!)).toEqual({
      startDate: day(-1),
      endDate: day(7),
      page: '1',
      size: String(SETTING_DEFAULTS.defaultPageSize),
      sortField: 'statusDateCreated',
      sortOrder: 'DESC',
    });
  });

  test("picking an agent lists that agent's activities of the same window and status", async () => {
    signInManager();
    const { calls } = fakeServer((call) => {
      if (call.path === '/api/activities/agentActivityStatusReport') return page([reportRow()]);
      if (call.path === `/api/activities/agents/${AGENT_ID}`) return page([listItem()]);
      return undefined;
    });
    const { location } = openPage(`/sales/activities/agents?status=${STATUS.pending}`);
    await typist().click(await screen.findByRole('button', { name: showActivitiesOf('Lerato Dube') }));

    expect(await screen.findByRole('table', { name: activitiesOfTitle('Lerato Dube') })).toBeInTheDocument();
    expect(await screen.findByText('Visit Thandiwe Mokoena')).toBeInTheDocument();
    await waitFor(() => expect(agentCalls(calls)).toHaveLength(1));
    expect(queryOf(agentCalls(calls)[0]!)).toMatchObject({
      startDate: day(-1),
      endDate: day(7),
      status: STATUS.pending,
      page: '1',
      sortField: 'startDate',
      sortOrder: 'DESC',
    });
    expect(location().search).toContain(`agent=${AGENT_ID}`);
    expect(screen.getByText(activitiesOfTitle('Lerato Dube'), { selector: '.ant-card-head-title' })).toBeInTheDocument();
    expect(screen.getByText(ACTIVITY_TEXT.showActivities, { exact: false })).toBeInTheDocument();
  });
});
