/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MESSAGES } from '@meridian/shared/messages';
import { ApiError } from '@meridian/shared/http/api-error';
import { serverSends, startedHere } from '@meridian/shared/testing/fake-realtime';
import { WithoutAntdStyles } from '@meridian/shared/testing/page-test-kit';
import { api } from '@meridian/shared/http/api';
import { ReportToasts } from './report-toasts';

jest.mock('@meridian/shared/realtime/realtime-connection', () =>
  jest.requireActual('@meridian/shared/testing/fake-realtime').fakeRealtimeModule(),
);
jest.mock('@meridian/shared/http/api', () => ({ api: { download: jest.fn() } }));

const download = api.download as jest.Mock;
const PDF = 'application/pdf';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let opened: jest.SpyInstance;
let saved: string[];
let tab: { opener: unknown };
beforeEach(() => {
  jest.useFakeTimers();
  download.mockReset();
  tab = { opener: window };
  opened = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  // jsdom has no blob addresses.
  URL.createObjectURL = jest.fn(() => 'blob:report');
  URL.revokeObjectURL = jest.fn();
  saved = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const showToasts = () =>
  render(
    <WithoutAntdStyles>
      <App>
        <ReportToasts />
      </App>
    </WithoutAntdStyles>,
  );

/** Lets the 1000 ms pass and the download's promise settle. */
async function afterOpeningDelay() {
  await act(async () => {
    jest.advanceTimersByTime(1000);
  });
  await act(async () => undefined);
}

describe('the report completion toasts', () => {
  test('a finished report says so, and after 1000 ms its PDF is fetched with the token and opened in a new tab', async () => {
    download.mockResolvedValue(new Blob(['%PDF-'], { type: PDF }));
    startedHere('r1');
    showToasts();
    act(() =>
      serverSends('reportComplete', {
        success: true,
        runId: 'r1',
        reportName: 'PAR > 30 report',
        filePath: '/api/reports/files/f1/download',
      }),
    );
    expect(await screen.findByText(MESSAGES.reportGenerated)).toBeInTheDocument();
    expect(screen.getByText('PAR > 30 report')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(999);
    });
    expect(download).not.toHaveBeenCalled();
    await afterOpeningDelay();
    expect(download).toHaveBeenCalledWith('/api/reports/files/f1/download');
    expect(opened).toHaveBeenCalledWith('blob:report', '_blank');
    // Cut from this page, and not saved as well (a 'noopener' open answers null and was taken for a blocked tab).
    expect(tab.opener).toBeNull();
    expect(saved).toEqual([]);
  });

  test('a CSV report says "CSV Report generated successfully" and its file is saved under the report name', async () => {
    download.mockResolvedValue(new Blob(['a,b'], { type: 'text/csv; charset=utf-8' }));
    startedHere('r2');
    showToasts();
    act(() =>
      serverSends('csvReportComplete', {
        success: true,
        runId: 'r2',
        reportName: 'User login report',
        filePath: '/api/reports/files/f2/download',
      }),
    );
    expect(await screen.findByText(MESSAGES.csvReportGenerated)).toBeInTheDocument();
    await afterOpeningDelay();
    expect(opened).not.toHaveBeenCalled();
    expect(saved).toEqual(['User login report.csv']);
  });

  test('a spreadsheet is saved, and a PDF whose tab the browser blocked is saved instead', async () => {
    download.mockResolvedValueOnce(new Blob(['x'], { type: XLSX })).mockResolvedValueOnce(new Blob(['%PDF-'], { type: PDF }));
    startedHere('r3');
    startedHere('r4');
    showToasts();
    act(() => serverSends('reportComplete', { success: true, runId: 'r3', reportName: 'Tenant loans report', filePath: '/api/f3' }));
    await afterOpeningDelay();
    opened.mockReturnValue(null);
    act(() => serverSends('reportComplete', { success: true, runId: 'r4', reportName: 'Collections summary report', filePath: '/api/f4' }));
    await afterOpeningDelay();
    expect(saved).toEqual(['Tenant loans report.xlsx', 'Collections summary report.pdf']);
  });

  test('a failed report shows its heading, or "Report generated with Errors", and opens nothing', async () => {
    showToasts();
    act(() =>
      serverSends('reportComplete', {
        success: false,
        runId: 'r5',
        reportName: 'PAR > 30 report',
        body: 'The report could not be written.',
      }),
    );
    expect(await screen.findByText(MESSAGES.reportWithErrors)).toBeInTheDocument();
    expect(screen.getByText('The report could not be written.')).toBeInTheDocument();
    act(() => serverSends('reportComplete', { success: false, heading: 'Parameters out of range' }));
    expect(await screen.findByText('Parameters out of range')).toBeInTheDocument();
    await afterOpeningDelay();
    expect(download).not.toHaveBeenCalled();
  });

  test('a file that cannot be fetched (gone, or no longer the user’s to see) is said so', async () => {
    download.mockRejectedValue(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'This report file was not found.' }));
    startedHere('r6');
    showToasts();
    act(() => serverSends('reportComplete', { success: true, runId: 'r6', reportName: 'PAR > 30 report', filePath: '/api/f6' }));
    await afterOpeningDelay();
    expect(await screen.findByText('This report file was not found.')).toBeInTheDocument();
    expect(opened).not.toHaveBeenCalled();
  });

  test('another tab of the same user toasts the report but leaves the file to the tab that started it', async () => {
    download.mockResolvedValue(new Blob(['%PDF-'], { type: PDF }));
    showToasts();
    act(() =>
      serverSends('reportComplete', { success: true, runId: 'started elsewhere', reportName: 'PAR > 30 report', filePath: '/api/f7' }),
    );
    expect(await screen.findByText(MESSAGES.reportGenerated)).toBeInTheDocument();
    await afterOpeningDelay();
    expect(download).not.toHaveBeenCalled();
  });
});
