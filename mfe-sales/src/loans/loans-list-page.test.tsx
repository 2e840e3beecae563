import { screen, waitFor, within } from '@testing-library/react';
import {
  lendingServer,
  loan,
  LOAN_ID,
  openPicker,
  page,
  pickOption,
  queryOf,
  rands,
  renderLoanPage,
  resetSession,
  signInCredit,
  typist,
  type Answer,
} from './loans-test-kit';
import { LOAN_TEXT } from './loan-text';
import LoansListPage from './loans-list-page';

jest.setTimeout(30_000);

const LIST = '/api/loans';

const server = (also?: Answer) =>
  lendingServer((call) => {
    if (call.method === 'GET' && call.path === LIST)
      return page(
        [
          loan({ status: 'active', disbursedOn: '2026-01-10', outstandingMinor: 1_234_550, arrearsDays: 12 }),
          loan({ id: 'l2', clientName: 'Naledi Khumalo', principalMinor: 250_000 }),
        ],
        2,
      );
    return undefined;
  }, also);

afterEach(resetSession);

const renderLoans = () => renderLoanPage(<LoansListPage />, { path: '/loans', at: '/loans' });

describe('the loan list', () => {
  test('asks for one page newest first and shows each loan with its amounts in its currency, status and arrears, linked to its page', async () => {
    signInCredit();
    const { callsTo } = server();
    renderLoans();
    const table = await screen.findByRole('table', { name: LOAN_TEXT.loans });
    const link = await within(table).findByRole('link', { name: 'Lerato Dube' });
    const row = link.closest('tr')!;
    expect(link).toHaveAttribute('href', `/loans/${LOAN_ID}`);
    expect(row).toHaveTextContent(rands(1_500_000));
    expect(row).toHaveTextContent(rands(1_234_550));
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('12');
    expect(within(table).getByText('Naledi Khumalo').closest('tr')).toHaveTextContent('Submitted');
    expect(queryOf(callsTo(LIST)[0]!)).toMatchObject({ page: '1', sortField: 'dateCreated', sortOrder: 'DESC' });
  });

  test('the status filter and the search ask the server', async () => {
    signInCredit();
    const { callsTo } = server();
    renderLoans();
    await screen.findByText('Naledi Khumalo');
    openPicker(LOAN_TEXT.filterByStatus);
    pickOption('Written off');
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!)).toMatchObject({ status: 'written-off' }));
    const user = typist();
    await user.type(screen.getByRole('searchbox', { name: LOAN_TEXT.searchLoans }), 'dube{Enter}');
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!)).toMatchObject({ status: 'written-off', search: 'dube' }));
  });

  test('no loans: the list says so; "Apply for a loan" is offered to those who may apply only', async () => {
    signInCredit(['CLIENTS']);
    server((call) => (call.path === LIST ? page([], 0) : undefined));
    const view = renderLoans();
    expect(await screen.findByText(LOAN_TEXT.noLoans)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: LOAN_TEXT.apply })).toBeNull();
    view.unmount();

    signInCredit(['CLIENTS/EDIT']);
    renderLoans();
    expect(await screen.findByRole('link', { name: LOAN_TEXT.apply })).toHaveAttribute('href', '/loans/apply');
  });
});
