/** Test support for the loan product screens (imported by *.test.tsx only): products as the API answers them, over the sales test kit. */
import type { LoanProductDetails, ProductCategory, ProductConfigurator } from '@meridian/shared/contract/loan-product';
import { fakeServer, page, type FakeCall, type FakeReply } from '@meridian/shared/testing/page-test-kit';
import { COMPANY, fail, ok, renderSalesPage, signInSales } from '../testing/sales-test-kit';
import ProductEditPage from './product-edit-page';
import ProductsPage from './products-page';

export const PRODUCT_ID = 'a1000000-0000-4000-8000-000000000001';
export const PERSONAL = 'c1000000-0000-4000-8000-000000000001';
export const SME = 'c1000000-0000-4000-8000-000000000002';

export const LIST = '/api/loan-products';
export const ONE = `${LIST}/${PRODUCT_ID}`;
export const CATEGORIES = `${LIST}/categories`;
export const CONFIGURATOR = '/api/onboarding/product/product-configurator';

export const categories = (): ProductCategory[] => [
  { id: PERSONAL, code: 'PERSONAL', name: 'Personal loans' },
  { id: SME, code: 'SME', name: 'SME loans' },
];

/** Meridian Lending's personal loan: R 1 000,00 to R 50 000,00 over 6 to 24 months at 24.5 %. */
export const loanProduct = (overrides: Partial<LoanProductDetails> = {}): LoanProductDetails => ({
  id: PRODUCT_ID,
  name: 'Personal loan',
  productCategoryId: PERSONAL,
  productCategoryName: 'Personal loans',
  currency: 'ZAR',
  minAmountMinor: 100_000,
  maxAmountMinor: 5_000_000,
  minInstalments: 6,
  maxInstalments: 24,
  interestMethod: 'declining-balance',
  annualRatePercent: '24.5',
  repaymentFrequency: 'monthly',
  feePerInstalmentMinor: 6_900,
  graceOnPrincipal: 0,
  graceOnInterestPayment: 0,
  arrearsToleranceMinor: 5_000,
  active: true,
  tenantId: COMPANY,
  tenantName: 'Meridian Lending',
  dateCreated: '2026-01-05T08:00:00.000Z',
  dateModified: '2026-01-05T08:00:00.000Z',
  history: [],
  ...overrides,
});

export const configuratorRow = (): ProductConfigurator => ({
  productCategoryId: PERSONAL,
  productCategoryName: 'Personal loans',
  productId: PRODUCT_ID,
  productName: 'Personal loan',
  currency: 'ZAR',
});

/** The product API as the screens call it; `also` answers first (a refusal, an empty list). */
export function productServer(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    const { method, path } = call;
    if (method === 'GET' && path === LIST) return page([loanProduct()], 1);
    if (method === 'GET' && path === CATEGORIES) return ok(categories());
    if (method === 'GET' && path === CONFIGURATOR) return page({ productConfigurator: [configuratorRow()] }, 1);
    if (method === 'GET' && path === ONE) return ok(loanProduct());
    if (method === 'PUT' && path === ONE)
      return ok({ ...loanProduct(), ...(call.body as object), dateModified: '2026-02-01T08:00:00.000Z' });
    if (method === 'POST' && path === LIST) return { ...ok({ ...loanProduct(), ...(call.body as object) }), status: 201 };
    // Unanswered, the page kit gives every page the default tenant settings.
    if (path === '/api/config/client') return fail(404, 'NOT_FOUND', 'none');
    return undefined;
  });
}

export const signInProductManager = () => signInSales(['ADMIN/PRODUCTS']);

export const renderProductsPage = (at = '/products') => renderSalesPage(<ProductsPage />, { path: '/products', at });
export const renderProductPage = () =>
  renderSalesPage(<ProductEditPage />, { path: '/products/:id/edit', at: `/products/${PRODUCT_ID}/edit` });
