import { screen, waitFor, within } from '@testing-library/react';
import type { ApiUser, ApiUserCreated } from '@meridian/shared/contract/api-user';
import type { PermissionRef } from '@meridian/shared/contract/user';
import { MESSAGES } from '@meridian/shared/messages';
import {
  companyAdmin,
  dialog,
  fail,
  fakeFetch,
  globalAdmin,
  loadRemotes,
  ok,
  renderAdminPage,
  resetSession,
  signInAs,
  typist,
  COMPANY,
  type FakeCall,
  type FakeReply,
} from '../testing/admin-test-kit';
import ApiUserAddPage from './api-user-add-page';
import ApiUsersListPage from './api-users-list-page';
import { API_USER_TEXT } from './api-user-text';

jest.setTimeout(30_000);

const HIERARCHIES = ['SALES', 'SALES/LEADS', 'SALES/LEADS/CREATE', 'CLIENTS', 'CLIENTS/EDIT', 'ADMIN', 'ADMIN/API', 'REPORTS'];
const permission = (hierarchy: string): PermissionRef => ({
  Id: `30000000-0000-4000-8000-${String(HIERARCHIES.indexOf(hierarchy) + 1).padStart(12, '0')}`,
  hierarchy,
});
const CATALOGUE = HIERARCHIES.map(permission);
const idOf = (hierarchy: string) => permission(hierarchy).Id;

const KEY = `mk_1a2b3c4d_${'A'.repeat(43)}`;
const API_USER_ID = '60000000-0000-4000-8000-000000000001';

const apiUser = (overrides: Partial<ApiUser> = {}): ApiUser => ({
  Id: API_USER_ID,
  tenantId: COMPANY,
  tenantName: 'Meridian Lending',
  name: 'Loan book sync',
  keyPrefix: '1a2b3c4d',
  permissions: [permission('SALES/LEADS'), permission('CLIENTS')],
  status: 'active',
  createdBy: '20000000-0000-4000-8000-000000000001',
  createdByUserName: 'global-administrator',
  dateCreated: '2025-03-01T08:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  expiresAt: null,
  ...overrides,
});

const pagedOk = (rows: unknown[]): FakeReply => {
  const reply = ok(rows);
  (reply.body as { meta: unknown }).meta = { paging: { pageNumber: 1, pageSize: 20, total: rows.length } };
  return reply;
};

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined, rows: ApiUser[] = [apiUser()]) {
  return fakeFetch((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === '/api/permissions') return ok(CATALOGUE);
    if (call.method === 'GET' && call.path.startsWith('/api/permissions/byUserId/'))
      return ok(CATALOGUE.filter((p) => p.hierarchy.startsWith('SALES')));
    if (call.method === 'GET' && call.path === '/api/api-users') return pagedOk(rows);
    if (call.method === 'POST' && call.path === '/api/api-users') {
      const body = call.body as { name: string; permissionIds: string[] };
      const created: ApiUserCreated = {
        ...apiUser({ name: body.name, permissions: CATALOGUE.filter((p) => body.permissionIds.includes(p.Id)) }),
        key: KEY,
      };
      return { ...ok(created, MESSAGES.apiUserCreated), status: 201 };
    }
    if (call.method === 'POST' && call.path === `/api/api-users/${API_USER_ID}/revoke`)
      return ok(apiUser({ status: 'revoked', revokedAt: '2025-03-02T08:00:00.000Z' }));
    if (call.method === 'DELETE' && call.path === `/api/api-users/${API_USER_ID}`) return ok(null);
    return fail(404, 'NOT_FOUND', 'Not found.');
  });
}

const openAdd = (at = '/admin/api-users/add') => renderAdminPage(<ApiUserAddPage />, { path: at, at });
const openList = () => renderAdminPage(<ApiUsersListPage />, { path: '/admin/api-users/list', at: '/admin/api-users/list' });

function treeNode(hierarchy: string): HTMLElement {
  const row = screen
    .getAllByText(hierarchy)
    .map((el) => el.closest<HTMLElement>('.ant-tree-treenode'))
    .find(Boolean);
  if (!row) throw new Error(`no tree node ${hierarchy}`);
  return row;
}
const tick = (hierarchy: string) => typist().click(treeNode(hierarchy).querySelector<HTMLElement>('.ant-tree-checkbox')!);
const shownHierarchies = () => [...document.querySelectorAll('.ant-tree-treenode')].map((n) => n.textContent);

afterEach(resetSession);

