import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LoanProduct, LoanProductDetails, ProductConfigurator } from '@meridian/shared/contract/loan-product';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { categoryId, makeProduct, productBody } from './support/lending';

describe(`loan products (${databaseLabel})`, () => {
  let s: TestServer;
  let lending: Actor;
  let tracking: Actor;
  let productManager: Actor;
  let officer: Actor;
  let branch: Actor;

  before(async () => {
    s = await startServer();
    lending = await s.as('company administrator');
    tracking = await s.as('company admin');
    productManager = await s.as('product manager');
    officer = await s.as('loan officer');
    branch = await s.as('credit officer');
  });
  after(() => s.close());

  test('a product is created and read with money as JSON integers, the rate as decimal text, and its creation in the history', async () => {
    const body = await productBody(productManager, { name: 'Payday advance', annualRatePercent: '27.2500', feePerInstalmentMinor: 6_900 });
    const made = await productManager.call<LoanProductDetails>('POST', '/api/loan-products', { body });
    assert.equal(made.status, 201, made.text);
    const p = made.body.data;
    assert.deepEqual(
      [
        p.name,
        p.currency,
        p.minAmountMinor,
        p.maxAmountMinor,
        p.annualRatePercent,
        p.feePerInstalmentMinor,
        p.productCategoryName,
        p.tenantName,
      ],
      ['Payday advance', 'ZAR', 100_000, 5_000_000, '27.25', 6_900, 'Consumer Lending', 'Meridian Lending'],
    );
    assert.ok(made.text.includes('"minAmountMinor":100000'), 'an integer, not a string or a float');
    assert.equal(p.history.length, 1);
    assert.equal(p.history[0]!.action, 'created');
    assert.deepEqual(p.history[0]!.changes.annualRatePercent, [null, '27.25']);
    const read = await lending.call<LoanProductDetails>('GET', `/api/loan-products/${p.id}`);
    assert.equal(read.status, 200);
    assert.equal(read.body.data.id, p.id);
  });

  test('an edit changes the product and keeps each changed field as [before, after] with who made it', async () => {
    const p = await makeProduct(lending);
    const body = { ...(await productBody(lending)), name: p.name, annualRatePercent: '19.75', maxInstalments: 36 };
    const edited = await productManager.call<LoanProductDetails>('PUT', `/api/loan-products/${p.id}`, { body });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.data.annualRatePercent, '19.75');
    const change = edited.body.data.history.at(-1)!;
    assert.equal(change.action, 'edited');
    assert.equal(change.userId, productManager.userId);
    assert.deepEqual(change.changes, { maxInstalments: [24, 36], annualRatePercent: ['24.5', '19.75'] });
    const unchanged = await productManager.call<LoanProductDetails>('PUT', `/api/loan-products/${p.id}`, { body });
    assert.equal(unchanged.body.data.history.length, 2, 'saving without a change records nothing');
  });

  test('bad input is a 400 naming the field, never a 500; a second product of the same name is a 409', async () => {
    const post = async (overrides: Record<string, unknown>) =>
      lending.call('POST', '/api/loan-products', { body: { ...(await productBody(lending)), ...overrides } });
    const cases: [Record<string, unknown>, string][] = [
      [{ annualRatePercent: '24.55555' }, 'annualRatePercent'],
      [{ annualRatePercent: 24.5 }, 'annualRatePercent'],
      [{ annualRatePercent: '-3' }, 'annualRatePercent'],
      [{ minAmountMinor: 500_000, maxAmountMinor: 400_000 }, 'maxAmountMinor'],
      [{ minInstalments: 12, maxInstalments: 6 }, 'maxInstalments'],
      [{ graceOnPrincipal: 3 }, 'graceOnPrincipal'],
      [{ graceOnPrincipal: 1, graceOnInterestPayment: 2 }, 'graceOnInterestPayment'],
      [{ currency: 'rand' }, 'currency'],
      [{ feePerInstalmentMinor: 15.5 }, 'feePerInstalmentMinor'],
      [{ minAmountMinor: '100000' }, 'minAmountMinor'],
      [{ interestMethod: 'compound' }, 'interestMethod'],
      [{ repaymentFrequency: 'daily' }, 'repaymentFrequency'],
      [{ productCategoryId: '5b1a3f4e-0000-4000-8000-000000000001' }, 'productCategoryId'],
      [{ tenantId: await s.tenantId('Meridian Tracking') }, 'tenantId'],
    ];
    for (const [overrides, field] of cases) {
      const refused = await post(overrides);
      assert.equal(refused.status, 400, `${JSON.stringify(overrides)}: ${refused.text}`);
      assert.ok(fieldError(refused, field), `${field} named for ${JSON.stringify(overrides)}: ${refused.text}`);
    }
    const p = await makeProduct(lending);
    const taken = await post({ name: p.name.toUpperCase() });
    assert.equal(taken.status, 409);
    assert.ok(fieldError(taken, 'name'));
  });

  test('the list is paged, searched and sorted; a company’s products are seen from its branches but changed only from above', async () => {
    const p = await makeProduct(lending, { name: 'Zebra stokvel loan' });
    const found = await lending.call<LoanProduct[]>('GET', '/api/loan-products?search=zebra%20stokvel');
    assert.deepEqual(
      found.body.data.map((x) => x.id),
      [p.id],
    );
    const sorted = await lending.call<LoanProduct[]>('GET', '/api/loan-products?sortField=name&sortOrder=DESC&size=2');
    assert.equal(sorted.body.data.length, 2);
    assert.ok(pagingOf(sorted).total >= 2);
    assert.ok(sorted.body.data[0]!.name >= sorted.body.data[1]!.name);
    assert.equal((await lending.call('GET', '/api/loan-products?sortField=secret')).status, 400);

    const fromBranch = await branch.call<LoanProduct[]>('GET', '/api/loan-products?size=1000');
    assert.ok(
      fromBranch.body.data.some((x) => x.id === p.id),
      'a branch chooses its company’s products',
    );
    assert.equal((await officer.call('GET', `/api/loan-products/${p.id}`)).status, 200);
    assert.equal((await officer.call('POST', '/api/loan-products', { body: await productBody(lending) })).status, 403);
    assert.equal((await officer.call('PUT', `/api/loan-products/${p.id}`, { body: await productBody(lending) })).status, 403);
    assert.equal(
      (await branch.call('PUT', `/api/loan-products/${p.id}`, { body: await productBody(lending) })).status,
      404,
      'the credit officer keeps the branch’s products, not the company’s',
    );
  });

  test('a credit officer creates a product for their own branch, which the branch then lists', async () => {
    const made = await branch.call<LoanProductDetails>('POST', '/api/loan-products', {
      body: await productBody(branch, { name: 'Jabulani branch loan' }),
    });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.data.tenantId, branch.homeTenantId);
    const offered = await branch.call<LoanProduct[]>('GET', '/api/loan-products?search=jabulani');
    assert.deepEqual(
      offered.body.data.map((x) => x.id),
      [made.body.data.id],
    );
  });

  test('another company’s products are not found, listed nor editable', async () => {
    const p = await makeProduct(lending);
    assert.equal((await tracking.call('GET', `/api/loan-products/${p.id}`)).status, 404);
    assert.equal((await tracking.call('PUT', `/api/loan-products/${p.id}`, { body: await productBody(tracking) })).status, 404);
    const theirs = await tracking.call<LoanProduct[]>('GET', '/api/loan-products?size=1000');
    assert.ok(!theirs.body.data.some((x) => x.tenantId === p.tenantId));
  });

  test('the product configurator pages the active products the acting tenant offers, each under its category', async () => {
    const sme = await categoryId(lending, 'SME');
    const offered = await makeProduct(lending, { name: 'Spaza stock loan', productCategoryId: sme });
    const retired = await makeProduct(lending, { name: 'Retired spaza loan', productCategoryId: sme, active: false });
    const answer = await branch.call<{ productConfigurator: ProductConfigurator[] }>(
      'GET',
      '/api/onboarding/product/product-configurator?search=spaza',
    );
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body.data.productConfigurator, [
      {
        productCategoryId: sme,
        productCategoryName: 'SME Lending',
        productId: offered.id,
        productName: 'Spaza stock loan',
        currency: 'ZAR',
      },
    ]);
    assert.ok(!answer.text.includes(retired.id));
    assert.equal(pagingOf(answer).total, 1);
    const theirs = await tracking.call<{ productConfigurator: ProductConfigurator[] }>(
      'GET',
      '/api/onboarding/product/product-configurator?search=spaza',
    );
    assert.deepEqual(theirs.body.data.productConfigurator, []);
  });
});
