import { screen, waitFor, within } from '@testing-library/react';
import { standardReports } from '@meridian/shared/contract/areas/reports';
import { MESSAGES } from '@meridian/shared/messages';
import { fail, openPicker, page, pickOption, renderAppPage, resetSession, type FakeCall } from '@meridian/shared/testing/page-test-kit';
import { johannesburgDay, signInManager, SOWETO_BRANCH, tenantLoansRow, lastQueryTo, reportServer } from '../testing/reports-test-kit';
import { REPORT_TEXT } from './standard-report-text';
import TenantLoansPage from './tenant-loans-page';

jest.mock('@meridian/shared/realtime/realtime-connection', () =>
  jest.requireActual('@meridian/shared/testing/fake-realtime').fakeRealtimeModule(),
);
jest.setTimeout(30_000);

const TENANT_LOANS = '/api/reports/standard/tenant-loans';
const SCREEN = standardReports.screens.tenantLoans;
const answer = (
  tenants = [tenantLoansRow(), tenantLoansRow({ tenantId: 'x', tenantName: 'Orlando Team', currency: 'BWP', par30Percent: null })],
) => page({ fromDate: '2026-11-27', toDate: '2026-12-05', asOf: '2026-11-28', tenants }, tenants.length);

const server = reportServer(TENANT_LOANS, () => answer());
const renderTenantLoans = (at: string = SCREEN) => renderAppPage(<TenantLoansPage />, { path: SCREEN, at });
const last = (calls: FakeCall[]) => lastQueryTo(calls, TENANT_LOANS);

beforeEach(() => signInManager());
afterEach(resetSession);

describe('the tenant loans report', () => {
  test('asks over the default window, one day ago to 7 days ahead, and shows each tenant’s loans in its currency', async () => {
    const { calls } = server();
    renderTenantLoans();
    const table = await screen.findByRole('table', { name: REPORT_TEXT.tenantLoansTable });
    expect(last(calls)).toMatchObject({ fromDate: johannesburgDay(-1), toDate: johannesburgDay(7) });
    const row = (await within(table).findByText('Soweto Branch')).closest('tr')!;
    expect(row).toHaveTextContent(/R\s?36\s000,00/);
    expect(row).toHaveTextContent(/R\s?35\s000,00/);
    expect(row).toHaveTextContent('62.86 %');
    const other = within(table).getByText('Orlando Team').closest('tr')!;
    expect(other).toHaveTextContent('BWP');
    expect(other).toHaveTextContent(REPORT_TEXT.noFigure);
    expect(screen.getByText('PAR30: as of 2026-11-28')).toBeInTheDocument();
  });

  test('a chosen tenant and window are asked of the server and kept in the address', async () => {
    const { calls } = server();
    const view = renderTenantLoans(`${SCREEN}?fromDate=2026-10-01&toDate=2026-10-31`);
    await screen.findByRole('table', { name: REPORT_TEXT.tenantLoansTable });
    expect(last(calls)).toMatchObject({ fromDate: '2026-10-01', toDate: '2026-10-31' });
    openPicker(REPORT_TEXT.tenant);
    pickOption('Meridian Lending / Soweto Branch');
    await waitFor(() => expect(last(calls)).toMatchObject({ fromDate: '2026-10-01', tenantId: SOWETO_BRANCH }));
    expect(view.location().search).toContain(`tenantId=${SOWETO_BRANCH}`);
  });

  test('says so when no tenant has loans, and shows a failed load', async () => {
    server((call) => (call.path === TENANT_LOANS ? answer([]) : undefined));
    const view = renderTenantLoans();
    expect(await screen.findByText(REPORT_TEXT.noTenantLoans)).toBeInTheDocument();
    view.unmount();
    server((call) => (call.path === TENANT_LOANS ? fail(500, 'SERVER_ERROR', 'The report broke.') : undefined));
    renderTenantLoans();
    expect(await screen.findByText(MESSAGES.loadFailed)).toBeInTheDocument();
  });
});
