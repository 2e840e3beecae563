import { screen, waitFor, within } from '@testing-library/react';
import type { LoanDetails } from '@meridian/shared/contract/loan';
import {
  checkRequest,
  fail,
  lendingServer,
  findDialog,
  instalment,
  LOAN_ID,
  loanDetails,
  ok,
  rands,
  renderLoanPage,
  resetSession,
  signInCredit,
  typist,
  writes,
  type Answer,
} from './loans-test-kit';
import { LOAN_TEXT, pendingText } from './loan-text';
import LoanPage from './loan-page';

jest.setTimeout(40_000);

const ONE = `/api/loans/${LOAN_ID}`;
const APPROVE = `${ONE}/approve`;

const server = (current: () => LoanDetails, also?: Answer) =>
  lendingServer((call) => {
    if (call.method === 'GET' && call.path === ONE) return ok(current());
    return undefined;
  }, also);

afterEach(resetSession);

const renderLoan = (search = '') => renderLoanPage(<LoanPage />, { path: '/loans/:id', at: `/loans/${LOAN_ID}${search}` });
const actionButtons = () =>
  [LOAN_TEXT.approve, LOAN_TEXT.reject, LOAN_TEXT.disburse, LOAN_TEXT.writeOff].filter((name) => screen.queryByRole('button', { name }));

