import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LOAN_STATUSES, type Disbursement, type Loan, type LoanDetails, type LoanStatus } from '@meridian/shared/contract/loan';
import { repaymentSchedule } from '@meridian/shared/lending/repayment-schedule';
import { addPeriods } from '@meridian/shared/lending/schedule-dates';
import { replayPayments } from '@meridian/shared/lending/payment-allocation';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { activeLoan, applyFor, approve, dayFromToday, disburse, makeClient, makeProduct } from './support/lending';

describe(`loans (${databaseLabel})`, () => {
  let s: TestServer;
  let lending: Actor;
  let tracking: Actor;
  let officer: Actor;
  let product: string;

  before(async () => {
    s = await startServer();
    lending = await s.as('company administrator');
    tracking = await s.as('company admin');
    officer = await s.as('loan officer');
    product = (await makeProduct(lending)).id;
  });
  after(() => s.close());

  const move = (loanId: string, action: 'approve' | 'reject' | 'disburse' | 'write-off', actor: Actor = lending) => {
    const bodies = {
      approve: { approvedOn: dayFromToday(-200) },
      reject: { note: 'Affordability' },
      disburse: { disbursedOn: dayFromToday(-100), amountMinor: 1_200_000, channel: 'cash' },
      'write-off': {},
    };
    return actor.call<LoanDetails>('POST', `/api/loans/${loanId}/${action}`, { body: bodies[action] });
  };

  /** A loan put in each state through the API. */
  async function loanAt(status: LoanStatus): Promise<string> {
    const loan = await applyFor(lending, product, { submittedOn: dayFromToday(-210) });
    const path: Record<LoanStatus, ('approve' | 'reject' | 'disburse' | 'write-off')[]> = {
      submitted: [],
      approved: ['approve'],
      rejected: ['reject'],
      active: ['approve', 'disburse'],
      closed: ['approve', 'disburse'],
      'written-off': ['approve', 'disburse', 'write-off'],
    };
    for (const step of path[status]) assert.equal((await move(loan.id, step)).status, 200, `${step} on the way to ${status}`);
    if (status === 'closed') {
      const owed = (await lending.call<LoanDetails>('GET', `/api/loans/${loan.id}`)).body.data.outstandingMinor;
      const paid = await lending.call('POST', '/api/clients/payments', {
        body: { loanId: loan.id, amountMinor: owed, paidOn: dayFromToday(-1) },
      });
      assert.equal(paid.status, 201, paid.text);
    }
    return loan.id;
  }

  test('an application is a submitted loan in the client’s tenant, with the product’s terms copied and its submission in the history', async () => {
    const client = await makeClient(officer);
    const made = await officer.call<LoanDetails>('POST', '/api/loans', {
      body: { clientId: client, productId: product, principalMinor: 1_000_000, instalments: 6, note: 'School fees' },
    });
    assert.equal(made.status, 201, made.text);
    const loan = made.body.data;
    assert.equal(loan.status, 'submitted');
    assert.equal(loan.tenantName, 'Soweto Team');
    assert.equal(loan.principalMinor, 1_000_000);
    assert.equal(typeof loan.principalMinor, 'number');
    assert.equal(loan.annualRatePercent, '24.5');
    assert.equal(loan.interestMethod, 'declining-balance');
    assert.deepEqual(loan.schedule, []);
    assert.deepEqual(
      loan.history.map((h) => [h.action, h.changes.status]),
      [['submitted', [null, 'submitted']]],
    );
    assert.equal(loan.history[0]!.userId, officer.userId);
  });

  test('amount and term outside the product’s ranges, an unknown client or product, and bad input are 400s naming the field', async () => {
    const client = await makeClient(lending);
    const apply = (body: Record<string, unknown>) =>
      lending.call('POST', '/api/loans', {
        body: { clientId: client, productId: product, principalMinor: 1_000_000, instalments: 12, ...body },
      });
    const tooMuch = await apply({ principalMinor: 5_000_001 });
    assert.equal(tooMuch.status, 400);
    assert.match(fieldError(tooMuch, 'principalMinor')![0]!, /from 100000 to 5000000 minor units of ZAR/);
    const tooLittle = await apply({ principalMinor: 99_999 });
    assert.equal(tooLittle.status, 400);
    assert.ok(fieldError(tooLittle, 'principalMinor'));
    const tooLong = await apply({ instalments: 25 });
    assert.equal(tooLong.status, 400);
    assert.match(fieldError(tooLong, 'instalments')![0]!, /3 to 24 instalments; 25/);
    assert.equal((await apply({ instalments: 2 })).status, 400);
    assert.ok(fieldError(await apply({ principalMinor: 1_000_000.5 }), 'principalMinor'), 'a fraction of a cent');
    assert.ok(fieldError(await apply({ principalMinor: '1000000' }), 'principalMinor'), 'money is a JSON integer');
    assert.ok(fieldError(await apply({ clientId: '5b1a3f4e-0000-4000-8000-000000000001' }), 'clientId'));
    assert.ok(fieldError(await apply({ productId: '5b1a3f4e-0000-4000-8000-000000000001' }), 'productId'));
    assert.ok(fieldError(await apply({ submittedOn: '2025-02-30' }), 'submittedOn'));
    assert.equal((await apply({ surprise: true })).status, 400, 'unknown fields are refused');
    const theirProduct = (await makeProduct(tracking)).id;
    assert.match(fieldError(await apply({ productId: theirProduct }), 'productId')![0]!, /no such loan product/);
    const retired = (await makeProduct(lending, { active: false })).id;
    assert.match(fieldError(await apply({ productId: retired }), 'productId')![0]!, /no longer offered/);
  });

  test('submitted → approved → active, with the schedule stored exactly as repaymentSchedule makes it, first due one period after disbursement', async () => {
    const flat = (
      await makeProduct(lending, {
        interestMethod: 'flat',
        repaymentFrequency: 'fortnightly',
        graceOnPrincipal: 2,
        graceOnInterestPayment: 1,
      })
    ).id;
    for (const productId of [product, flat]) {
      const loan = await applyFor(lending, productId, { submittedOn: dayFromToday(-210), principalMinor: 1_234_567, instalments: 10 });
      const approved = await approve(lending, loan.id, { approvedMinor: 1_200_000 });
      assert.equal(approved.status, 'approved');
      assert.equal(approved.approvedMinor, 1_200_000);
      const disbursedOn = dayFromToday(-40);
      const active = await disburse(lending, loan.id, { disbursedOn, amountMinor: 1_100_000, channel: 'mobile-money' });
      assert.equal(active.status, 'active');
      assert.equal(active.disbursedMinor, 1_100_000);
      assert.equal(active.disbursementChannel, 'mobile-money');
      const expected = repaymentSchedule({
        principalMinor: 1_100_000n,
        annualRatePercent: '24.5',
        instalments: 10,
        frequency: active.repaymentFrequency,
        method: active.interestMethod,
        firstDueDate: addPeriods(disbursedOn, active.repaymentFrequency, 1),
        graceOnPrincipal: active.graceOnPrincipal,
        graceOnInterestPayment: active.graceOnInterestPayment,
        feePerInstalmentMinor: 1_500n,
      });
      assert.equal(active.firstDueDate, expected.instalments[0]!.dueDate);
      assert.deepEqual(
        active.schedule.map((i) => [i.number, i.dueDate, i.principalMinor, i.interestMinor, i.feeMinor, i.totalMinor]),
        expected.instalments.map((i) => [
          i.number,
          i.dueDate,
          Number(i.principalMinor),
          Number(i.interestMinor),
          Number(i.feeMinor),
          Number(i.totalMinor),
        ]),
      );
      assert.equal(active.totals.dueMinor, Number(expected.totalMinor));
      assert.equal(active.outstandingMinor, Number(expected.totalMinor));
      assert.ok(active.arrearsDays > 0, 'instalments due since the disbursement 40 days ago are in arrears');
      assert.deepEqual(
        active.history.map((h) => h.action),
        ['submitted', 'approved', 'disbursed'],
      );
    }
  });

  test('every move the state machine does not allow is a 409 naming both states, and changes nothing', async () => {
    const attempts: ['approve' | 'reject' | 'disburse' | 'write-off', LoanStatus][] = [
      ['approve', 'approved'],
      ['reject', 'rejected'],
      ['disburse', 'active'],
      ['write-off', 'written-off'],
    ];
    const allowed: Record<LoanStatus, LoanStatus[]> = {
      submitted: ['approved', 'rejected'],
      approved: ['active'],
      rejected: [],
      active: ['written-off'],
      closed: [],
      'written-off': [],
    };
    for (const from of LOAN_STATUSES) {
      const id = await loanAt(from);
      for (const [action, to] of attempts) {
        if (allowed[from].includes(to)) continue;
        const refused = await move(id, action);
        assert.equal(refused.status, 409, `${from} → ${to}: ${refused.text}`);
        const message = refused.body.result.message;
        assert.ok(message.includes(from) && (from === to || message.includes(to)), message);
      }
      assert.equal((await lending.call<LoanDetails>('GET', `/api/loans/${id}`)).body.data.status, from);
    }
  });

  test('a disbursement above the approved amount, before the approval or in the future, or by an unknown channel, is a 400', async () => {
    const loan = await applyFor(lending, product, { submittedOn: dayFromToday(-30) });
    await approve(lending, loan.id, { approvedOn: dayFromToday(-20), approvedMinor: 1_000_000 });
    const attempt = (body: Record<string, unknown>) =>
      lending.call('POST', `/api/loans/${loan.id}/disburse`, {
        body: { disbursedOn: dayFromToday(-10), amountMinor: 1_000_000, channel: 'cash', ...body },
      });
    assert.match(fieldError(await attempt({ amountMinor: 1_000_001 }), 'amountMinor')![0]!, /more than the 1000000 minor units approved/);
    assert.match(fieldError(await attempt({ disbursedOn: dayFromToday(-25) }), 'disbursedOn')![0]!, /before it was approved/);
    assert.match(fieldError(await attempt({ disbursedOn: dayFromToday(3) }), 'disbursedOn')![0]!, /future/);
    assert.ok(fieldError(await attempt({ channel: 'cheque' }), 'channel'));
    assert.ok(fieldError(await attempt({ disbursedOn: 'yesterday' }), 'disbursedOn'));
    const early = await lending.call('POST', `/api/loans/${loan.id}/approve`, { body: {} });
    assert.equal(early.status, 409, 'already approved');
    assert.equal((await lending.call<LoanDetails>('GET', `/api/loans/${loan.id}`)).body.data.status, 'approved');
  });

  test('the list is the subtree’s loans, paged newest first and filtered by status; disbursements list the paid-out loans', async () => {
    const active = await activeLoan(lending, product);
    const submitted = await applyFor(lending, product);
    const page = await lending.call<Loan[]>('GET', '/api/loans?status=active&size=5');
    assert.equal(page.status, 200);
    assert.ok(page.body.data.every((l) => l.status === 'active'));
    assert.ok(page.body.data.length <= 5);
    const all = await lending.call<Loan[]>('GET', '/api/loans?size=1000&sortField=dateCreated&sortOrder=DESC');
    const ids = all.body.data.map((l) => l.id);
    assert.ok(ids.indexOf(submitted.id) < ids.indexOf(active.id), 'newest first');
    assert.equal((await lending.call('GET', '/api/loans?status=pending')).status, 400);
    assert.equal((await lending.call('GET', '/api/loans?sortField=password')).status, 400);
    const disbursed = await lending.call<Disbursement[]>('GET', `/api/disbursements?size=1000`);
    assert.equal(disbursed.status, 200);
    const mine = disbursed.body.data.find((d) => d.loanId === active.id)!;
    assert.deepEqual([mine.amountMinor, mine.channel, mine.currency], [1_200_000, 'bank-transfer', 'ZAR']);
    assert.ok(!disbursed.body.data.some((d) => d.loanId === submitted.id));
    assert.ok(pagingOf(disbursed).total >= 1);
  });

  test('another company’s loans are not found, and not listed; a loan officer reads and applies but cannot decide or disburse', async () => {
    const loan = await applyFor(lending, product);
    assert.equal((await tracking.call('GET', `/api/loans/${loan.id}`)).status, 404);
    assert.equal((await tracking.call('POST', `/api/loans/${loan.id}/approve`, { body: {} })).status, 404);
    const theirs = await tracking.call<Loan[]>('GET', '/api/loans?size=1000');
    assert.ok(!theirs.body.data.some((l) => l.id === loan.id));
    assert.equal(
      (
        await tracking.call('POST', '/api/loans', {
          body: { clientId: await makeClient(lending), productId: product, principalMinor: 200_000, instalments: 3 },
        })
      ).status,
      400,
    );

    const own = await applyFor(officer, product);
    assert.equal((await officer.call('GET', `/api/loans/${own.id}`)).status, 200);
    assert.equal((await officer.call('POST', `/api/loans/${own.id}/approve`, { body: {} })).status, 403);
    assert.equal((await officer.call('POST', `/api/loans/${own.id}/reject`, { body: {} })).status, 403);
    assert.equal((await officer.call('GET', '/api/disbursements')).status, 403);
    assert.equal(
      (await officer.call('GET', `/api/loans/${loan.id}`)).status,
      404,
      'a Lending-level client’s loan is above the Soweto Team',
    );
  });

  test('the demo portfolio holds loans in every state, some in arrears, with paid amounts that are the replay of their payments', async () => {
    const statuses = await s.db.query<{ status: string }>(
      `select distinct status from loans l join loan_products lp on lp.id = l.product_id where lp.name = 'Personal loan'`,
    );
    for (const status of ['active', 'closed', 'rejected'])
      assert.ok(
        statuses.some((r) => r.status === status),
        status,
      );
    assert.ok((await s.db.one<{ n: number }>(`select count(*)::int as n from loans where arrears_days > 0`))!.n > 0);
    const sample = await lending.call<Loan[]>('GET', '/api/loans?status=active&sortField=arrearsDays&sortOrder=DESC&size=5');
    assert.ok(sample.body.data[0]!.arrearsDays > 0);
    for (const listed of sample.body.data) {
      const loan = (await lending.call<LoanDetails>('GET', `/api/loans/${listed.id}`)).body.data;
      const payments = await s.db.query<{ id: string; paidOn: string; amount: string }>(
        `select id, paid_on::text as "paidOn", amount_minor::text as amount from loan_payments where loan_id = $1 and reversed_at is null`,
        [loan.id],
      );
      const replay = replayPayments(
        loan.schedule.map((i) => ({
          ...i,
          principalMinor: BigInt(i.principalMinor),
          interestMinor: BigInt(i.interestMinor),
          feeMinor: BigInt(i.feeMinor),
        })),
        payments.map((p) => ({ id: p.id, paidOn: p.paidOn, amountMinor: BigInt(p.amount) })),
      );
      assert.deepEqual(
        loan.schedule.map((i) => [i.paidFeeMinor, i.paidInterestMinor, i.paidPrincipalMinor]),
        replay.instalments.map((i) => [Number(i.paidFeeMinor), Number(i.paidInterestMinor), Number(i.paidPrincipalMinor)]),
      );
      assert.equal(loan.outstandingMinor, loan.totals.outstandingMinor);
    }
  });

  test('a write-off ends an active loan with its outstanding balance kept, and its history says who and when', async () => {
    const loan = await activeLoan(lending, product);
    const written = await lending.call<LoanDetails>('POST', `/api/loans/${loan.id}/write-off`, { body: { note: 'Client emigrated' } });
    assert.equal(written.status, 200, written.text);
    assert.equal(written.body.data.status, 'written-off');
    assert.equal(written.body.data.outstandingMinor, loan.outstandingMinor);
    const last = written.body.data.history.at(-1)!;
    assert.deepEqual([last.action, last.changes.status, last.userId], ['written off', ['active', 'written-off'], lending.userId]);
    assert.equal(
      (await lending.call('POST', '/api/clients/payments', { body: { loanId: loan.id, amountMinor: 100, paidOn: dayFromToday(-1) } }))
        .status,
      409,
    );
  });
});
