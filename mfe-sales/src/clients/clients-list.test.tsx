import { fakeServer, openPicker, page, pickOption, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { fail, findDialog, ok, renderSalesPage, signInSales, signOut, typist, type FakeCall } from '../testing/sales-test-kit';
import ClientsGridPage from './clients-grid-page';
import ClientsListPage from './clients-list-page';
import { ALL_CLIENT_PERMISSIONS, GROUP_ID, groupInFull, groupRow, inFull, lerato, LERATO_ID, sipho } from './clients-test-kit';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';

const listPage = (at = '/clients/list') => renderSalesPage(<ClientsListPage />, { path: '/clients/list', at });
const gridPage = (at = '/clients/grid') => renderSalesPage(<ClientsGridPage />, { path: '/clients/grid', at });

/** Lerato and Sipho, of 45 clients; the group picker's groups. */
const clients = (call: FakeCall) => {
  if (call.method === 'GET' && call.path === '/api/clients') return page([lerato(), sipho()], 45);
  if (call.method === 'GET' && call.path === '/api/clients/groups') return page([groupRow()]);
  if (call.method === 'GET' && call.path === `/api/clients/groups/${GROUP_ID}`) return page(groupInFull());
  return undefined;
};
const lastListQuery = (callsTo: (path: string) => FakeCall[]) => queryOf(callsTo('/api/clients').at(-1)!);

afterEach(signOut);
jest.setTimeout(60_000);

describe('clients list', () => {
  beforeEach(() => signInSales(ALL_CLIENT_PERMISSIONS));

  test('asks for the page in the address with the default order, and searches what is typed from page 1', async () => {
    const { callsTo } = fakeServer(clients);
    listPage('/clients/list?page=2');
    expect(await screen.findByText('Lerato Dube')).toBeInTheDocument();
    expect(lastListQuery(callsTo)).toEqual({
      page: '2',
      size: String(SETTING_DEFAULTS.defaultPageSize),
      sortField: 'dateCreated',
      sortOrder: 'DESC',
    });

    await typist().type(screen.getByRole('searchbox', { name: /Search name, e-mail, mobile or ID number/ }), 'dube');
    await waitFor(() =>
      expect(lastListQuery(callsTo)).toEqual({
        page: '1',
        size: String(SETTING_DEFAULTS.defaultPageSize),
        sortField: 'dateCreated',
        sortOrder: 'DESC',
        search: 'dube',
      }),
    );
  });

  test('a chosen group narrows the list to its members (groupId) and starts again from page 1', async () => {
    const { callsTo } = fakeServer(clients);
    const { location } = listPage('/clients/list?page=3');
    await screen.findByText('Lerato Dube');

    openPicker('Filter by group');
    await waitFor(() => pickOption('Soweto savers'));
    await waitFor(() => expect(lastListQuery(callsTo)).toMatchObject({ groupId: GROUP_ID, page: '1' }));
    expect(new URLSearchParams(location().search).get('group')).toBe(GROUP_ID);
  });

  test('the grid shows the same list as cards, with the search and group kept in the address', async () => {
    const { callsTo } = fakeServer(clients);
    gridPage(`/clients/grid?q=dube&group=${GROUP_ID}`);
    const cards = await screen.findByRole('list', { name: 'Clients' });
    expect(within(cards).getByRole('link', { name: 'Lerato Dube' })).toBeInTheDocument();
    expect(within(cards).getByRole('link', { name: 'Sipho Nkosi' })).toBeInTheDocument();
    expect(lastListQuery(callsTo)).toMatchObject({ search: 'dube', groupId: GROUP_ID, sortField: 'dateCreated' });
  });

  test('deleting a client asks first, then posts its id and loads the list again', async () => {
    const { calls, callsTo } = fakeServer((call) =>
      call.method === 'POST' && call.path === '/api/clients/delete' ? ok(null, 'Client deleted.') : clients(call),
    );
    listPage();
    await screen.findByText('Lerato Dube');
    const user = typist();

    await user.click(screen.getByRole('button', { name: 'Delete Lerato Dube' }));
    let dialog = await findDialog('Delete the client Lerato Dube?');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.cancelAction }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Lerato Dube' }));
    dialog = await findDialog('Delete the client Lerato Dube?');
    const listCalls = callsTo('/api/clients').length;
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.deleteAction }));

    expect(await screen.findByText('The client has been deleted.')).toBeInTheDocument();
    expect(callsTo('/api/clients/delete').map((c) => c.body)).toEqual([{ id: LERATO_ID }]);
    await waitFor(() => expect(callsTo('/api/clients').length).toBe(listCalls + 1));
  });

  test('a list that fails to load says so and asks again on retry', async () => {
    let failing = true;
    const { callsTo } = fakeServer((call) =>
      call.path === '/api/clients' && failing ? fail(503, 'SERVER_ERROR', 'The service is unavailable.') : clients(call),
    );
    listPage();
    expect(await screen.findByText('The service is unavailable.')).toBeInTheDocument();
    failing = false;
    await typist().click(screen.getByRole('button', { name: MESSAGES.retry }));
    expect(await screen.findByText('Lerato Dube')).toBeInTheDocument();
    expect(callsTo('/api/clients')).toHaveLength(2);
  });

  test('an empty list says there are no clients', async () => {
    fakeServer((call) => (call.path === '/api/clients' ? page([]) : clients(call)));
    listPage();
    expect(await screen.findByText('No clients to show.')).toBeInTheDocument();
  });
});

