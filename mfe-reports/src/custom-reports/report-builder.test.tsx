import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderAppPage, resetSession, typist, writes } from '@meridian/shared/testing/page-test-kit';
import type { FakeCall } from '@meridian/shared/testing/page-test-kit';
import type { ReportPreview } from '@meridian/shared/contract/custom-report';
import { MESSAGES } from '@meridian/shared/messages';
import { formatMinor } from '@meridian/shared/money-text';
import {
  CATALOGUE,
  category,
  CATEGORY_A,
  MANAGER_ID,
  pickIn,
  report,
  REPORT_A,
  signInManager,
  reportsServer,
} from '../testing/catalogue-test-kit';
import CustomReportFormPage from './custom-report-form-page';
import { REPORT_TEXT } from './custom-report-text';

jest.setTimeout(60_000);

const PREVIEW: ReportPreview = {
  columns: [
    { key: 'status', label: 'Status', kind: 'text' },
    { key: 'currency', label: 'Currency', kind: 'text' },
    { key: 'sum_principal', label: 'Total principal', kind: 'money' },
  ],
  rows: [['active', 'ZAR', 1_500_000]],
};

function builderServer(extra: (call: FakeCall) => ReturnType<typeof ok> | undefined = () => undefined) {
  return reportsServer((call) => {
    const answered = extra(call);
    if (answered) return answered;
    if (call.method === 'GET' && call.path === '/api/custom-reports/catalogue') return ok(CATALOGUE);
    if (call.method === 'GET' && call.path === `/api/report-categories/by-user/${MANAGER_ID}`) return ok([category()]);
    if (call.method === 'POST' && call.path === '/api/custom-reports/preview') return ok(PREVIEW);
    return undefined;
  });
}

const newReport = () => renderAppPage(<CustomReportFormPage />, { path: '/reports/create', at: '/reports/create' });

beforeEach(() => signInManager());
afterEach(resetSession);

describe('the custom report builder', () => {
  test('a report built from dataset, columns, a filter, grouping and sort is previewed on the server and saved as catalogue names', async () => {
    const { calls, callsTo } = builderServer((call) =>
      call.method === 'POST' && call.path === '/api/custom-reports' ? { ...ok(report()), status: 201 } : undefined,
    );
    const { location } = newReport();
    const user = typist();
    await user.type(await screen.findByRole('textbox', { name: REPORT_TEXT.name }), 'Loans by status');
    await pickIn(REPORT_TEXT.category, 'Finance');
    await pickIn(REPORT_TEXT.dataset, 'Loans');

    for (const [i, column] of ['Status', 'Currency', 'Principal'].entries()) {
      await user.click(await screen.findByRole('button', { name: new RegExp(REPORT_TEXT.addColumn) }));
      await pickIn(`${REPORT_TEXT.column} ${i + 1}`, column);
    }
    await pickIn(`${REPORT_TEXT.summary} 3`, 'Total');
    await pickIn(REPORT_TEXT.groupBy, 'Status');
    await pickIn(REPORT_TEXT.groupBy, 'Currency');
    await user.click(screen.getByRole('button', { name: new RegExp(REPORT_TEXT.addFilter) }));
    await pickIn('Filter 1 column', 'Status');
    await pickIn('Filter 1 value', 'active');
    await user.click(screen.getByRole('button', { name: new RegExp(REPORT_TEXT.addSort) }));
    await pickIn('Sort 1 column', 'Total principal');
    await pickIn('Sort 1 direction', REPORT_TEXT.descending);

    const definition = {
      dataset: 'loans',
      columns: [{ column: 'status' }, { column: 'currency' }, { column: 'principal', aggregate: 'sum' }],
      filters: [{ column: 'status', operator: 'eq', value: 'active' }],
      groupBy: ['status', 'currency'],
      sort: [{ column: 'principal', aggregate: 'sum', direction: 'DESC' }],
    };
    // The preview follows the edits: its last call is the finished definition.
    await waitFor(() => expect(callsTo('/api/custom-reports/preview').at(-1)?.body).toEqual({ definition }));
    const preview = await screen.findByRole('table', { name: REPORT_TEXT.preview });
    // Money from minor units in the row's currency (Intl's spaces may be narrow no-break ones).
    const money = formatMinor(1_500_000, 'ZAR').replace(/\s/g, '');
    expect(await within(preview).findByText((text) => text.replace(/\s/g, '') === money)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: REPORT_TEXT.createReport }));
    await waitFor(() => expect(writes(calls).filter((c) => c.path === '/api/custom-reports')).toHaveLength(1));
    expect(writes(calls).find((c) => c.path === '/api/custom-reports')!.body).toEqual({
      name: 'Loans by status',
      description: null,
      categoryId: CATEGORY_A,
      definition,
    });
    await waitFor(() => expect(location().pathname).toBe('/reports'));
  });

  test('a definition the catalogue refuses is neither previewed nor sent, and says which field is wrong', async () => {
    const { calls, callsTo } = builderServer();
    newReport();
    const user = typist();
    await user.type(await screen.findByRole('textbox', { name: REPORT_TEXT.name }), 'Money without currency');
    await pickIn(REPORT_TEXT.dataset, 'Loans');
    await user.click(await screen.findByRole('button', { name: new RegExp(REPORT_TEXT.addColumn) }));
    await pickIn(`${REPORT_TEXT.column} 1`, 'Status');
    await user.click(screen.getByRole('button', { name: new RegExp(REPORT_TEXT.addColumn) }));
    await pickIn(`${REPORT_TEXT.column} 2`, 'Principal');
    await pickIn(`${REPORT_TEXT.summary} 2`, 'Total');
    await pickIn(REPORT_TEXT.groupBy, 'Status');
    await user.click(screen.getByRole('button', { name: REPORT_TEXT.createReport }));
    expect(await screen.findByText('Group by currency to total money: currencies are never added together.')).toBeInTheDocument();
    expect(screen.getByText(REPORT_TEXT.previewWaiting)).toBeInTheDocument();
    expect(callsTo('/api/custom-reports/preview')).toHaveLength(0);
    expect(writes(calls)).toHaveLength(0);
  });

  test('an edit opens the saved definition and a server refusal naming a nested field lands under that field', async () => {
    const { calls } = builderServer((call) => {
      if (call.method === 'GET' && call.path === `/api/custom-reports/${REPORT_A}`) return ok(report());
      if (call.method === 'PUT' && call.path === `/api/custom-reports/${REPORT_A}`)
        return fail(400, 'VALIDATION', 'Not valid.', { fieldErrors: { 'definition.columns.0.column': ['Loans have no column status.'] } });
      return undefined;
    });
    renderAppPage(<CustomReportFormPage />, { path: '/reports/:id/edit', at: `/reports/${REPORT_A}/edit` });
    expect(await screen.findByRole('textbox', { name: REPORT_TEXT.name })).toHaveValue('Loans by status');
    expect(await screen.findByRole('table', { name: REPORT_TEXT.preview })).toBeInTheDocument();
    await typist().click(screen.getByRole('button', { name: MESSAGES.save }));
    expect(await screen.findByText('Loans have no column status.')).toBeInTheDocument();
    expect(writes(calls).filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});
