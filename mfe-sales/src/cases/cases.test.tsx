import { fakeServer, openPicker, page, queryOf } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import { pickersAndMaps, pickOpenOption, SIPHO_AGENT } from '../activity-plans/activity-plan-test-kit';
import {
  fail,
  findDialog,
  ok,
  renderSalesPage,
  SALES_USER_ID,
  signInSales,
  signOut,
  typist,
  type FakeCall,
} from '../testing/sales-test-kit';
import CaseFormPage from './case-form-page';
import CasesListPage from './cases-list-page';
import { CASE_A, caseRow, cases, CLIENT_ID, clientMatch, LEAD_ID, leadMatch } from './case-test-kit';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';

const listPage = (at = '/sales/cases') => renderSalesPage(<CasesListPage />, { path: '/sales/cases', at });
const newCase = () => renderSalesPage(<CaseFormPage />, { path: '/sales/cases/add', at: '/sales/cases/add' });
const editCase = () => renderSalesPage(<CaseFormPage />, { path: '/sales/cases/edit/:id', at: `/sales/cases/edit/${CASE_A}` });

const server = (call: FakeCall) => {
  if (call.method === 'GET' && call.path === '/api/cases') return page(cases(), 2);
  if (call.method === 'GET' && call.path === `/api/cases/${CASE_A}`) return ok(caseRow());
  if (call.method === 'POST' && call.path === '/api/clients/search') return ok([clientMatch()]);
  if (call.method === 'POST' && call.path === '/api/leads/search') return ok([leadMatch()]);
  if (call.method === 'POST' && call.path === '/api/cases') return ok(caseRow());
  if (call.method === 'PUT' && call.path === `/api/cases/${CASE_A}`) return ok(caseRow({ status: 'CLOSED' }));
  return pickersAndMaps(call);
};
/** Changes to cases (searching clients and leads is a POST too, but changes nothing). */
const caseWrites = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET' && c.path.startsWith('/api/cases'));
const row = (title: string) => screen.getByRole('row', { name: new RegExp(title) });
const lastListQuery = (callsTo: (path: string) => FakeCall[]) => queryOf(callsTo('/api/cases').at(-1)!);

afterEach(signOut);
jest.setTimeout(60_000);
beforeEach(() => signInSales(['SALES/CASES', 'CLIENTS', 'SALES/LEADS']));

describe('cases list', () => {
  test('asks for the newest cases first, marks the overdue open ones, and narrows by status and to my own from page 1', async () => {
    const { callsTo } = fakeServer(server);
    const { location } = listPage('/sales/cases?page=2');
    expect(await screen.findByRole('link', { name: 'Missing payslip' })).toHaveAttribute('href', `/sales/cases/edit/${CASE_A}`);
    expect(lastListQuery(callsTo)).toEqual({
      page: '2',
      size: String(SETTING_DEFAULTS.defaultPageSize),
      sortField: 'dateCreated',
      sortOrder: 'DESC',
    });
    expect(within(row('Missing payslip')).getByText('Overdue')).toBeInTheDocument();
    expect(within(row('Callback request')).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(row('Callback request')).getByText('Lead: Naledi Khumalo')).toBeInTheDocument();

    openPicker('Filter by status');
    await waitFor(() => pickOpenOption('In progress'));
    await waitFor(() => expect(lastListQuery(callsTo)).toMatchObject({ status: 'IN_PROGRESS', page: '1' }));
    await typist().click(screen.getByRole('checkbox', { name: 'Mine only' }));
    await waitFor(() => expect(lastListQuery(callsTo)).toMatchObject({ status: 'IN_PROGRESS', ownerUserId: SALES_USER_ID }));
    expect(new URLSearchParams(location().search).get('owner')).toBe(SALES_USER_ID);
  });

  test('closing a case from its row asks first, then saves it as closed with everything else as it was', async () => {
    const { calls, callsTo } = fakeServer(server);
    listPage();
    await screen.findByRole('link', { name: 'Missing payslip' });
    // A closed case offers no close.
    expect(within(row('Callback request')).queryByRole('button', { name: 'Close Callback request' })).not.toBeInTheDocument();
    const user = typist();
    await user.click(within(row('Missing payslip')).getByRole('button', { name: 'Close Missing payslip' }));
    const dialog = await findDialog("Close the case 'Missing payslip'?");
    expect(caseWrites(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('The case has been closed.')).toBeInTheDocument();
    expect(callsTo(`/api/cases/${CASE_A}`).map((c) => c.body)).toEqual([
      {
        title: 'Missing payslip',
        description: 'Ask for the March payslip.',
        status: 'CLOSED',
        priority: 'HIGH',
        ownerUserId: SIPHO_AGENT,
        clientId: CLIENT_ID,
        leadId: null,
        dueDate: '2020-01-31',
      },
    ]);
  });
});

describe('case form', () => {
  test('a new case about a lead is saved with the lead found by name, and no client', async () => {
    const { callsTo } = fakeServer(server);
    const { location } = newCase();
    const user = typist();
    await user.type(screen.getByLabelText('Title'), 'x');
    await user.clear(screen.getByLabelText('Title'));
    expect(await screen.findByText('A title is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Send the offer');
    openPicker('Priority');
    await waitFor(() => pickOpenOption('Urgent'));
    await user.click(screen.getByRole('radio', { name: 'A lead' }));
    openPicker('Lead');
    await waitFor(() => pickOpenOption('Naledi Khumalo · 0841234567'));

    await user.click(screen.getByRole('button', { name: 'Create case' }));
    await waitFor(() => expect(location().pathname).toBe('/sales/cases'));
    expect(
      callsTo('/api/cases')
        .filter((c) => c.method === 'POST')
        .map((c) => c.body),
    ).toEqual([
      {
        title: 'Send the offer',
        description: null,
        status: 'OPEN',
        priority: 'URGENT',
        ownerUserId: null,
        clientId: null,
        leadId: LEAD_ID,
        dueDate: null,
      },
    ]);
  });

  test('closing an open case from its page asks first, then saves what was changed with the status closed', async () => {
    const { calls, callsTo } = fakeServer(server);
    const { location } = editCase();
    expect(await screen.findByDisplayValue('Missing payslip')).toBeInTheDocument();
    const user = typist();
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Payslip received.');

    await user.click(screen.getByRole('button', { name: /Close case/ }));
    const dialog = await findDialog("Close the case 'Missing payslip'?");
    expect(caseWrites(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location().pathname).toBe('/sales/cases'));
    expect(
      callsTo(`/api/cases/${CASE_A}`)
        .filter((c) => c.method === 'PUT')
        .map((c) => c.body),
    ).toEqual([
      {
        title: 'Missing payslip',
        description: 'Payslip received.',
        status: 'CLOSED',
        priority: 'HIGH',
        ownerUserId: SIPHO_AGENT,
        clientId: CLIENT_ID,
        leadId: null,
        dueDate: '2020-01-31',
      },
    ]);
  });

  test('a client the server refuses is named under the client, and what was typed stays', async () => {
    const message = 'Choose a client inside the tenant you are acting for.';
    fakeServer((call) =>
      call.method === 'PUT'
        ? fail(400, 'VALIDATION', 'Some fields are not valid.', { fieldErrors: { clientId: [message] } })
        : server(call),
    );
    editCase();
    expect(await screen.findByDisplayValue('Missing payslip')).toBeInTheDocument();
    const user = typist();
    await user.type(screen.getByLabelText('Title'), ' (2)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Missing payslip (2)');
    expect(screen.queryByRole('button', { name: /Close case/ })).toBeInTheDocument();
  });
});
