import { screen, waitFor, within } from '@testing-library/react';
import type { Permission, Role } from '@meridian/shared/contract/role';
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
} from '../testing/admin-test-kit';
import RoleAddPage from './role-add-page';
import RoleEditPage from './role-edit-page';
import RolesListPage from './roles-list-page';
import { ADMIN_TEXT } from '../parts/admin-text';
import { ROLE_TEXT } from './role-text';

jest.setTimeout(30_000);

const HIERARCHIES = [
  'SALES',
  'SALES/ACTIVITIES',
  'SALES/ACTIVITIES/CALENDAR',
  'SALES/LEADS',
  'SALES/LEADS/CREATE',
  'SALES/LEADS/EDIT',
  'SALES/AGENTS/MYWORK',
  'ADMIN',
  'ADMIN/ROLES',
  'ADMIN/USERS',
  'ADMIN/API',
  'TRACKING',
  'TRACKING/MAP',
];
/** The server's permission catalogue: one row per hierarchy. */
const CATALOGUE: Permission[] = HIERARCHIES.map((hierarchy, i) => ({
  Id: `30000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
  hierarchy,
  name: hierarchy,
  description: null,
}));
const idOf = (hierarchy: string) => CATALOGUE.find((p) => p.hierarchy === hierarchy)!.Id;

const SALES_AREA = {
  id: 'sales',
  title: 'Sales',
  permissions: [
    'SALES',
    'SALES/ACTIVITIES',
    'SALES/ACTIVITIES/CALENDAR',
    'SALES/LEADS',
    'SALES/LEADS/CREATE',
    'SALES/LEADS/EDIT',
    'SALES/AGENTS/MYWORK',
  ],
};
const ADMIN_AREA = { id: 'admin', title: 'Administration', permissions: ['ADMIN', 'ADMIN/ROLES', 'ADMIN/USERS', 'ADMIN/API', 'SALES'] };

const role = (overrides: Partial<Role> = {}): Role => ({
  Id: '40000000-0000-4000-8000-000000000001',
  name: 'Field Helper',
  description: 'Helps in the field',
  systemRole: false,
  tenantId: COMPANY,
  permissions: [{ Id: idOf('SALES'), hierarchy: 'SALES' }],
  userCount: 0,
  dateCreated: '2025-01-02T10:00:00.000Z',
  editable: true,
  ...overrides,
});

/** A server answering the role calls; `also` answers first where a test needs something else. */
function server(also: (call: FakeCall) => ReturnType<typeof ok> | undefined = () => undefined, roles: Role[] = [role()]) {
  return fakeFetch((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === '/api/permissions') return ok(CATALOGUE);
    if (call.method === 'GET' && call.path === '/api/roles') {
      const reply = ok(roles);
      (reply.body as { meta: unknown }).meta = { paging: { pageNumber: 1, pageSize: 20, total: roles.length } };
      return reply;
    }
    const one = roles.find((r) => call.path === `/api/roles/${r.Id}`);
    if (call.method === 'GET' && one) return ok(one);
    if (call.method === 'POST' && call.path === '/api/roles') return { ...ok(role({ ...(call.body as object) })), status: 201 };
    if (call.method === 'PUT' && one) return ok({ ...one, ...(call.body as object) });
    return fail(404, 'NOT_FOUND', 'Not found.');
  });
}

/** The tree's row for a hierarchy: a root shows it as its label, a child as the grey line beside its label. */
function treeNode(hierarchy: string): HTMLElement {
  const row = screen
    .getAllByText(hierarchy)
    .map((el) => el.closest<HTMLElement>('.ant-tree-treenode'))
    .find(Boolean);
  if (!row) throw new Error(`no tree node ${hierarchy}`);
  return row;
}
const depthOf = (hierarchy: string) => treeNode(hierarchy).querySelectorAll('.ant-tree-indent-unit').length;
const checkbox = (hierarchy: string) => treeNode(hierarchy).querySelector<HTMLElement>('.ant-tree-checkbox')!;
const isTicked = (hierarchy: string) => checkbox(hierarchy).classList.contains('ant-tree-checkbox-checked');
const isDisabled = (hierarchy: string) => checkbox(hierarchy).classList.contains('ant-tree-checkbox-disabled');

const openAdd = () => renderAdminPage(<RoleAddPage />, { path: '/admin/roles/add', at: '/admin/roles/add' });
const openEdit = (id = role().Id) => renderAdminPage(<RoleEditPage />, { path: '/admin/roles/edit/:id', at: `/admin/roles/edit/${id}` });
const openList = () => renderAdminPage(<RolesListPage />, { path: '/admin/roles/list', at: '/admin/roles/list' });

afterEach(resetSession);

describe('role editor', () => {
  test('the permission tree nests the hierarchies of every loaded area by their segments', async () => {
    signInAs(globalAdmin());
    loadRemotes([SALES_AREA, ADMIN_AREA]);
    server();
    openAdd();
    await screen.findByRole('group', { name: ADMIN_TEXT.permissions });

    expect(depthOf('SALES')).toBe(0);
    expect(depthOf('SALES/ACTIVITIES')).toBe(1);
    expect(depthOf('SALES/ACTIVITIES/CALENDAR')).toBe(2);
    // CREATE and EDIT variants are children of their hierarchy.
    expect(depthOf('SALES/LEADS/CREATE')).toBe(2);
    expect(depthOf('SALES/LEADS/EDIT')).toBe(2);
    // No SALES/AGENTS permission exists: MYWORK hangs under SALES, labelled with the rest of its path.
    expect(depthOf('SALES/AGENTS/MYWORK')).toBe(1);
    expect(within(treeNode('SALES/AGENTS/MYWORK')).getByText('My Work')).toBeInTheDocument();
    expect(depthOf('ADMIN/ROLES')).toBe(1);
    // SALES comes from two areas and is listed once; the tracking area is not loaded, so its hierarchies are not offered.
    expect(screen.getAllByText('SALES')).toHaveLength(1);
    expect(screen.queryByText('TRACKING/MAP')).not.toBeInTheDocument();
  });

  test('saving a new role sends its name and exactly the ticked permissions, then returns to the list', async () => {
    signInAs(globalAdmin());
    loadRemotes([SALES_AREA, ADMIN_AREA]);
    const { callsTo } = server();
    const { location } = openAdd();
    await screen.findByRole('group', { name: ADMIN_TEXT.permissions });
    const user = typist();

    await user.type(screen.getByLabelText(MESSAGES.name), 'Calendar Keeper');
    await user.click(checkbox('SALES/ACTIVITIES/CALENDAR'));
    await user.click(checkbox('ADMIN/ROLES'));
    // A child does not tick its parent: SALES/ACTIVITIES is a permission of its own.
    expect(isTicked('SALES/ACTIVITIES')).toBe(false);
    await user.click(checkbox('ADMIN/ROLES'));
    await user.click(checkbox('SALES/LEADS/CREATE'));
    await user.click(screen.getByRole('button', { name: MESSAGES.save }));

    await waitFor(() => expect(callsTo('/api/roles').filter((c) => c.method === 'POST')).toHaveLength(1));
    const sent = callsTo('/api/roles').find((c) => c.method === 'POST')!.body as { name: string; permissionIds: string[] };
    expect(sent.name).toBe('Calendar Keeper');
    expect([...sent.permissionIds].sort()).toEqual([idOf('SALES/ACTIVITIES/CALENDAR'), idOf('SALES/LEADS/CREATE')].sort());
    await waitFor(() => expect(location().pathname).toBe('/admin/roles/list'));
  });

  test('each permission shows its name, with its code beside it', async () => {
    signInAs(globalAdmin());
    loadRemotes([SALES_AREA, ADMIN_AREA]);
    server();
    openAdd();
    await screen.findByRole('group', { name: ADMIN_TEXT.permissions });

    expect(within(treeNode('SALES/ACTIVITIES/CALENDAR')).getByText('Activity calendar')).toBeInTheDocument();
    expect(within(treeNode('SALES/LEADS/CREATE')).getByText('Create leads')).toBeInTheDocument();
    expect(within(treeNode('ADMIN/API')).getByText('API users')).toBeInTheDocument();
    expect(within(treeNode('ADMIN')).getByText('Administration')).toBeInTheDocument();
  });

  test('a search keeps the permissions whose name or code matches, with those above them', async () => {
    signInAs(globalAdmin());
    loadRemotes([SALES_AREA, ADMIN_AREA]);
    server();
    openAdd();
    await screen.findByRole('group', { name: ADMIN_TEXT.permissions });
    const user = typist();
    const search = screen.getByRole('searchbox', { name: ROLE_TEXT.searchPermissions });

    await user.type(search, 'calendar');
    expect(screen.getByText('Activity calendar')).toBeInTheDocument();
    // Its parents stay, so it is seen where it belongs; everything else goes.
    expect(depthOf('SALES/ACTIVITIES/CALENDAR')).toBe(2);
    expect(screen.getByText('Activities')).toBeInTheDocument();
    expect(screen.queryByText('Leads')).not.toBeInTheDocument();
    expect(screen.queryByText('Administration')).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'admin/api');
    expect(screen.getByText('API users')).toBeInTheDocument();
    expect(screen.queryByText('Roles')).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(screen.getByText("No permission matches 'nothing like it'.")).toBeInTheDocument();
    await user.clear(search);
    expect(screen.getByText('Leads')).toBeInTheDocument();
  });

  test('ticking a permission ticks every one under it, each can be unticked alone, and a child never ticks its parent', async () => {
    signInAs(globalAdmin());
    loadRemotes([SALES_AREA, ADMIN_AREA]);
    const { callsTo } = server();
    openAdd();
    await screen.findByRole('group', { name: ADMIN_TEXT.permissions });
    const user = typist();
    await user.type(screen.getByLabelText(MESSAGES.name), 'Sales Lead');

    await user.click(checkbox('SALES'));
    for (const hierarchy of [
      'SALES',
      'SALES/ACTIVITIES',
      'SALES/ACTIVITIES/CALENDAR',
      'SALES/LEADS',
      'SALES/LEADS/CREATE',
      'SALES/LEADS/EDIT',
      'SALES/AGENTS/MYWORK',
    ])
      expect(isTicked(hierarchy)).toBe(true);
    expect(isTicked('ADMIN')).toBe(false);

    await user.click(checkbox('SALES/LEADS/EDIT'));
    expect(isTicked('SALES/LEADS/EDIT')).toBe(false);
    expect(isTicked('SALES/LEADS')).toBe(true);
    await user.click(checkbox('SALES/ACTIVITIES'));
    expect(isTicked('SALES/ACTIVITIES')).toBe(false);
    expect(isTicked('SALES/ACTIVITIES/CALENDAR')).toBe(false);
    expect(isTicked('SALES')).toBe(true);
    await user.click(checkbox('ADMIN/ROLES'));
    expect(isTicked('ADMIN')).toBe(false);

    await user.click(screen.getByRole('button', { name: MESSAGES.save }));
    await waitFor(() => expect(callsTo('/api/roles').filter((c) => c.method === 'POST')).toHaveLength(1));
    const sent = callsTo('/api/roles').find((c) => c.method === 'POST')!.body as { permissionIds: string[] };
    expect([...sent.permissionIds].sort()).toEqual(
      ['SALES', 'SALES/LEADS', 'SALES/LEADS/CREATE', 'SALES/AGENTS/MYWORK', 'ADMIN/ROLES'].map(idOf).sort(),
    );
  });

  test('ticking a permission ticks only the ones under it that the user holds', async () => {
    signInAs(companyAdmin(['ADMIN/ROLES', 'SALES', 'SALES/LEADS']));
    loadRemotes([SALES_AREA, ADMIN_AREA]);
    server();
    openAdd();
    await screen.findByRole('group', { name: ADMIN_TEXT.permissions });

    await typist().click(checkbox('SALES'));
    expect(isTicked('SALES')).toBe(true);
    expect(isTicked('SALES/LEADS')).toBe(true);
    expect(isTicked('SALES/ACTIVITIES')).toBe(false);
    expect(isTicked('SALES/LEADS/CREATE')).toBe(false);
  });

  test('a role name is checked before anything is sent', async () => {
    signInAs(globalAdmin());
    loadRemotes([SALES_AREA]);
    const { callsTo } = server();
    openAdd();
    await screen.findByRole('group', { name: ADMIN_TEXT.permissions });
    await typist().click(screen.getByRole('button', { name: MESSAGES.save }));
    expect(await screen.findByText('A role name has at least 2 characters.')).toBeInTheDocument();
    expect(callsTo('/api/roles')).toHaveLength(0);
  });

  test('a role name that is too long says how many characters to use, in words', async () => {
    signInAs(globalAdmin());
    loadRemotes([SALES_AREA]);
    const { callsTo } = server();
    openAdd();
    await screen.findByRole('group', { name: ADMIN_TEXT.permissions });
    const user = typist();
    await user.click(screen.getByLabelText(MESSAGES.name));
    await user.paste('x'.repeat(61));
    expect(await screen.findByText('Use at most 60 characters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MESSAGES.save }));
    expect(callsTo('/api/roles')).toHaveLength(0);
  });

  test('permissions the user does not hold cannot be ticked', async () => {
    signInAs(companyAdmin(['ADMIN/ROLES', 'SALES', 'SALES/LEADS']));
    loadRemotes([SALES_AREA, ADMIN_AREA]);
    server();
    openAdd();
    await screen.findByRole('group', { name: ADMIN_TEXT.permissions });

    expect(isDisabled('SALES')).toBe(false);
    expect(isDisabled('SALES/LEADS')).toBe(false);
    expect(isDisabled('ADMIN/ROLES')).toBe(false);
    expect(isDisabled('ADMIN/API')).toBe(true);
    expect(isDisabled('SALES/ACTIVITIES/CALENDAR')).toBe(true);
    expect(treeNode('ADMIN/API').querySelector(`[title="${ROLE_TEXT.permissionNotHeld}"]`)).not.toBeNull();
  });

  test("the server's 403 for a permission the user may not grant is shown, and the choices stay", async () => {
    const refusal = "You cannot grant 'ADMIN/API': you do not hold it.";
    signInAs(companyAdmin(['ADMIN/ROLES', 'SALES']));
    loadRemotes([SALES_AREA, ADMIN_AREA]);
    server((call) => (call.method === 'POST' && call.path === '/api/roles' ? fail(403, 'FORBIDDEN', refusal) : undefined));
    const { location } = openAdd();
    await screen.findByRole('group', { name: ADMIN_TEXT.permissions });
    const user = typist();

    await user.type(screen.getByLabelText(MESSAGES.name), 'Sneaky');
    await user.click(checkbox('SALES'));
    await user.click(screen.getByRole('button', { name: MESSAGES.save }));

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByLabelText(MESSAGES.name)).toHaveValue('Sneaky');
    expect(isTicked('SALES')).toBe(true);
    expect(location().pathname).toBe('/admin/roles/add');
  });

  test("the server's field refusal of a permission (its 400) is shown beside the tree", async () => {
    const refusal = "You cannot grant 'ADMIN/API': you do not hold it.";
    signInAs(companyAdmin(['ADMIN/ROLES', 'SALES']));
    loadRemotes([SALES_AREA, ADMIN_AREA]);
    server((call) =>
      call.method === 'POST' && call.path === '/api/roles'
        ? fail(400, 'VALIDATION', refusal, { fieldErrors: { permissionIds: [refusal] } })
        : undefined,
    );
    openAdd();
    await screen.findByRole('group', { name: ADMIN_TEXT.permissions });
    const user = typist();
    await user.type(screen.getByLabelText(MESSAGES.name), 'Sneaky');
    await user.click(screen.getByRole('button', { name: MESSAGES.save }));

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: ADMIN_TEXT.permissions })).toHaveAttribute('aria-invalid', 'true');
  });

  test('editing starts from the role, keeps the permissions of an area that failed to load, and saves them', async () => {
    const held = role({
      permissions: [
        { Id: idOf('SALES'), hierarchy: 'SALES' },
        { Id: idOf('TRACKING/MAP'), hierarchy: 'TRACKING/MAP' },
      ],
    });
    signInAs(globalAdmin());
    loadRemotes([SALES_AREA, { id: 'tracking', title: 'Tracking', failed: true }]);
    const { callsTo } = server(undefined, [held]);
    openEdit();
    await screen.findByRole('group', { name: ADMIN_TEXT.permissions });

    expect(screen.getByLabelText(MESSAGES.name)).toHaveValue('Field Helper');
    expect(screen.getByText(/The permissions of Tracking are not listed/)).toBeInTheDocument();
    expect(isTicked('SALES')).toBe(true);
    expect(isTicked('TRACKING/MAP')).toBe(true);
    const user = typist();
    await user.click(checkbox('SALES/LEADS/EDIT'));
    await user.click(screen.getByRole('button', { name: MESSAGES.save }));

    await waitFor(() => expect(callsTo(`/api/roles/${held.Id}`).filter((c) => c.method === 'PUT')).toHaveLength(1));
    const sent = callsTo(`/api/roles/${held.Id}`).find((c) => c.method === 'PUT')!.body as { permissionIds: string[] };
    expect([...sent.permissionIds].sort()).toEqual([idOf('SALES'), idOf('TRACKING/MAP'), idOf('SALES/LEADS/EDIT')].sort());
  });

  test('a system role opens read-only for anyone but a global administrator', async () => {
    const system = role({ name: 'Loan Officer', systemRole: true, tenantId: null, editable: false });
    signInAs(companyAdmin(['ADMIN/ROLES', 'SALES']));
    loadRemotes([SALES_AREA]);
    server(undefined, [system]);
    openEdit();
    expect(await screen.findByText(MESSAGES.systemRoleReadOnly)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.save })).toBeDisabled();
  });

  test('a role the server marks not editable (owned by a tenant above) opens read-only with the reason', async () => {
    const groupRole = role({ name: 'Group Auditor', editable: false });
    signInAs(companyAdmin(['ADMIN/ROLES', 'SALES']));
    loadRemotes([SALES_AREA]);
    server(undefined, [groupRole]);
    openEdit();
    expect(await screen.findByText(ROLE_TEXT.roleReadOnly)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.save })).toBeDisabled();
  });
});

describe('roles list', () => {
  const inUse = role({ name: 'Field Helper', userCount: 2 });
  const refusal = `${MESSAGES.roleInUse} Held by 2 user(s): holder-one, holder-two.`;

  test('lists the roles from the server with their kind, permissions and holders', async () => {
    signInAs(globalAdmin());
    server(undefined, [
      inUse,
      role({ Id: '40000000-0000-4000-8000-000000000002', name: 'Loan Officer', systemRole: true, tenantId: null, editable: false }),
    ]);
    openList();
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText('Field Helper')).closest('tr')!;
    expect(within(row).getByText(ROLE_TEXT.tenantRole)).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByText('Loan Officer').closest('tr')!).getByText(ROLE_TEXT.systemRole)).toBeInTheDocument();
  });

  test("deleting a role in use asks first, then shows the server's refusal naming its holders", async () => {
    signInAs(globalAdmin());
    const { callsTo } = server((call) => (call.method === 'DELETE' ? fail(409, 'CONFLICT', refusal) : undefined), [inUse]);
    openList();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Delete Field Helper' }));

    const confirm = await waitFor(() => dialog()!);
    expect(confirm).toHaveTextContent("Delete the role 'Field Helper'?");
    expect(callsTo(`/api/roles/${inUse.Id}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: MESSAGES.deleteAction }));

    const alert = await screen.findByText(ROLE_TEXT.roleNotDeleted);
    expect(alert.closest('.ant-alert')).toHaveTextContent(refusal);
    expect(callsTo(`/api/roles/${inUse.Id}`)).toHaveLength(1);
  });

  test('cancelling the confirmation deletes nothing', async () => {
    signInAs(globalAdmin());
    const { callsTo } = server(undefined, [inUse]);
    openList();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Delete Field Helper' }));
    const confirm = await waitFor(() => dialog()!);
    await user.click(within(confirm).getByRole('button', { name: MESSAGES.cancelAction }));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(callsTo(`/api/roles/${inUse.Id}`)).toHaveLength(0);
  });

  test('a deleted role is gone once the list loads again', async () => {
    signInAs(globalAdmin());
    const roles = [role({ name: 'Spare Role' })];
    const { callsTo } = server((call) => {
      if (call.method !== 'DELETE') return undefined;
      roles.pop();
      return ok(null);
    }, roles);
    openList();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Delete Spare Role' }));
    await user.click(within(await waitFor(() => dialog()!)).getByRole('button', { name: MESSAGES.deleteAction }));
    await waitFor(() => expect(screen.queryByText('Spare Role')).not.toBeInTheDocument());
    expect(callsTo('/api/roles').length).toBeGreaterThanOrEqual(2);
  });

  test('a system role offers no delete to anyone but a global administrator', async () => {
    signInAs(companyAdmin(['ADMIN/ROLES']));
    server(undefined, [role({ name: 'Loan Officer', systemRole: true, tenantId: null, editable: false })]);
    openList();
    expect(await screen.findByRole('link', { name: 'Edit Loan Officer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Loan Officer' })).not.toBeInTheDocument();
  });
});
