import { act, screen, waitFor, within } from '@testing-library/react';
import { standardReports } from '@meridian/shared/contract/areas/reports';
import { MESSAGES } from '@meridian/shared/messages';
import { answerRequests, requestsSent, serverSends } from '@meridian/shared/testing/fake-realtime';
import { exportLabel } from '@meridian/shared/reports/report-export-text';
import {
  fail,
  openPicker,
  page,
  pickOption,
  renderAppPage,
  resetSession,
  typist,
  type FakeCall,
} from '@meridian/shared/testing/page-test-kit';
import { johannesburgDay, salesAgentRow, signInManager, SOWETO_BRANCH, lastQueryTo, reportServer } from '../testing/reports-test-kit';
import SalesAgentReportPage from './sales-agent-report-page';
import { distanceText, minutesText, REPORT_TEXT } from './standard-report-text';

jest.mock('@meridian/shared/realtime/realtime-connection', () =>
  jest.requireActual('@meridian/shared/testing/fake-realtime').fakeRealtimeModule(),
);
jest.setTimeout(30_000);

const AGENTS = '/api/reports/standard/sales-agents';
const SCREEN = standardReports.screens.salesAgent;
const answer = (agents = [salesAgentRow()]) => page({ fromDate: '2026-11-27', toDate: '2026-12-28', agents }, agents.length);

const server = reportServer(AGENTS, () => answer());
const renderAgents = (at: string = SCREEN) => renderAppPage(<SalesAgentReportPage />, { path: SCREEN, at });
const last = (calls: FakeCall[]) => lastQueryTo(calls, AGENTS);

beforeEach(() => signInManager());
afterEach(resetSession);

describe('the sales agent report', () => {
  test('asks over the agent report’s window, one day ago to 30 days ahead, sorted by agent name', async () => {
    const { calls } = server();
    renderAgents();
    await screen.findByRole('table', { name: REPORT_TEXT.salesAgentTable });
    expect(last(calls)).toMatchObject({
      fromDate: johannesburgDay(-1),
      toDate: johannesburgDay(30),
      sortField: 'agentName',
      sortOrder: 'ASC',
    });
    expect(screen.getByLabelText(REPORT_TEXT.toDate)).toHaveValue(johannesburgDay(30));
  });

  test('shows each agent’s activities by status, leads, conversions, distance and time in the field', async () => {
    server();
    renderAgents();
    const table = await screen.findByRole('table', { name: REPORT_TEXT.salesAgentTable });
    const row = (await within(table).findByText('Lerato Dlamini')).closest('tr')!;
    expect(row).toHaveTextContent('Completed 2, Planned 1');
    expect(row).toHaveTextContent('2.2 km');
    expect(row).toHaveTextContent('6 h 30 min');
  });

  test('a chosen tenant and a search are asked of the server and kept in the address', async () => {
    const { calls } = server();
    const view = renderAgents();
    await screen.findByText('Lerato Dlamini');
    openPicker(REPORT_TEXT.tenant);
    pickOption('Meridian Lending / Soweto Branch');
    await waitFor(() => expect(last(calls)).toMatchObject({ tenantId: SOWETO_BRANCH, fromDate: johannesburgDay(-1) }));
    expect(view.location().search).toContain(`tenantId=${SOWETO_BRANCH}`);
  });

  test('says so when there are no agents, and shows a failed load', async () => {
    server((call) => (call.path === AGENTS ? answer([]) : undefined));
    const view = renderAgents();
    expect(await screen.findByText(REPORT_TEXT.noAgents)).toBeInTheDocument();
    view.unmount();
    server((call) => (call.path === AGENTS ? fail(403, 'FORBIDDEN', 'You may not read this report.') : undefined));
    renderAgents();
    expect(await screen.findByText(MESSAGES.loadFailed)).toBeInTheDocument();
    expect(screen.getByText('You may not read this report.')).toBeInTheDocument();
  });

  test('distance and time are written without floats going astray', () => {
    expect(distanceText(0)).toBe('0.0 km');
    expect(distanceText(2224)).toBe('2.2 km');
    expect(distanceText(1_234_567)).toBe('1,234.6 km');
    expect(minutesText(45)).toBe('45 min');
    expect(minutesText(390)).toBe('6 h 30 min');
  });
  test('offers the export, which runs salesAgentReport with the screen’s window and tenant, and holds the buttons until the file is complete', async () => {
    const user = typist();
    server();
    requestsSent.length = 0;
    answerRequests(() => ({ success: true, runId: 'run-1' }));
    renderAgents(`${SCREEN}?fromDate=2026-11-01&toDate=2026-11-20&tenantId=${SOWETO_BRANCH}`);
    await screen.findByRole('table', { name: REPORT_TEXT.salesAgentTable });
    const parameters = { fromDate: '2026-11-01', toDate: '2026-11-20', tenantId: SOWETO_BRANCH };
    await user.click(screen.getByRole('button', { name: exportLabel('PDF') }));
    expect(requestsSent).toEqual([{ event: 'runReportV2', payload: { reportId: 'salesAgentReport', parameters, exportFormat: 'PDF' } }]);
    await waitFor(() => expect(screen.getByRole('button', { name: exportLabel('CSV') })).toBeDisabled());
    act(() =>
      serverSends('reportComplete', { success: true, runId: 'run-1', reportName: 'Report', filePath: '/api/reports/files/1/download' }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: exportLabel('CSV') })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: exportLabel('CSV') }));
    expect(requestsSent.at(-1)).toEqual({ event: 'generateCSVReport', payload: { reportId: 'salesAgentReport', parameters } });
  });
});
