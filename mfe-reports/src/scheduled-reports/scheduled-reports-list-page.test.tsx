import { screen, waitFor, within } from '@testing-library/react';
import {
  confirmDialog,
  fail,
  ok,
  page,
  queryOf,
  renderAppPage,
  resetSession,
  typist,
  writes,
} from '@meridian/shared/testing/page-test-kit';
import { MESSAGES } from '@meridian/shared/messages';
import { reportsServer, run, schedule, SCHEDULE_ID, signInManager } from '../testing/schedules-test-kit';
import ScheduledReportsListPage from './scheduled-reports-list-page';
import { RUN_STATUS_NAMES, SCHEDULE_TEXT } from './scheduled-report-text';
import { RUNS_REFRESH_MS } from './scheduled-report-runs';

jest.setTimeout(30_000);

afterEach(resetSession);

const renderList = () => renderAppPage(<ScheduledReportsListPage />, { path: '/scheduledReport/index', at: '/scheduledReport/index' });
const NAME = 'PAR over 30 days, Monday mornings';
const FILE_DOWNLOAD = '/api/reports/files/72000000-0000-4000-8000-000000000001/download';

describe('the scheduled reports list', () => {
  test('lists schedules from the server sorted by name, each with its schedule in words, next run and edit link', async () => {
    signInManager();
    const { calls } = reportsServer((call) =>
      call.method === 'GET' && call.path === '/api/scheduled-reports'
        ? page([schedule(), schedule({ id: '70000000-0000-4000-8000-000000000002', name: 'Paused one', active: false, nextRunAt: null })])
        : undefined,
    );
    renderList();
    const row = (await screen.findByRole('link', { name: NAME })).closest('tr')!;
    expect(within(row).getByRole('link', { name: NAME })).toHaveAttribute('href', `/reports/schedulereport/edit?id=${SCHEDULE_ID}`);
    expect(row).toHaveTextContent('PAR > 30 report');
    expect(row).toHaveTextContent('Weekly on Monday at 07:00');
    // 05:00 UTC is 07:00 in Johannesburg.
    expect(row).toHaveTextContent('07:00');
    const paused = screen.getByRole('link', { name: 'Paused one' }).closest('tr')!;
    expect(paused).toHaveTextContent(SCHEDULE_TEXT.paused);
    expect(within(paused).getByRole('button', { name: `${SCHEDULE_TEXT.resume} Paused one` })).toBeInTheDocument();
    const list = calls.find((c) => c.path === '/api/scheduled-reports')!;
    expect(queryOf(list)).toMatchObject({ sortField: 'name', sortOrder: 'ASC' });
  });

  test('says so when there are no schedules', async () => {
    signInManager();
    reportsServer((call) => (call.method === 'GET' && call.path === '/api/scheduled-reports' ? page([]) : undefined));
    renderList();
    expect(await screen.findByText(SCHEDULE_TEXT.noSchedules)).toBeInTheDocument();
  });

  test('run now and delete call the server; delete asks first', async () => {
    signInManager();
    const { calls } = reportsServer((call) => {
      if (call.method === 'GET' && call.path === '/api/scheduled-reports') return page([schedule()]);
      if (call.method === 'POST' && call.path === `/api/scheduled-reports/${SCHEDULE_ID}/run`)
        return { ...ok(run({ status: 'queued' })), status: 202 };
      if (call.method === 'DELETE' && call.path === `/api/scheduled-reports/${SCHEDULE_ID}`) return ok(null);
      return undefined;
    });
    renderList();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: `${SCHEDULE_TEXT.runNow} ${NAME}` }));
    await waitFor(() =>
      expect(writes(calls).map((c) => c.method + ' ' + c.path)).toEqual([`POST /api/scheduled-reports/${SCHEDULE_ID}/run`]),
    );
    expect(await screen.findByText(SCHEDULE_TEXT.queued)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `${SCHEDULE_TEXT.delete} ${NAME}` }));
    await waitFor(() => expect(confirmDialog()).not.toBeNull());
    expect(writes(calls)).toHaveLength(1);
    await user.click(within(confirmDialog()!).getByRole('button', { name: MESSAGES.deleteAction }));
    await waitFor(() => expect(writes(calls).at(-1)!.method).toBe('DELETE'));
  });

  test('a reader sees the history with its files to download but no buttons that change anything', async () => {
    signInManager(['CRM/REPORTS']);
    const { calls } = reportsServer((call) => {
      if (call.path === FILE_DOWNLOAD) return fail(404, 'NOT_FOUND', 'This file is no longer kept.');
      if (call.method === 'GET' && call.path === '/api/scheduled-reports') return page([schedule()]);
      if (call.method === 'GET' && call.path === `/api/scheduled-reports/${SCHEDULE_ID}/runs`)
        return page([
          run(),
          run({
            id: '71000000-0000-4000-8000-000000000002',
            status: 'failed',
            fileId: null,
            fileName: null,
            downloadPath: null,
            error: 'The SMTP server refused.',
          }),
        ]);
      return undefined;
    });
    renderList();
    expect(await screen.findByText(NAME)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: NAME })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `${SCHEDULE_TEXT.runNow} ${NAME}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: new RegExp(SCHEDULE_TEXT.newSchedule) })).not.toBeInTheDocument();
    await typist().click(screen.getByRole('button', { name: `${SCHEDULE_TEXT.history} ${NAME}` }));
    expect(await screen.findByText('The SMTP server refused.')).toBeInTheDocument();
    // The file comes through the http client (its token in a header; a bare link would be refused), and a
    // refusal is said.
    await typist().click(screen.getByRole('button', { name: 'parVarThirtyReport-2026-11-23.xlsx' }));
    await waitFor(() => expect(calls.some((c) => c.path === FILE_DOWNLOAD && c.headers.authorization?.startsWith('Bearer '))).toBe(true));
    expect(await screen.findByText('This file is no longer kept.')).toBeInTheDocument();
  });
  test('the history is read again while a run is queued, until it shows the run done', async () => {
    signInManager(['CRM/REPORTS']);
    let asked = 0;
    const { callsTo } = reportsServer((call) => {
      if (call.method === 'GET' && call.path === '/api/scheduled-reports') return page([schedule()]);
      if (call.method === 'GET' && call.path === `/api/scheduled-reports/${SCHEDULE_ID}/runs`) {
        asked += 1;
        return page([asked === 1 ? run({ status: 'queued', fileId: null, fileName: null, downloadPath: null }) : run()]);
      }
      return undefined;
    });
    renderList();
    await typist().click(await screen.findByRole('button', { name: `${SCHEDULE_TEXT.history} ${NAME}` }));
    const history = await screen.findByRole('dialog');
    expect(await within(history).findByText(RUN_STATUS_NAMES.queued, { selector: '.ant-tag' })).toBeInTheDocument();
    expect(
      await within(history).findByText(RUN_STATUS_NAMES.done, { selector: '.ant-tag' }, { timeout: RUNS_REFRESH_MS * 3 }),
    ).toBeInTheDocument();
    const asks = callsTo(`/api/scheduled-reports/${SCHEDULE_ID}/runs`).length;
    // Done: no more asking.
    await new Promise((resolve) => setTimeout(resolve, RUNS_REFRESH_MS + 500));
    expect(callsTo(`/api/scheduled-reports/${SCHEDULE_ID}/runs`)).toHaveLength(asks);
  });
  test('a search of the list does not filter the history opened from it', async () => {
    signInManager(['CRM/REPORTS']);
    const { callsTo } = reportsServer((call) => {
      if (call.method === 'GET' && call.path === '/api/scheduled-reports') return page([schedule()]);
      if (call.method === 'GET' && call.path === `/api/scheduled-reports/${SCHEDULE_ID}/runs`) return page([run()]);
      return undefined;
    });
    renderAppPage(<ScheduledReportsListPage />, { path: '/scheduledReport/index', at: '/scheduledReport/index?q=Monday' });
    await typist().click(await screen.findByRole('button', { name: `${SCHEDULE_TEXT.history} ${NAME}` }));
    expect(await within(await screen.findByRole('dialog')).findByText(RUN_STATUS_NAMES.done, { selector: '.ant-tag' })).toBeInTheDocument();
    expect(queryOf(callsTo('/api/scheduled-reports').at(-1)!).search).toBe('Monday');
    expect(queryOf(callsTo(`/api/scheduled-reports/${SCHEDULE_ID}/runs`).at(-1)!).search).toBeUndefined();
  });
});
