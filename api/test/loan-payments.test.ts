import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { LoanDetails } from '@meridian/shared/contract/loan';
import type { LoanPayment, PaymentAllocation } from '@meridian/shared/contract/loan-payment';
import type { CheckRequest } from '@meridian/shared/contract/maker-checker';
import { daysBetween, replayPayments } from '@meridian/shared/lending/payment-allocation';
import { refreshArrears } from '../src/modules/loans/loan-ledger';
import { refreshStaleArrears } from '../src/modules/loans/arrears-refresh';
import { databaseLabel, fieldError, startServer, type Actor, type TestServer } from './support/harness';
import { activeLoan, applyFor, approve, dayFromToday, disburse, makeProduct } from './support/lending';

describe(`loan payments (${databaseLabel})`, () => {
  let s: TestServer;
  let lending: Actor;
  let tracking: Actor;
  let officer: Actor;
  let checker: Actor;
  let product: string;

  before(async () => {
    s = await startServer();
    lending = await s.as('company administrator');
    tracking = await s.as('company admin');
    officer = await s.as('loan officer');
    checker = await s.as('credit officer');
    product = (await makeProduct(lending)).id;
  });
  after(() => s.close());

  const pay = async (loanId: string, amountMinor: number, paidOn = dayFromToday(-1), actor: Actor = lending, more: object = {}) => {
    const answer = await actor.call<LoanPayment>('POST', '/api/clients/payments', {
      body: { loanId, amountMinor, paidOn, reference: 'EFT', ...more },
    });
    assert.equal(answer.status, 201, answer.text);
    return answer.body.data;
  };
  const read = async (loanId: string) => (await lending.call<LoanDetails>('GET', `/api/loans/${loanId}`)).body.data;
  const paidOf = (loan: LoanDetails) => loan.schedule.map((i) => [i.paidFeeMinor, i.paidInterestMinor, i.paidPrincipalMinor]);
  /** What replayPayments makes of the stored schedule and these payments, in the answer's shape. */
  const replayed = (loan: LoanDetails, payments: { id: string; paidOn: string; amountMinor: number }[]) => {
    const replay = replayPayments(
      loan.schedule.map((i) => ({
        number: i.number,
        dueDate: i.dueDate,
        principalMinor: BigInt(i.principalMinor),
        interestMinor: BigInt(i.interestMinor),
        feeMinor: BigInt(i.feeMinor),
      })),
      payments.map((p) => ({ id: p.id, paidOn: p.paidOn, amountMinor: BigInt(p.amountMinor) })),
    );
    return {
      paid: replay.instalments.map((i) => [Number(i.paidFeeMinor), Number(i.paidInterestMinor), Number(i.paidPrincipalMinor)]),
      overpayment: Number(replay.overpaymentMinor),
    };
  };

  test('a payment pays the oldest instalment’s fee, then interest, then principal, and a partial one stops where the money does', async () => {
    const loan = await activeLoan(lending, product);
    const first = loan.schedule[0]!;
    const payment = await pay(loan.id, first.feeMinor + first.interestMinor + 100);
    assert.equal(payment.amountMinor, first.feeMinor + first.interestMinor + 100);
    assert.equal(typeof payment.amountMinor, 'number');
    const after = await read(loan.id);
    assert.deepEqual(after.schedule[0]!.paidFeeMinor, first.feeMinor);
    assert.deepEqual(after.schedule[0]!.paidInterestMinor, first.interestMinor);
    assert.deepEqual(after.schedule[0]!.paidPrincipalMinor, 100);
    assert.ok(after.schedule.slice(1).every((i) => i.paidFeeMinor + i.paidInterestMinor + i.paidPrincipalMinor === 0));
    assert.equal(after.outstandingMinor, loan.outstandingMinor - payment.amountMinor);
    assert.equal(after.totals.paidMinor, payment.amountMinor);

    const second = await pay(loan.id, first.totalMinor + 5_000);
    const both = await read(loan.id);
    assert.deepEqual(paidOf(both), replayed(both, [payment, second]).paid, 'the API stores what replayPayments allocates');
    assert.equal(both.schedule[0]!.outstandingMinor, 0);
  });

  test('paying more than is owed closes the loan and keeps the overpayment; reversing a payment replays without it and reopens the loan', async () => {
    const loan = await activeLoan(lending, product);
    const small = await pay(loan.id, 10_000, dayFromToday(-50));
    const rest = await pay(loan.id, loan.outstandingMinor, dayFromToday(-2));
    const closed = await read(loan.id);
    assert.equal(closed.status, 'closed');
    assert.equal(closed.closedOn, dayFromToday(-2));
    assert.equal(closed.outstandingMinor, 0);
    assert.equal(closed.overpaymentMinor, 10_000);
    assert.equal(closed.arrearsDays, 0);

    const reversed = await lending.call<LoanPayment>('POST', `/api/clients/payments/${rest.id}/reverse`, { body: { note: 'Bounced' } });
    assert.equal(reversed.status, 200, reversed.text);
    assert.equal(reversed.body.data.reversed, true);
    const reopened = await read(loan.id);
    assert.equal(reopened.status, 'active');
    assert.equal(reopened.closedOn, null);
    assert.equal(reopened.overpaymentMinor, 0);
    assert.deepEqual(paidOf(reopened), replayed(reopened, [small]).paid, 'as if the reversed payment had never been made');
    assert.equal(reopened.outstandingMinor, loan.outstandingMinor - 10_000);
    assert.ok(reopened.arrearsDays > 0);

    const listed = await lending.call<LoanPayment[]>('GET', `/api/clients/payments?loanId=${loan.id}`);
    assert.deepEqual(
      listed.body.data.map((p) => [p.id, p.reversed]).sort(),
      [
        [rest.id, true],
        [small.id, false],
      ].sort(),
      'a reversed payment is kept, marked',
    );
    assert.equal((await lending.call('POST', `/api/clients/payments/${rest.id}/reverse`, { body: { note: 'Again' } })).status, 409);
    assert.equal(
      (await lending.call('PUT', `/api/clients/payments/${rest.id}`, { body: { amountMinor: 5, paidOn: dayFromToday(-1) } })).status,
      409,
    );
    assert.deepEqual(
      reopened.history.filter((h) => h.entity === 'loan' && h.changes.status).map((h) => h.changes.status),
      [
        [null, 'submitted'],
        ['submitted', 'approved'],
        ['approved', 'active'],
        ['active', 'closed'],
        ['closed', 'active'],
      ],
    );
  });

  test('editing a payment’s amount and date replays the loan and keeps what changed in the history', async () => {
    const loan = await activeLoan(lending, product);
    const payment = await pay(loan.id, 20_000, dayFromToday(-60));
    const edited = await lending.call<LoanPayment>('PUT', `/api/clients/payments/${payment.id}`, {
      body: { amountMinor: 30_000, paidOn: dayFromToday(-30), reference: 'EFT 2' },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.deepEqual([edited.body.data.amountMinor, edited.body.data.paidOn], [30_000, dayFromToday(-30)]);
    const after = await read(loan.id);
    assert.deepEqual(paidOf(after), replayed(after, [{ ...payment, amountMinor: 30_000, paidOn: dayFromToday(-30) }]).paid);
    const change = after.history.find((h) => h.action === 'payment edited')!;
    assert.deepEqual(change.changes, {
      amountMinor: ['20000', '30000'],
      paidOn: [dayFromToday(-60), dayFromToday(-30)],
      reference: ['EFT', 'EFT 2'],
    });
    assert.equal(change.userId, lending.userId);
  });

  test('arrears days count from the oldest unpaid due date once the overdue amount passes the product’s tolerance', async () => {
    const loan = await activeLoan(lending, product);
    const firstDue = loan.schedule[0]!.dueDate;
    const today = dayFromToday(0);
    const dueByNow = loan.schedule.filter((i) => i.dueDate < today);
    assert.ok(dueByNow.length >= 2, 'disbursed 100 days ago, monthly');
    assert.ok(Math.abs(loan.arrearsDays - daysBetween(firstDue, today)) <= 1, `${loan.arrearsDays} days from ${firstDue}`);
    const overdue = dueByNow.reduce((sum, i) => sum + i.totalMinor, 0);
    await pay(loan.id, overdue - 1_000, dayFromToday(-1));
    const within = await read(loan.id);
    assert.equal(within.arrearsDays, 0, 'one thousand cents short is within the tolerance of 1,000');
    await lending.call('POST', '/api/clients/payments', { body: { loanId: loan.id, amountMinor: 1_000, paidOn: dayFromToday(-1) } });

    const later = addDaysTo(loan.schedule.at(-1)!.dueDate, 10);
    const refreshed = await refreshArrears(s.db, later);
    assert.ok(refreshed >= 1);
    const asOf = await read(loan.id);
    assert.equal(asOf.arrearsAsOf, later);
    assert.equal(
      asOf.arrearsDays,
      daysBetween(loan.schedule[dueByNow.length]!.dueDate, later),
      'the refresh counts from the oldest unpaid instalment',
    );
  });

  test('the arrears job counts stale active loans for their tenant’s today and leaves loans already counted today alone', async () => {
    const stale = await activeLoan(lending, product);
    const current = await activeLoan(lending, product);
    const today = dayFromToday(0);
    const truth = (await read(stale.id)).arrearsDays;
    const currentTruth = (await read(current.id)).arrearsDays;
    // As the loans stand the morning after the job last ran: counted for an earlier day, their figure out of date.
    await s.db.query(`update loans set arrears_as_of = $2::date, arrears_days = 0 where id = $1`, [stale.id, dayFromToday(-3)]);
    await s.db.query(`update loans set arrears_days = 999 where id = $1`, [current.id]);

    assert.ok((await refreshStaleArrears(s.db)) >= 1);

    const refreshed = await read(stale.id);
    assert.equal(refreshed.arrearsAsOf, today, 'counted for the tenant’s today (Johannesburg)');
    assert.equal(refreshed.arrearsDays, truth);
    assert.equal((await read(current.id)).arrearsDays, 999, 'a loan counted today is not read again');
    await s.db.query(`update loans set arrears_days = $2 where id = $1`, [current.id, currentTruth]);
  });

  test('payments are refused before the disbursement, in the future, on a loan that is not active, and with bad amounts', async () => {
    const loan = await activeLoan(lending, product);
    const attempt = (body: Record<string, unknown>) =>
      lending.call('POST', '/api/clients/payments', { body: { loanId: loan.id, amountMinor: 5_000, paidOn: dayFromToday(-1), ...body } });
    assert.match(fieldError(await attempt({ paidOn: dayFromToday(-150) }), 'paidOn')![0]!, /before the loan was disbursed/);
    assert.match(fieldError(await attempt({ paidOn: dayFromToday(2) }), 'paidOn')![0]!, /future/);
    assert.ok(fieldError(await attempt({ amountMinor: 0 }), 'amountMinor'));
    assert.ok(fieldError(await attempt({ amountMinor: 12.5 }), 'amountMinor'));
    assert.ok(fieldError(await attempt({ amountMinor: 1e20 }), 'amountMinor'));
    assert.ok(fieldError(await attempt({ loanId: '5b1a3f4e-0000-4000-8000-000000000001' }), 'loanId'));
    const submitted = await applyFor(lending, product);
    const refused = await attempt({ loanId: submitted.id });
    assert.equal(refused.status, 409);
    assert.match(refused.body.result.message, /submitted takes no payments/);
  });

  test('two payments at once are both allocated: the loan row is locked while each replays', async () => {
    const loan = await activeLoan(lending, product);
    const [a, b] = await Promise.all([pay(loan.id, 40_000), pay(loan.id, 60_000)]);
    const after = await read(loan.id);
    assert.equal(after.totals.paidMinor, 100_000);
    assert.deepEqual(paidOf(after), replayed(after, [a, b]).paid);
  });

  test('another company’s payments are not found; a loan officer takes and edits payments but cannot reverse them', async () => {
    const loan = await activeLoan(lending, product);
    const payment = await pay(loan.id, 5_000);
    assert.equal((await tracking.call('GET', `/api/clients/payments/${payment.id}`)).status, 404);
    assert.equal(
      (await tracking.call('PUT', `/api/clients/payments/${payment.id}`, { body: { amountMinor: 1, paidOn: dayFromToday(-1) } })).status,
      404,
    );
    assert.equal((await tracking.call('POST', `/api/clients/payments/${payment.id}/reverse`, { body: { note: 'Not ours' } })).status, 404);
    assert.ok(!(await tracking.call<LoanPayment[]>('GET', '/api/clients/payments?size=1000')).body.data.some((p) => p.id === payment.id));
    assert.equal(
      (await tracking.call('POST', '/api/clients/payments', { body: { loanId: loan.id, amountMinor: 5, paidOn: dayFromToday(-1) } }))
        .status,
      400,
    );

    const applied = await applyFor(officer, product, { submittedOn: dayFromToday(-210) });
    await approve(lending, applied.id);
    const theirs = await disburse(lending, applied.id);
    const taken = await pay(theirs.id, 5_000, dayFromToday(-1), officer);
    assert.equal(
      (await officer.call('PUT', `/api/clients/payments/${taken.id}`, { body: { amountMinor: 6_000, paidOn: dayFromToday(-1) } })).status,
      200,
    );
    assert.equal((await officer.call('POST', `/api/clients/payments/${taken.id}/reverse`, { body: { note: 'Bounced' } })).status, 403);
  });

  const one = async (id: string) => {
    const answer = await lending.call<LoanPayment>('GET', `/api/clients/payments/${id}`);
    assert.equal(answer.status, 200, answer.text);
    return answer.body.data;
  };
  const listed = async (query: string, actor: Actor = lending) => {
    const answer = await actor.call<LoanPayment[]>('GET', `/api/clients/payments?${query}`);
    assert.equal(answer.status, 200, answer.text);
    return answer.body.data;
  };
  const shares = (feeMinor: number, interestMinor: number, principalMinor: number, overpaymentMinor = 0): PaymentAllocation => ({
    feeMinor,
    interestMinor,
    principalMinor,
    overpaymentMinor,
  });
  const NOTHING = shares(0, 0, 0, 0);

  test('a payment is taken through a channel (cash when none is given), which is listed, changed by an edit and kept in the history', async () => {
    const loan = await activeLoan(lending, product);
    const counter = await pay(loan.id, 1_000);
    assert.equal(counter.channel, 'cash');
    const mobile = await pay(loan.id, 2_000, dayFromToday(-1), lending, { channel: 'mobile-money' });
    assert.equal(mobile.channel, 'mobile-money');
    assert.equal((await one(mobile.id)).channel, 'mobile-money');
    assert.deepEqual(
      (await listed(`loanId=${loan.id}`)).map((p) => [p.id, p.channel]).sort(),
      [
        [counter.id, 'cash'],
        [mobile.id, 'mobile-money'],
      ].sort(),
    );

    const edited = await lending.call<LoanPayment>('PUT', `/api/clients/payments/${mobile.id}`, {
      body: { amountMinor: 2_000, paidOn: dayFromToday(-1), channel: 'debit-order', reference: 'EFT' },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.data.channel, 'debit-order');
    const kept = await lending.call<LoanPayment>('PUT', `/api/clients/payments/${mobile.id}`, {
      body: { amountMinor: 2_500, paidOn: dayFromToday(-1), reference: 'EFT' },
    });
    assert.equal(kept.body.data.channel, 'debit-order', 'an edit without a channel leaves it as it was');
    const history = (await read(loan.id)).history.filter((h) => h.entityId === mobile.id);
    assert.deepEqual(history.find((h) => h.action === 'payment taken')!.changes.channel, [null, 'mobile-money']);
    assert.deepEqual(
      history.filter((h) => h.action === 'payment edited').map((h) => h.changes.channel),
      [['mobile-money', 'debit-order'], undefined],
    );

    const badTake = await lending.call('POST', '/api/clients/payments', {
      body: { loanId: loan.id, amountMinor: 1_000, paidOn: dayFromToday(-1), channel: 'cheque' },
    });
    assert.equal(badTake.status, 400);
    assert.match(fieldError(badTake, 'channel')![0]!, /cash, bank-transfer, mobile-money, debit-order, ussd/);
    const badEdit = await lending.call('PUT', `/api/clients/payments/${counter.id}`, {
      body: { amountMinor: 1_000, paidOn: dayFromToday(-1), channel: 'cheque' },
    });
    assert.equal(badEdit.status, 400);
    assert.ok(fieldError(badEdit, 'channel'));
    assert.equal((await one(counter.id)).channel, 'cash');
  });

  test('the list is narrowed to the days paid from and to (both included); a reversed span or a bad day is a 400', async () => {
    const loan = await activeLoan(lending, product);
    const early = await pay(loan.id, 1_000, dayFromToday(-30));
    const middle = await pay(loan.id, 1_000, dayFromToday(-20));
    const late = await pay(loan.id, 1_000, dayFromToday(-10));
    const ids = async (query: string) => (await listed(`loanId=${loan.id}&${query}`)).map((p) => p.id).sort();
    assert.deepEqual(await ids(`from=${dayFromToday(-20)}&to=${dayFromToday(-10)}`), [middle.id, late.id].sort());
    assert.deepEqual(await ids(`from=${dayFromToday(-20)}&to=${dayFromToday(-20)}`), [middle.id]);
    assert.deepEqual(await ids(`from=${dayFromToday(-15)}`), [late.id]);
    assert.deepEqual(await ids(`to=${dayFromToday(-25)}`), [early.id]);

    const reversedSpan = await lending.call('GET', `/api/clients/payments?from=${dayFromToday(-10)}&to=${dayFromToday(-20)}`);
    assert.equal(reversedSpan.status, 400);
    assert.match(fieldError(reversedSpan, 'to')![0]!, /cannot be before the start date/);
    const badDay = await lending.call('GET', '/api/clients/payments?from=2025-13-40');
    assert.equal(badDay.status, 400);
    assert.ok(fieldError(badDay, 'from'));
  });

  test('every answer carries the payment’s allocation as the server replayed it: an earlier payment moves a later one’s, a reversal gives it back', async () => {
    const loan = await activeLoan(lending, product);
    const first = loan.schedule[0]!;
    const feeAndInterest = first.feeMinor + first.interestMinor;
    assert.ok(first.principalMinor > feeAndInterest + 100, 'the first instalment’s principal is the larger part');

    const later = await pay(loan.id, feeAndInterest + 100, dayFromToday(-10));
    assert.deepEqual(later.allocation, shares(first.feeMinor, first.interestMinor, 100), 'the take answers the allocation');

    // Paid before it (by date), this one now takes the fee and the interest, and the later one pays principal only.
    const earlier = await pay(loan.id, feeAndInterest, dayFromToday(-20));
    assert.deepEqual(earlier.allocation, shares(first.feeMinor, first.interestMinor, 0));
    assert.deepEqual((await one(later.id)).allocation, shares(0, 0, feeAndInterest + 100));
    const rows = await listed(`loanId=${loan.id}`);
    assert.deepEqual(
      Object.fromEntries(rows.map((p) => [p.id, p.allocation])),
      { [later.id]: shares(0, 0, feeAndInterest + 100), [earlier.id]: shares(first.feeMinor, first.interestMinor, 0) },
      'the list answers the stored allocation of each row',
    );

    const owed = (await read(loan.id)).outstandingMinor;
    const last = await pay(loan.id, owed + 50_000, dayFromToday(-1));
    assert.equal(last.allocation.overpaymentMinor, 50_000, 'what is left once the schedule is paid is an overpayment');
    const { feeMinor, interestMinor, principalMinor, overpaymentMinor } = last.allocation;
    assert.equal(feeMinor + interestMinor + principalMinor + overpaymentMinor, last.amountMinor);
    const schedule = (await read(loan.id)).schedule;
    const all = [earlier, await one(later.id), last];
    for (const part of ['feeMinor', 'interestMinor', 'principalMinor'] as const)
      assert.equal(
        all.reduce((sum, p) => sum + p.allocation[part], 0),
        schedule.reduce((sum, i) => sum + i[part], 0),
        `the payments' ${part} add up to the schedule's`,
      );

    const reversed = await lending.call<LoanPayment>('POST', `/api/clients/payments/${earlier.id}/reverse`, { body: { note: 'Bounced' } });
    assert.equal(reversed.status, 200, reversed.text);
    assert.deepEqual(reversed.body.data.allocation, NOTHING, 'a reversed payment pays nothing');
    assert.deepEqual((await one(later.id)).allocation, shares(first.feeMinor, first.interestMinor, 100));
    assert.equal((await one(last.id)).allocation.overpaymentMinor, 50_000 - feeAndInterest);

    const edited = await lending.call<LoanPayment>('PUT', `/api/clients/payments/${later.id}`, {
      body: { amountMinor: first.feeMinor, paidOn: dayFromToday(-10) },
    });
    assert.deepEqual(edited.body.data.allocation, shares(first.feeMinor, 0, 0), 'the edit answers the allocation after its replay');
  });

  test('a reversal needs a reason: without one (or with blanks) it is a 400 saying so, and the payment still counts', async () => {
    const loan = await activeLoan(lending, product);
    const payment = await pay(loan.id, 5_000);
    for (const body of [{}, { note: '   ' }, { note: null }]) {
      const refused = await lending.call('POST', `/api/clients/payments/${payment.id}/reverse`, { body });
      assert.equal(refused.status, 400, JSON.stringify(body));
      assert.match(fieldError(refused, 'note')![0]!, /Give the reason for the reversal/);
    }
    assert.equal((await one(payment.id)).reversed, false);
    const history = (await read(loan.id)).history;
    assert.ok(!history.some((h) => h.action === 'payment reversed' && h.entityId === payment.id));
  });

  test('a reversal held for a checker shows on the payment as pending until it is approved', async () => {
    const rules = await lending.call('PUT', '/api/maker-checker/rules', { body: { actions: ['payment-reversal'] } });
    assert.equal(rules.status, 200, rules.text);
    try {
      const applied = await applyFor(officer, product, { submittedOn: dayFromToday(-210) });
      await approve(lending, applied.id);
      const loan = await disburse(lending, applied.id);
      const payment = await pay(loan.id, 5_000, dayFromToday(-1), officer);
      assert.equal(payment.pendingReversal, false);

      const held = await lending.call<CheckRequest>('POST', `/api/clients/payments/${payment.id}/reverse`, { body: { note: 'Bounced' } });
      assert.equal(held.status, 202, held.text);
      const pending = await one(payment.id);
      assert.deepEqual([pending.pendingReversal, pending.reversed], [true, false], 'read again (a reload), it says so');
      assert.notDeepEqual(pending.allocation, NOTHING, 'it still counts until checked');
      assert.equal((await listed(`loanId=${loan.id}`)).find((p) => p.id === payment.id)!.pendingReversal, true);

      const checked = await checker.call<CheckRequest>('POST', `/api/maker-checker/requests/${held.body.data.id}/approve`, { body: {} });
      assert.equal(checked.status, 200, checked.text);
      const done = await one(payment.id);
      assert.deepEqual([done.pendingReversal, done.reversed, done.allocation], [false, true, NOTHING]);
    } finally {
      await lending.call('PUT', '/api/maker-checker/rules', { body: { actions: [] } });
    }
  });

  test('migration 037’s backfill gives stored payments the allocation the ledger’s replay gave them', async () => {
    const loan = await activeLoan(lending, product);
    await pay(loan.id, 3_000, dayFromToday(-40));
    const gone = await pay(loan.id, 4_000, dayFromToday(-30));
    await pay(loan.id, loan.outstandingMinor, dayFromToday(-5));
    await lending.call('POST', `/api/clients/payments/${gone.id}/reverse`, { body: { note: 'Bounced' } });
    const stored = () =>
      s.db.query<{ id: string; fee: string; interest: string; principal: string; over: string }>(
        `select id, allocated_fee_minor::text as fee, allocated_interest_minor::text as interest,
           allocated_principal_minor::text as principal, overpayment_minor::text as over from loan_payments order by id`,
      );
    const replayed = await stored();
    assert.ok(replayed.length > 100, 'the demo portfolio’s payments are among them');
    assert.ok(replayed.some((p) => p.over !== '0'));
    await s.db.query(
      `update loan_payments set allocated_fee_minor = 0, allocated_interest_minor = 0, allocated_principal_minor = 0, overpayment_minor = 0`,
    );
    const migration = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../migrations/037_payment_channel_allocation.sql');
    await s.db.exec(fs.readFileSync(migration, 'utf8'));
    assert.deepEqual(await stored(), replayed);
  });
});

function addDaysTo(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
