import { fakeServer, openPicker, page, pickOption, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import {
  fail,
  findDialog,
  ok,
  renderSalesPage,
  signInSales,
  signOut,
  typist,
  type FakeCall,
  type FakeReply,
} from '../testing/sales-test-kit';
import ClientGroupDetailsPage from './client-group-details-page';
import ClientGroupFormPage from './client-group-form-page';
import ClientGroupsListPage from './client-groups-list-page';
import {
  ALL_CLIENT_PERMISSIONS,
  GROUP_ID,
  groupInFull,
  groupRow,
  lerato,
  LERATO_ID,
  matchOf,
  naledi,
  NALEDI_ID,
  sipho,
  SIPHO_ID,
} from './clients-test-kit';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';

const NEW_GROUP_ID = '60000000-0000-4000-8000-000000000009';

/** The group (Lerato and Sipho), its members through GET /api/clients?groupId, and the name search. */
function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === '/api/clients/groups') return page([groupRow()], 1);
    if (call.method === 'GET' && call.path === `/api/clients/groups/${GROUP_ID}`) return page(groupInFull([lerato()]), 2, 1, 1);
    if (call.method === 'GET' && call.path === '/api/clients' && call.query.get('groupId') === GROUP_ID)
      return page([lerato(), sipho()], 2, 1, 1000);
    if (call.method === 'POST' && call.path === '/api/clients/search') {
      const name = String((call.body as { name: string }).name).toLowerCase();
      // Blank lists the first matches by name: here only Lerato, so others must be searched for.
      if (!name) return ok([matchOf(lerato())]);
      return ok([lerato(), sipho(), naledi()].filter((c) => `${c.firstName} ${c.lastName}`.toLowerCase().includes(name)).map(matchOf));
    }
    if (call.method === 'POST' && call.path === '/api/clients/groups')
      return { ...ok(groupRow({ Id: NEW_GROUP_ID }), 'Client group created.'), status: 201 };
    if (call.method === 'PUT' && call.path === `/api/clients/groups/${GROUP_ID}`) return ok(groupRow(), 'Client group saved.');
    if (call.method === 'POST' && call.path === '/api/clients/groups/delete') return ok(null, 'Client group deleted.');
    return undefined;
  });
}

/** Finds a client by typing part of the name into the member picker and picks them. */
async function addMember(typed: string, label: string) {
  const picker = screen.getByRole('combobox', { name: 'Add a member' });
  openPicker('Add a member');
  fireEvent.change(picker, { target: { value: typed } });
  await waitFor(() => pickOption(label));
}

/** The changes sent (the name search is a POST that changes nothing). */
const changes = (calls: FakeCall[]) => writes(calls).filter((c) => c.path !== '/api/clients/search');

const membersTable = () => screen.getByRole('table', { name: 'Members' });

beforeEach(() => signInSales(ALL_CLIENT_PERMISSIONS));
afterEach(signOut);
jest.setTimeout(60_000);

describe('client groups list', () => {
  test('asks for the groups page by page, newest first, with their member counts', async () => {
    const { callsTo } = server();
    renderSalesPage(<ClientGroupsListPage />, { path: '/clients/groups/list', at: '/clients/groups/list?page=2&q=soweto' });
    const row = (await screen.findByText('Soweto savers')).closest('tr')!;
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(queryOf(callsTo('/api/clients/groups')[0]!)).toEqual({
      page: '2',
      size: String(SETTING_DEFAULTS.defaultPageSize),
      sortField: 'dateCreated',
      sortOrder: 'DESC',
      search: 'soweto',
    });
  });

  test('deleting a group asks first, then posts its id', async () => {
    const { calls, callsTo } = server();
    renderSalesPage(<ClientGroupsListPage />, { path: '/clients/groups/list', at: '/clients/groups/list' });
    await screen.findByText('Soweto savers');
    const user = typist();
    await user.click(screen.getByRole('button', { name: 'Delete Soweto savers' }));
    const dialog = await findDialog("Delete the client group 'Soweto savers'?");
    expect(changes(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.deleteAction }));
    expect(await screen.findByText('The client group has been deleted.')).toBeInTheDocument();
    expect(callsTo('/api/clients/groups/delete').map((c) => c.body)).toEqual([{ id: GROUP_ID }]);
  });
});

