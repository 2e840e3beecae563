import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import UsersGridPage from './users-grid-page';
import UsersListPage from './users-list-page';
import {
  fakeServer,
  findDialog,
  LERATO_ID,
  lerato,
  ok,
  openPicker,
  page,
  pickOption,
  pickTreeEntry,
  queryOf,
  renderUsersPage,
  signInAdmin,
  signOut,
  SIPHO_ID,
  sipho,
  TENANT,
  typist,
  type FakeCall,
} from './users-test-kit';
import { ADMIN_TEXT } from '../parts/admin-text';
import { USER_TEXT } from './user-text';

const listPage = (at = '/admin/users/list') => renderUsersPage(<UsersListPage />, { path: '/admin/users/list', at });
const gridPage = (at = '/admin/users/grid') => renderUsersPage(<UsersGridPage />, { path: '/admin/users/grid', at });

/** Two users, Lerato and Sipho, of 45. */
const users = (call: FakeCall) => (call.method === 'GET' && call.path === '/api/users' ? page([lerato(), sipho()], 45) : undefined);

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

afterEach(signOut);
// antd in jsdom is slow on a loaded machine; the default 5 s is too tight.
jest.setTimeout(60_000);

describe('users list', () => {
  beforeEach(() => signInAdmin());

  test('sends the chosen role and tenant with the list call as roleName and tenantId, starting again from page 1', async () => {
    const { callsTo } = fakeServer(users);
    const { location } = listPage('/admin/users/list?page=2');
    expect(await screen.findByText('Lerato Dube')).toBeInTheDocument();
    expect(queryOf(callsTo('/api/users')[0]!)).toMatchObject({ page: '2', sortField: 'dateCreated', sortOrder: 'DESC' });

    openPicker(USER_TEXT.filterByRole);
    await waitFor(() => pickOption('Loan Officer'));
    await waitFor(() => expect(queryOf(callsTo('/api/users').at(-1)!)).toMatchObject({ roleName: 'Loan Officer', page: '1' }));

    openPicker(USER_TEXT.filterByTenant);
    await waitFor(() => pickTreeEntry('Johannesburg Branch'));
    await waitFor(() =>
      expect(queryOf(callsTo('/api/users').at(-1)!)).toMatchObject({ roleName: 'Loan Officer', tenantId: TENANT.johannesburg, page: '1' }),
    );

    const address = new URLSearchParams(location().search);
    expect(address.get('role')).toBe('Loan Officer');
    expect(address.get('tenant')).toBe(TENANT.johannesburg);
    expect(address.get('page')).toBeNull();
  });

  test('deleting several users asks for confirmation first, then sends their ids and loads the list again', async () => {
    const { calls, callsTo } = fakeServer((call) =>
      call.method === 'DELETE' && call.path === '/api/users/delete' ? ok({ deleted: 2 }, '2 user(s) deleted.') : users(call),
    );
    listPage();
    await screen.findByText('Lerato Dube');
    const user = typist();

    await user.click(within(row('Lerato Dube')).getByRole('checkbox'));
    await user.click(within(row('Sipho Nkosi')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Delete selected \(2\)/ }));

    // Asked first; cancelling deletes nothing.
    let dialog = await findDialog('Delete 2 users?');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.cancelAction }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /Delete selected \(2\)/ }));
    dialog = await screen.findByRole('dialog');
    const listCalls = callsTo('/api/users').length;
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.deleteAction }));

    expect(await screen.findByText('2 users have been deleted.')).toBeInTheDocument();
    expect(callsTo('/api/users/delete')).toHaveLength(1);
    expect(callsTo('/api/users/delete')[0]!.body).toEqual({ userIds: [LERATO_ID, SIPHO_ID] });
    await waitFor(() => expect(callsTo('/api/users').length).toBe(listCalls + 1));
    expect(screen.getByRole('button', { name: /Delete selected \(0\)/ })).toBeDisabled();
  });

  test('deleting one user names them in the question', async () => {
    const { callsTo } = fakeServer((call) => (call.method === 'DELETE' ? ok({ deleted: 1 }) : users(call)));
    listPage();
    await screen.findByText('Lerato Dube');

    await typist().click(screen.getByRole('button', { name: 'Delete Lerato Dube' }));
    const dialog = await findDialog('Delete Lerato Dube?');
    await typist().click(within(dialog).getByRole('button', { name: MESSAGES.deleteAction }));

    expect(await screen.findByText('The user has been deleted.')).toBeInTheDocument();
    expect(callsTo('/api/users/delete')[0]!.body).toEqual({ userIds: [LERATO_ID] });
  });

  test('a temporary password is issued only after confirmation and shown once, with a copy button', async () => {
    const { callsTo } = fakeServer((call) =>
      call.path === `/api/users/get-temp-password/${LERATO_ID}` ? ok({ temporaryPassword: 'Kq7-Tz4p-Wm2x' }) : users(call),
    );
    listPage();
    await screen.findByText('Lerato Dube');

    await typist().click(screen.getByRole('button', { name: 'Temporary password Lerato Dube' }));
    const question = await findDialog(USER_TEXT.confirmTemporaryPassword);
    expect(callsTo(`/api/users/get-temp-password/${LERATO_ID}`)).toHaveLength(0);
    await typist().click(within(question).getByRole('button', { name: USER_TEXT.issueTemporaryPassword }));

    const shown = await findDialog('Temporary password for Lerato Dube');
    expect(within(shown).getByText('Kq7-Tz4p-Wm2x')).toBeInTheDocument();
    expect(within(shown).getByText(USER_TEXT.temporaryPasswordShownOnce)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: /copy/i })).toBeInTheDocument();
    expect(callsTo(`/api/users/get-temp-password/${LERATO_ID}`)).toHaveLength(1);
  });

  test('offers edit and change password as links to their pages', async () => {
    fakeServer(users);
    listPage();
    await screen.findByText('Lerato Dube');
    expect(screen.getByRole('link', { name: 'Edit Lerato Dube' })).toHaveAttribute('href', `/admin/users/edit/${LERATO_ID}`);
    expect(screen.getByRole('link', { name: 'Change password Lerato Dube' })).toHaveAttribute(
      'href',
      `/admin/users/change-user-password/${LERATO_ID}`,
    );
    expect(screen.getByRole('link', { name: new RegExp(USER_TEXT.addUser) })).toHaveAttribute('href', '/admin/users/add');
  });

  test('offers an administrator "Sign in as" on each user\'s row, opening the impersonation of that user', async () => {
    fakeServer(users);
    listPage();
    await screen.findByText('Sipho Nkosi');
    expect(screen.getByRole('link', { name: 'Sign in as Sipho Nkosi' })).toHaveAttribute('href', `/impersonate/${SIPHO_ID}/sipho.nkosi`);
  });
});

