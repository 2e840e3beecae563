import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@meridian/shared/contract/client';
import type { LoanDetails } from '@meridian/shared/contract/loan';
import type { UssdClient, UssdDashboard, UssdSession } from '@meridian/shared/contract/ussd';
import { USSD_LIMITS } from '@meridian/shared/contract/ussd';
import { formatMinor } from '@meridian/shared/money-text';
import { DEMO_USSD } from '../src/seed/demo-ussd';
import { USSD_TEXT } from '../src/modules/ussd/ussd-menu';
import { databaseLabel, startServer, type Actor, type TestServer } from './support/harness';
import { applyFor, approve, dayFromToday, disburse, makeProduct, nextSerial } from './support/lending';

const CODE = DEMO_USSD.serviceCode;
/** Rand as a phone shows it: the locale's grouping with plain spaces ("R 1 234,56"). */
const rand = (minor: number) => formatMinor(minor, 'ZAR').replace(/[\u00a0\u202f]/g, ' ');

describe(`USSD (${databaseLabel})`, () => {
  let s: TestServer;
  let lending: Actor;
  let tracking: Actor;
  let officer: Actor;

  before(async () => {
    s = await startServer();
    lending = await s.as('company administrator');
    tracking = await s.as('company admin');
    officer = await s.as('loan officer');
  });
  after(() => s.close());

  /** A new borrower of Meridian Lending with a phone, and an active loan with one payment. */
  async function borrower() {
    const digits = nextSerial().replace(/\D/g, '').padStart(7, '0').slice(-7);
    const mobile = `083${digits}`;
    const client = await lending.call<Client>('POST', '/api/clients', { body: { firstName: 'Nomvula', lastName: 'Sithole', mobile } });
    assert.equal(client.status, 201, client.text);
    const product = await makeProduct(lending, { feePerInstalmentMinor: 0 });
    const loan = await applyFor(lending, product.id, { clientId: client.body.data.Id, submittedOn: dayFromToday(-210), instalments: 12 });
    await approve(lending, loan.id);
    await disburse(lending, loan.id);
    const paid = await lending.call('POST', '/api/clients/payments', {
      body: { loanId: loan.id, amountMinor: 50_000, paidOn: dayFromToday(-60) },
    });
    assert.equal(paid.status, 201, paid.text);
    const details = await lending.call<LoanDetails>('GET', `/api/loans/${loan.id}`);
    return { clientId: client.body.data.Id, phone: `+27 ${mobile.slice(1)}`, loan: details.body.data };
  }

  /** One gateway request as Africa's Talking sends it: a form body, everything typed so far in `text`. */
  const dial = async (sessionId: string, phone: string, text: string, headers: Record<string, string> = {}) => {
    const body = new URLSearchParams({ sessionId, serviceCode: CODE, phoneNumber: phone, text, networkCode: '65501' }).toString();
    const answer = await s.call('POST', '/api/ussd/gateway', {
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
    return answer;
  };
  const screen = async (sessionId: string, phone: string, text: string) => {
    const answer = await dial(sessionId, phone, text);
    assert.equal(answer.status, 200, answer.text);
    assert.match(String(answer.headers['content-type']), /^text\/plain/);
    return answer.text;
  };

  test('a whole session through the gateway: the PIN set on the first dial, then the balance, the next instalment and the last payments', async () => {
    const b = await borrower();
    const first = `first-${nextSerial()}`;
    assert.equal(await screen(first, b.phone, ''), `CON ${USSD_TEXT.choosePin('Meridian Lending')}`);
    assert.equal(await screen(first, b.phone, '1357'), `CON ${USSD_TEXT.repeatPin}`);
    assert.equal(await screen(first, b.phone, '1357*1357'), `END ${USSD_TEXT.pinSet(CODE)}`);

    const second = `second-${nextSerial()}`;
    assert.equal(await screen(second, b.phone, ''), `CON ${USSD_TEXT.enterPin('Nomvula')}`);
    assert.equal(await screen(second, b.phone, '1357'), `CON ${USSD_TEXT.menu}`);
    assert.equal(await screen(second, b.phone, '1357*7'), `CON ${USSD_TEXT.invalidChoice}\n${USSD_TEXT.menu}`);
    const late = b.loan.arrearsDays > 0 ? `, ${b.loan.arrearsDays} days late` : '';
    assert.equal(await screen(second, b.phone, '1357*7*1'), `END Loan 1: ${rand(b.loan.outstandingMinor)} owed${late}.`);

    const next = await screen(`third-${nextSerial()}`, b.phone, '1357*2');
    const due = b.loan.schedule.find((i) => i.outstandingMinor > 0)!;
    assert.equal(next, `END Next instalment: ${rand(due.outstandingMinor)} due ${due.dueDate}.`);
    assert.equal(await screen(`fourth-${nextSerial()}`, b.phone, '1357*3'), `END Last payments:\n${dayFromToday(-60)} R 500,00`);

    // Staff see the session, its steps with the PIN as asterisks, and the client registered.
    const sessions = await lending.call<UssdSession[]>('GET', `/api/clients/ussd/sessions?search=${encodeURIComponent('83')}&size=1000`);
    const kept = sessions.body.data.find((x) => x.sessionId === second)!;
    assert.deepEqual([kept.steps, kept.completed, kept.outcome, kept.clientName], [3, true, 'balance', `Nomvula Sithole`]);
    const steps = await lending.call<UssdSession & { stepsTaken: { input: string; choice: string | null; reply: string }[] }>(
      'GET',
      `/api/clients/ussd/sessions/${kept.id}`,
    );
    assert.deepEqual(
      steps.body.data.stepsTaken.map((st) => [st.input, st.choice, st.reply]),
      [
        ['', null, 'CON'],
        ['****', null, 'CON'],
        ['7', 'invalid', 'CON'],
        ['1', 'balance', 'END'],
      ],
    );
    const clients = await lending.call<UssdClient[]>('GET', '/api/clients/ussd/clients?size=1000&search=Sithole');
    assert.ok(clients.body.data.some((c) => c.clientId === b.clientId && c.status === 'active' && c.pinSet));
  });

  test('three wrong PINs lock the registration; a PIN replayed from earlier steps is not counted again', async () => {
    const b = await borrower();
    await screen(`set-${nextSerial()}`, b.phone, '2580*2580');
    const session = `wrong-${nextSerial()}`;
    assert.equal(await screen(session, b.phone, '1111'), `END ${USSD_TEXT.wrongPin(2)}`);
    // The gateway repeats the earlier steps on every request: a later step after a wrong PIN counts nothing more.
    assert.equal(await screen(session, b.phone, '1111*1'), `END ${USSD_TEXT.wrongPin(USSD_LIMITS.maxPinFailures)}`);
    assert.equal(await screen(`w2-${nextSerial()}`, b.phone, '2222'), `END ${USSD_TEXT.wrongPin(1)}`);
    assert.equal(await screen(`w3-${nextSerial()}`, b.phone, '3333'), `END ${USSD_TEXT.locked(USSD_LIMITS.lockMinutes)}`);
    // Locked: even the right PIN is refused until the wait is over.
    assert.match(await screen(`w4-${nextSerial()}`, b.phone, '2580'), /^END Too many wrong PINs\. Try again in \d+ minutes/);
  });

  test('staff deregister a PIN (spec DELETE /clients/deregister-client-ussd-security/{id}); the next dial sets a new one', async () => {
    const b = await borrower();
    await screen(`set-${nextSerial()}`, b.phone, '4321*4321');
    assert.equal((await tracking.call('DELETE', `/api/clients/deregister-client-ussd-security/${b.clientId}`)).status, 404);
    assert.equal((await officer.call('DELETE', `/api/clients/deregister-client-ussd-security/${b.clientId}`)).status, 403);
    const removed = await lending.call('DELETE', `/api/clients/deregister-client-ussd-security/${b.clientId}`);
    assert.equal(removed.status, 200, removed.text);
    assert.equal((await lending.call('DELETE', `/api/clients/deregister-client-ussd-security/${b.clientId}`)).status, 404);
    assert.equal(await screen(`again-${nextSerial()}`, b.phone, ''), `CON ${USSD_TEXT.choosePin('Meridian Lending')}`);
    const listed = await lending.call<UssdClient[]>('GET', '/api/clients/ussd/clients?status=deregistered&size=1000');
    assert.ok(listed.body.data.some((c) => c.clientId === b.clientId));
  });

  test('an unknown number is told to visit a branch; mismatched and malformed PINs end the session; bad requests are 400 or 404, never 500', async () => {
    assert.equal(await screen(`unknown-${nextSerial()}`, '+27 11 000 0001', ''), `END ${USSD_TEXT.notRegistered('Meridian Lending')}`);
    const b = await borrower();
    assert.equal(await screen(`mm-${nextSerial()}`, b.phone, '1234*4321'), `END ${USSD_TEXT.pinMismatch}`);
    assert.equal(await screen(`bad-${nextSerial()}`, b.phone, '12ab'), `END ${USSD_TEXT.pinInvalid}`);
    const unknownCode = await s.call('POST', '/api/ussd/gateway', {
      body: { sessionId: 'x', serviceCode: '*999#', phoneNumber: b.phone, text: '' },
    });
    assert.equal(unknownCode.status, 404);
    for (const body of [
      {},
      { sessionId: 'x', serviceCode: 'abc', phoneNumber: b.phone },
      { sessionId: 'x', serviceCode: CODE, phoneNumber: 'call me' },
    ])
      assert.equal((await s.call('POST', '/api/ussd/gateway', { body })).status, 400);
    const huge = await dial('huge', b.phone, '1'.repeat(5000));
    assert.equal(huge.status, 413);
  });

  test('with a gateway key configured, a request without it or with another is refused', async () => {
    const keyed = await startServer({ ussdGatewayKey: 'gateway-secret-1' });
    try {
      const body = { sessionId: `k-${nextSerial()}`, serviceCode: CODE, phoneNumber: '+27 11 000 0001', text: '' };
      assert.equal((await keyed.call('POST', '/api/ussd/gateway', { body })).status, 401);
      assert.equal((await keyed.call('POST', '/api/ussd/gateway?key=wrong', { body })).status, 401);
      const right = await keyed.call('POST', '/api/ussd/gateway', { body, headers: { 'x-gateway-key': 'gateway-secret-1' } });
      assert.equal(right.status, 200, right.text);
    } finally {
      await keyed.close();
    }
  });

  test('the dashboard counts sessions per day, completion and the top choices of the demo month; without CLIENTS/USSD it is 403', async () => {
    const dashboard = await lending.call<UssdDashboard>('GET', '/api/clients/ussd/dashboard');
    assert.equal(dashboard.status, 200, dashboard.text);
    const d = dashboard.body.data;
    assert.ok(d.sessions >= 60, `${d.sessions} sessions`);
    assert.equal(
      d.sessions,
      d.days.reduce((n, day) => n + day.sessions, 0),
    );
    assert.equal(d.completionPercent, Math.round((d.completed * 1000) / d.sessions) / 10);
    assert.equal(d.topChoices[0]?.choice, 'balance');
    assert.equal((await officer.call('GET', '/api/clients/ussd/dashboard')).status, 403);
    assert.equal((await tracking.call<UssdDashboard>('GET', '/api/clients/ussd/dashboard')).body.data.sessions, 0);
  });
});
