import { screen, waitFor, within } from '@testing-library/react';
import type { ReportFile } from '@meridian/shared/contract/report-run';
import { fail, page, queryOf, renderAppPage, resetSession, typist } from '@meridian/shared/testing/page-test-kit';
import { reportsServer, signInManager, LENDING_TENANT, MANAGER_ID } from '../testing/schedules-test-kit';
import ReportFilesPage from './report-files-page';
import { REPORT_FILES_TEXT } from './report-files-text';

jest.setTimeout(30_000);

afterEach(resetSession);

const FILE_ID = '72000000-0000-4000-8000-000000000001';
const DOWNLOAD = `/api/reports/files/${FILE_ID}/download`;

const file = (overrides: Partial<ReportFile> = {}): ReportFile => ({
  id: FILE_ID,
  reportId: 'parVarThirtyReport',
  reportName: 'PAR > 30 report',
  format: 'XLSX',
  fileName: 'PAR 30 report 2026-11-23.xlsx',
  sizeBytes: 6240,
  rows: 3,
  tenantId: LENDING_TENANT,
  createdBy: MANAGER_ID,
  createdByName: 'Naledi Khumalo',
  dateCreated: '2026-11-23T07:00:00.000Z',
  status: 'done',
  failure: null,
  downloadPath: DOWNLOAD,
  ...overrides,
});

const renderFiles = (at = '/reports/files') => renderAppPage(<ReportFilesPage />, { path: '/reports/files', at });

describe('the report files screen', () => {
  test('lists the kept files with who made them and when, a failed one with its reason and no download', async () => {
    signInManager();
    reportsServer((call) =>
      call.path === '/api/reports/files'
        ? page([
            file(),
            file({
              id: '72000000-0000-4000-8000-000000000002',
              format: 'PDF',
              fileName: 'PAR 30 report 2026-11-22.pdf',
              status: 'failed',
              failure: 'The report could not be written. Please try again.',
              downloadPath: null,
            }),
          ])
        : undefined,
    );
    renderFiles();
    const table = await screen.findByRole('table', { name: REPORT_FILES_TEXT.table });
    const ready = (await within(table).findByText('PAR 30 report 2026-11-23.xlsx')).closest('tr')!;
    expect(within(ready).getByText('Naledi Khumalo')).toBeInTheDocument();
    // 07:00 UTC is 09:00 in the tenant's zone (Johannesburg).
    expect(within(ready).getByText(/09:00/)).toBeInTheDocument();
    expect(within(ready).getByText('6 KB')).toBeInTheDocument();
    const failed = within(table).getByText('PAR 30 report 2026-11-22.pdf').closest('tr')!;
    expect(within(failed).getByText('The report could not be written. Please try again.')).toBeInTheDocument();
    expect(within(failed).queryByRole('button')).not.toBeInTheDocument();
  });

  test('the search goes to the server, and a file downloads through the http client; a refusal is said', async () => {
    signInManager();
    const { callsTo } = reportsServer((call) => {
      if (call.path === '/api/reports/files') return page([file()]);
      if (call.path === DOWNLOAD) return fail(404, 'NOT_FOUND', 'This file is no longer kept.');
      return undefined;
    });
    renderFiles('/reports/files?q=PDF');
    await screen.findByText('PAR 30 report 2026-11-23.xlsx');
    expect(queryOf(callsTo('/api/reports/files').at(-1)!).search).toBe('PDF');
    await typist().click(screen.getByRole('button', { name: 'PAR 30 report 2026-11-23.xlsx' }));
    await waitFor(() => expect(callsTo(DOWNLOAD)[0]?.headers.authorization).toMatch(/^Bearer /));
    expect(await screen.findByText('This file is no longer kept.')).toBeInTheDocument();
  });

  test('says so when there are no files', async () => {
    signInManager();
    reportsServer((call) => (call.path === '/api/reports/files' ? page([]) : undefined));
    renderFiles();
    expect(await screen.findByText(REPORT_FILES_TEXT.none)).toBeInTheDocument();
  });
});
