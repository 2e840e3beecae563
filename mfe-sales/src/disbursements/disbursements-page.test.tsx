import { screen, waitFor, within } from '@testing-library/react';
import { pickOpenOption } from '../activity-plans/activity-plan-test-kit';
import {
  checkRequest,
  lendingServer,
  loan,
  LOAN_ID,
  loanDetails,
  ok,
  openPicker,
  page,
  queryOf,
  rands,
  renderLoanPage,
  resetSession,
  signInCredit,
  typist,
  writes,
  type Answer,
} from '../loans/loans-test-kit';
import { LOAN_TEXT, pendingText } from '../loans/loan-text';
import { DISBURSEMENT_TEXT, disburseRowLabel, overApprovedError } from './disbursement-text';
import DisbursementsPage from './disbursements-page';

jest.setTimeout(40_000);

const DISBURSE = `/api/loans/${LOAN_ID}/disburse`;
const waiting = loan({ status: 'approved', approvedMinor: 1_200_000, approvedOn: '2026-11-20' });

const server = (also?: Answer) =>
  lendingServer((call) => {
    if (call.method === 'GET' && call.path === '/api/loans') return page([waiting]);
    if (call.method === 'GET' && call.path === '/api/disbursements')
      return page([
        {
          loanId: 'l9',
          clientId: 'c9',
          clientName: 'Naledi Khumalo',
          productName: 'Payroll loan',
          currency: 'ZAR',
          amountMinor: 800_000,
          disbursedOn: '2026-11-02',
          channel: 'mobile-money',
          status: 'active',
          tenantId: waiting.tenantId,
        },
      ]);
    if (call.method === 'POST' && call.path === DISBURSE)
      return ok(loanDetails({ status: 'active', disbursedMinor: (call.body as { amountMinor: number }).amountMinor }));
    return undefined;
  }, also);

beforeEach(() => signInCredit());
afterEach(resetSession);

const renderDisbursements = () => renderLoanPage(<DisbursementsPage />, { path: '/disbursements', at: '/disbursements' });

async function openDrawer() {
  const user = typist();
  await user.click(await screen.findByRole('button', { name: disburseRowLabel('Lerato Dube') }));
  const drawer = await screen.findByRole('dialog');
  expect(drawer).toHaveTextContent(`${DISBURSEMENT_TEXT.disburseTitle}: Lerato Dube`);
  return { user, drawer };
}

describe('disbursements', () => {
  test('lists the approved loans waiting (asked by status) and the recent disbursements with amount and channel', async () => {
    const { callsTo } = server();
    renderDisbursements();
    const waitingTable = await screen.findByRole('table', { name: DISBURSEMENT_TEXT.waiting });
    expect((await within(waitingTable).findByText('Lerato Dube')).closest('tr')).toHaveTextContent(rands(1_200_000));
    expect(queryOf(callsTo('/api/loans')[0]!)).toMatchObject({ status: 'approved' });
    const recent = screen.getByRole('table', { name: DISBURSEMENT_TEXT.recent });
    expect((await within(recent).findByText('Naledi Khumalo')).closest('tr')).toHaveTextContent(`${rands(800_000)}`);
    expect(within(recent).getByText('Naledi Khumalo').closest('tr')).toHaveTextContent('Mobile money');
  });

  test('the drawer starts at today and the approved amount, refuses more than approved, sends minor units and the channel, then opens the loan’s schedule', async () => {
    const { calls } = server();
    const view = renderDisbursements();
    const { user, drawer } = await openDrawer();
    const amount = within(drawer).getByLabelText(`${DISBURSEMENT_TEXT.amount} (ZAR)`);
    expect(amount).toHaveValue('12000.00');
    const day = within(drawer).getByLabelText(DISBURSEMENT_TEXT.disbursedOn) as HTMLInputElement;
    expect(day.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await user.clear(amount);
    await user.type(amount, '12 000,01');
    expect(await within(drawer).findByText(overApprovedError(rands(1_200_000)))).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '11 500');
    openPicker(DISBURSEMENT_TEXT.channel);
    await waitFor(() => pickOpenOption('Bank transfer'));
    await user.click(within(drawer).getByRole('button', { name: DISBURSEMENT_TEXT.disburse }));

    await waitFor(() => expect(view.location()).toEqual({ pathname: `/loans/${LOAN_ID}`, search: '?tab=schedule' }));
    expect(writes(calls).map((c) => c.body)).toEqual([
      { disbursedOn: day.value, amountMinor: 1_150_000, channel: 'bank-transfer', note: null },
    ]);
  });

  test('a disbursement held for a checker (202) is said to wait; the page stays', async () => {
    server((call) => (call.method === 'POST' ? { ...ok(checkRequest({ action: 'disbursement', payload: {} })), status: 202 } : undefined));
    const view = renderDisbursements();
    const { user, drawer } = await openDrawer();
    openPicker(DISBURSEMENT_TEXT.channel);
    await waitFor(() => pickOpenOption('Cash'));
    await user.click(within(drawer).getByRole('button', { name: DISBURSEMENT_TEXT.disburse }));
    const pending = await screen.findByRole('status');
    expect(pending).toHaveTextContent(LOAN_TEXT.pendingTitle);
    expect(pending).toHaveTextContent(pendingText('disbursement'));
    expect(view.location().pathname).toBe('/disbursements');
  });
});
