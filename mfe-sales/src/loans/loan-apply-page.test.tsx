import { screen, waitFor } from '@testing-library/react';
import { pickOpenOption } from '../activity-plans/activity-plan-test-kit';
import {
  CLIENT_ID,
  clientMatch,
  lendingServer,
  LOAN_ID,
  loanDetails,
  ok,
  openPicker,
  page,
  product,
  PRODUCT_ID,
  rands,
  renderLoanPage,
  resetSession,
  signInCredit,
  typist,
  writes,
  type Answer,
} from './loans-test-kit';
import { amountRangeError, instalmentsRangeError, LOAN_TEXT } from './loan-text';
import LoanApplyPage from './loan-apply-page';

jest.setTimeout(40_000);

const server = (also?: Answer) =>
  lendingServer((call) => {
    if (call.method === 'POST' && call.path === '/api/clients/search') return ok([clientMatch()]);
    if (call.method === 'GET' && call.path === '/api/loan-products') return page([product()]);
    if (call.method === 'POST' && call.path === '/api/loans') return { ...ok(loanDetails()), status: 201 };
    return undefined;
  }, also);

beforeEach(() => signInCredit(['CLIENTS/EDIT']));
afterEach(resetSession);

const renderApply = () => renderLoanPage(<LoanApplyPage />, { path: '/loans/apply', at: '/loans/apply' });
const amountField = () => screen.getByLabelText(/^Amount/);

describe('applying for a loan', () => {
  test('the amount and instalments are checked against the chosen product’s ranges as the user types', async () => {
    const { calls } = server();
    renderApply();
    const user = typist();
    await user.type(amountField(), '600 000');
    await user.type(screen.getByLabelText(LOAN_TEXT.instalments), '30');
    // No product yet: any amount and count stand.
    expect(screen.queryByText(/This product/)).toBeNull();

    openPicker(LOAN_TEXT.product);
    await waitFor(() => pickOpenOption('Personal loan (ZAR)'));
    expect(await screen.findByText(amountRangeError(rands(100_000), rands(5_000_000)))).toBeInTheDocument();
    expect(screen.getByText(instalmentsRangeError(3, 24))).toBeInTheDocument();

    await user.clear(amountField());
    await user.type(amountField(), '15 000,5x');
    expect(await screen.findByText(LOAN_TEXT.notAnAmount)).toBeInTheDocument();
    await user.type(amountField(), '{Backspace}0');
    await waitFor(() => expect(screen.queryByText(LOAN_TEXT.notAnAmount)).toBeNull());
    expect(screen.queryByText(amountRangeError(rands(100_000), rands(5_000_000)))).toBeNull();
    expect(calls.filter((c) => c.path === '/api/loans')).toHaveLength(0);
  });

  test('a valid application sends the amount in minor units and opens the new loan’s page', async () => {
    const { calls } = server();
    const view = renderApply();
    const user = typist();
    openPicker(LOAN_TEXT.client);
    await waitFor(() => pickOpenOption('Lerato Dube · 0821234567'));
    openPicker(LOAN_TEXT.product);
    await waitFor(() => pickOpenOption('Personal loan (ZAR)'));
    await user.type(amountField(), '15 000,50');
    await user.type(screen.getByLabelText(LOAN_TEXT.instalments), '12');
    await user.click(screen.getByRole('button', { name: LOAN_TEXT.submitApplication }));
    await waitFor(() => expect(view.location().pathname).toBe(`/loans/${LOAN_ID}`));
    expect(
      writes(calls)
        .filter((c) => c.path === '/api/loans')
        .map((c) => c.body),
    ).toEqual([{ clientId: CLIENT_ID, productId: PRODUCT_ID, principalMinor: 1_500_050, instalments: 12, note: null }]);
  });

  test('a link with ?clientId= starts with that client chosen and named', async () => {
    // The first matches of the search do not hold the client: the name comes from the client's own record.
    const { calls } = server((call) => {
      if (call.method === 'GET' && call.path === `/api/clients/${CLIENT_ID}`) return ok({ ...clientMatch(), groups: [] });
      if (call.path === '/api/clients/search') return ok([]);
      return undefined;
    });
    const view = renderLoanPage(<LoanApplyPage />, { path: '/loans/apply', at: `/loans/apply?clientId=${CLIENT_ID}` });
    expect(await screen.findByTitle('Lerato Dube')).toBeInTheDocument();
    const user = typist();
    openPicker(LOAN_TEXT.product);
    await waitFor(() => pickOpenOption('Personal loan (ZAR)'));
    await user.type(amountField(), '2000');
    await user.type(screen.getByLabelText(LOAN_TEXT.instalments), '3');
    await user.click(screen.getByRole('button', { name: LOAN_TEXT.submitApplication }));
    await waitFor(() => expect(view.location().pathname).toBe(`/loans/${LOAN_ID}`));
    expect(writes(calls).find((c) => c.path === '/api/loans')!.body).toMatchObject({ clientId: CLIENT_ID, principalMinor: 200_000 });
  });

  test('nothing is sent without a client and a product; the form says what is missing', async () => {
    const { calls } = server();
    renderApply();
    const user = typist();
    await user.type(amountField(), '1000');
    await user.type(screen.getByLabelText(LOAN_TEXT.instalments), '6');
    await user.click(screen.getByRole('button', { name: LOAN_TEXT.submitApplication }));
    expect(await screen.findByText(LOAN_TEXT.pickClient)).toBeInTheDocument();
    expect(screen.getByText(LOAN_TEXT.pickProduct)).toBeInTheDocument();
    expect(writes(calls).filter((c) => c.path === '/api/loans')).toHaveLength(0);
  });
});
