import { screen, waitFor, within } from '@testing-library/react';
import type { CsvImport, CsvRow } from '@meridian/shared/contract/csv-import';
import {
  fakeFetch,
  fakeServer,
  ok,
  page,
  resetSession,
  typist,
  writes,
  type FakeCall,
  type FakeReply,
} from '@meridian/shared/testing/page-test-kit';
import { renderSalesPage, signInSales } from '../testing/sales-test-kit';
import { CSV_TEXT } from './csv-upload-text';
import CsvUploadPage from './csv-upload-page';

jest.setTimeout(30_000);

const PATH = '/csv/upload/:model?';
const ID = '70000000-0000-4000-8000-000000000001';
const LOAN = '80000000-0000-4000-8000-000000000001';
const ALL = ['CLIENTS/CREATE', 'SALES/LEADS/CREATE', 'LOAN/DISBURSEMENTS'];

const row = (rowNumber: number, amount = '100.00', errors: CsvRow['errors'] = []): CsvRow => ({
  rowNumber,
  values: { loanId: LOAN, amount, paidOn: '2026-10-01', reference: `EFT ${rowNumber}` },
  errors,
});
const checked = (overrides: Partial<CsvImport> = {}): CsvImport => ({
  id: ID,
  model: 'payments',
  fileName: 'payments.csv',
  status: 'checked',
  totalRows: 1000,
  errorRows: 2,
  doneRows: 0,
  failure: null,
  headers: ['loanId', 'amount', 'paidOn', 'reference'].map((h) => ({ header: h, column: h })),
  previewRows: [row(1), row(2), row(3)],
  tenantId: '10000000-0000-4000-8000-000000000002',
  userId: '20000000-0000-4000-8000-000000000002',
  dateCreated: '2026-11-28T10:00:00.000Z',
  dateModified: '2026-11-28T10:00:00.000Z',
  ...overrides,
});
const AMOUNT_ERROR = 'An amount is written in major units with at most two decimals, e.g. 1234.50.';
const badRows = [
  row(7, 'twelve', [{ column: 'amount', message: AMOUNT_ERROR }]),
  row(23, '5.00', [{ column: 'paidOn', message: 'A date is written YYYY-MM-DD.' }]),
];

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'POST' && call.path === '/api/csv-imports/payments') return ok(checked());
    if (call.method === 'GET' && call.path === `/api/csv-imports/${ID}/error-rows`) return page(badRows, 2);
    return undefined;
  });
}

const renderAt = (at: string) => renderSalesPage(<CsvUploadPage />, { path: PATH, at });

async function uploadFile() {
  const user = typist();
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, new File(['loanId,amount,paidOn\n'], 'payments.csv', { type: 'text/csv' }));
  return user;
}

beforeEach(() => signInSales(ALL));
afterEach(resetSession);

