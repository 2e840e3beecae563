import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_LIMITS, GEO } from '@meridian/shared/constants';
import type { SalesAgentReport, UserLoginsReport } from '@meridian/shared/contract/standard-report';
import type { Tenant } from '@meridian/shared/contract/tenant';
import { addDays } from '@meridian/shared/lending/schedule-dates';
import { databaseLabel, fieldError, pagingOf, startServer, type Actor, type TestServer } from './support/harness';
import { dayFromToday, nextSerial } from './support/lending';

/** A past day, so that nothing the demo data or the clock adds falls on it (times in Johannesburg, +02:00). */
const DAY = '2025-03-04';
const at = (time: string, day = DAY) => `${day}T${time}:00+02:00`;
/** 0.01 degree of latitude on the report's sphere: 6,371,000 m x 0.01 x pi / 180 = 1,111.95 m. */
const HUNDREDTH_DEGREE_METERS = (GEO.earthRadiusMeters * 0.01 * Math.PI) / 180;

/**
 * A branch of its own (Agent Report Branch) with one agent (a loan officer) and one non-agent, so the demo's
 * people stay outside the figures. On DAY the agent:
 *   starts the day at 08:00 at (-26.00, 28.00), adds a file at 10:00 at (-26.01, 28.00), a file at 11:00 with no
 *   fix (999, 999: left out), stops at 12:30 at (-26.02, 28.00), starts at 13:00 and stops at 15:00 at (-26.02, 28.00);
 *   the next day, at 09:00, a start at (-25.00, 28.00) (outside a one-day window).
 *   distance: two hops of 0.01 degree = 2,223.9 m -> 2,224; time in the field: 08:00-12:30 and 13:00-15:00 = 390 min.
 *   activities starting on DAY: two Completed, one Planned; one the day before (outside).
 *   leads created on DAY: three, one Converted; one the day before (outside); one by the other user.
 */
