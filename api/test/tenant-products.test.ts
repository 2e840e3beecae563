import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CatalogueProduct } from '@meridian/shared/contract/tenant-product';
import { MESSAGES } from '@meridian/shared/messages';
import { databaseLabel, startServer, type Actor, type TestServer, fieldErrorsOf, fieldError } from './support/harness';

describe(`tenant products (${databaseLabel})`, () => {
  let s: TestServer;
  let lendingAdmin: Actor;
  let productManager: Actor;
  let catalogue: CatalogueProduct[];
  let jhb: string;
  const product = (code: string) => catalogue.find((p) => p.productCode === code)!;
  const choice = (p: CatalogueProduct) => ({ productCategoryId: p.productCategoryId, productId: p.productId });

  before(async () => {
    s = await startServer();
    lendingAdmin = await s.as('company administrator');
    productManager = await s.as('product manager');
    jhb = await s.tenantId('Johannesburg Branch');
    catalogue = (await lendingAdmin.call<CatalogueProduct[]>('GET', '/api/tenants/products/catalogue')).body.data;
  });
  after(() => s.close());

  test('the catalogue lists every product with its category, in the product configurator field names', async () => {
    assert.equal(catalogue.length, 9);
    assert.deepEqual(Object.keys(catalogue[0]!).sort(), [
      'productCategoryId',
      'productCategoryName',
      'productCode',
      'productId',
      'productName',
    ]);
    assert.deepEqual(
      [...new Set(catalogue.map((p) => p.productCategoryName))],
      ['Consumer Lending', 'Insurance', 'SME Lending', 'Vehicle Tracking'],
    );
    assert.equal(product('CS-PL').productName, 'Personal Loan');
  });

  test("a tenant's products start empty, are replaced as a whole by PUT, and are its own", async () => {
    assert.deepEqual((await lendingAdmin.call<CatalogueProduct[]>('GET', `/api/tenants/${jhb}/products`)).body.data, []);
    const chosen = [product('CS-PL'), product('INS-CL'), product('CS-PL')];
    const saved = await lendingAdmin.call<CatalogueProduct[]>('PUT', `/api/tenants/${jhb}/products`, {
      body: { products: chosen.map(choice) },
    });
    assert.equal(saved.status, 200);
    assert.deepEqual(
      saved.body.data.map((p: CatalogueProduct) => p.productCode),
      ['CS-PL', 'INS-CL'],
      'a product chosen twice is kept once',
    );
    const replaced = await lendingAdmin.call<CatalogueProduct[]>('PUT', `/api/tenants/${jhb}/products`, {
      body: { products: [choice(product('SME-WC'))] },
    });
    assert.deepEqual(
      replaced.body.data.map((p: CatalogueProduct) => p.productCode),
      ['SME-WC'],
    );
    assert.deepEqual(
      (await lendingAdmin.call<CatalogueProduct[]>('GET', `/api/tenants/${jhb}/products`)).body.data.map(
        (p: CatalogueProduct) => p.productCode,
      ),
      ['SME-WC'],
    );
    assert.deepEqual(
      (await lendingAdmin.call<CatalogueProduct[]>('GET', `/api/tenants/${await s.tenantId('Soweto Team')}/products`)).body.data,
      [],
      'a sub-tenant has its own list',
    );
    const none = await lendingAdmin.call<CatalogueProduct[]>('PUT', `/api/tenants/${jhb}/products`, { body: { products: [] } });
    assert.deepEqual(none.body.data, []);
  });

  test('a product manager (ADMIN/PRODUCTS without ADMIN/TENANTS) configures products too', async () => {
    const lending = await s.tenantId('Meridian Lending');
    const r = await productManager.call<CatalogueProduct[]>('PUT', `/api/tenants/${lending}/products`, {
      body: { products: [choice(product('CS-PAY'))] },
    });
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.body.data.map((p: CatalogueProduct) => p.productCode),
      ['CS-PAY'],
    );
  });

  test('a product outside the catalogue or under the wrong category answers 400 naming the entry, and saves nothing', async () => {
    const before = (await lendingAdmin.call<CatalogueProduct[]>('GET', `/api/tenants/${jhb}/products`)).body.data;
    const personal = product('CS-PL');
    const r = await lendingAdmin.call<CatalogueProduct[]>('PUT', `/api/tenants/${jhb}/products`, {
      body: {
        products: [
          choice(personal),
          { productCategoryId: personal.productCategoryId, productId: '00000000-0000-4000-8000-000000000001' },
          { ...choice(personal), productCategoryId: product('SME-AF').productCategoryId },
        ],
      },
    });
    assert.equal(r.status, 400);
    assert.deepEqual(fieldErrorsOf(r), {
      'products.1.productId': [MESSAGES.productNotInCatalogue],
      'products.2.productCategoryId': [MESSAGES.productInOtherCategory],
    });
    const malformed = await lendingAdmin.call<CatalogueProduct[]>('PUT', `/api/tenants/${jhb}/products`, {
      body: { products: [{ productCategoryId: 'x', productId: personal.productId }] },
    });
    assert.deepEqual(fieldErrorsOf(malformed)['products.0.productCategoryId'], [
      'This is not a valid reference to a record. Choose one from the list.',
    ]);
    assert.ok(fieldError(await lendingAdmin.call<CatalogueProduct[]>('PUT', `/api/tenants/${jhb}/products`, { body: {} }), 'products')!);
    assert.deepEqual((await lendingAdmin.call<CatalogueProduct[]>('GET', `/api/tenants/${jhb}/products`)).body.data, before);
  });

  test('a user with neither ADMIN/TENANTS nor ADMIN/PRODUCTS is refused with 403 on every route', async () => {
    const officer = await s.as('loan officer');
    const notRefused: string[] = [];
    for (const [method, url, body] of [
      ['GET', '/api/tenants/products/catalogue'],
      ['GET', `/api/tenants/${officer.homeTenantId}/products`],
      ['PUT', `/api/tenants/${officer.homeTenantId}/products`, { products: [] }],
    ] as [string, string, unknown?][]) {
      const r = await officer.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 403 || r.body.result.code !== 'FORBIDDEN') notRefused.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(notRefused, []);
  });

  test('a tenant of Meridian Tracking is 404 for the Lending administrator, and its products stay as they were', async () => {
    const durban = await s.tenantId('Durban Branch');
    const trackingAdmin = await s.as('company admin');
    await trackingAdmin.call<CatalogueProduct[]>('PUT', `/api/tenants/${durban}/products`, {
      body: { products: [choice(product('TRK-SVR'))] },
    });
    assert.equal((await lendingAdmin.call<CatalogueProduct[]>('GET', `/api/tenants/${durban}/products`)).status, 404);
    assert.equal(
      (await lendingAdmin.call<CatalogueProduct[]>('PUT', `/api/tenants/${durban}/products`, { body: { products: [] } })).status,
      404,
    );
    const theirs = await trackingAdmin.call<CatalogueProduct[]>('GET', `/api/tenants/${durban}/products`);
    assert.deepEqual(
      theirs.body.data.map((p: CatalogueProduct) => p.productCode),
      ['TRK-SVR'],
    );
  });
});