describe('CSV upload', () => {
  test('the model chosen is carried in the address, and only the models the user may create are offered', async () => {
    server();
    const { location } = renderAt('/csv/upload/payments');
    const choice = await screen.findByLabelText(CSV_TEXT.model);
    expect(within(choice).getByText('Payments').closest('.ant-segmented-item')).toHaveClass('ant-segmented-item-selected');
    await typist().click(within(choice).getByText('Leads'));
    await waitFor(() => expect(location().pathname).toBe('/csv/upload/leads'));
    expect(screen.getByText(/contactNumber \*/)).toBeInTheDocument();
  });

  test('a client editor (who applies for loans and takes payments) is offered those two, whatever model the address names', async () => {
    signInSales(['CLIENTS/EDIT']);
    server();
    const { location } = renderAt('/csv/upload/clients');
    const choice = await screen.findByLabelText(CSV_TEXT.model);
    expect(within(choice).queryByText('Clients')).toBeNull();
    expect(within(choice).queryByText('Leads')).toBeNull();
    expect(within(choice).getByText('Payments')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/csv/upload/loans'));
    await waitFor(() =>
      expect(within(choice).getByText('Loans').closest('.ant-segmented-item')).toHaveClass('ant-segmented-item-selected'),
    );
  });

  test('an uploaded file shows its counts and first rows, and each row with errors with its messages by column; import stays closed', async () => {
    const { calls } = server();
    renderAt('/csv/upload/payments');
    await screen.findByText(CSV_TEXT.drop);
    await uploadFile();
    const upload = await waitFor(() => {
      const found = calls.find((c) => c.method === 'POST' && c.path === '/api/csv-imports/payments');
      expect(found).toBeDefined();
      return found!;
    });
    expect(upload.body).toBeInstanceOf(FormData);
    expect(await screen.findByText('payments.csv')).toBeInTheDocument();
    const firstRows = screen.getByRole('table', { name: CSV_TEXT.firstRows });
    expect(within(firstRows).getByText('EFT 3')).toBeInTheDocument();
    const errors = await screen.findByRole('table', { name: CSV_TEXT.errorRowsTitle });
    const seventh = within(errors).getByLabelText(CSV_TEXT.cellLabel('amount', 7)).closest('tr')!;
    expect(seventh).toHaveTextContent(AMOUNT_ERROR);
    const twentyThird = within(errors).getByLabelText(CSV_TEXT.cellLabel('paidOn', 23)).closest('tr')!;
    expect(twentyThird).toHaveTextContent('A date is written YYYY-MM-DD.');
    expect(screen.getByRole('button', { name: CSV_TEXT.importRows(1000) })).toBeDisabled();
  });

  test('fixing a row and checking again sends the fix and clears its error; import opens only once no row has an error', async () => {
    let fixes = 0;
    const { calls } = server((call) => {
      if (call.method !== 'PUT' || call.path !== `/api/csv-imports/${ID}/rows`) return undefined;
      fixes += 1;
      const sent = (call.body as { rows: CsvRow[] }).rows.map((r) => ({ ...r, errors: [] }));
      return ok({ import: checked({ errorRows: 2 - fixes }), rows: sent });
    });
    renderAt('/csv/upload/payments');
    await screen.findByText(CSV_TEXT.drop);
    const user = await uploadFile();
    const errors = await screen.findByRole('table', { name: CSV_TEXT.errorRowsTitle });
    const amount = within(errors).getByLabelText(CSV_TEXT.cellLabel('amount', 7));
    await user.clear(amount);
    await user.type(amount, '12.00');
    await user.click(screen.getByRole('button', { name: CSV_TEXT.checkAgain }));
    await waitFor(() => expect(within(errors).queryByText(AMOUNT_ERROR)).toBeNull());
    const put = writes(calls).find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ rows: [{ rowNumber: 7, values: { ...badRows[0]!.values, amount: '12.00' } }] });
    expect(within(amount.closest('tr')!).getByText(CSV_TEXT.fixed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: CSV_TEXT.importRows(1000) })).toBeDisabled();

    const date = within(errors).getByLabelText(CSV_TEXT.cellLabel('paidOn', 23));
    await user.clear(date);
    await user.type(date, '2026-10-02');
    await user.click(screen.getByRole('button', { name: CSV_TEXT.checkAgain }));
    await waitFor(() => expect(screen.getByRole('button', { name: CSV_TEXT.importRows(1000) })).toBeEnabled());
  });

  test('importing shows the progress as the server reports it, then how many rows were imported', async () => {
    let polls = 0;
    const { calls } = server((call) => {
      if (call.method === 'POST' && call.path === '/api/csv-imports/payments') return ok(checked({ errorRows: 0 }));
      if (call.method === 'POST' && call.path === `/api/csv-imports/${ID}/import`)
        return ok(checked({ errorRows: 0, status: 'importing' }));
      if (call.method === 'GET' && call.path === `/api/csv-imports/${ID}`) {
        polls += 1;
        return ok(
          polls === 1
            ? checked({ errorRows: 0, status: 'importing', doneRows: 500 })
            : checked({ errorRows: 0, status: 'imported', doneRows: 1000 }),
        );
      }
      return undefined;
    });
    renderAt('/csv/upload/payments');
    await screen.findByText(CSV_TEXT.drop);
    const user = await uploadFile();
    expect(await screen.findByText(CSV_TEXT.noErrors)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: CSV_TEXT.importRows(1000) }));
    expect(await screen.findByText(CSV_TEXT.importing(500, 1000), undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText(CSV_TEXT.imported(1000), undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === `/api/csv-imports/${ID}/error-rows`)).toHaveLength(0);
  });

  test('the progress shows from the click on import, while the server has not answered yet (PGlite answers once the import has ended)', async () => {
    let answerImport: (reply: FakeReply) => void = () => undefined;
    fakeFetch((call) => {
      if (call.method === 'POST' && call.path === '/api/csv-imports/payments') return ok(checked({ errorRows: 0 }));
      if (call.method === 'POST' && call.path === `/api/csv-imports/${ID}/import`)
        return new Promise<FakeReply>((resolve) => (answerImport = resolve));
      return { status: 500, body: { result: { success: false, message: `unexpected ${call.method} ${call.path}` } } };
    });
    renderAt('/csv/upload/payments');
    await screen.findByText(CSV_TEXT.drop);
    const user = await uploadFile();
    await user.click(await screen.findByRole('button', { name: CSV_TEXT.importRows(1000) }));
    expect(await screen.findByRole('progressbar', { name: CSV_TEXT.starting(1000) })).toBeInTheDocument();
    answerImport(ok(checked({ errorRows: 0, status: 'imported', doneRows: 1000 })));
    expect(await screen.findByText(CSV_TEXT.imported(1000))).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  test('a failed import says that nothing was imported, and why', async () => {
    server((call) => {
      if (call.method === 'POST' && call.path === '/api/csv-imports/payments') return ok(checked({ errorRows: 0 }));
      if (call.method === 'POST' && call.path === `/api/csv-imports/${ID}/import`)
        return ok(checked({ errorRows: 0, status: 'importing' }));
      if (call.method === 'GET' && call.path === `/api/csv-imports/${ID}`)
        return ok(checked({ errorRows: 0, status: 'failed', failure: 'Nothing was imported. Row 17: There is no such loan.' }));
      return undefined;
    });
    renderAt('/csv/upload/payments');
    await screen.findByText(CSV_TEXT.drop);
    const user = await uploadFile();
    await user.click(await screen.findByRole('button', { name: CSV_TEXT.importRows(1000) }));
    expect(await screen.findByText(CSV_TEXT.failedTitle, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Nothing was imported. Row 17: There is no such loan.')).toBeInTheDocument();
  });
});
