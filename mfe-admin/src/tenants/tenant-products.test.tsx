import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CatalogueProduct } from '@meridian/shared/contract/tenant-product';
import { MESSAGES } from '@meridian/shared/messages';
import {
  BRANCH,
  COMPANY,
  fail,
  fakeFetch,
  globalAdmin,
  ok,
  renderAdminPage,
  resetSession,
  signInAs,
  typist,
  type FakeCall,
  type FakeReply,
} from '../testing/admin-test-kit';
import TenantProductsPage from './tenant-products-page';
import { TENANT_TEXT } from './tenant-text';

jest.setTimeout(30_000);

const LOANS = '50000000-0000-4000-8000-000000000001';
const INSURANCE = '50000000-0000-4000-8000-000000000002';
const product = (n: number, category: string, categoryName: string, name: string): CatalogueProduct => ({
  productCategoryId: category,
  productCategoryName: categoryName,
  productId: `60000000-0000-4000-8000-00000000000${n}`,
  productName: name,
  productCode: `P${n}`,
});
const CATALOGUE = [
  product(3, INSURANCE, 'Insurance', 'Credit life'),
  product(4, INSURANCE, 'Insurance', 'Funeral cover'),
  product(1, LOANS, 'Loans', 'Personal loan'),
  product(2, LOANS, 'Loans', 'Vehicle finance'),
];
const TREE = {
  tenants: [],
  tenantsArranged: [
    {
      Id: COMPANY,
      name: 'Meridian Lending',
      type: 2,
      parentId: null,
      children: [{ Id: BRANCH, name: 'Sandton Branch', type: 3, parentId: COMPANY, children: [] }],
    },
  ],
};

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeFetch((call) => {
    const special = also(call);
    if (special) return special;
    if (call.path === '/api/tenants/descendantsByTenantId') return ok(TREE);
    if (call.path === '/api/tenants/products/catalogue') return ok(CATALOGUE);
    if (call.method === 'GET' && call.path === `/api/tenants/${BRANCH}/products`) return ok([CATALOGUE[2]]);
    if (call.method === 'PUT' && call.path === `/api/tenants/${BRANCH}/products`) {
      const chosen = (call.body as { products: { productId: string }[] }).products.map((c) => c.productId);
      return ok(CATALOGUE.filter((p) => chosen.includes(p.productId)));
    }
    return fail(404, 'NOT_FOUND', 'Not found.');
  });
}

const open = (search = '') =>
  renderAdminPage(<TenantProductsPage />, { path: '/admin/tenants/products/edit', at: `/admin/tenants/products/edit${search}` });
const category = (name: string) => screen.getByRole('group', { name });

afterEach(resetSession);

describe('tenant products', () => {
  test("the catalogue is grouped by category with the tenant's products ticked, and Save sends the ticked set", async () => {
    signInAs(globalAdmin());
    const { callsTo } = server();
    open(`?tenantId=${BRANCH}`);
    await screen.findByText('Personal loan');

    expect(within(category('Loans')).getByRole('checkbox', { name: /Personal loan/ })).toBeChecked();
    expect(within(category('Loans')).getByRole('checkbox', { name: /Vehicle finance/ })).not.toBeChecked();
    expect(within(category('Insurance')).getByRole('checkbox', { name: /Credit life/ })).not.toBeChecked();

    const user = typist();
    await user.click(screen.getByRole('checkbox', { name: `${TENANT_TEXT.selectAllInCategory}: Insurance` }));
    await user.click(within(category('Loans')).getByRole('checkbox', { name: /Personal loan/ }));
    await user.click(screen.getByRole('button', { name: MESSAGES.save }));

    await waitFor(() => expect(callsTo(`/api/tenants/${BRANCH}/products`).filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(callsTo(`/api/tenants/${BRANCH}/products`).find((c) => c.method === 'PUT')!.body).toEqual({
      products: [
        { productCategoryId: INSURANCE, productId: CATALOGUE[0]!.productId },
        { productCategoryId: INSURANCE, productId: CATALOGUE[1]!.productId },
      ],
    });
    expect(await screen.findByText(TENANT_TEXT.productsSaved)).toBeInTheDocument();
  });

  test('without ?tenantId= the page asks for a tenant, and choosing one loads its products', async () => {
    signInAs(globalAdmin());
    const { callsTo } = server();
    const { location } = open();
    expect(await screen.findByText(TENANT_TEXT.chooseTenantForProducts)).toBeInTheDocument();
    expect(callsTo('/api/tenants/products/catalogue')).toHaveLength(0);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: TENANT_TEXT.chooseTenant }));
    fireEvent.click(
      await waitFor(() => document.querySelector<HTMLElement>('.ant-select-tree-node-content-wrapper[title="Sandton Branch (Branch)"]')!),
    );
    expect(await screen.findByText('Personal loan')).toBeInTheDocument();
    expect(location().search).toBe(`?tenantId=${BRANCH}`);
  });

  test("the server's refusal is shown and the choices stay", async () => {
    signInAs(globalAdmin());
    server((call) =>
      call.method === 'PUT'
        ? fail(400, 'VALIDATION', MESSAGES.validationFailed, { fieldErrors: { 'products.0.productId': [MESSAGES.productNotInCatalogue] } })
        : undefined,
    );
    open(`?tenantId=${BRANCH}`);
    await screen.findByText('Personal loan');
    const user = typist();
    await user.click(within(category('Loans')).getByRole('checkbox', { name: /Vehicle finance/ }));
    await user.click(screen.getByRole('button', { name: MESSAGES.save }));
    expect(await screen.findByText(MESSAGES.productNotInCatalogue)).toBeInTheDocument();
    expect(within(category('Loans')).getByRole('checkbox', { name: /Vehicle finance/ })).toBeChecked();
  });
});
