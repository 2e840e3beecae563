import { screen, waitFor } from '@testing-library/react';
import {
  fail,
  ok,
  openPicker,
  page,
  pickOption,
  renderAppPage,
  resetSession,
  typist,
  writes,
} from '@meridian/shared/testing/page-test-kit';
import type { FakeCall } from '@meridian/shared/testing/page-test-kit';
import { MESSAGES } from '@meridian/shared/messages';
import {
  BRANCH,
  category,
  CATEGORY_A,
  CATEGORY_B,
  COMPANY,
  ROLE_MANAGER,
  signInManager,
  reportsServer,
} from '../testing/catalogue-test-kit';
import CategoryFormPage from './category-form-page';
import { CATEGORY_TEXT } from './category-text';

jest.setTimeout(30_000);

const finance = category();
const arrears = category({
  id: CATEGORY_B,
  name: 'Arrears',
  parentCategoryId: CATEGORY_A,
  parentName: 'Finance',
  path: 'Finance / Arrears',
});

/** The choices the form loads: the subtree's categories, the roles and the tenants. */
function choices(call: FakeCall) {
  if (call.method === 'GET' && call.path === '/api/report-categories') return page([finance, arrears]);
  if (call.method === 'GET' && call.path === '/api/roles')
    return page([
      { Id: ROLE_MANAGER, name: 'Branch Manager', description: null, systemRole: true, tenantId: null, permissions: [], userCount: 1 },
    ]);
  if (call.method === 'GET' && call.path === '/api/tenants/descendantsByTenantId')
    return ok({
      tenants: [
        { Id: COMPANY, name: 'Meridian Lending' },
        { Id: BRANCH, name: 'Johannesburg Branch' },
      ],
      tenantsArranged: [],
    });
  return undefined;
}

const newCategory = () => renderAppPage(<CategoryFormPage />, { path: '/reports/categories/create', at: '/reports/categories/create' });
const editArrears = () =>
  renderAppPage(<CategoryFormPage />, { path: '/reports/categories/:id/edit', at: `/reports/categories/${CATEGORY_B}/edit` });

beforeEach(() => signInManager());
afterEach(resetSession);

describe('the report category form', () => {
  test('a new category is sent with its parent, roles and tenants as ids, and the list opens', async () => {
    const { calls } = reportsServer((call) =>
      call.method === 'POST' && call.path === '/api/report-categories'
        ? { ...ok(category({ name: 'Collections' })), status: 201 }
        : choices(call),
    );
    const { location } = newCategory();
    const user = typist();
    await user.type(screen.getByRole('textbox', { name: CATEGORY_TEXT.name }), '  Collections ');
    openPicker(CATEGORY_TEXT.parent);
    await waitFor(() => pickOption('Finance'));
    openPicker(CATEGORY_TEXT.roles);
    await waitFor(() => pickOption('Branch Manager'));
    openPicker(CATEGORY_TEXT.tenants);
    await waitFor(() => pickOption('Johannesburg Branch'));
    await user.click(screen.getByRole('button', { name: CATEGORY_TEXT.createCategory }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({
      name: 'Collections',
      parentCategoryId: CATEGORY_A,
      roleIds: [ROLE_MANAGER],
      tenantIds: [BRANCH],
    });
    await waitFor(() => expect(location().pathname).toBe('/reports/categories'));
  });

  test('a name is required before anything is sent', async () => {
    const { calls } = reportsServer(choices);
    newCategory();
    const user = typist();
    await user.click(screen.getByRole('button', { name: CATEGORY_TEXT.createCategory }));
    expect(await screen.findByText('A name is required.')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  test("an edit loads the category, offers no parent inside itself, and the server's refusal lands on the field it names", async () => {
    const { calls } = reportsServer((call) => {
      if (call.method === 'GET' && call.path === `/api/report-categories/${CATEGORY_B}`) return ok(arrears);
      if (call.method === 'PUT' && call.path === `/api/report-categories/${CATEGORY_B}`)
        return fail(409, 'CONFLICT', 'A category of that name is there already.', {
          fieldErrors: { name: ['A category of that name is there already.'] },
        });
      return choices(call);
    });
    editArrears();
    const name = await screen.findByRole('textbox', { name: CATEGORY_TEXT.name });
    expect(name).toHaveValue('Arrears');
    openPicker(CATEGORY_TEXT.parent);
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="Finance"]')).not.toBeNull());
    expect(document.querySelector('.ant-select-item-option[title="Finance / Arrears"]')).toBeNull();
    const user = typist();
    await user.clear(name);
    await user.type(name, 'Finance');
    await user.click(screen.getByRole('button', { name: MESSAGES.save }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ name: 'Finance', parentCategoryId: CATEGORY_A, roleIds: [], tenantIds: [] });
    expect(await screen.findByText('A category of that name is there already.')).toBeInTheDocument();
  });

  test('without a grant to list roles, the roles chosen already stay and the field says why it is closed', async () => {
    signInManager(['CRM/REPORTS', 'REPORTCATEGORIES']);
    const withRole = {
      ...arrears,
      roles: [{ roleId: ROLE_MANAGER, name: 'Branch Manager', reportCatRolesId: '73000000-0000-4000-8000-000000000001' }],
    };
    const { callsTo } = reportsServer((call) =>
      call.method === 'GET' && call.path === `/api/report-categories/${CATEGORY_B}` ? ok(withRole) : choices(call),
    );
    editArrears();
    expect(await screen.findByText(CATEGORY_TEXT.rolesUnavailable)).toBeInTheDocument();
    expect(screen.getByText('Branch Manager')).toBeInTheDocument();
    expect(callsTo('/api/roles')).toHaveLength(0);
  });
});