describe('users list without ADMIN/USERS/DELETE', () => {
  beforeEach(() => signInAdmin(['ADMIN/USERS']));

  test('shows no delete action and no row selection', async () => {
    fakeServer(users);
    listPage();
    await screen.findByText('Lerato Dube');

    expect(screen.queryByRole('button', { name: 'Delete Lerato Dube' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete selected/ })).not.toBeInTheDocument();
    expect(within(row('Lerato Dube')).queryByRole('checkbox')).not.toBeInTheDocument();
    // What ADMIN/USERS allows stays.
    expect(screen.getByRole('link', { name: 'Edit Lerato Dube' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Temporary password Lerato Dube' })).toBeInTheDocument();
  });
});

describe('users grid', () => {
  beforeEach(() => signInAdmin());

  test('shows the users as cards from the same call, with the filters and search of the address', async () => {
    const { callsTo } = fakeServer(users);
    gridPage(`/admin/users/grid?role=Loan+Officer&tenant=${TENANT.soweto}&q=dube`);

    const cards = screen.getByRole('list', { name: ADMIN_TEXT.users });
    expect(await within(cards).findByRole('link', { name: 'Lerato Dube' })).toBeInTheDocument();
    expect(
      within(cards)
        .getAllByRole('listitem')
        .filter((item) => item.parentElement === cards),
    ).toHaveLength(2);
    expect(queryOf(callsTo('/api/users')[0]!)).toMatchObject({
      roleName: 'Loan Officer',
      tenantId: TENANT.soweto,
      search: 'dube',
      page: '1',
      sortField: 'dateCreated',
      sortOrder: 'DESC',
    });
    expect(screen.getByRole('searchbox', { name: USER_TEXT.searchUsers })).toHaveValue('dube');
  });

  test('the view toggle goes to the list keeping filters, search and page', async () => {
    fakeServer(users);
    const { location } = gridPage(`/admin/users/grid?role=Loan+Officer&page=2&q=dube`);
    await screen.findByRole('link', { name: 'Lerato Dube' });

    await typist().click(screen.getByText(MESSAGES.listView));

    await waitFor(() => expect(location().pathname).toBe('/admin/users/list'));
    expect(location().search).toBe('?role=Loan+Officer&page=2&q=dube');
  });

  test('cards can be chosen and deleted together, after a question', async () => {
    const { callsTo } = fakeServer((call) => (call.method === 'DELETE' ? ok({ deleted: 1 }) : users(call)));
    gridPage();
    await screen.findByRole('link', { name: 'Sipho Nkosi' });

    await typist().click(screen.getByRole('checkbox', { name: 'Select Sipho Nkosi' }));
    await typist().click(screen.getByRole('button', { name: /Delete selected \(1\)/ }));
    await typist().click(within(await findDialog('Delete this user?')).getByRole('button', { name: MESSAGES.deleteAction }));

    await waitFor(() => expect(callsTo('/api/users/delete')).toHaveLength(1));
    expect(callsTo('/api/users/delete')[0]!.body).toEqual({ userIds: [SIPHO_ID] });
  });
});
