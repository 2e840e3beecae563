import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatMinor } from '@meridian/shared/money-text';
import { confirmDialog, fakeServer, openPicker, page, pickOption, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { fail, findDialog, ok, renderSalesPage, resetSession, signInSales, typist } from '../testing/sales-test-kit';
import PaymentCreatePage from './payment-create-page';
import PaymentEditPage from './payment-edit-page';
import PaymentsListPage from './payments-list-page';
import { paymentRoutes } from './payment-routes';
import { CHANNEL_NAMES, PAYMENT_TEXT } from './payment-text';
import { lendingServer, type Answer } from '../loans/loans-test-kit';
import { LOAN_ID, loan, loanDetails, NEW_PAYMENT_ID, payment, PAYMENT_ID, pendingReversal } from './payment-test-kit';

jest.setTimeout(30_000);

const LIST = '/api/clients/payments';
const LOAN = `/api/loans/${LOAN_ID}`;
const CREDIT_STAFF = ['CLIENTS', 'CLIENTS/EDIT', 'LOAN/DISBURSEMENTS'];

afterEach(resetSession);

// The page's text is matched with its spaces normalised (formatMinor writes a no-break space).
const zar = (minor: number) => formatMinor(minor, 'ZAR').replace(/\s/g, ' ');
const figure = (label: string, minor: number) =>
  screen.findByText(zar(minor), { selector: `[aria-label="${label}: ${formatMinor(minor, 'ZAR')}"]` });

describe('the payments list', () => {
  beforeEach(() => signInSales(['CLIENTS']));

  test('asks the server for one page, latest paid first, and marks a reversed payment', async () => {
    const zero = { feeMinor: 0, interestMinor: 0, principalMinor: 0, overpaymentMinor: 0 };
    const { callsTo } = fakeServer((call) =>
      call.path === LIST
        ? page(
            [
              payment(),
              payment({
                id: NEW_PAYMENT_ID,
                reversed: true,
                reversedAt: '2025-02-01T10:00:00.000Z',
                channel: 'mobile-money',
                allocation: zero,
              }),
            ],
            120,
          )
        : undefined,
    );
    renderSalesPage(<PaymentsListPage />, { path: '/clients/payments', at: '/clients/payments?reversed=true' });
    const table = await screen.findByRole('table', { name: PAYMENT_TEXT.payments });
    expect(await within(table).findAllByText('Lerato Dube')).toHaveLength(2);
    expect(within(table).getByText(PAYMENT_TEXT.reversed)).toHaveClass('ant-tag');
    expect(within(table).getAllByText(zar(5000))).toHaveLength(2);
    expect(queryOf(callsTo(LIST)[0]!)).toMatchObject({ page: '1', sortField: 'paidOn', sortOrder: 'DESC', reversed: 'true' });
    expect(screen.getByText(/of 120/)).toBeInTheDocument();
    // Only those who take payments are offered to take one.
    expect(screen.queryByText(PAYMENT_TEXT.newPayment)).not.toBeInTheDocument();
  });

  test("each row shows its channel and the allocation the server answered (a reversed one's is zero)", async () => {
    const zero = { feeMinor: 0, interestMinor: 0, principalMinor: 0, overpaymentMinor: 0 };
    fakeServer((call) =>
      call.path === LIST
        ? page([
            payment({
              channel: 'mobile-money',
              allocation: { feeMinor: 500, interestMinor: 1000, principalMinor: 3300, overpaymentMinor: 200 },
            }),
            payment({ id: NEW_PAYMENT_ID, reversed: true, channel: 'debit-order', amountMinor: 7700, allocation: zero }),
          ])
        : undefined,
    );
    renderSalesPage(<PaymentsListPage />, { path: '/clients/payments', at: '/clients/payments' });
    const table = await screen.findByRole('table', { name: PAYMENT_TEXT.payments });
    for (const title of [PAYMENT_TEXT.channel, PAYMENT_TEXT.fees, PAYMENT_TEXT.interest, PAYMENT_TEXT.principal, PAYMENT_TEXT.overpaid])
      expect(within(table).getByRole('columnheader', { name: title })).toBeInTheDocument();
    const [live, reversed] = (await within(table).findAllByRole('row')).filter((row) => within(row).queryByText('Lerato Dube'));
    expect(within(live!).getByText(CHANNEL_NAMES['mobile-money'])).toBeInTheDocument();
    for (const minor of [500, 1000, 3300, 200]) expect(within(live!).getByText(zar(minor))).toBeInTheDocument();
    expect(within(reversed!).getByText(CHANNEL_NAMES['debit-order'])).toBeInTheDocument();
    expect(within(reversed!).getAllByText(zar(0))).toHaveLength(4);
  });

  test('the days paid come from the address, a picked day asks the server again, and an end before the start is not sent', async () => {
    const { callsTo } = fakeServer((call) => (call.path === LIST ? page([payment()]) : undefined));
    renderSalesPage(<PaymentsListPage />, { path: '/clients/payments', at: '/clients/payments?from=2025-01-01&to=2025-01-31' });
    await screen.findByRole('table', { name: PAYMENT_TEXT.payments });
    expect(queryOf(callsTo(LIST)[0]!)).toMatchObject({ from: '2025-01-01', to: '2025-01-31' });
    expect(screen.getByLabelText(PAYMENT_TEXT.paidFrom)).toHaveValue('2025-01-01');

    fireEvent.change(screen.getByLabelText(PAYMENT_TEXT.paidTo), { target: { value: '2025-01-15' } });
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!)).toMatchObject({ from: '2025-01-01', to: '2025-01-15' }));

    fireEvent.change(screen.getByLabelText(PAYMENT_TEXT.paidTo), { target: { value: '2024-12-01' } });
    expect(await screen.findByText(PAYMENT_TEXT.endBeforeStart)).toBeInTheDocument();
    expect(screen.getByLabelText(PAYMENT_TEXT.paidTo)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!).to).toBeUndefined());
    expect(callsTo(LIST).every((call) => queryOf(call).to !== '2024-12-01')).toBe(true);

    fireEvent.change(screen.getByLabelText(PAYMENT_TEXT.paidFrom), { target: { value: '' } });
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!)).toMatchObject({ to: '2024-12-01' }));
    expect(queryOf(callsTo(LIST).at(-1)!).from).toBeUndefined();
  });

  test('an empty list says so', async () => {
    fakeServer((call) => (call.path === LIST ? page([], 0) : undefined));
    renderSalesPage(<PaymentsListPage />, { path: '/clients/payments', at: '/clients/payments' });
    expect(await screen.findByText(PAYMENT_TEXT.noPayments)).toBeInTheDocument();
  });
});

