import { screen, waitFor, within } from '@testing-library/react';
import DeletedUsersPage from './deleted-users-page';
import {
  fakeServer,
  findDialog,
  LERATO_ID,
  listItem,
  ok,
  page,
  queryOf,
  renderUsersPage,
  signInAdmin,
  signOut,
  SIPHO_ID,
  typist,
  type FakeCall,
} from './users-test-kit';
import { USER_TEXT } from './user-text';

const deletedPage = () => renderUsersPage(<DeletedUsersPage />, { path: '/admin/users/list-deleted', at: '/admin/users/list-deleted' });

const deletedOn = '2025-02-01T10:00:00.000Z';
/** Lerato and Sipho, both deleted. */
const deleted = (call: FakeCall) =>
  call.method === 'GET' && call.path === '/api/users/deleted'
    ? page([
        listItem({ dateDeleted: deletedOn }),
        listItem({
          Id: SIPHO_ID,
          firstName: 'Sipho',
          lastName: 'Nkosi',
          userName: 'sipho.nkosi',
          emailAddress: 'sipho@demo.meridian.test',
          dateDeleted: deletedOn,
        }),
      ])
    : undefined;

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

afterEach(signOut);
// antd in jsdom is slow on a loaded machine; the default 5 s is too tight.
jest.setTimeout(60_000);

describe('deleted users', () => {
  test('lists the deleted users, most recently deleted first', async () => {
    signInAdmin();
    const { callsTo } = fakeServer(deleted);
    deletedPage();
    expect(await screen.findByText('Lerato Dube')).toBeInTheDocument();
    expect(queryOf(callsTo('/api/users/deleted')[0]!)).toMatchObject({ sortField: 'dateDeleted', sortOrder: 'DESC', page: '1' });
  });

  test('restoring several asks first, then sends their ids and loads the list again', async () => {
    signInAdmin();
    const { calls, callsTo } = fakeServer((call) =>
      call.method === 'POST' && call.path === '/api/users/undelete' ? ok({ restored: 2 }, '2 user(s) restored.') : deleted(call),
    );
    deletedPage();
    await screen.findByText('Lerato Dube');
    const user = typist();

    await user.click(within(row('Lerato Dube')).getByRole('checkbox'));
    await user.click(within(row('Sipho Nkosi')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Restore selected \(2\)/ }));
    const dialog = await findDialog('Restore 2 users?');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const listCalls = callsTo('/api/users/deleted').length;
    await user.click(within(dialog).getByRole('button', { name: USER_TEXT.restoreAction }));

    expect(await screen.findByText('2 users have been restored.')).toBeInTheDocument();
    expect(callsTo('/api/users/undelete')[0]!.body).toEqual({ data: { userIds: [LERATO_ID, SIPHO_ID] } });
    await waitFor(() => expect(callsTo('/api/users/deleted').length).toBe(listCalls + 1));
  });

  test('restoring one user names them in the question', async () => {
    signInAdmin();
    const { callsTo } = fakeServer((call) => (call.path === '/api/users/undelete' ? ok({ restored: 1 }) : deleted(call)));
    deletedPage();
    await screen.findByText('Lerato Dube');

    await typist().click(screen.getByRole('button', { name: /Restore Lerato Dube/ }));
    await typist().click(within(await findDialog('Restore Lerato Dube?')).getByRole('button', { name: USER_TEXT.restoreAction }));

    expect(await screen.findByText('The user has been restored.')).toBeInTheDocument();
    expect(callsTo('/api/users/undelete')[0]!.body).toEqual({ data: { userIds: [LERATO_ID] } });
  });

  test('a refused restore says why', async () => {
    signInAdmin();
    fakeServer((call) =>
      call.path === '/api/users/undelete'
        ? { status: 404, body: { result: { success: false, message: 'User x was not found.', code: 'NOT_FOUND' } } }
        : deleted(call),
    );
    deletedPage();
    await screen.findByText('Lerato Dube');

    await typist().click(screen.getByRole('button', { name: /Restore Lerato Dube/ }));
    await typist().click(within(await findDialog('Restore Lerato Dube?')).getByRole('button', { name: USER_TEXT.restoreAction }));

    expect(await screen.findByText('User x was not found.')).toBeInTheDocument();
  });

  test('without ADMIN/USERS/DELETE the list shows but nothing can be restored', async () => {
    signInAdmin(['ADMIN/USERS']);
    fakeServer(deleted);
    deletedPage();
    await screen.findByText('Lerato Dube');

    expect(screen.queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
    expect(within(row('Lerato Dube')).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