describe('client group form', () => {
  test('a new group needs a name, takes members found by name, and lets one be taken out again', async () => {
    const { calls, callsTo } = server();
    const { location } = renderSalesPage(<ClientGroupFormPage />, { path: '/clients/groups/create', at: '/clients/groups/create' });
    const user = typist();

    await user.type(screen.getByLabelText(MESSAGES.name), 'x');
    await user.clear(screen.getByLabelText(MESSAGES.name));
    expect(await screen.findByText('A group name is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(MESSAGES.name), 'Durban traders');

    await addMember('nkosi', 'Sipho Nkosi · 0831234567');
    await addMember('khumalo', 'Naledi Khumalo · 0841234567');
    expect(callsTo('/api/clients/search').map((c) => c.body)).toEqual(expect.arrayContaining([{ name: 'nkosi' }, { name: 'khumalo' }]));
    expect(within(membersTable()).getByText('Sipho Nkosi')).toBeInTheDocument();
    expect(within(membersTable()).getByText('Naledi Khumalo')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Naledi Khumalo' }));
    expect(within(membersTable()).queryByText('Naledi Khumalo')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create group' }));

    await waitFor(() => expect(location().pathname).toBe(`/clients/groups/details/${NEW_GROUP_ID}`));
    expect(changes(calls).map((c) => ({ method: c.method, path: c.path, body: c.body }))).toEqual([
      { method: 'POST', path: '/api/clients/groups', body: { name: 'Durban traders', description: null, clientIds: [SIPHO_ID] } },
    ]);
  });

  test('editing loads every member, and a name another group has is refused with the typed values kept', async () => {
    const { calls } = server((call) =>
      call.method === 'PUT'
        ? fail(409, 'CONFLICT', 'A client group with this name already exists in this tenant.', {
            fieldErrors: { name: ['A client group with this name already exists in this tenant.'] },
          })
        : undefined,
    );
    renderSalesPage(<ClientGroupFormPage />, { path: '/clients/groups/edit/:id', at: `/clients/groups/edit/${GROUP_ID}` });
    expect(await screen.findByDisplayValue('Soweto savers')).toBeInTheDocument();
    expect(within(membersTable()).getByText('Lerato Dube')).toBeInTheDocument();
    expect(within(membersTable()).getByText('Sipho Nkosi')).toBeInTheDocument();
    const user = typist();

    await addMember('naledi', 'Naledi Khumalo · 0841234567');
    await user.clear(screen.getByLabelText(MESSAGES.name));
    await user.type(screen.getByLabelText(MESSAGES.name), 'Durban traders');
    await user.click(screen.getByRole('button', { name: MESSAGES.save }));

    expect(await screen.findByText('A client group with this name already exists in this tenant.')).toBeInTheDocument();
    expect(screen.getByLabelText(MESSAGES.name)).toHaveValue('Durban traders');
    expect(within(membersTable()).getByText('Naledi Khumalo')).toBeInTheDocument();
    expect(changes(calls)[0]!.body).toEqual({
      name: 'Durban traders',
      description: 'Stokvel members in Soweto',
      clientIds: [LERATO_ID, SIPHO_ID, NALEDI_ID],
    });
  });
});

describe('client group details', () => {
  test('shows the group and asks for its members page by page, by last name', async () => {
    const { callsTo } = server();
    renderSalesPage(<ClientGroupDetailsPage />, { path: '/clients/groups/details/:id', at: `/clients/groups/details/${GROUP_ID}` });
    expect(await screen.findByRole('heading', { name: 'Soweto savers' })).toBeInTheDocument();
    expect(await screen.findByText('Sipho Nkosi')).toBeInTheDocument();
    expect(queryOf(callsTo('/api/clients')[0]!)).toEqual({
      groupId: GROUP_ID,
      page: '1',
      size: String(SETTING_DEFAULTS.defaultPageSize),
      sortField: 'lastName',
      sortOrder: 'ASC',
    });
  });
});