describe('clients list permissions', () => {
  test('with CLIENTS alone there is no new client, edit, delete or group filter', async () => {
    signInSales(['CLIENTS']);
    const { callsTo } = fakeServer(clients);
    listPage();
    expect(await screen.findByText('Lerato Dube')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /New client/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Lerato Dube' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Lerato Dube' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Filter by group' })).not.toBeInTheDocument();
    expect(callsTo('/api/clients/groups')).toHaveLength(0);
  });
});

describe('find by mobile', () => {
  const findBox = () => screen.getByRole('searchbox', { name: 'Find by mobile' });

  test('a number that is not 0 and 9 digits is refused without asking the server', async () => {
    signInSales(ALL_CLIENT_PERMISSIONS);
    const { calls } = fakeServer(clients);
    listPage();
    await screen.findByText('Lerato Dube');
    await typist().type(findBox(), '12345{Enter}');
    expect(await screen.findByText('A phone number is 0 followed by 9 digits.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/clients/get-person-by-mobile-phone'))).toHaveLength(0);
  });

  test('a client found opens in the edit form', async () => {
    signInSales(ALL_CLIENT_PERMISSIONS);
    const { callsTo } = fakeServer((call) =>
      call.path === '/api/clients/get-person-by-mobile-phone/0821234567' ? ok(inFull(lerato())) : clients(call),
    );
    const { location } = listPage();
    await screen.findByText('Lerato Dube');
    await typist().type(findBox(), '0821234567{Enter}');
    await waitFor(() => expect(location().pathname).toBe(`/clients/edit/${LERATO_ID}`));
    expect(callsTo('/api/clients/get-person-by-mobile-phone/0821234567')).toHaveLength(1);
  });

  test('a client found by someone who may not edit is shown in a dialog', async () => {
    signInSales(['CLIENTS']);
    fakeServer((call) =>
      call.path === '/api/clients/get-person-by-mobile-phone/0821234567'
        ? ok(inFull(lerato(), [{ Id: GROUP_ID, name: 'Soweto savers' }]))
        : clients(call),
    );
    listPage();
    await screen.findByText('Lerato Dube');
    await typist().type(findBox(), '0821234567{Enter}');
    const dialog = await findDialog('Client found');
    expect(within(dialog).getByText('Lerato Dube')).toBeInTheDocument();
    expect(within(dialog).getByText('Soweto savers')).toBeInTheDocument();
  });

  test('no client with the number says none was found', async () => {
    signInSales(ALL_CLIENT_PERMISSIONS);
    fakeServer((call) =>
      call.path === '/api/clients/get-person-by-mobile-phone/0829999999'
        ? fail(404, 'NOT_FOUND', 'A client with the mobile number 0829999999 was not found.')
        : clients(call),
    );
    const { location } = listPage();
    await screen.findByText('Lerato Dube');
    await typist().type(findBox(), '0829999999{Enter}');
    expect(await screen.findByText('No client has the mobile number 0829999999.')).toBeInTheDocument();
    expect(location().pathname).toBe('/clients/list');
  });
});
