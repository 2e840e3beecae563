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
import { johannesburgDay, signInManager, SOWETO_BRANCH, userLoginsRow, lastQueryTo, reportServer } from '../testing/reports-test-kit';
import { REPORT_TEXT } from './standard-report-text';
import UserLoginReportPage from './user-login-report-page';

jest.mock('@meridian/shared/realtime/realtime-connection', () =>
  jest.requireActual('@meridian/shared/testing/fake-realtime').fakeRealtimeModule(),
);
jest.setTimeout(30_000);

const LOGINS = '/api/users/loginreport/per-user';
const SCREEN = standardReports.screens.userLogin;
const answer = (users = [userLoginsRow()]) => page({ fromDate: '2026-11-27', toDate: '2026-12-05', users }, users.length);

const server = reportServer(LOGINS, () => answer());
const renderLogins = (at: string = SCREEN) => renderAppPage(<UserLoginReportPage />, { path: SCREEN, at });
const last = (calls: FakeCall[]) => lastQueryTo(calls, LOGINS);

beforeEach(() => signInManager());
afterEach(resetSession);

describe('the user login report', () => {
  test('asks over the default window, one day ago to 7 days ahead, and shows sign-ins, failures and lock-outs per user', async () => {
    const { calls } = server();
    renderLogins();
    const table = await screen.findByRole('table', { name: REPORT_TEXT.userLoginTable });
    expect(last(calls)).toMatchObject({ fromDate: johannesburgDay(-1), toDate: johannesburgDay(7), sortField: 'userName' });
    const row = (await within(table).findByText('Lerato Dlamini')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual(['Lerato Dlamini', 'loan-officer', 'Soweto Branch', '2', '5', '1']);
    // Moments in the tenant's zone (Johannesburg, two hours ahead of UTC).
    expect(row).toHaveTextContent('10:05');
  });

  test('a chosen tenant and window are asked of the server and kept in the address', async () => {
    const { calls } = server();
    const view = renderLogins(`${SCREEN}?fromDate=2026-11-01&toDate=2026-11-07`);
    await screen.findByText('Lerato Dlamini');
    expect(last(calls)).toMatchObject({ fromDate: '2026-11-01', toDate: '2026-11-07' });
    openPicker(REPORT_TEXT.tenant);
    pickOption('Meridian Lending / Soweto Branch');
    await waitFor(() => expect(last(calls)).toMatchObject({ tenantId: SOWETO_BRANCH, fromDate: '2026-11-01' }));
    expect(view.location().search).toContain(`tenantId=${SOWETO_BRANCH}`);
  });

  test('says so when nobody tried to sign in, and shows a failed load', async () => {
    server((call) => (call.path === LOGINS ? answer([]) : undefined));
    const view = renderLogins();
    expect(await screen.findByText(REPORT_TEXT.noLogins)).toBeInTheDocument();
    view.unmount();
    server((call) => (call.path === LOGINS ? fail(500, 'SERVER_ERROR', 'The report broke.') : undefined));
    renderLogins();
    expect(await screen.findByText(MESSAGES.loadFailed)).toBeInTheDocument();
  });
  test('offers the export, which runs userLoginsPerUserReport with the screen’s window and tenant, and holds the buttons until the file is complete', async () => {
    const user = typist();
    server();
    requestsSent.length = 0;
    answerRequests(() => ({ success: true, runId: 'run-1' }));
    renderLogins(`${SCREEN}?fromDate=2026-11-01&toDate=2026-11-20&tenantId=${SOWETO_BRANCH}`);
    await screen.findByRole('table', { name: REPORT_TEXT.userLoginTable });
    const parameters = { fromDate: '2026-11-01', toDate: '2026-11-20', tenantId: SOWETO_BRANCH };
    await user.click(screen.getByRole('button', { name: exportLabel('PDF') }));
    expect(requestsSent).toEqual([
      { event: 'runReportV2', payload: { reportId: 'userLoginsPerUserReport', parameters, exportFormat: 'PDF' } },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: exportLabel('CSV') })).toBeDisabled());
    act(() =>
      serverSends('reportComplete', { success: true, runId: 'run-1', reportName: 'Report', filePath: '/api/reports/files/1/download' }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: exportLabel('CSV') })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: exportLabel('CSV') }));
    expect(requestsSent.at(-1)).toEqual({ event: 'generateCSVReport', payload: { reportId: 'userLoginsPerUserReport', parameters } });
  });
});