describe(`standard reports: sales agents and sign-ins per user (${databaseLabel})`, () => {
  let s: TestServer;
  let admin: Actor;
  let branch: string;
  let agent: string;
  let clerk: string;

  const made = <T>(answer: { status: number; text: string; body: { data: T } }, status = 201) => {
    assert.equal(answer.status, status, answer.text);
    return answer.body.data;
  };
  const roleId = async (name: string) => (await s.db.one<{ id: string }>(`select id from roles where lower(name) = $1`, [name]))!.id;
  const user = async (userName: string, role: string) =>
    made(
      await admin.call<{ Id: string }>('POST', '/api/users', {
        body: {
          firstName: 'Report',
          lastName: userName.includes('agent') ? 'Agent' : 'Clerk',
          userName,
          emailAddress: `${userName}@demo.meridian.test`,
          roleIds: [await roleId(role)],
          tenantIds: [branch],
          password: 'Report-Test-Pass-1',
        },
      }),
    ).Id;
  const action = (userId: string, code: number, when: string, lat: number | null, lng: number | null) =>
    s.db.query(
      `insert into agent_actions (tenant_id, performed_by_user_id, action, latitude, longitude, date_created)
       values ((select tenant_id from users where id = $1), $1, $2, $3, $4, $5::timestamptz)`,
      [userId, code, lat, lng, when],
    );
  const assignment = async (userId: string, start: string, statusText: string) => {
    const activity = (await s.db.one<{ id: string }>(
      `insert into activities (tenant_id, name, start_date) values ($1, $2, $3::timestamptz) returning id`,
      [branch, `Visit ${nextSerial()}`, start],
    ))!.id;
    await s.db.query(`insert into activity_assignments (activity_id, user_id, status_text) values ($1, $2, $3)`, [
      activity,
      userId,
      statusText,
    ]);
  };
  const lead = (userId: string, when: string, status: string) =>
    s.db.query(
      `insert into leads (tenant_id, first_name, last_name, contact_number, status, created_by_user_id, date_created)
       values ($1, 'Lead', $2, '0820000000', $3, $4, $5::timestamptz)`,
      [branch, `Person ${nextSerial()}`, status, userId, when],
    );

  before(async () => {
    s = await startServer();
    admin = await s.as('company administrator');
    branch = made(
      await admin.call<Tenant>('POST', '/api/tenants', {
        body: { name: 'Agent Report Branch', type: 3, parentId: await s.tenantId('Meridian Lending'), shortCode: 'ML-AGR' },
      }),
    ).Id as string;
    agent = await user(`report-agent-${process.pid}`, 'loan officer');
    clerk = await user(`report-clerk-${process.pid}`, 'company administrator');

    await action(agent, 1, at('08:00'), -26.0, 28.0);
    await action(agent, 2, at('10:00'), -26.01, 28.0);
    await action(agent, 2, at('11:00'), GEO.invalidCoordinate, GEO.invalidCoordinate);
    await action(agent, 0, at('12:30'), -26.02, 28.0);
    await action(agent, 1, at('13:00'), -26.02, 28.0);
    await action(agent, 0, at('15:00'), -26.02, 28.0);
    await action(agent, 1, at('09:00', addDays(DAY, 1)), -25.0, 28.0);
    await assignment(agent, at('09:00'), 'Completed');
    await assignment(agent, at('11:00'), 'Completed');
    await assignment(agent, at('14:00'), 'Planned');
    await assignment(agent, at('14:00', addDays(DAY, -1)), 'Completed');
    await lead(agent, at('09:30'), 'New');
    await lead(agent, at('10:30'), 'Converted');
    await lead(agent, at('16:30'), 'Contacted');
    await lead(agent, at('16:30', addDays(DAY, -1)), 'Converted');
    await lead(clerk, at('10:00'), 'Converted');
  });
  after(() => s.close());

  const agents = (query: string, actor = admin) => actor.call<SalesAgentReport>('GET', `/api/reports/standard/sales-agents?${query}`);

  test('the sales agent report counts activities by status, leads, conversions, distance and time in the field per agent', async () => {
    const answer = await agents(`tenantId=${branch}&fromDate=${DAY}&toDate=${DAY}`);
    const report = made(answer, 200);
    assert.deepEqual([report.fromDate, report.toDate], [DAY, DAY]);
    assert.equal(pagingOf(answer).total, 1, 'only the agent: the clerk holds no agent role');
    const beyond = await agents(`tenantId=${branch}&fromDate=${DAY}&toDate=${DAY}&page=9&size=10`);
    assert.deepEqual([made(beyond, 200).agents, pagingOf(beyond).total], [[], 1]);
    const [row] = report.agents;
    assert.equal(row!.userId, agent);
    assert.equal(row!.tenantName, 'Agent Report Branch');
    assert.equal(row!.activities, 3);
    assert.deepEqual(row!.activitiesByStatus, [
      { status: 'Completed', count: 2 },
      { status: 'Planned', count: 1 },
    ]);
    assert.deepEqual([row!.leads, row!.conversions], [3, 1]);
    assert.equal(row!.distanceMeters, Math.round(2 * HUNDREDTH_DEGREE_METERS));
    assert.equal(row!.distanceMeters, 2224);
    assert.equal(row!.fieldMinutes, 390);
  });

  test('a wider window adds the day before and after: the jump to the next day is travelled too', async () => {
    const report = made(await agents(`tenantId=${branch}&fromDate=${addDays(DAY, -1)}&toDate=${addDays(DAY, 1)}`), 200);
    const [row] = report.agents;
    assert.equal(row!.activities, 4);
    assert.deepEqual([row!.leads, row!.conversions], [4, 2]);
    // From (-26.02, 28) to (-25.00, 28): 102 hundredths of a degree more.
    assert.equal(row!.distanceMeters, Math.round(104 * HUNDREDTH_DEGREE_METERS));
  });

  test("without dates the agent report covers one day ago to 30 days ahead in the tenant's zone", async () => {
    const report = made(await agents(`tenantId=${branch}`), 200);
    assert.deepEqual([report.fromDate, report.toDate], [dayFromToday(-1), dayFromToday(30)]);
    assert.deepEqual(
      report.agents.map((r) => [r.userId, r.activities, r.leads, r.distanceMeters, r.fieldMinutes]),
      [[agent, 0, 0, 0, 0]],
    );
  });

  const logins = (query: string, actor = admin) => actor.call<UserLoginsReport>('GET', `/api/users/loginreport/per-user?${query}`);

  test('sign-ins per user count successes, failures and lock-outs (the failures that put the account on hold)', async () => {
    const email = `report-agent-${process.pid}@demo.meridian.test`;
    await s.login(email, 'Report-Test-Pass-1');
    for (let i = 0; i < AUTH_LIMITS.maxFailedLogins; i++)
      assert.equal((await s.call('POST', '/api/auth/login', { body: { email, password: 'Wrong-Password-1' } })).status, 401);
    // Refused before the password is checked: not an attempt of the account's, so not counted.
    assert.equal((await s.call('POST', '/api/auth/login', { body: { email, password: 'Report-Test-Pass-1' } })).status, 429);
    await sleep(AUTH_LIMITS.signInFirstDelayMs + 100);
    await s.login(email, 'Report-Test-Pass-1');

    const today = dayFromToday(0);
    const answer = await logins(`tenantId=${branch}&fromDate=${today}&toDate=${today}`);
    const report = made(answer, 200);
    assert.deepEqual([report.fromDate, report.toDate], [today, today]);
    assert.equal(pagingOf(answer).total, 1, 'the clerk never signed in');
    const [row] = report.users;
    assert.equal(row!.userId, agent);
    assert.deepEqual([row!.signIns, row!.failures, row!.lockOuts], [2, AUTH_LIMITS.maxFailedLogins, 1]);
    assert.ok(row!.lastSignInAt && row!.lastFailureAt && row!.lastSignInAt > row!.lastFailureAt);

    const yesterday = made(await logins(`tenantId=${branch}&fromDate=${addDays(today, -3)}&toDate=${addDays(today, -1)}`), 200);
    assert.deepEqual(yesterday.users, []);
    const sorted = made(await logins(`sortField=lockOuts&sortOrder=DESC&fromDate=${today}&toDate=${today}`), 200);
    assert.equal(sorted.users[0]!.userId, agent, 'the only user locked out today sorts first');
    // A page past the last is empty and still counts the users (one row per user, not per attempt).
    const beyond = await logins(`tenantId=${branch}&fromDate=${today}&toDate=${today}&page=50&size=10`);
    assert.deepEqual([made(beyond, 200).users, pagingOf(beyond).total], [[], 1]);
  });

  test('both reports answer only their readers, and only within the subtree', async () => {
    const nobody = await s.actorWith(`report-nobody-${process.pid}`, ['CLIENTS']);
    assert.equal((await agents('', nobody)).status, 403);
    assert.equal((await logins('', nobody)).status, 403);
    const tracking = await s.as('company admin');
    assert.equal((await agents(`tenantId=${branch}`, tracking)).status, 404);
    assert.equal((await logins(`tenantId=${branch}`, tracking)).status, 404);
    const own = made(await agents(`fromDate=${DAY}&toDate=${DAY}&size=1000`, tracking), 200);
    assert.ok(!own.agents.some((r) => r.userId === agent), "another company's agent is not in its report");
    const ownLogins = made(await logins('size=1000', tracking), 200);
    assert.ok(!ownLogins.users.some((r) => r.userId === agent), "another company's user is not in its report");
  });

  test('bad parameters are a 400 naming the field', async () => {
    const bad: [string, string][] = [
      ['/api/reports/standard/sales-agents?fromDate=2025-02-30', 'fromDate'],
      [`/api/reports/standard/sales-agents?fromDate=${DAY}&toDate=${addDays(DAY, -1)}`, 'toDate'],
      ['/api/reports/standard/sales-agents?tenantId=nope', 'tenantId'],
      ['/api/reports/standard/sales-agents?sortField=distance', 'sortField'],
      ['/api/users/loginreport/per-user?toDate=tomorrow', 'toDate'],
      ['/api/users/loginreport/per-user?fromDate=2020-01-01&toDate=2024-01-01', 'toDate'],
      ['/api/users/loginreport/per-user?size=0', 'size'],
    ];
    for (const [path, field] of bad) {
      const answer = await admin.call('GET', path);
      assert.equal(answer.status, 400, `${path}: ${answer.text}`);
      assert.ok(fieldError(answer, field), `${path} names ${field}: ${answer.text}`);
    }
  });
});
