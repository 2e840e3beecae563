import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LoanDetails } from '@meridian/shared/contract/loan';
import type {
  CollectionsPeriod,
  CollectionsSummary,
  ParReport,
  ParTrend,
  TenantLoansReport,
} from '@meridian/shared/contract/portfolio-report';
import type { Tenant } from '@meridian/shared/contract/tenant';
import type { Client } from '@meridian/shared/contract/client';
import { addDays, addMonths } from '@meridian/shared/lending/schedule-dates';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { dayFromToday, makeProduct, nextSerial } from './support/lending';

/**
 * A hand-made portfolio in a branch of its own (Report Branch, with Report Team under it), so the demo's
 * loans stay outside the figures. Interest 0 %, so every instalment is principal (plus P2's fee):
 *
 * D0 = the first day of the month six months ago; m(k) = D0 + k months (the k-th due date); X = m(4) + 10 days.
 * Each loan: 1,200,000 disbursed on D0, monthly instalments from m(1).
 *   L1  branch, P1, 6 x 200,000, by admin:    paid 200,000 on m1, m2, m3, m4 (each on its due date)
 *   L2  branch, P1, 6 x 200,000, by admin:    paid 200,000 on m1 only
 *   L3  team,   P2, 4 x 300,000 + 10,000 fee, by officer: paid 310,000 on m1, m2, m3
 *   L4  team,   P1, 6 x 200,000, by officer:  paid 200,000 on m1, then 400,000 on m3 + 5 days (m2 and m3, late)
 *   L5  branch, P2, 4 x 310,000, by admin:    never paid; written off on m5
 *
 * At X (X - 30 days lies between m3 and m4):
 *   L1 outstanding 400,000, oldest unpaid m5: not at risk
 *   L2 outstanding 1,000,000, oldest unpaid m2 (> 30 days): at risk
 *   L3 outstanding 300,000, oldest unpaid m4 (10 days): not at risk
 *   L4 outstanding 600,000, oldest unpaid m4: not at risk (the late payment caught up)
 *   L5 outstanding 1,200,000, oldest unpaid m1: at risk (written off only after X)
 *   portfolio 3,500,000, at risk 2,200,000: PAR30 = 62.857...% -> "62.86"
 */
