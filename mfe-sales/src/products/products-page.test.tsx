import { screen, waitFor, within } from '@testing-library/react';
import { page, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';
import { signOut, typist } from '../testing/sales-test-kit';
import { CONFIGURATOR, LIST, PERSONAL, PRODUCT_ID, productServer, renderProductsPage, signInProductManager } from './product-test-kit';
import { PRODUCT_TEXT } from './product-text';

jest.setTimeout(60_000);
beforeEach(signInProductManager);
afterEach(signOut);

describe('loan products list', () => {
  test("shows the server's page of products with amounts in their currency, the rate as the API's text, and asks by name", async () => {
    const { callsTo } = productServer();
    renderProductsPage();
    const table = await screen.findByRole('table', { name: PRODUCT_TEXT.products });
    const link = await within(table).findByRole('link', { name: 'Personal loan' });
    expect(link).toHaveAttribute('href', `/products/${PRODUCT_ID}/edit`);
    const row = link.closest('tr')!;
    expect(row).toHaveTextContent(/R\s1\s000,00 – R\s50\s000,00/);
    expect(row).toHaveTextContent('6–24 monthly');
    expect(row).toHaveTextContent('24.5 %');
    expect(row).toHaveTextContent('Personal loans');
    expect(row).toHaveTextContent(PRODUCT_TEXT.active);
    expect(queryOf(callsTo(LIST)[0]!)).toEqual({
      page: '1',
      size: String(SETTING_DEFAULTS.defaultPageSize),
      sortField: 'name',
      sortOrder: 'ASC',
    });
  });

  test('an empty catalogue says so', async () => {
    productServer((call) => (call.method === 'GET' && call.path === LIST ? page([], 0) : undefined));
    renderProductsPage();
    expect(await screen.findByText(PRODUCT_TEXT.noProducts)).toBeInTheDocument();
  });

  test('a search is sent to the server as the API names it, from page 1', async () => {
    const { callsTo } = productServer();
    renderProductsPage('/products?page=2');
    await screen.findByRole('link', { name: 'Personal loan' });
    await typist().type(screen.getByRole('searchbox', { name: PRODUCT_TEXT.searchProducts }), 'payroll');
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!)).toMatchObject({ search: 'payroll', page: '1' }));
  });

  test('a new product is created from the drawer with whole minor units (never a float) and opens its page', async () => {
    const { calls } = productServer();
    const { location } = renderProductsPage();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: new RegExp(PRODUCT_TEXT.newProduct) }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText(PRODUCT_TEXT.name), 'Payroll loan');
    await user.click(within(drawer).getByRole('combobox', { name: PRODUCT_TEXT.category }));
    await user.click(await screen.findByTitle('Personal loans'));
    await user.type(within(drawer).getByLabelText(PRODUCT_TEXT.minAmount), '500,10');
    await user.type(within(drawer).getByLabelText(PRODUCT_TEXT.maxAmount), '20 000.29');
    await user.type(within(drawer).getByLabelText(PRODUCT_TEXT.annualRate), '19.75');
    await user.click(within(drawer).getByRole('button', { name: PRODUCT_TEXT.createProduct }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const body = writes(calls)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Payroll loan',
      productCategoryId: PERSONAL,
      currency: 'ZAR',
      minAmountMinor: 50_010,
      maxAmountMinor: 2_000_029,
      annualRatePercent: '19.75',
      feePerInstalmentMinor: 0,
      arrearsToleranceMinor: 0,
    });
    for (const field of ['minAmountMinor', 'maxAmountMinor', 'feePerInstalmentMinor', 'arrearsToleranceMinor'])
      expect(Number.isSafeInteger(body[field])).toBe(true);
    await waitFor(() => expect(location().pathname).toBe(`/products/${PRODUCT_ID}/edit`));
  });

  test('the configurator tab shows the spec’s configurator rows, paged by the server', async () => {
    const { callsTo } = productServer();
    renderProductsPage('/products?tab=configurator');
    const table = await screen.findByRole('table', { name: PRODUCT_TEXT.configurator });
    expect(await within(table).findByText('Personal loan')).toBeInTheDocument();
    expect(within(table).getByText('Personal loans')).toBeInTheDocument();
    expect(queryOf(callsTo(CONFIGURATOR)[0]!)).toMatchObject({ page: '1', sortField: 'productCategoryName', sortOrder: 'ASC' });
  });

  test('the categories tab lists the categories products belong to', async () => {
    productServer();
    renderProductsPage('/products?tab=categories');
    const table = await screen.findByRole('table', { name: PRODUCT_TEXT.categories });
    expect(await within(table).findByText('SME loans')).toBeInTheDocument();
    expect(within(table).getByText('PERSONAL')).toBeInTheDocument();
  });
});
