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
import { collectionsPeriod, johannesburgDay, signInManager, SOWETO_BRANCH, lastQueryTo, reportServer } from '../testing/reports-test-kit';
import CollectionsSummaryPage from './collections-summary-page';
import { REPORT_TEXT } from './standard-report-text';

jest.mock('@meridian/shared/realtime/realtime-connection', () =>
  jest.requireActual('@meridian/shared/testing/fake-realtime').fakeRealtimeModule(),
);
jest.setTimeout(30_000);

const COLLECTIONS = '/api/reports/standard/collections-summary';
const SCREEN = standardReports.screens.collectionsSummary;
const second = collectionsPeriod({
  periodStart: '2026-11-09',
  periodEnd: '2026-11-15',
  expectedMinor: 500_000,
  collectedMinor: 700_000,
  onTimePercent: null,
});

const answer = (periods = [collectionsPeriod(), second]) =>
  page({ fromDate: '2026-11-02', toDate: '2026-11-15', period: 'week', periods }, periods.length);

const server = reportServer(COLLECTIONS, () => answer());
const renderCollections = (at: string = SCREEN) => renderAppPage(<CollectionsSummaryPage />, { path: SCREEN, at });
const last = (calls: FakeCall[]) => lastQueryTo(calls, COLLECTIONS);

beforeEach(() => signInManager());
afterEach(resetSession);

describe('the collections summary', () => {
  test('asks per day over the default window, one day ago to 7 days ahead, over the whole subtree', async () => {
    const { calls } = server();
    renderCollections();
    await screen.findByRole('table', { name: REPORT_TEXT.collectionsTable });
    expect(last(calls)).toMatchObject({ fromDate: johannesburgDay(-1), toDate: johannesburgDay(7), period: 'day' });
    expect(last(calls)).not.toHaveProperty('tenantId');
  });

  test('shows expected, collected, on-time rate and arrears recovered per period', async () => {
    server();
    renderCollections();
    const table = await screen.findByRole('table', { name: REPORT_TEXT.collectionsTable });
    const row = (await within(table).findByText('2026-11-02 – 2026-11-08')).closest('tr')!;
    expect(row).toHaveTextContent(/R\s?12\s000,00/);
    expect(row).toHaveTextContent(/R\s?9\s000,00/);
    expect(row).toHaveTextContent('50.00 %');
    expect(row).toHaveTextContent(/R\s?3\s000,00/);
    expect(within(table).getByText('2026-11-09 – 2026-11-15').closest('tr')).toHaveTextContent(REPORT_TEXT.noFigure);
  });

  test('draws expected against collected per period, named by the amounts', async () => {
    server();
    renderCollections();
    const chart = await screen.findByRole('img', { name: /Expected and collected \(ZAR\)/ });
    expect(chart.getAttribute('aria-label')).toMatch(
      /^Expected and collected \(ZAR\) per week: 2026-11-02 – 2026-11-08 expected R\s?12\s000,00, collected R\s?9\s000,00; 2026-11-09 – 2026-11-15 expected R\s?5\s000,00, collected R\s?7\s000,00$/,
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(4);
  });

  test('a chosen period, tenant and window are asked of the server and kept in the address', async () => {
    const { calls } = server();
    const view = renderCollections();
    await screen.findByRole('table', { name: REPORT_TEXT.collectionsTable });
    openPicker(REPORT_TEXT.period);
    pickOption('Week');
    await waitFor(() => expect(last(calls)).toMatchObject({ period: 'week' }));
    openPicker(REPORT_TEXT.tenant);
    pickOption('Meridian Lending / Soweto Branch');
    await waitFor(() => expect(last(calls)).toMatchObject({ period: 'week', tenantId: SOWETO_BRANCH }));
    expect(view.location().search).toContain('period=week');
    expect(view.location().search).toContain(`tenantId=${SOWETO_BRANCH}`);
  });

  test('opened from an address with filters, it asks with them', async () => {
    const { calls } = server();
    renderCollections(`${SCREEN}?fromDate=2026-11-01&toDate=2026-11-30&period=month&tenantId=${SOWETO_BRANCH}`);
    await screen.findByRole('table', { name: REPORT_TEXT.collectionsTable });
    expect(last(calls)).toMatchObject({ fromDate: '2026-11-01', toDate: '2026-11-30', period: 'month', tenantId: SOWETO_BRANCH });
  });

  test('says so when nothing fell due or was paid, without a chart', async () => {
    server((call) => (call.path === COLLECTIONS ? answer([]) : undefined));
    renderCollections();
    expect(await screen.findByText(REPORT_TEXT.noCollections)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Expected and collected/ })).not.toBeInTheDocument();
  });

  test('shows a failed load with a retry', async () => {
    server((call) => (call.path === COLLECTIONS ? fail(500, 'SERVER_ERROR', 'The report broke.') : undefined));
    renderCollections();
    expect(await screen.findByText(MESSAGES.loadFailed)).toBeInTheDocument();
    expect(screen.getByText('The report broke.')).toBeInTheDocument();
  });

  test('export asks for the run with the screen’s query and holds the button until the file is complete', async () => {
    const user = typist();
    server();
    requestsSent.length = 0;
    answerRequests(() => ({ success: true, runId: 'run-1' }));
    renderCollections(`${SCREEN}?fromDate=2026-11-01&toDate=2026-11-30&period=week`);
    await screen.findByRole('table', { name: REPORT_TEXT.collectionsTable });
    await user.click(screen.getByRole('button', { name: exportLabel('XLSX') }));
    expect(requestsSent).toEqual([
      {
        event: 'runReportV2',
        payload: {
          reportId: 'collectionsSummaryReport',
          parameters: expect.objectContaining({ fromDate: '2026-11-01', toDate: '2026-11-30', period: 'week' }),
          exportFormat: 'XLSX',
        },
      },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: exportLabel('CSV') })).toBeDisabled());
    act(() =>
      serverSends('reportComplete', {
        success: true,
        runId: 'run-1',
        reportName: 'Collections summary',
        filePath: '/api/reports/files/1/download',
      }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: exportLabel('CSV') })).toBeEnabled());
  });
});
