import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LoanDetails } from '@meridian/shared/contract/loan';
import type { LoanPayment } from '@meridian/shared/contract/loan-payment';
import type { CheckRequest, MakerCheckerRules } from '@meridian/shared/contract/maker-checker';
import { databaseLabel, fieldError, startServer, type Actor, type TestServer } from './support/harness';
import { applyFor, dayFromToday, makeClient, makeProduct } from './support/lending';

describe(`maker-checker (${databaseLabel})`, () => {
  let s: TestServer;
  let maker: Actor;
  let checker: Actor;
  let officer: Actor;
  let tracking: Actor;
  let product: string;

  before(async () => {
    s = await startServer();
    maker = await s.as('company administrator');
    checker = await s.as('credit officer');
    officer = await s.as('loan officer');
    tracking = await s.as('company admin');
    product = (await makeProduct(maker)).id;
    const set = await maker.call<MakerCheckerRules>('PUT', '/api/maker-checker/rules', {
      body: { actions: ['loan-approval', 'disbursement', 'write-off', 'payment-reversal'] },
    });
    assert.equal(set.status, 200, set.text);
  });
  after(() => s.close());

  /** A Soweto client's loan (below the checker's Johannesburg Branch), applied for by the loan officer. */
  const sowetoLoan = async () => {
    const made = await officer.call<LoanDetails>('POST', '/api/loans', {
      body: {
        clientId: await makeClient(officer),
        productId: product,
        principalMinor: 600_000,
        instalments: 6,
        submittedOn: dayFromToday(-120),
      },
    });
    assert.equal(made.status, 201, made.text);
    return made.body.data.id;
  };
  const queued = async (answer: { status: number; text: string; body: { data: unknown } }) => {
    assert.equal(answer.status, 202, answer.text);
    return answer.body.data as CheckRequest;
  };
  const approveRequest = (actor: Actor, id: string) =>
    actor.call<CheckRequest>('POST', `/api/maker-checker/requests/${id}/approve`, { body: {} });
  const status = async (loanId: string) => (await maker.call<LoanDetails>('GET', `/api/loans/${loanId}`)).body.data;

  test('the rules of a tenant bind its branches; only ADMIN/SETTINGS changes them, and an unknown action is a 400', async () => {
    const fromBranch = await checker.call<MakerCheckerRules>('GET', '/api/maker-checker/rules');
    assert.equal(fromBranch.status, 200);
    assert.deepEqual(fromBranch.body.data.actions, []);
    assert.deepEqual(fromBranch.body.data.effective, ['loan-approval', 'disbursement', 'write-off', 'payment-reversal']);
    assert.equal((await checker.call('PUT', '/api/maker-checker/rules', { body: { actions: [] } })).status, 403);
    assert.ok(fieldError(await maker.call('PUT', '/api/maker-checker/rules', { body: { actions: ['coffee'] } }), 'actions.0'));
    const theirs = await tracking.call<MakerCheckerRules>('GET', '/api/maker-checker/rules');
    assert.deepEqual(theirs.body.data.effective, [], 'another company is not bound by Lending’s rules');
  });

  test('an approval waits as a pending request; the maker cannot check it, another user with the permission can, and the loan then moves', async () => {
    const loanId = await sowetoLoan();
    const request = await queued(
      await maker.call('POST', `/api/loans/${loanId}/approve`, { body: { approvedOn: dayFromToday(-110), note: 'Committee 12' } }),
    );
    assert.deepEqual(
      [request.action, request.status, request.loanId, request.makerUserId],
      ['loan-approval', 'pending', loanId, maker.userId],
    );
    assert.deepEqual(request.payload.approvedOn, dayFromToday(-110));
    assert.equal((await status(loanId)).status, 'submitted', 'nothing is done before the check');

    const own = await approveRequest(maker, request.id);
    assert.equal(own.status, 403);
    assert.equal(own.body.result.message, 'You made this request: another user must check it.');
    assert.equal((await status(loanId)).status, 'submitted');

    const pending = await checker.call<CheckRequest[]>('GET', '/api/maker-checker/requests?status=pending&size=1000');
    assert.ok(pending.body.data.some((r) => r.id === request.id));

    const checked = await approveRequest(checker, request.id);
    assert.equal(checked.status, 200, checked.text);
    assert.deepEqual([checked.body.data.status, checked.body.data.checkerUserId], ['approved', checker.userId]);
    const loan = await status(loanId);
    assert.deepEqual([loan.status, loan.approvedOn], ['approved', dayFromToday(-110)]);
    assert.deepEqual(
      loan.history.slice(-2).map((h) => [h.action, h.userId]),
      [
        ['approved', checker.userId],
        ['approval approved by checker', checker.userId],
      ],
    );
    assert.deepEqual(loan.history.at(-1)!.changes.makerUserId, [null, maker.userId]);
    assert.equal((await approveRequest(checker, request.id)).status, 409, 'a request is decided once');
  });

  test('a disbursement and a payment reversal are done only when checked; a rejected write-off leaves the loan as it was', async () => {
    const loanId = await sowetoLoan();
    await approveRequest(
      checker,
      (await queued(await maker.call('POST', `/api/loans/${loanId}/approve`, { body: { approvedOn: dayFromToday(-100) } }))).id,
    );
    const disbursement = await queued(
      await checker.call('POST', `/api/loans/${loanId}/disburse`, {
        body: { disbursedOn: dayFromToday(-60), amountMinor: 600_000, channel: 'cash' },
      }),
    );
    assert.deepEqual((await status(loanId)).schedule, []);
    assert.equal((await approveRequest(maker, disbursement.id)).status, 200, 'the other user checks the credit officer’s disbursement');
    const active = await status(loanId);
    assert.equal(active.status, 'active');
    assert.equal(active.schedule.length, 6);

    const payment = await officer.call<LoanPayment>('POST', '/api/clients/payments', {
      body: { loanId, amountMinor: 50_000, paidOn: dayFromToday(-5) },
    });
    assert.equal(payment.status, 201, payment.text);
    const reversal = await queued(
      await maker.call('POST', `/api/clients/payments/${payment.body.data.id}/reverse`, { body: { note: 'Bounced' } }),
    );
    assert.equal(reversal.paymentId, payment.body.data.id);
    assert.equal((await status(loanId)).totals.paidMinor, 50_000);
    const again = await maker.call('POST', `/api/clients/payments/${payment.body.data.id}/reverse`, { body: { note: 'Again' } });
    assert.equal(again.status, 409, 'one pending reversal per payment');
    assert.equal((await approveRequest(checker, reversal.id)).status, 200);
    assert.equal((await status(loanId)).totals.paidMinor, 0);

    const writeOff = await queued(await maker.call('POST', `/api/loans/${loanId}/write-off`, { body: {} }));
    const rejected = await checker.call<CheckRequest>('POST', `/api/maker-checker/requests/${writeOff.id}/reject`, {
      body: { note: 'Keep collecting' },
    });
    assert.equal(rejected.status, 200);
    assert.deepEqual([rejected.body.data.status, rejected.body.data.checkerNote], ['rejected', 'Keep collecting']);
    assert.equal((await status(loanId)).status, 'active');
  });

  test('a request the loan’s state already forbids is refused when made; checkers need the permission and the loan in their subtree', async () => {
    const loanId = await sowetoLoan();
    const doomed = await maker.call('POST', `/api/loans/${loanId}/write-off`, { body: {} });
    assert.equal(doomed.status, 409);
    assert.match(doomed.body.result.message, /submitted to written-off/);
    const request = await queued(await maker.call('POST', `/api/loans/${loanId}/approve`, { body: {} }));
    assert.equal((await officer.call('POST', `/api/maker-checker/requests/${request.id}/approve`, { body: {} })).status, 403);
    assert.equal((await officer.call('GET', '/api/maker-checker/requests')).status, 403);
    assert.equal((await tracking.call('POST', `/api/maker-checker/requests/${request.id}/approve`, { body: {} })).status, 404);
    const theirs = await tracking.call<CheckRequest[]>('GET', '/api/maker-checker/requests?size=1000');
    assert.ok(!theirs.body.data.some((r) => r.id === request.id));
    assert.equal((await status(loanId)).status, 'submitted');
  });

  test('without a rule the action is done at once', async () => {
    const cleared = await maker.call<MakerCheckerRules>('PUT', '/api/maker-checker/rules', { body: { actions: ['write-off'] } });
    assert.deepEqual(cleared.body.data.actions, ['write-off']);
    const loan = await applyFor(maker, product, { submittedOn: dayFromToday(-30) });
    const approved = await maker.call<LoanDetails>('POST', `/api/loans/${loan.id}/approve`, { body: {} });
    assert.equal(approved.status, 200, approved.text);
    assert.equal(approved.body.data.status, 'approved');
  });
});
