import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LoanDetails } from '@meridian/shared/contract/loan';
import type { CollectionPeriod } from '@meridian/shared/contract/portfolio-report';
import type { CsvImport } from '@meridian/shared/contract/csv-import';
import type { Tenant } from '@meridian/shared/contract/tenant';
import type { Client } from '@meridian/shared/contract/client';
import { addDays, addMonths } from '@meridian/shared/lending/schedule-dates';
import { sqlParams } from '../src/db/sql-params';
import { horizonMonthEnds, keepMonthEnds } from '../src/modules/loans/loan-month-ends';
import { collectionsSummary, exactCollectionsSummary } from '../src/modules/portfolio-reports/collections-summary';
import { exactFiguresSql, portfolioFiguresSql } from '../src/modules/portfolio-reports/portfolio-figures';
import { databaseLabel, startServer, type Actor, type TestServer } from './support/harness';
import { dayFromToday, makeProduct, nextSerial } from './support/lending';

/**
 * The portfolio reports read figures the ledger stores at write time (migration 046) and month-ends a job keeps
 * (047). These tests make every kind of ledger change through the API on loans of a branch of their own and, after
 * each, compare what the stored figures answer with the exact general query on the same rows: PAR's figures per
 * tenant, product, officer and currency at today, at every past month-end since the loans began (kept ones read
 * from the job's rows and the ledger's deltas) and at days between, and the collections summary by day, week and
 * month over the whole span.
 */
