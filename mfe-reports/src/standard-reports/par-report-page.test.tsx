import { screen, waitFor, within } from '@testing-library/react';
import { standardReports } from '@meridian/shared/contract/areas/reports';
import { MESSAGES } from '@meridian/shared/messages';
import {
  fail,
  fakeServer,
  ok,
  openPicker,
  page,
  pickOption,
  queryOf,
  renderAppPage,
  resetSession,
  type FakeCall,
  type FakeReply,
} from '@meridian/shared/testing/page-test-kit';
import { johannesburgDay, parGroup, parTrendPoint, signInManager, SOWETO_BRANCH, tenantTree } from '../testing/reports-test-kit';
import ParReportPage from './par-report-page';
import { REPORT_TEXT } from './standard-report-text';

jest.mock('@meridian/shared/realtime/realtime-connection', () =>
  jest.requireActual('@meridian/shared/testing/fake-realtime').fakeRealtimeModule(),
);
jest.setTimeout(30_000);

const PAR = '/api/reports/standard/par-over-thirty';
const TREND = '/api/reports/standard/par-over-thirty/trend';
const SCREEN = standardReports.screens.parOverThirty;

const parAnswer = (groups = [parGroup(), parGroup({ groupId: null, groupName: null, loans: 1, par30Percent: null })]) =>
  page(
    {
      asOf: johannesburgDay(0),
      groupBy: 'branch',
      totals: [
        {
          currency: 'ZAR',
          loans: 5,
          loansAtRisk: 2,
          outstandingPrincipalMinor: 3_500_000,
          atRiskPrincipalMinor: 2_200_000,
          par30Percent: '62.86',
        },
      ],
      groups,
    },
    groups.length,
  );
const trendAnswer = (points = [parTrendPoint('2026-10-31', '12.50'), parTrendPoint('2026-11-30', '13.00')]) =>
  ok({ fromDate: '2026-10-01', toDate: '2026-11-30', points });

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.path === PAR) return parAnswer();
    if (call.path === TREND) return trendAnswer();
    if (call.path === '/api/tenants/descendantsByTenantId') return tenantTree();
    return undefined;
  });
}
const renderPar = (at: string = SCREEN) => renderAppPage(<ParReportPage />, { path: SCREEN, at });
const last = (calls: FakeCall[], path: string) => queryOf(calls.filter((c) => c.path === path).at(-1)!);

beforeEach(() => signInManager());
afterEach(resetSession);

describe('the PAR30 report', () => {
  test('asks for PAR30 by branch over the whole subtree and the trend over the default window: one day ago to 7 days ahead', async () => {
    const { calls } = server();
    renderPar();
    const table = await screen.findByRole('table', { name: REPORT_TEXT.parTable });
    expect(await within(table).findByText('Soweto Branch')).toBeInTheDocument();
    expect(last(calls, PAR)).toMatchObject({ groupBy: 'branch' });
    expect(last(calls, PAR)).not.toHaveProperty('tenantId');
    expect(last(calls, TREND)).toEqual({ fromDate: johannesburgDay(-1), toDate: johannesburgDay(7) });
    expect(screen.getByLabelText(REPORT_TEXT.fromDate)).toHaveValue(johannesburgDay(-1));
    expect(screen.getByLabelText(REPORT_TEXT.toDate)).toHaveValue(johannesburgDay(7));
  });

  test('shows the groups with money in the currency, the ratio as given, and the whole portfolio above them', async () => {
    server();
    renderPar();
    const table = await screen.findByRole('table', { name: REPORT_TEXT.parTable });
    const row = (await within(table).findByText('Soweto Branch')).closest('tr')!;
    expect(row).toHaveTextContent(/R\s?35\s000,00/);
    expect(row).toHaveTextContent(/R\s?22\s000,00/);
    expect(row).toHaveTextContent('62.86 %');
    const outside = within(table).getByText(REPORT_TEXT.outsideGroups).closest('tr')!;
    expect(outside).toHaveTextContent(REPORT_TEXT.noFigure);
    expect(screen.getByText(/The whole portfolio \(ZAR/)).toBeInTheDocument();
    expect(screen.getByText('5 (2 loans at risk)')).toBeInTheDocument();
  });

  test('draws the trend as a chart named by its figures', async () => {
    server();
    renderPar();
    const chart = await screen.findByRole('img', { name: /PAR30 by month/ });
    expect(chart).toHaveAccessibleName('PAR30 by month: ZAR 2026-10-31 12.50 %, 2026-11-30 13.00 %');
  });

  test('a chosen tenant, grouping and as-of day are asked of the server and kept in the address', async () => {
    const { calls } = server();
    const view = renderPar();
    await screen.findByText('Soweto Branch');
    openPicker(REPORT_TEXT.tenant);
    pickOption('Meridian Lending / Soweto Branch');
    await waitFor(() => expect(last(calls, PAR)).toMatchObject({ tenantId: SOWETO_BRANCH }));
    expect(last(calls, TREND)).toMatchObject({ tenantId: SOWETO_BRANCH });
    openPicker(REPORT_TEXT.groupBy);
    pickOption('Officer');
    await waitFor(() => expect(last(calls, PAR)).toMatchObject({ tenantId: SOWETO_BRANCH, groupBy: 'officer' }));
    expect(view.location().search).toContain(`tenantId=${SOWETO_BRANCH}`);
    expect(view.location().search).toContain('groupBy=officer');
  });

  test('opened from an address with filters, it asks with them', async () => {
    const { calls } = server();
    renderPar(`${SCREEN}?tenantId=${SOWETO_BRANCH}&groupBy=product&asOf=2026-10-31&fromDate=2026-01-01&toDate=2026-10-31`);
    await screen.findByText('Soweto Branch');
    expect(last(calls, PAR)).toMatchObject({ tenantId: SOWETO_BRANCH, groupBy: 'product', asOf: '2026-10-31' });
    expect(last(calls, TREND)).toEqual({ tenantId: SOWETO_BRANCH, fromDate: '2026-01-01', toDate: '2026-10-31' });
  });

  test('says so when no loan is outstanding, and when the trend has no month', async () => {
    server((call) => (call.path === PAR ? parAnswer([]) : call.path === TREND ? trendAnswer([]) : undefined));
    renderPar();
    expect(await screen.findByText(REPORT_TEXT.noPar)).toBeInTheDocument();
    expect(await screen.findByText(REPORT_TEXT.noTrend)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /PAR30 by month/ })).not.toBeInTheDocument();
  });

  test('shows a failed load with the server’s words and a retry', async () => {
    server((call) => (call.path === PAR || call.path === TREND ? fail(500, 'SERVER_ERROR', 'The report broke.') : undefined));
    renderPar();
    await waitFor(() => expect(screen.getAllByText(MESSAGES.loadFailed)).toHaveLength(2));
    expect(screen.getAllByText('The report broke.').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: MESSAGES.retry })).toHaveLength(2);
  });
});