describe(`portfolio reports (${databaseLabel})`, () => {
  let s: TestServer;
  let admin: Actor;
  let officer: Actor;
  let branch: string;
  let team: string;
  let p1: string;
  let p2: string;
  const D0 = `${addMonths(dayFromToday(0), -6).slice(0, 7)}-01`;
  const m = (k: number) => addMonths(D0, k);
  const X = addDays(m(4), 10);
  const loans: Record<string, string> = {};

  const made = <T>(answer: { status: number; text: string; body: { data: T } }, status = 201) => {
    assert.equal(answer.status, status, answer.text);
    return answer.body.data;
  };

  async function loan(by: Actor, tenant: string, product: string, instalments: number) {
    const client = made(
      await admin.call<Client>('POST', '/api/clients', {
        tenant,
        body: { firstName: 'Report', lastName: `Borrower ${nextSerial().replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}` },
      }),
    ).Id;
    const applied = made(
      await by.call<LoanDetails>('POST', '/api/loans', {
        body: { clientId: client, productId: product, principalMinor: 1_200_000, instalments, submittedOn: addDays(D0, -2) },
      }),
    );
    made(await admin.call('POST', `/api/loans/${applied.id}/approve`, { body: { approvedOn: addDays(D0, -1) } }), 200);
    made(
      await admin.call('POST', `/api/loans/${applied.id}/disburse`, {
        body: { disbursedOn: D0, amountMinor: 1_200_000, channel: 'bank-transfer' },
      }),
      200,
    );
    return applied.id;
  }
  const pay = async (loanId: string, amountMinor: number, paidOn: string) =>
    made(await admin.call('POST', '/api/clients/payments', { body: { loanId, amountMinor, paidOn, reference: 'Report test' } }));

  before(async () => {
    s = await startServer();
    admin = await s.as('company administrator');
    officer = await s.actorWith(`report-officer-${process.pid}`, ['CLIENTS/CREATE', 'CLIENTS/EDIT', 'CLIENTS']);
    branch = made(
      await admin.call<Tenant>('POST', '/api/tenants', {
        body: { name: 'Report Branch', type: 3, parentId: await s.tenantId('Meridian Lending'), shortCode: 'ML-RPT' },
      }),
    ).Id as string;
    team = made(
      await admin.call<Tenant>('POST', '/api/tenants', { body: { name: 'Report Team', type: 4, parentId: branch, shortCode: 'ML-RPT-T' } }),
    ).Id as string;
    const terms = { annualRatePercent: '0', feePerInstalmentMinor: 0, arrearsToleranceMinor: 0, minInstalments: 3 };
    p1 = (await makeProduct(admin, { ...terms, name: `Report P1 ${nextSerial()}` })).id;
    p2 = (await makeProduct(admin, { ...terms, name: `Report P2 ${nextSerial()}`, feePerInstalmentMinor: 10_000 })).id;

    loans.L1 = await loan(admin, branch, p1, 6);
    loans.L2 = await loan(admin, branch, p1, 6);
    loans.L3 = await loan(officer, team, p2, 4);
    loans.L4 = await loan(officer, team, p1, 6);
    loans.L5 = await loan(admin, branch, p2, 4);
    for (const k of [1, 2, 3, 4]) await pay(loans.L1, 200_000, m(k));
    await pay(loans.L2, 200_000, m(1));
    for (const k of [1, 2, 3]) await pay(loans.L3, 310_000, m(k));
    await pay(loans.L4, 200_000, m(1));
    await pay(loans.L4, 400_000, addDays(m(3), 5));
    made(await admin.call('POST', `/api/loans/${loans.L5}/write-off`, { body: { writtenOffOn: m(5), note: 'Gone' } }), 200);
  });
  after(() => s.close());

  const par = async (query: string, actor = admin) => actor.call<ParReport>('GET', `/api/reports/standard/par-over-thirty?${query}`);
  const figures = (g: {
    loans: number;
    loansAtRisk: number;
    outstandingPrincipalMinor: number;
    atRiskPrincipalMinor: number;
    par30Percent: string | null;
  }) => [g.loans, g.loansAtRisk, g.outstandingPrincipalMinor, g.atRiskPrincipalMinor, g.par30Percent];

  test('PAR30 at a past day counts loans more than 30 days overdue then, by branch, team, officer and product', async () => {
    const byBranch = made(await par(`tenantId=${branch}&asOf=${X}`), 200);
    assert.equal(byBranch.asOf, X);
    // Every loan lies in Report Branch (the team is under it): 5 loans, 3,500,000 outstanding, L2 + L5 at risk.
    assert.deepEqual(byBranch.totals.map(figures), [[5, 2, 3_500_000, 2_200_000, '62.86']]);
    assert.deepEqual(
      byBranch.groups.map((g) => [g.groupId, g.groupName, ...figures(g)]),
      [[branch, 'Report Branch', 5, 2, 3_500_000, 2_200_000, '62.86']],
    );

    // Team: L3 + L4 (300,000 + 600,000, none at risk); no team: L1 + L2 + L5 (2,600,000; 2,200,000 at risk: 84.615 %).
    const byTeam = made(await par(`tenantId=${branch}&asOf=${X}&groupBy=team`), 200);
    assert.deepEqual(
      byTeam.groups.map((g) => [g.groupId, ...figures(g)]),
      [
        [team, 2, 0, 900_000, 0, '0.00'],
        [null, 3, 2, 2_600_000, 2_200_000, '84.62'],
      ],
    );

    // Officer: the admin applied for L1, L2, L5; the officer for L3, L4 (same split as the teams).
    const byOfficer = made(await par(`tenantId=${branch}&asOf=${X}&groupBy=officer`), 200);
    assert.deepEqual(
      new Map(byOfficer.groups.map((g) => [g.groupId, figures(g)])),
      new Map([
        [admin.userId, [3, 2, 2_600_000, 2_200_000, '84.62']],
        [officer.userId, [2, 0, 900_000, 0, '0.00']],
      ]),
    );

    // Product: P1 = L1 + L2 + L4 (400,000 + 1,000,000 + 600,000; L2 at risk: 50 %); P2 = L3 + L5 (1,500,000; L5: 80 %).
    const byProduct = made(await par(`tenantId=${branch}&asOf=${X}&groupBy=product`), 200);
    assert.deepEqual(
      new Map(byProduct.groups.map((g) => [g.groupId, figures(g)])),
      new Map([
        [p1, [3, 1, 2_000_000, 1_000_000, '50.00']],
        [p2, [2, 1, 1_500_000, 1_200_000, '80.00']],
      ]),
    );
    assert.equal(typeof byProduct.totals[0]!.outstandingPrincipalMinor, 'number');
  });

  test('a loan late by more than 30 days at one day and caught up by a later payment is at risk only before it', async () => {
    // At m3 + 4: L4 had paid m1 only, so m2 was unpaid for (m3 - m2) + 4 >= 32 days: at risk, 1,000,000 outstanding.
    // L3 had paid m1..m3 (300,000 left). Team: 1,300,000, of which 1,000,000 at risk: 76.923 % -> "76.92".
    const before = made(await par(`tenantId=${team}&asOf=${addDays(m(3), 4)}&groupBy=product`), 200);
    assert.deepEqual(before.totals.map(figures), [[2, 1, 1_300_000, 1_000_000, '76.92']]);
    // A day later L4 paid 400,000 (m2 and m3): 600,000 left, nothing overdue past 30 days.
    const afterCatchUp = made(await par(`tenantId=${team}&asOf=${addDays(m(3), 5)}&groupBy=product`), 200);
    assert.deepEqual(afterCatchUp.totals.map(figures), [[2, 0, 900_000, 0, '0.00']]);
  });

  test('a loan written off leaves the portfolio from its write-off day, and a fully repaid one from its last payment', async () => {
    const today = made(await par(`tenantId=${branch}`), 200);
    assert.equal(today.asOf, dayFromToday(0));
    assert.equal(today.totals[0]!.loans, 4, 'L5 is written off');
    const dayBefore = made(await par(`tenantId=${branch}&asOf=${addDays(m(5), -1)}`), 200);
    assert.equal(dayBefore.totals[0]!.loans, 5);
  });

  test('the PAR trend gives each month-end of the window', async () => {
    const trend = made(
      await admin.call<ParTrend>('GET', `/api/reports/standard/par-over-thirty/trend?tenantId=${branch}&fromDate=${m(3)}&toDate=${X}`),
      200,
    );
    // Month of m3: its last day; month of m4: the window's end, X (whose figures the first test worked out).
    assert.deepEqual(
      trend.points.map((p) => p.asOf),
      [addDays(m(4), -1), X],
    );
    assert.deepEqual(figures(trend.points[1]!), [5, 2, 3_500_000, 2_200_000, '62.86']);
    // At m4 - 1: L1 had paid m1..m3 (600,000 left); L2 1,000,000, m2 unpaid > 30 days (at risk); L3 300,000 left; L4 600,000
    // left, m4 not yet due; L5 1,200,000 (at risk). 3,700,000 outstanding, 2,200,000 at risk: 59.459 % -> "59.46".
    assert.deepEqual(figures(trend.points[0]!), [5, 2, 3_700_000, 2_200_000, '59.46']);
  });

  test('the collections summary sets instalments due against payments per month, with on-time rate and arrears recovered', async () => {
    const answer = await admin.call<CollectionsSummary>(
      'GET',
      `/api/reports/standard/collections-summary?tenantId=${branch}&fromDate=${m(1)}&toDate=${X}&period=month`,
    );
    const summary = made(answer, 200);
    const row = (p: CollectionsPeriod) => [
      p.periodStart,
      p.expectedMinor,
      p.collectedMinor,
      p.collectedFeeMinor,
      p.paidOnTimeMinor,
      p.onTimePercent,
      p.arrearsRecoveredMinor,
    ];
    // Due each month: L1, L2, L4 200,000 + L3, L5 310,000 = 1,220,000.
    // m1: collected L1 200k + L2 200k + L3 310k + L4 200k = 910,000 (L3's fee 10,000), all on time: 910/1220 = 74.59 %.
    // m2: L1 + L3 = 510,000 on time (41.80 %). m3: L1 + L3 on m3, L4 400,000 on m3 + 5: collected 910,000, on time 510,000;
    //     L4's payment paid m2 and m3, both due before it: 400,000 recovered. m4: L1 200,000 (16.39 %).
    assert.deepEqual(summary.periods.map(row), [
      [m(1), 1_220_000, 910_000, 10_000, 910_000, '74.59', 0],
      [m(2), 1_220_000, 510_000, 10_000, 510_000, '41.80', 0],
      [m(3), 1_220_000, 910_000, 10_000, 510_000, '41.80', 400_000],
      [m(4), 1_220_000, 200_000, 0, 200_000, '16.39', 0],
    ]);
    assert.equal(summary.periods[3]!.periodEnd, X, 'the last period ends with the window');
    assert.equal(pagingOf(answer).total, 4);

    const days = made(
      await admin.call<CollectionsSummary>(
        'GET',
        `/api/reports/standard/collections-summary?tenantId=${branch}&fromDate=${m(3)}&toDate=${addDays(m(3), 5)}&period=day`,
      ),
      200,
    );
    assert.deepEqual(days.periods.map(row), [
      [m(3), 1_220_000, 510_000, 10_000, 510_000, '41.80', 0],
      [addDays(m(3), 5), 0, 400_000, 0, 0, null, 400_000],
    ]);
    const paged = await admin.call<CollectionsSummary>(
      'GET',
      `/api/reports/standard/collections-summary?tenantId=${branch}&fromDate=${m(1)}&toDate=${X}&period=month&page=2&size=3`,
    );
    assert.deepEqual(
      made(paged, 200).periods.map((p) => p.periodStart),
      [m(4)],
    );
    assert.deepEqual(pagingOf(paged), { pageNumber: 2, pageSize: 3, total: 4 });
  });

  test('the tenant loans report gives each tenant its own loans disbursed, outstanding and PAR30', async () => {
    const report = made(
      await admin.call<TenantLoansReport>('GET', `/api/reports/standard/tenant-loans?tenantId=${branch}&fromDate=${D0}&toDate=${X}`),
      200,
    );
    assert.equal(report.asOf, X);
    assert.deepEqual(
      report.tenants.map((t) => [t.tenantId, t.loansDisbursed, t.disbursedMinor, ...figures(t)]),
      [
        [branch, 3, 3_600_000, 3, 2, 2_600_000, 2_200_000, '84.62'],
        [team, 2, 2_400_000, 2, 0, 900_000, 0, '0.00'],
      ],
    );
  });

  test('the reports answer only holders of CRM/REPORTS, and only within their subtree', async () => {
    const loanOfficer = await s.as('loan officer');
    for (const path of ['par-over-thirty', 'par-over-thirty/trend', 'collections-summary', 'tenant-loans'])
      assert.equal((await loanOfficer.call('GET', `/api/reports/standard/${path}`)).status, 403, path);
    const tracking = await s.as('company admin');
    for (const path of ['par-over-thirty', 'par-over-thirty/trend', 'collections-summary', 'tenant-loans'])
      assert.equal((await tracking.call('GET', `/api/reports/standard/${path}?tenantId=${branch}`)).status, 404, path);
    const own = made(await tracking.call<ParReport>('GET', '/api/reports/standard/par-over-thirty?groupBy=branch'), 200);
    assert.ok(!own.groups.some((g) => g.groupId === branch), "another company's branch is not in its report");
  });

  test('bad parameters are a 400 naming the field', async () => {
    const bad: [string, string][] = [
      ['par-over-thirty?groupBy=region', 'groupBy'],
      ['par-over-thirty?asOf=2024-02-30', 'asOf'],
      [`par-over-thirty?asOf=${dayFromToday(1)}`, 'asOf'],
      ['par-over-thirty?tenantId=nope', 'tenantId'],
      ['collections-summary?period=year', 'period'],
      [`collections-summary?fromDate=${m(2)}&toDate=${m(1)}`, 'toDate'],
      [`collections-summary?fromDate=2020-01-01&toDate=2024-01-01`, 'toDate'],
      ['tenant-loans?page=0', 'page'],
      [`par-over-thirty/trend?fromDate=2020-01-01&toDate=2023-01-01`, 'toDate'],
    ];
    for (const [path, field] of bad) {
      const answer = await admin.call('GET', `/api/reports/standard/${path}`);
      assert.equal(answer.status, 400, `${path}: ${answer.text}`);
      assert.ok(fieldError(answer, field), `${path} names ${field}: ${answer.text}`);
    }
  });
});