describe('new API user', () => {
  test('shows the key once, in a dialog with a copy button and a warning, and forgets it when closed', async () => {
    signInAs(globalAdmin());
    loadRemotes([{ id: 'sales', title: 'Sales', permissions: ['SALES', 'SALES/LEADS'] }]);
    const { calls } = server();
    const view = openAdd('/api-user/add');

    await typist().type(await screen.findByLabelText(MESSAGES.name), 'Loan book sync');
    await tick('SALES');
    await tick('CLIENTS');
    await typist().click(screen.getByRole('button', { name: API_USER_TEXT.createApiUser }));

    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByTestId('api-key')).toHaveTextContent(KEY);
    expect(within(modal).getByText(API_USER_TEXT.apiKeyShownOnce)).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: API_USER_TEXT.copyAction })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Loan book sync',
      permissionIds: [idOf('SALES'), idOf('CLIENTS')],
      expiresAt: null,
    });

    await typist().click(within(modal).getByRole('button', { name: API_USER_TEXT.apiKeyCopiedDone }));
    await waitFor(() => expect(view.location().pathname).toBe('/admin/api-users/list'));
    expect(screen.queryByText(KEY)).not.toBeInTheDocument();
  });

  test('offers only the permissions the administrator holds, with the ids the server gave', async () => {
    signInAs(companyAdmin(['ADMIN/API', 'SALES', 'SALES/LEADS', 'SALES/LEADS/CREATE']));
    loadRemotes([
      { id: 'sales', title: 'Sales', permissions: ['SALES', 'SALES/LEADS', 'SALES/LEADS/CREATE'] },
      { id: 'reports', title: 'Reports', permissions: ['REPORTS'] },
    ]);
    const { calls } = server();
    openAdd();

    await screen.findByLabelText(MESSAGES.name);
    await waitFor(() => expect(shownHierarchies().length).toBeGreaterThan(0));
    const shown = shownHierarchies().join(' ');
    expect(shown).toContain('SALES');
    expect(shown).toContain('CREATE');
    expect(shown).not.toContain('REPORTS');
    expect(shown).not.toContain('CLIENTS');
    expect(calls.some((c) => c.path === `/api/permissions/byUserId/${companyAdmin([]).Id}`)).toBe(true);
    expect(calls.some((c) => c.path === '/api/permissions')).toBe(false);
  });

  test('needs a name and at least one permission, and shows a refusal beside the field it names', async () => {
    signInAs(globalAdmin());
    const { calls } = server((call) =>
      call.method === 'POST'
        ? fail(409, 'CONFLICT', MESSAGES.apiUserNameTaken, { fieldErrors: { name: [MESSAGES.apiUserNameTaken] } })
        : undefined,
    );
    openAdd();

    await typist().type(await screen.findByLabelText(MESSAGES.name), 'L');
    expect(await screen.findByText('A name has at least 2 characters.')).toBeInTheDocument();
    await typist().click(screen.getByRole('button', { name: API_USER_TEXT.createApiUser }));
    expect(await screen.findByText('Choose at least one permission.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await typist().type(screen.getByLabelText(MESSAGES.name), 'oan book sync');
    await tick('SALES');
    await typist().click(screen.getByRole('button', { name: API_USER_TEXT.createApiUser }));
    expect(await screen.findByText(MESSAGES.apiUserNameTaken)).toBeInTheDocument();
    expect(screen.getByLabelText(MESSAGES.name)).toHaveValue('Loan book sync');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('API users list', () => {
  test('shows prefix, permissions, last use and status, never a key', async () => {
    signInAs(globalAdmin());
    server(undefined, [
      apiUser(),
      apiUser({
        Id: '60000000-0000-4000-8000-000000000002',
        name: 'Old export',
        keyPrefix: '99ff00aa',
        status: 'revoked',
        lastUsedAt: '2025-03-05T09:30:00.000Z',
      }),
      apiUser({
        Id: '60000000-0000-4000-8000-000000000003',
        name: 'Trial',
        keyPrefix: '0badc0de',
        status: 'expired',
        expiresAt: '2025-01-01T00:00:00.000Z',
      }),
    ]);
    openList();

    const table = await screen.findByRole('table');
    expect(await within(table).findByText('mk_1a2b3c4d_…')).toBeInTheDocument();
    expect(within(table).getAllByText('SALES/LEADS')).toHaveLength(3);
    expect(within(table).getByText(API_USER_TEXT.apiUserActive)).toBeInTheDocument();
    expect(within(table).getByText(API_USER_TEXT.apiUserRevoked)).toBeInTheDocument();
    expect(within(table).getByText(API_USER_TEXT.apiUserExpired)).toBeInTheDocument();
    // Only an active key can be revoked.
    expect(within(table).getAllByLabelText(/^Revoke /)).toHaveLength(1);
  });

  test('revoking asks for confirmation first, then revokes', async () => {
    signInAs(globalAdmin());
    const { calls } = server();
    openList();

    await typist().click(await screen.findByLabelText('Revoke Loan book sync'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    expect(dialog()).toHaveTextContent("Revoke the key of 'Loan book sync'?");
    expect(dialog()).toHaveTextContent(API_USER_TEXT.apiUserRevokeDetail);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await typist().click(within(dialog()!).getByRole('button', { name: API_USER_TEXT.revokeAction }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/api-users/${API_USER_ID}/revoke`]),
    );
    expect(await screen.findByText(API_USER_TEXT.apiUserRevokedDone)).toBeInTheDocument();
  });

  test('cancelling the revoke question leaves the key alone', async () => {
    signInAs(globalAdmin());
    const { calls } = server();
    openList();

    await typist().click(await screen.findByLabelText('Revoke Loan book sync'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await typist().click(within(dialog()!).getByRole('button', { name: MESSAGES.cancelAction }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });
});
