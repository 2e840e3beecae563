/** @jest-environment jsdom */
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReportRunAnswer } from '../contract/report-run';
import { answerRequests, requestsSent, serverSends } from '../testing/fake-realtime';
import { typist, WithoutAntdStyles } from '../testing/page-test-kit';
import { ReportExportButtons } from './report-export-buttons';

jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/fake-realtime').fakeRealtimeModule());

const parameters = { groupBy: 'branch', asOf: '2026-01-31' };
const button = (format: string) => screen.getByRole('button', { name: new RegExp(`Export ${format}`) });
const isSpinning = (format: string) => button(format).classList.contains('ant-btn-loading');

function showButtons(formats?: ('PDF' | 'XLSX' | 'CSV')[]) {
  render(
    <WithoutAntdStyles>
      <ReportExportButtons reportId="parVarThirtyReport" parameters={parameters} {...(formats ? { formats } : {})} />
    </WithoutAntdStyles>,
  );
}

beforeEach(() => {
  requestsSent.length = 0;
  let runs = 0;
  answerRequests((): ReportRunAnswer => {
    runs += 1;
    return { success: true, runId: `run-${runs}` };
  });
});

describe('the export buttons of a report screen', () => {
  test('CSV asks for generateCSVReport with the report and its parameters, spins while the run writes, shows its rows, and resets on its completion', async () => {
    const user = typist();
    showButtons();
    await user.click(button('CSV'));
    expect(requestsSent).toEqual([{ event: 'generateCSVReport', payload: { reportId: 'parVarThirtyReport', parameters } }]);
    await waitFor(() => expect(isSpinning('CSV')).toBe(true));
    // The acknowledgement (the run's id) is taken in once the request's promise settles.
    await act(async () => undefined);
    expect(button('PDF')).toBeDisabled();
    expect(button('XLSX')).toBeDisabled();

    act(() => serverSends('reportProgress', { runId: 'run-1', reportName: 'PAR > 30 report', rowsDone: 12_345 }));
    expect(screen.getByText('12,345 rows written')).toBeInTheDocument();
    act(() => serverSends('reportProgress', { runId: 'another run', reportName: 'PAR > 30 report', rowsDone: 7 }));
    expect(screen.getByText('12,345 rows written')).toBeInTheDocument();

    act(() => serverSends('reportComplete', { success: true, runId: 'another run', reportName: 'Other' }));
    expect(isSpinning('CSV')).toBe(true);
    act(() => serverSends('csvReportComplete', { success: true, runId: 'run-1', reportName: 'PAR > 30 report', filePath: '/api/x' }));
    await waitFor(() => expect(isSpinning('CSV')).toBe(false));
    expect(button('PDF')).toBeEnabled();
    expect(screen.queryByText(/rows written/)).not.toBeInTheDocument();
  });

  test('PDF and XLSX ask for runReportV2 with their format, and a failed run resets the buttons too', async () => {
    const user = typist();
    showButtons();
    await user.click(button('PDF'));
    await waitFor(() => expect(isSpinning('PDF')).toBe(true));
    await act(async () => undefined);
    act(() =>
      serverSends('reportComplete', {
        success: false,
        runId: 'run-1',
        reportName: 'PAR > 30 report',
        body: 'The report could not be written.',
      }),
    );
    await waitFor(() => expect(isSpinning('PDF')).toBe(false));
    await user.click(button('XLSX'));
    expect(requestsSent.map((r) => r.payload)).toEqual([
      { reportId: 'parVarThirtyReport', parameters, exportFormat: 'PDF' },
      { reportId: 'parVarThirtyReport', parameters, exportFormat: 'XLSX' },
    ]);
    expect(requestsSent.map((r) => r.event)).toEqual(['runReportV2', 'runReportV2']);
  });

  test('a refusal (offline, too many runs, a bad parameter) is shown beside the buttons, which are free again', async () => {
    answerRequests(() => ({ success: false, code: 'REPORT_RUNS_BUSY', message: 'You already have 2 reports being generated.' }));
    const user = typist();
    showButtons();
    await user.click(button('XLSX'));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have 2 reports being generated.');
    await waitFor(() => expect(isSpinning('XLSX')).toBe(false));
    expect(button('PDF')).toBeEnabled();

    answerRequests(() => ({ success: true, runId: 'run-9' }));
    await user.click(button('PDF'));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  test('only the formats a screen offers are shown', () => {
    showButtons(['CSV']);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Export CSV']);
  });
  test('a report that ends before its acknowledgement is read still frees the buttons', async () => {
    // The server acknowledges, writes a short report at once and says it is complete; both reach the browser
    // together, the completion handled before the acknowledgement's promise settles.
    answerRequests((): ReportRunAnswer => {
      serverSends('reportComplete', { success: true, runId: 'run-quick', reportName: 'PAR > 30 report', filePath: '/api/x' });
      return { success: true, runId: 'run-quick' };
    });
    const user = typist();
    showButtons();
    await user.click(button('XLSX'));
    await waitFor(() => expect(isSpinning('XLSX')).toBe(false));
    expect(button('PDF')).toBeEnabled();
  });
});