describe(`portfolio reports' stored figures (${databaseLabel})`, () => {
  let s: TestServer;
  let admin: Actor;
  let branchPath: string;
  let p1: string;
  let p2: string;
  let p3: string;
  const today = dayFromToday(0);
  const D0 = `${addMonths(today, -6).slice(0, 7)}-01`;
  const m = (k: number) => addMonths(D0, k);
  const loans: Record<string, string> = {};
  const payments: Record<string, string> = {};

  const made = <T>(answer: { status: number; text: string; body: { data: T } }, status = 201) => {
    assert.equal(answer.status, status, answer.text);
    return answer.body.data;
  };

  let branch: string;
  async function applied(product: string, principalMinor: number, instalments: number) {
    const client = made(
      await admin.call<Client>('POST', '/api/clients', {
        tenant: branch,
        body: { firstName: 'Stored', lastName: `Borrower ${nextSerial().replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}` },
      }),
    ).Id;
    const loan = made(
      await admin.call<LoanDetails>('POST', '/api/loans', {
        body: { clientId: client, productId: product, principalMinor, instalments, submittedOn: addDays(D0, -2) },
      }),
    );
    made(await admin.call('POST', `/api/loans/${loan.id}/approve`, { body: { approvedOn: addDays(D0, -1) } }), 200);
    return loan.id;
  }
  const disburse = async (loanId: string, amountMinor: number, disbursedOn = D0) =>
    made(await admin.call('POST', `/api/loans/${loanId}/disburse`, { body: { disbursedOn, amountMinor, channel: 'cash' } }), 200);
  const pay = async (loanId: string, amountMinor: number, paidOn: string) =>
    made(await admin.call<{ id: string }>('POST', '/api/clients/payments', { body: { loanId, amountMinor, paidOn, reference: 'Stored' } }))
      .id;

  /** Per (tenant, product, officer, currency), the figures summed: the stored path may split a group in two. */
  const summed = (figures: string) => `select tenant_id::text, product_id::text, officer_id::text, currency, sum(loans)::text as loans,
      sum(loans_at_risk)::text as at_risk_loans, sum(outstanding)::text as outstanding, sum(at_risk)::text as at_risk
    from (${figures}) f group by 1, 2, 3, 4 order by 1, 2, 3, 4`;

  async function parFigures(asOf: string) {
    const stored = sqlParams();
    const exact = sqlParams();
    return {
      stored: await s.db.query(summed(await portfolioFiguresSql(s.db, branchPath, asOf, stored)), stored.values),
      exact: await s.db.query(summed(exactFiguresSql(branchPath, asOf, exact)), exact.values),
    };
  }

  /** Every past month-end since the loans began, newest first, and the days PAR is compared at. */
  const pastMonthEnds = () => horizonMonthEnds(new Date()).filter((day) => day >= addDays(D0, -1));
  const comparedDays = () => [today, ...pastMonthEnds(), addDays(m(1), 3), addDays(m(2), 20), addDays(m(3), 31), addDays(m(4), 2)];

  /** Asserts the stored figures equal the exact ones at every compared day and over every collections period. */
  async function assertStoredMatchExact(after: string) {
    // Also each day a loan turns at risk as its payments stand, and the day before: where an off-by-one would show.
    const turning = await s.db.query<{ day: string }>(
      `select distinct d::text as day from loans, unnest(array[at_risk_from - 1, at_risk_from, last_paid_on]) d
       where id = any($1::uuid[]) and d <= $2::date`,
      [Object.values(loans), today],
    );
    for (const day of [...comparedDays(), ...turning.map((r) => r.day)]) {
      const { stored, exact } = await parFigures(day);
      assert.deepEqual(stored, exact, `PAR at ${day} after ${after}`);
    }
    const window = { fromDate: addDays(D0, -1), toDate: addDays(today, 7) };
    for (const period of ['day', 'week', 'month'] as CollectionPeriod[])
      assert.deepEqual(
        await collectionsSummary(s.db, branchPath, window, period),
        await exactCollectionsSummary(s.db, branchPath, window, period),
        `collections by ${period} after ${after}`,
      );
  }

  const keptDays = async () =>
    (await s.db.query<{ day: string }>('select month_end::text as day from portfolio_month_end_days order by 1')).map((r) => r.day);
  const deltaRows = async () =>
    (await s.db.one<{ n: number }>('select count(*)::int as n from portfolio_month_end_figures where is_delta'))!.n;

  before(async () => {
    s = await startServer();
    admin = await s.as('company administrator');
    branch = made(
      await admin.call<Tenant>('POST', '/api/tenants', {
        body: { name: 'Stored Figures Branch', type: 3, parentId: await s.tenantId('Meridian Lending'), shortCode: 'ML-SFB' },
      }),
    ).Id as string;
    branchPath = (await s.db.one<{ path: string }>('select path from tenants where id = $1', [branch]))!.path;
    const flat = { annualRatePercent: '0', feePerInstalmentMinor: 0, arrearsToleranceMinor: 0, minInstalments: 3 };
    p1 = (await makeProduct(admin, { ...flat, name: `Stored P1 ${nextSerial()}` })).id;
    p2 = (await makeProduct(admin, { ...flat, name: `Stored P2 ${nextSerial()}`, feePerInstalmentMinor: 10_000 })).id;
    // Interest on the declining balance, a fee and an arrears tolerance: the day at risk is set by the tolerance, not the oldest due.
    p3 = (await makeProduct(admin, { name: `Stored P3 ${nextSerial()}`, arrearsToleranceMinor: 150_000 })).id;
    loans.A = await applied(p1, 1_200_000, 6);
    loans.B = await applied(p3, 1_500_000, 6);
    loans.C = await applied(p2, 1_200_000, 4);
    loans.D = await applied(p1, 600_000, 3);
    // The job keeps every past month-end of the horizon before any of these loans is disbursed: all that follows is
    // the ledger's restatement of kept month-ends.
    await keepMonthEnds(s.db);
  });
  after(() => s.close());

  test('the month-end job keeps every past month-end of the horizon that is over everywhere', async () => {
    const kept = await keptDays();
    const over = addDays(new Date().toISOString().slice(0, 10), -2);
    assert.deepEqual(
      kept,
      horizonMonthEnds(new Date())
        .filter((day) => day <= over)
        .sort(),
    );
    assert.ok(kept.includes(addDays(m(3), -1)), 'the month-ends of these loans are kept');
  });

  test('a backdated disbursement joins the kept month-ends since its day', async () => {
    await disburse(loans.A!, 1_200_000);
    await disburse(loans.B!, 1_500_000);
    await disburse(loans.C!, 1_200_000);
    assert.ok((await deltaRows()) > 0, 'the disbursements were added to the kept month-ends');
    const { stored } = await parFigures(addDays(m(1), -1));
    assert.equal(stored.length, 3, 'each loan is in the portfolio at the end of its first month');
    await assertStoredMatchExact('backdated disbursements');
  });

  test('payments on their due dates and a payment long after its due date restate the month-ends since they were made', async () => {
    payments.A1 = await pay(loans.A!, 200_000, m(1));
    payments.A2 = await pay(loans.A!, 200_000, m(2));
    payments.B1 = await pay(loans.B!, 150_000, addDays(m(1), 3));
    payments.C1 = await pay(loans.C!, 310_000, m(1));
    await assertStoredMatchExact('payments on time');

    const before = (await parFigures(addDays(m(4), -1))).stored;
    payments.B2 = await pay(loans.B!, 700_000, addDays(m(3), 20));
    const afterCatchUp = (await parFigures(addDays(m(4), -1))).stored;
    assert.notDeepEqual(afterCatchUp, before, 'the kept month-end after the late payment moved');
    await assertStoredMatchExact('a late payment months back');
  });

  test('an edited payment moved to another month and a reversed one restate both months', async () => {
    made(
      await admin.call('PUT', `/api/clients/payments/${payments.A2}`, {
        body: { amountMinor: 250_000, paidOn: addDays(m(2), 35), reference: 'Moved' },
      }),
      200,
    );
    await assertStoredMatchExact('an edited payment');
    made(await admin.call('POST', `/api/clients/payments/${payments.B1}/reverse`, { body: { note: 'Bounced' } }), 200);
    await assertStoredMatchExact('a reversal');
  });

  test('a backdated write-off leaves the kept month-ends from its day and stops its instalments being expected', async () => {
    made(await admin.call('POST', `/api/loans/${loans.C}/write-off`, { body: { writtenOffOn: addDays(m(3), 3), note: 'Gone' } }), 200);
    await assertStoredMatchExact('a write-off');
    const { stored } = await parFigures(addDays(m(4), -1));
    assert.ok(!stored.some((row) => (row as { product_id: string }).product_id === p2), 'the written-off loan has left');
  });

  test('payments imported from a CSV file restate the month-ends of their days', async () => {
    await disburse(loans.D!, 600_000, m(1));
    const lines = [
      'loanId,amount,paidOn,reference',
      `${loans.D},2000.00,${m(2)},csv one`,
      `${loans.D},1500.00,${addDays(m(4), 12)},csv two`,
    ];
    const data = new FormData();
    data.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'payments.csv');
    const form = new Response(data);
    const body = Buffer.from(await form.arrayBuffer());
    const upload = made(
      await admin.call<CsvImport>('POST', '/api/csv-imports/payments', {
        body,
        headers: { 'content-type': form.headers.get('content-type')! },
      }),
    );
    made(await admin.call('POST', `/api/csv-imports/${upload.id}/import`), 202);
    for (let status = 'importing'; status === 'importing';) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = made(await admin.call<CsvImport>('GET', `/api/csv-imports/${upload.id}`), 200).status;
    }
    const paid = await s.db.one<{ n: number }>('select count(*)::int as n from loan_payments where loan_id = $1', [loans.D]);
    assert.equal(paid!.n, 2, 'both rows were imported');
    await assertStoredMatchExact('a CSV import');
  });

  test("the job folds the ledger's deltas (month-ends and collection days) into the kept rows without changing a figure", async () => {
    const before = await Promise.all(pastMonthEnds().map(async (day) => (await parFigures(day)).stored));
    const dayDeltas = async () =>
      (await s.db.one<{ n: number }>('select count(*)::int as n from collection_day_figures where is_delta'))!.n;
    assert.ok((await deltaRows()) > 0);
    assert.ok((await dayDeltas()) > 0, "the replays appended the collections summary's day rows");
    await keepMonthEnds(s.db);
    assert.equal(await deltaRows(), 0);
    assert.equal(await dayDeltas(), 0);
    assert.deepEqual(await Promise.all(pastMonthEnds().map(async (day) => (await parFigures(day)).stored)), before);
    await assertStoredMatchExact('folding the deltas');
  });

  test('a payment dated today restates no month-end, and the stored figures follow it', async () => {
    await pay(loans.A!, 123_456, today);
    assert.equal(await deltaRows(), 0, 'nothing before this month moved');
    await assertStoredMatchExact('a payment today');
  });

  test("the migration's backfill works out the same stored figures as the ledger's replay", async () => {
    const ids = Object.values(loans);
    const storedColumns = async () => ({
      loans: await s.db.query(
        `select id, outstanding_principal_minor::text, at_risk_from::text, last_paid_on::text from loans where id = any($1::uuid[]) order by id`,
        [ids],
      ),
      instalments: await s.db.query(
        `select loan_id, number, tenant_id, currency, written_off_on::text, paid_on_time_minor::text from loan_instalments
         where loan_id = any($1::uuid[]) order by loan_id, number`,
        [ids],
      ),
      payments: await s.db.query(
        `select id, currency, recovered_minor::text from loan_payments where loan_id = any($1::uuid[]) order by id`,
        [ids],
      ),
    });
    const byReplay = await storedColumns();
    assert.ok(
      byReplay.loans.some((l) => (l as { at_risk_from: string | null }).at_risk_from !== null),
      'some loan is at risk some day',
    );
    assert.ok(
      byReplay.payments.some((p) => (p as { recovered_minor: string }).recovered_minor !== '0'),
      'some payment recovered arrears',
    );
    await s.db.query(
      `update loans set outstanding_principal_minor = 0, at_risk_from = null, last_paid_on = null where id = any($1::uuid[])`,
      [ids],
    );
    await s.db.query(`update loan_instalments set paid_on_time_minor = 0, currency = null where loan_id = any($1::uuid[])`, [ids]);
    await s.db.query(`update loan_payments set recovered_minor = 0, currency = null where loan_id = any($1::uuid[])`, [ids]);
    await s.db.query('select store_loan_ledger_figures($1::uuid[])', [ids]);
    assert.deepEqual(await storedColumns(), byReplay);
  });
});