describe('taking a payment', () => {
  beforeEach(() => signInSales(CREDIT_STAFF));

  const renderCreate = () =>
    renderSalesPage(<PaymentCreatePage />, { path: '/clients/payments/create', at: `/clients/payments/create?loanId=${LOAN_ID}` });
  /** The loan of the address and the search that finds it, behind a test's own answers. */
  const takeServer = (also?: Answer) =>
    lendingServer((call) => (call.path === LOAN ? ok(loanDetails()) : call.path === '/api/loans' ? page([loan()]) : undefined), also);

  test('sends the typed money as integer minor units with the chosen channel, and then shows the allocation the server answered', async () => {
    // What the server allocated: the other 65.00 of instalment 1's principal, all of instalment 2, 70.00 over.
    const taken = payment({
      id: NEW_PAYMENT_ID,
      amountMinor: 25000,
      paidOn: '2025-02-10',
      channel: 'mobile-money',
      reference: 'MPESA-9',
      allocation: { feeMinor: 500, interestMinor: 1000, principalMinor: 16500, overpaymentMinor: 7000 },
    });
    const { calls } = takeServer((call) => (call.method === 'POST' && call.path === LIST ? { ...ok(taken), status: 201 } : undefined));
    renderCreate();
    // The loan of the address is chosen, with what it still owes.
    expect(await screen.findByText(zar(18000))).toBeInTheDocument();
    const user = typist();
    await user.type(screen.getByLabelText('Amount (ZAR)'), '250.00');
    fireEvent.change(screen.getByLabelText(PAYMENT_TEXT.paidOn), { target: { value: '2025-02-10' } });
    expect(screen.getByRole('combobox', { name: PAYMENT_TEXT.channel }).closest('.ant-select')).toHaveTextContent(CHANNEL_NAMES.cash);
    openPicker(PAYMENT_TEXT.channel);
    await waitFor(() => pickOption(CHANNEL_NAMES['mobile-money']));
    await user.type(screen.getByLabelText(PAYMENT_TEXT.reference), 'MPESA-9');
    await user.click(screen.getByRole('button', { name: PAYMENT_TEXT.takePayment }));

    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({
      loanId: LOAN_ID,
      amountMinor: 25000,
      paidOn: '2025-02-10',
      channel: 'mobile-money',
      reference: 'MPESA-9',
    });
    expect(Number.isInteger((writes(calls)[0]!.body as { amountMinor: number }).amountMinor)).toBe(true);

    expect(await screen.findByText(PAYMENT_TEXT.paymentTaken, { selector: '.ant-result-title' })).toBeInTheDocument();
    expect(await figure(PAYMENT_TEXT.fees, 500)).toBeInTheDocument();
    expect(await figure(PAYMENT_TEXT.interest, 1000)).toBeInTheDocument();
    expect(await figure(PAYMENT_TEXT.principal, 16500)).toBeInTheDocument();
    expect(await figure(PAYMENT_TEXT.overpayment, 7000)).toBeInTheDocument();
    // Shown as answered: nothing is read again to replay the loan in the browser.
    expect(calls.filter((call) => call.method === 'GET' && call.path === LIST)).toHaveLength(0);
  });

  test.each([
    ['channel', 'channel', 'A channel is one of cash.'],
    ['amount', 'amountMinor', 'The amount paid is at most 9 minor units.'],
  ])("the server's refusal of the %s is shown on its field", async (_field, sent, refusal) => {
    takeServer((call) =>
      call.method === 'POST' ? fail(400, 'VALIDATION_ERROR', 'Invalid', { fieldErrors: { [sent]: [refusal] } }) : undefined,
    );
    renderCreate();
    await screen.findByText(zar(18000));
    const user = typist();
    await user.type(screen.getByLabelText('Amount (ZAR)'), '10');
    await user.click(screen.getByRole('button', { name: PAYMENT_TEXT.takePayment }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  test('an amount that is no money is refused as it is typed, and nothing is sent', async () => {
    const { calls } = takeServer();
    renderCreate();
    await screen.findByText(zar(18000));
    const user = typist();
    await user.type(screen.getByLabelText('Amount (ZAR)'), '12.345');
    expect(await screen.findByText(PAYMENT_TEXT.notAnAmount)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: PAYMENT_TEXT.takePayment }));
    expect(writes(calls)).toHaveLength(0);
  });
});

describe('one payment', () => {
  const renderEdit = (at = `/clients/payments/edit?id=${PAYMENT_ID}`) =>
    renderSalesPage(<PaymentEditPage />, { path: '/clients/payments/edit', at });

  const server = (reverse?: () => ReturnType<typeof ok>, read = payment()) =>
    fakeServer((call) => {
      if (call.method === 'GET' && call.path === `${LIST}/${PAYMENT_ID}`) return ok(read);
      if (call.method === 'POST' && call.path === `${LIST}/${PAYMENT_ID}/reverse` && reverse) return reverse();
      if (call.method === 'PUT' && call.path === `${LIST}/${PAYMENT_ID}`)
        return ok(
          payment({
            channel: 'bank-transfer',
            dateModified: '2025-02-11T09:00:00.000Z',
            allocation: { feeMinor: 500, interestMinor: 0, principalMinor: 0, overpaymentMinor: 0 },
          }),
        );
      return undefined;
    });

  test("shows the server's allocation, and a reversal needs a reason before anything is sent", async () => {
    signInSales(CREDIT_STAFF);
    const { calls } = server(() =>
      ok(
        payment({
          reversed: true,
          reversedAt: '2025-02-10T10:00:00.000Z',
          allocation: { feeMinor: 0, interestMinor: 0, principalMinor: 0, overpaymentMinor: 0 },
        }),
      ),
    );
    renderEdit();
    expect(await figure(PAYMENT_TEXT.fees, 500)).toBeInTheDocument();
    expect(await figure(PAYMENT_TEXT.interest, 1000)).toBeInTheDocument();
    expect(await figure(PAYMENT_TEXT.principal, 3500)).toBeInTheDocument();
    expect(await figure(PAYMENT_TEXT.overpayment, 0)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === LOAN || (call.method === 'GET' && call.path === LIST))).toHaveLength(0);
    const user = typist();
    await user.click(screen.getByRole('button', { name: PAYMENT_TEXT.reverse }));
    const dialog = await findDialog(PAYMENT_TEXT.reverseQuestion);
    await user.click(within(dialog).getByRole('button', { name: PAYMENT_TEXT.reverse }));
    expect(await within(dialog).findByText(PAYMENT_TEXT.reasonRequired)).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(PAYMENT_TEXT.reason), 'Cheque bounced');
    await user.click(within(dialog).getByRole('button', { name: PAYMENT_TEXT.reverse }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ note: 'Cheque bounced' });
    expect(await screen.findByText(PAYMENT_TEXT.reversedPaysNothing)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PAYMENT_TEXT.reverse })).not.toBeInTheDocument();
  });

  test('a reversal held for a checker (202) is shown as pending, not as done', async () => {
    signInSales(CREDIT_STAFF);
    server(() => ({ ...ok(pendingReversal()), status: 202 }));
    renderEdit();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: PAYMENT_TEXT.reverse }));
    const dialog = await findDialog(PAYMENT_TEXT.reverseQuestion);
    await user.type(within(dialog).getByLabelText(PAYMENT_TEXT.reason), 'Bounced');
    await user.click(within(dialog).getByRole('button', { name: PAYMENT_TEXT.reverse }));
    expect(await screen.findByText(PAYMENT_TEXT.reversalPending)).toBeInTheDocument();
    expect(screen.queryByText(PAYMENT_TEXT.paymentReversed)).not.toBeInTheDocument();
    expect(screen.getAllByText(PAYMENT_TEXT.live)[0]).toHaveClass('ant-tag');
    expect(screen.queryByRole('button', { name: PAYMENT_TEXT.reverse })).not.toBeInTheDocument();
  });

  test('a reversal already waiting for a checker is shown as pending when the page is opened again', async () => {
    signInSales(CREDIT_STAFF);
    server(undefined, payment({ pendingReversal: true }));
    renderEdit();
    expect(await screen.findByText(PAYMENT_TEXT.reversalPending)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_TEXT.reversalPendingSince)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PAYMENT_TEXT.reverse })).not.toBeInTheDocument();
    expect(await figure(PAYMENT_TEXT.principal, 3500)).toBeInTheDocument();
  });

  test('an amendment sends the chosen channel and shows the allocation the server answers for it', async () => {
    signInSales(CREDIT_STAFF);
    const { calls } = server();
    renderEdit();
    expect(await screen.findByText(PAYMENT_TEXT.amend)).toBeInTheDocument();
    expect(screen.getByText(CHANNEL_NAMES.cash, { selector: '.ant-descriptions-item-content' })).toBeInTheDocument();
    openPicker(PAYMENT_TEXT.channel);
    await waitFor(() => pickOption(CHANNEL_NAMES['bank-transfer']));
    await typist().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ amountMinor: 5000, paidOn: '2025-01-20', channel: 'bank-transfer', reference: 'RCPT-1' });
    expect(await figure(PAYMENT_TEXT.interest, 0)).toBeInTheDocument();
    expect(screen.getByText(CHANNEL_NAMES['bank-transfer'], { selector: '.ant-descriptions-item-content' })).toBeInTheDocument();
  });

  test('those who only take payments may amend but are not offered the reversal', async () => {
    signInSales(['CLIENTS', 'CLIENTS/EDIT']);
    server();
    renderEdit();
    expect(await screen.findByText(PAYMENT_TEXT.amend)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PAYMENT_TEXT.reverse })).not.toBeInTheDocument();
    expect(confirmDialog()).toBeNull();
  });

  test('without a payment in the address it says to open one from the list', async () => {
    signInSales(CREDIT_STAFF);
    fakeServer(() => undefined);
    renderEdit('/clients/payments/edit');
    expect(await screen.findByText(PAYMENT_TEXT.noPaymentChosen)).toBeInTheDocument();
  });
});

describe('who opens the payment screens', () => {
  test('credit staff without CLIENTS open the list and a payment, and take payments, as the API lets them', () => {
    const opens = (path: string) => paymentRoutes.find((route) => route.path === path)!.meta.allowedPermissions;
    expect(opens('/clients/payments')).toEqual(expect.arrayContaining(['CLIENTS', 'LOAN/DISBURSEMENTS']));
    expect(opens('/clients/payments/edit')).toEqual(expect.arrayContaining(['CLIENTS', 'LOAN/DISBURSEMENTS']));
    expect(opens('/clients/payments/create')).toEqual(expect.arrayContaining(['CLIENTS/EDIT', 'LOAN/DISBURSEMENTS']));
    expect(opens('/clients/payments/create')).not.toContain('CLIENTS');
  });
});
