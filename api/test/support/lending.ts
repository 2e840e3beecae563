/** Lending objects made through the API for the lending tests: a product, a client, a loan at each state. */
import assert from 'node:assert/strict';
import type { LoanProductDetails, LoanProductSave, ProductCategory } from '@meridian/shared/contract/loan-product';
import type { LoanDetails } from '@meridian/shared/contract/loan';
import type { Client } from '@meridian/shared/contract/client';
import type { Actor } from './harness';

let serial = 0;
export const nextSerial = () => {
  serial += 1;
  return `${process.pid}-${serial}`;
};

/** A calendar day `days` from today in the demo tenants' zone (the default, Africa/Johannesburg), as the API counts days. */
export const dayFromToday = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date(Date.now() + days * 86_400_000));

export async function categoryId(actor: Actor, code = 'CS') {
  const categories = await actor.call<ProductCategory[]>('GET', '/api/loan-products/categories');
  assert.equal(categories.status, 200, categories.text);
  return categories.body.data.find((c) => c.code === code)!.id;
}

export async function productBody(actor: Actor, overrides: Partial<LoanProductSave> = {}): Promise<Record<string, unknown>> {
  return {
    name: `Test loan ${nextSerial()}`,
    productCategoryId: await categoryId(actor),
    currency: 'ZAR',
    minAmountMinor: 100_000,
    maxAmountMinor: 5_000_000,
    minInstalments: 3,
    maxInstalments: 24,
    interestMethod: 'declining-balance',
    annualRatePercent: '24.5',
    repaymentFrequency: 'monthly',
    feePerInstalmentMinor: 1_500,
    arrearsToleranceMinor: 1_000,
    ...overrides,
  };
}

export async function makeProduct(actor: Actor, overrides: Partial<LoanProductSave> = {}) {
  const made = await actor.call<LoanProductDetails>('POST', '/api/loan-products', { body: await productBody(actor, overrides) });
  assert.equal(made.status, 201, made.text);
  return made.body.data;
}

export async function makeClient(actor: Actor) {
  const made = await actor.call<Client>('POST', '/api/clients', {
    body: {
      firstName: 'Lerato',
      lastName: `Borrower ${nextSerial()
        .replace(/\D/g, '')
        .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`,
    },
  });
  assert.equal(made.status, 201, made.text);
  return made.body.data.Id;
}

export async function applyFor(actor: Actor, productId: string, body: Record<string, unknown> = {}) {
  const made = await actor.call<LoanDetails>('POST', '/api/loans', {
    body: { clientId: await makeClient(actor), productId, principalMinor: 1_200_000, instalments: 12, ...body },
  });
  assert.equal(made.status, 201, made.text);
  return made.body.data;
}

export async function approve(actor: Actor, loanId: string, body: Record<string, unknown> = {}) {
  const answer = await actor.call<LoanDetails>('POST', `/api/loans/${loanId}/approve`, {
    body: { approvedOn: dayFromToday(-200), ...body },
  });
  assert.equal(answer.status, 200, answer.text);
  return answer.body.data;
}

export async function disburse(actor: Actor, loanId: string, body: Record<string, unknown> = {}) {
  const answer = await actor.call<LoanDetails>('POST', `/api/loans/${loanId}/disburse`, {
    body: { disbursedOn: dayFromToday(-100), amountMinor: 1_200_000, channel: 'bank-transfer', ...body },
  });
  assert.equal(answer.status, 200, answer.text);
  return answer.body.data;
}

/** An active loan: applied for, approved and disbursed 100 days ago. */
export async function activeLoan(actor: Actor, productId: string, apply: Record<string, unknown> = {}, pay: Record<string, unknown> = {}) {
  const loan = await applyFor(actor, productId, { submittedOn: dayFromToday(-210), ...apply });
  await approve(actor, loan.id);
  return disburse(actor, loan.id, pay);
}
