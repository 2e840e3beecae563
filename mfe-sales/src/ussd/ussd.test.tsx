import { screen, waitFor, within } from '@testing-library/react';
import { confirmDialog, fakeServer, page, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { MESSAGES } from '@meridian/shared/messages';
import { fail, ok, renderSalesPage, resetSession, signInSales, typist } from '../testing/sales-test-kit';
import UssdClientsPage from './ussd-clients-page';
import UssdDashboardPage from './ussd-dashboard-page';
import UssdSessionsPage from './ussd-sessions-page';
import { CHOICE_LABELS, OUTCOME_LABELS, USSD_TEXT } from './ussd-text';
import { dashboard, SESSION_ID, sessionDetails, USSD_CLIENT_ID, ussdClient, ussdSession } from './ussd-test-kit';

jest.setTimeout(30_000);

const CLIENTS = '/api/clients/ussd/clients';
const DEREGISTER = `/api/clients/deregister-client-ussd-security/${USSD_CLIENT_ID}`;
const SESSIONS = '/api/clients/ussd/sessions';
const DASHBOARD = '/api/clients/ussd/dashboard';

beforeEach(() => signInSales(['CLIENTS', 'CLIENTS/USSD']));
afterEach(resetSession);

const deregisterButton = () => screen.findByRole('button', { name: `${USSD_TEXT.deregister} Sipho Nkosi` });

describe('the registered USSD clients', () => {
  const renderClients = () => renderSalesPage(<UssdClientsPage />, { path: '/clients/ussd/clients', at: '/clients/ussd/clients' });

  test('deregistering asks first; cancelled, nothing is sent; confirmed, the spec call is made for the client and the list reloads', async () => {
    const { calls, callsTo } = fakeServer((call) => {
      if (call.path === CLIENTS) return page([ussdClient()]);
      if (call.method === 'DELETE' && call.path === DEREGISTER) return ok(null, 'USSD PIN removed.');
      return undefined;
    });
    renderClients();
    expect(await screen.findByText('0821234567')).toBeInTheDocument();
    expect(queryOf(callsTo(CLIENTS)[0]!)).toMatchObject({ sortField: 'registeredDate', sortOrder: 'DESC' });
    const user = typist();
    await user.click(await deregisterButton());
    const question = await screen.findByText(USSD_TEXT.deregisterQuestion('Sipho Nkosi'), { selector: '.ant-modal-confirm-title' });
    expect(screen.getByText(USSD_TEXT.deregisterDetail)).toBeInTheDocument();
    await user.click(within(question.closest<HTMLElement>('.ant-modal-confirm')!).getByRole('button', { name: MESSAGES.cancelAction }));
    expect(writes(calls)).toHaveLength(0);

    await user.click(await deregisterButton());
    // The cancelled dialog may still be closing: the one to answer is the newest.
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm').length).toBeGreaterThan(0));
    const dialogs = document.querySelectorAll<HTMLElement>('.ant-modal-confirm');
    await user.click(within(dialogs[dialogs.length - 1]!).getByRole('button', { name: USSD_TEXT.deregister }));
    await waitFor(() => expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE ${DEREGISTER}`]));
    await waitFor(() => expect(callsTo(CLIENTS).length).toBe(2));
  });

  test("the server's refusal is shown", async () => {
    fakeServer((call) => {
      if (call.path === CLIENTS) return page([ussdClient()]);
      if (call.method === 'DELETE') return fail(404, 'NOT_FOUND', 'A USSD registration of this client was not found.');
      return undefined;
    });
    renderClients();
    const user = typist();
    await user.click(await deregisterButton());
    await waitFor(() => expect(confirmDialog()).not.toBeNull());
    await user.click(within(confirmDialog()!).getByRole('button', { name: USSD_TEXT.deregister }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A USSD registration of this client was not found.');
  });

  test('a deregistered client is not offered deregistering again', async () => {
    fakeServer((call) => (call.path === CLIENTS ? page([ussdClient({ status: 'deregistered' })]) : undefined));
    renderClients();
    expect(await screen.findByText(USSD_TEXT.deregistered)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `${USSD_TEXT.deregister} Sipho Nkosi` })).not.toBeInTheDocument();
  });

  test('an empty list says so', async () => {
    fakeServer((call) => (call.path === CLIENTS ? page([], 0) : undefined));
    renderClients();
    expect(await screen.findByText(USSD_TEXT.noClients)).toBeInTheDocument();
  });
});

describe('the USSD sessions', () => {
  test("a session's steps open in a drawer: what was typed (a PIN as asterisks), the choice and the answer", async () => {
    const { callsTo } = fakeServer((call) => {
      if (call.path === SESSIONS) return page([ussdSession()]);
      if (call.path === `${SESSIONS}/${SESSION_ID}`) return ok(sessionDetails());
      return undefined;
    });
    renderSalesPage(<UssdSessionsPage />, { path: '/clients/ussd/sessions', at: '/clients/ussd/sessions' });
    const table = await screen.findByRole('table', { name: USSD_TEXT.sessions });
    expect(await within(table).findByText(OUTCOME_LABELS.balance)).toHaveClass('ant-tag');
    expect(queryOf(callsTo(SESSIONS)[0]!)).toMatchObject({ sortField: 'startedAt', sortOrder: 'DESC' });
    await typist().click(within(table).getByRole('button', { name: new RegExp(`^${USSD_TEXT.showSteps}`) }));
    const steps = await screen.findByRole('table', { name: USSD_TEXT.steps });
    const rows = await within(steps).findAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText(USSD_TEXT.nothingTyped)).toBeInTheDocument();
    expect(within(rows[2]!).getByText('****')).toBeInTheDocument();
    expect(within(rows[3]!).getByText(CHOICE_LABELS.balance)).toBeInTheDocument();
    expect(within(rows[3]!).getByText(USSD_TEXT.endAnswer)).toBeInTheDocument();
  });
});

describe('the USSD dashboard', () => {
  test('shows the sessions, the completion rate, every day of the window (none as zero) and the top choices', async () => {
    const { callsTo } = fakeServer((call) => (call.path === DASHBOARD ? ok(dashboard()) : undefined));
    renderSalesPage(<UssdDashboardPage />, {
      path: '/clients/ussd/dashboard',
      at: '/clients/ussd/dashboard?from=2025-02-01&to=2025-02-03',
    });
    const rate = await screen.findByRole('figure', { name: USSD_TEXT.completionRate });
    expect(rate).toHaveTextContent('75%');
    expect(screen.getByRole('figure', { name: USSD_TEXT.sessionCount })).toHaveTextContent('8');
    expect(screen.getByRole('figure', { name: USSD_TEXT.completedCount })).toHaveTextContent('6');
    expect(queryOf(callsTo(DASHBOARD)[0]!)).toMatchObject({ from: '2025-02-01', to: '2025-02-03' });
    const perDay = within(screen.getByRole('list', { name: USSD_TEXT.perDay })).getAllByRole('listitem');
    expect(perDay.map((item) => item.getAttribute('aria-label')?.split(': ')[1])).toEqual(['5', '0', '3']);
    const choices = within(screen.getByRole('list', { name: USSD_TEXT.topChoices })).getAllByRole('listitem');
    expect(choices.map((item) => item.getAttribute('aria-label'))).toEqual([
      `${CHOICE_LABELS.balance}: 4`,
      `${CHOICE_LABELS.statement}: 2`,
    ]);
  });

  test('a window without sessions says so', async () => {
    fakeServer((call) =>
      call.path === DASHBOARD ? ok(dashboard({ sessions: 0, completed: 0, completionPercent: 0, days: [], topChoices: [] })) : undefined,
    );
    renderSalesPage(<UssdDashboardPage />, { path: '/clients/ussd/dashboard', at: '/clients/ussd/dashboard' });
    expect(await screen.findByText(USSD_TEXT.noSessionsInWindow)).toBeInTheDocument();
  });
});
