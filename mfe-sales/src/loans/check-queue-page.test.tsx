import { screen, waitFor, within } from '@testing-library/react';
import {
  checkRequest,
  fail,
  lendingServer,
  findDialog,
  LOAN_ID,
  ok,
  page,
  queryOf,
  REQUEST_ID,
  renderLoanPage,
  resetSession,
  SALES_USER_ID,
  signInCredit,
  typist,
  writes,
  type Answer,
} from './loans-test-kit';
import { CHECKED_ACTION_LABELS, LOAN_TEXT } from './loan-text';
import CheckQueuePage from './check-queue-page';

jest.setTimeout(40_000);

const LIST = '/api/maker-checker/requests';
const SELF_APPROVAL = 'You made this request: another user must check it.';

const server = (rows: () => unknown[], also?: Answer) =>
  lendingServer((call) => {
    if (call.method === 'GET' && call.path === LIST) return page(rows());
    return undefined;
  }, also);

beforeEach(() => signInCredit());
afterEach(resetSession);

const renderQueue = () => renderLoanPage(<CheckQueuePage />, { path: '/loans/approvals', at: '/loans/approvals' });

describe('the maker-checker queue', () => {
  test('asks for the pending requests and shows what each asks for, linked to its loan; the user’s own says it waits for someone else', async () => {
    const { callsTo } = server(() => [
      checkRequest({ payload: { approvedMinor: 1_200_000, note: 'Committee' } }),
      checkRequest({ id: 'r2', action: 'write-off', makerUserId: SALES_USER_ID, makerName: 'Thandi Mokoena' }),
    ]);
    renderQueue();
    const table = await screen.findByRole('table', { name: LOAN_TEXT.requests });
    const first = (await within(table).findByRole('link', { name: CHECKED_ACTION_LABELS['loan-approval'] })).closest('tr')!;
    expect(within(first).getByRole('link')).toHaveAttribute('href', `/loans/${LOAN_ID}`);
    expect(first).toHaveTextContent('approvedMinor: 12000.00, note: Committee');
    expect(first).not.toHaveTextContent(LOAN_TEXT.ownRequest);
    const own = within(table).getByText('Thandi Mokoena').closest('tr')!;
    expect(own).toHaveTextContent(LOAN_TEXT.ownRequest);
    expect(within(own).getByRole('button', { name: LOAN_TEXT.withdrawRequest })).toBeInTheDocument();
    expect(queryOf(callsTo(LIST)[0]!)).toMatchObject({ status: 'pending' });
  });

  test('approving one’s own request shows the server’s refusal (403) and leaves it pending', async () => {
    const { calls } = server(
      () => [checkRequest({ makerUserId: SALES_USER_ID, makerName: 'Thandi Mokoena' })],
      (call) => (call.method === 'POST' ? fail(403, 'FORBIDDEN', SELF_APPROVAL) : undefined),
    );
    renderQueue();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: LOAN_TEXT.approve }));
    const dialog = await findDialog(`${LOAN_TEXT.approveRequest}: ${CHECKED_ACTION_LABELS['loan-approval']}`);
    await user.click(within(dialog).getByRole('button', { name: LOAN_TEXT.approveRequest }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SELF_APPROVAL);
    expect(writes(calls).map((c) => c.path)).toEqual([`/api/maker-checker/requests/${REQUEST_ID}/approve`]);
    expect(screen.queryByText(LOAN_TEXT.requestDone)).toBeNull();
  });

  test('another user’s request approved with a note: the server is told, the queue reads again', async () => {
    let rows = [checkRequest()];
    const { calls, callsTo } = server(
      () => rows,
      (call) => {
        if (call.method !== 'POST') return undefined;
        rows = [];
        return ok(checkRequest({ status: 'approved' }));
      },
    );
    renderQueue();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: LOAN_TEXT.approve }));
    const dialog = await findDialog(`${LOAN_TEXT.approveRequest}: ${CHECKED_ACTION_LABELS['loan-approval']}`);
    await user.type(within(dialog).getByLabelText(LOAN_TEXT.decisionNote), 'Checked the payslip');
    await user.click(within(dialog).getByRole('button', { name: LOAN_TEXT.approveRequest }));
    await waitFor(() => expect(callsTo(LIST)).toHaveLength(2));
    expect(writes(calls)[0]!.body).toEqual({ note: 'Checked the payslip' });
    expect(await screen.findByText(LOAN_TEXT.noRequests)).toBeInTheDocument();
  });
});