describe('a loan’s page', () => {
  test('offers only the moves its status allows and the user may make', async () => {
    signInCredit();
    let current = loanDetails({ status: 'submitted' });
    server(() => current);
    let view = renderLoan();
    await screen.findByRole('button', { name: LOAN_TEXT.approve });
    expect(actionButtons()).toEqual([LOAN_TEXT.approve, LOAN_TEXT.reject]);
    view.unmount();

    current = loanDetails({ status: 'approved', approvedMinor: 1_500_000 });
    view = renderLoan();
    await screen.findByRole('button', { name: LOAN_TEXT.disburse });
    expect(actionButtons()).toEqual([LOAN_TEXT.disburse]);
    view.unmount();

    current = loanDetails({ status: 'closed' });
    view = renderLoan();
    expect(await screen.findByText(LOAN_TEXT.noActions)).toBeInTheDocument();
    expect(actionButtons()).toEqual([]);
    view.unmount();

    // A reader of loans (a client officer) sees the loan but no move.
    signInCredit(['CLIENTS']);
    current = loanDetails({ status: 'active' });
    renderLoan();
    expect(await screen.findByRole('tab', { name: LOAN_TEXT.schedule })).toBeInTheDocument();
    expect(actionButtons()).toEqual([]);
  });

  test('approving asks first, sends the note and an approved amount in minor units, says it is done and reads the loan again', async () => {
    signInCredit();
    let current = loanDetails({ status: 'submitted' });
    const { calls, callsTo } = server(
      () => current,
      (call) => {
        if (call.method !== 'POST' || call.path !== APPROVE) return undefined;
        current = loanDetails({ status: 'approved', approvedMinor: 1_200_000 });
        return ok(current);
      },
    );
    renderLoan();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: LOAN_TEXT.approve }));
    const dialog = await findDialog(LOAN_TEXT.approveQuestion);
    await user.type(within(dialog).getByLabelText(LOAN_TEXT.approvedAmount), '20 000');
    expect(await within(dialog).findByText(/At most the approved amount/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(LOAN_TEXT.approvedAmount));
    await user.type(within(dialog).getByLabelText(LOAN_TEXT.approvedAmount), '12 000');
    await user.type(within(dialog).getByLabelText(LOAN_TEXT.note), 'Committee: R12k');
    await user.click(within(dialog).getByRole('button', { name: LOAN_TEXT.approve }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ note: 'Committee: R12k', approvedMinor: 1_200_000 });
    expect(await screen.findByText(LOAN_TEXT.approved)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(ONE)).toHaveLength(2));
    expect(await screen.findByRole('button', { name: LOAN_TEXT.disburse })).toBeInTheDocument();
  });

  test('a 202 from maker-checker is shown as waiting for a second user, not as done: the loan stays as it was', async () => {
    signInCredit();
    const { callsTo } = server(
      () => loanDetails({ status: 'submitted' }),
      (call) =>
        call.method === 'POST' && call.path === APPROVE
          ? {
              ...ok(checkRequest({ payload: {}, makerUserId: '20000000-0000-4000-8000-000000000002' }), 'The approval waits for a checker'),
              status: 202,
            }
          : undefined,
    );
    renderLoan();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: LOAN_TEXT.approve }));
    const dialog = await findDialog(LOAN_TEXT.approveQuestion);
    await user.click(within(dialog).getByRole('button', { name: LOAN_TEXT.approve }));
    const pending = await screen.findByRole('status');
    expect(pending).toHaveTextContent(LOAN_TEXT.pendingTitle);
    expect(pending).toHaveTextContent(pendingText('loan-approval'));
    expect(screen.queryByText(LOAN_TEXT.approved)).toBeNull();
    expect(callsTo(ONE)).toHaveLength(1);
    expect(screen.getByText('Submitted')).toBeInTheDocument();
  });

  test('the server’s refusal (the loan moved meanwhile) is shown in the dialog', async () => {
    signInCredit();
    const refusal = 'A loan in approved cannot move to rejected; allowed next: active.';
    server(
      () => loanDetails({ status: 'submitted' }),
      (call) => (call.method === 'POST' ? fail(409, 'CONFLICT', refusal) : undefined),
    );
    renderLoan();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: LOAN_TEXT.reject }));
    const dialog = await findDialog(LOAN_TEXT.rejectQuestion);
    await user.click(within(dialog).getByRole('button', { name: LOAN_TEXT.reject }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
  });

  test('the Schedule tab shows the API’s instalments with their amounts, what is paid and owed, and each one’s state', async () => {
    signInCredit(['CLIENTS']);
    server(() =>
      loanDetails({
        status: 'active',
        schedule: [
          instalment({
            number: 1,
            dueDate: '2020-02-10',
            paidPrincipalMinor: 490_000,
            paidInterestMinor: 30_000,
            paidFeeMinor: 5_000,
            outstandingMinor: 0,
          }),
          instalment({ number: 2, dueDate: '2020-03-10', paidFeeMinor: 5_000, outstandingMinor: 520_000 }),
          instalment({
            number: 3,
            dueDate: '2099-04-10',
            principalMinor: 520_000,
            interestMinor: 10_401,
            totalMinor: 535_401,
            outstandingMinor: 535_401,
          }),
        ],
        totals: { dueMinor: 1_585_401, paidMinor: 530_000, outstandingMinor: 1_055_401 },
      }),
    );
    renderLoan('?tab=schedule');
    const table = await screen.findByRole('table', { name: LOAN_TEXT.schedule });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent(`${rands(490_000)}${rands(30_000)}${rands(5_000)}${rands(525_000)}${rands(525_000)}${rands(0)}`);
    expect(rows[0]).toHaveTextContent(LOAN_TEXT.instalmentPaid);
    expect(rows[1]).toHaveTextContent(`${rands(5_000)}${rands(520_000)}${LOAN_TEXT.instalmentOverdue}`);
    expect(rows[2]).toHaveTextContent(`${rands(520_000)}${rands(10_401)}${rands(5_000)}${rands(535_401)}`);
    expect(rows[2]).toHaveTextContent(LOAN_TEXT.instalmentDue);
    expect(rows[3]).toHaveTextContent(`${LOAN_TEXT.total}${rands(1_585_401)}${rands(530_000)}${rands(1_055_401)}`);
  });

  test('the History tab lists who changed what and when, amounts in the loan’s currency', async () => {
    signInCredit(['CLIENTS']);
    server(() =>
      loanDetails({
        status: 'approved',
        history: [
          {
            id: 'c1',
            entity: 'loan',
            entityId: LOAN_ID,
            action: 'approved',
            changes: { status: ['submitted', 'approved'], approvedMinor: [null, 1_200_000] },
            userId: null,
            userName: 'Sipho Dlamini',
            dateCreated: '2026-01-06T08:00:00.000Z',
          },
        ],
      }),
    );
    renderLoan('?tab=history');
    const table = await screen.findByRole('table', { name: LOAN_TEXT.history });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Sipho Dlamini');
    expect(row).toHaveTextContent('status: submitted → approved');
    expect(row).toHaveTextContent(`approvedMinor: — → ${rands(1_200_000)}`);
  });
});
