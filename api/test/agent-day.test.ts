import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '@meridian/shared/messages';
import type {
  AgentAction,
  AgentActionLocation,
  AgentDashboard,
  AgentDayAction,
  AgentSummaryRow,
  LatestAgentAction,
} from '@meridian/shared/contract/field-agent';
import type { UserListItem } from '@meridian/shared/contract/user';
import { databaseLabel, startServer, type Actor, type TestServer, fieldError, pagingOf } from './support/harness';

/** A past day, so that nothing the demo data or the clock adds falls on it. */
const DAY = '2025-03-04';
const at = (time: string, day = DAY) => `${day}T${time}:00+02:00`;
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

describe(`agent day: actions, history, summary report and dashboard (${databaseLabel})`, () => {
  let s: TestServer;
  let officer: Actor;
  let leader: Actor;
  let creditOfficer: Actor;
  let manager: Actor;
  let trackingAdmin: Actor;

  /** An agent action written straight to the database at a chosen time. */
  const action = async (
    userId: string,
    code: number,
    when: string,
    extra: { lat?: number; lng?: number; location?: string; entityType?: string } = {},
  ) =>
    (await s.db.one<{ id: string }>(
      `insert into agent_actions (tenant_id, performed_by_user_id, action, latitude, longitude, accuracy, location, entity_type, date_created)
       values ((select tenant_id from users where id = $1), $1, $2, $3, $4, $5, $6, $7, $8::timestamptz) returning id`,
      [
        userId,
        code,
        extra.lat ?? null,
        extra.lng ?? null,
        extra.lat === undefined ? null : 8,
        extra.location ?? null,
        extra.entityType ?? null,
        when,
      ],
    ))!.id;
  const assignment = async (userId: string, tenant: string, name: string, start: string, statusText: string) => {
    const activity = (await s.db.one<{ id: string }>(
      `insert into activities (tenant_id, name, start_date) values ($1, $2, $3::timestamptz) returning id`,
      [await s.tenantId(tenant), name, start],
    ))!.id;
    await s.db.query(`insert into activity_assignments (activity_id, user_id, status_text) values ($1, $2, $3)`, [
      activity,
      userId,
      statusText,
    ]);
    return activity;
  };

  before(async () => {
    s = await startServer();
    officer = await s.as('loan officer');
    leader = await s.as('team leader');
    creditOfficer = await s.as('credit officer');
    manager = await s.as('branch manager');
    trackingAdmin = await s.as('company admin');
  });
  after(() => s.close());

  test('starting or stopping the day without a usable position is refused where the tenant requires location', async () => {
    // The Soweto Team requires location (every demo team does).
    for (const body of [{ action: 1 }, { action: 0, latitude: 999, longitude: 999, accuracy: null }, { action: 1, latitude: -26.2 }]) {
      const refused = await officer.call<AgentAction>('POST', '/api/agent/action', { body });
      assert.equal(refused.status, 400, JSON.stringify(body));
      assert.equal(refused.body.result.code, 'LOCATION_REQUIRED');
      assert.equal(refused.body.result.message, MESSAGES.enableLocation);
    }
    assert.equal(
      (await officer.call<AgentAction>('POST', '/api/agent/action', { body: { action: 2, entityType: 'activity' } })).status,
      201,
      'file actions need no position',
    );
    const started = await officer.call<AgentAction>('POST', '/api/agent/action', {
      body: { action: 1, latitude: -26.2485, longitude: 27.854, accuracy: 6 },
    });
    assert.equal(started.status, 201);
    assert.deepEqual([started.body.data.latitude, started.body.data.longitude], [-26.2485, 27.854]);
    assert.equal((await officer.call<LatestAgentAction>('GET', '/api/agent/action/latest')).body.data.agentAction[0]!.action, 1);
  });

  test('a day started or stopped offline is recorded when it happened, and an older one sent late does not undo a later one', async () => {
    const position = { latitude: -26.2485, longitude: 27.854, accuracy: 6 };
    const startedOffline = new Date(Date.now() - 20 * 60_000).toISOString();
    const started = await leader.call<AgentAction>('POST', '/api/agent/action', {
      body: { action: 1, ...position, actedAt: startedOffline },
    });
    assert.equal(started.status, 201);
    assert.equal(Date.parse(started.body.data.dateCreated), Date.parse(startedOffline));
    const stoppedNow = await leader.call<AgentAction>('POST', '/api/agent/action', { body: { action: 0, ...position } });
    assert.equal(stoppedNow.status, 201);
    const sentLate = await leader.call<AgentAction>('POST', '/api/agent/action', {
      body: { action: 1, ...position, actedAt: new Date(Date.now() - 10 * 60_000).toISOString() },
    });
    assert.equal(sentLate.status, 201);
    const latest = (await leader.call<LatestAgentAction>('GET', '/api/agent/action/latest')).body.data.agentAction[0]!;
    assert.deepEqual([latest.Id, latest.action], [stoppedNow.body.data.Id, 0]);
    const future = await leader.call<AgentAction>('POST', '/api/agent/action', {
      body: { action: 1, ...position, actedAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    assert.equal(future.status, 400);
    assert.deepEqual(fieldError(future, 'actedAt')!, ['A change cannot be made in the future.']);
  });

  test('where no tenant requires location, the 999 placeholder is recorded as no position; out-of-range positions are refused', async () => {
    // The credit officer works in the Johannesburg Branch, which (like the tenants above it) does not require location.
    const placeholder = await creditOfficer.call<AgentAction>('POST', '/api/agent/action', {
      body: { action: 1, latitude: 999, longitude: 999, accuracy: 20 },
    });
    assert.equal(placeholder.status, 201);
    assert.deepEqual([placeholder.body.data.latitude, placeholder.body.data.longitude, placeholder.body.data.accuracy], [null, null, null]);
    const outOfRange = await creditOfficer.call<AgentAction>('POST', '/api/agent/action', {
      body: { action: 0, latitude: 91, longitude: 200 },
    });
    assert.equal(outOfRange.status, 400);
    assert.deepEqual(fieldError(outOfRange, 'latitude')!, ['Latitude is between -90 and 90.']);
    assert.deepEqual(fieldError(outOfRange, 'longitude')!, ['Longitude is between -180 and 180.']);
    const noMyWork = await (
      await s.as('product manager')
    ).call<AgentAction>('POST', '/api/agent/action', { body: { action: 1, latitude: -26.1, longitude: 28 } });
    assert.equal(noMyWork.status, 403, 'recording actions needs SALES/AGENTS/MYWORK');
  });

  test("a day's actions come back in time order with their names and positions, for the acting tenant's day", async () => {
    await action(officer.userId, 1, '2025-03-03T23:30:00Z', { lat: -26.24, lng: 27.85 }); // 01:30 on the 4th in Johannesburg
    await action(officer.userId, 2, at('10:15'), { entityType: 'activity' });
    await action(officer.userId, 0, at('17:45'), { lat: -26.25, lng: 27.86 });
    await action(officer.userId, 1, '2025-03-04T22:30:00Z', { lat: -26.24, lng: 27.85 }); // 00:30 on the 5th: another day
    const own = await officer.call<AgentDayAction[]>('GET', `/api/agent/${officer.userId}/${DAY}`);
    assert.equal(own.status, 200);
    assert.deepEqual(
      own.body.data.map((a) => [a.action, a.actionName, a.latitude]),
      [
        [1, 'Started day', -26.24],
        [2, 'File added', null],
        [0, 'Stopped day', -26.25],
      ],
    );
    assert.equal(
      (await leader.call<AgentDayAction[]>('GET', `/api/agent/${officer.userId}/${DAY}`)).body.data.length,
      3,
      'a team leader sees the agents of the team',
    );
    assert.equal((await manager.call<AgentDayAction[]>('GET', `/api/agent/${officer.userId}/${DAY}`)).body.data.length, 3);
    assert.equal(
      (await creditOfficer.call<AgentDayAction[]>('GET', `/api/agent/${officer.userId}/${DAY}`)).status,
      403,
      "another agent's day needs SALES/AGENTS/HISTORY or SALES/AGENT/POSITION",
    );
    assert.equal((await trackingAdmin.call<AgentDayAction[]>('GET', `/api/agent/${officer.userId}/${DAY}`)).status, 404);
    const badDay = await officer.call<AgentDayAction[]>('GET', `/api/agent/${officer.userId}/2025-13-01`);
    assert.equal(badDay.status, 400);
    assert.deepEqual(fieldError(badDay, 'date')!, ['Give a date as YYYY-MM-DD.']);
  });

  test("one action's location: one's own, another agent's with the permission, none without a position, 404 outside", async () => {
    const placed = await action(officer.userId, 1, at('07:00', '2025-03-05'), { lat: -26.2, lng: 27.9, location: 'Soweto' });
    const unplaced = await action(officer.userId, 2, at('08:00', '2025-03-05'));
    const own = await officer.call<AgentActionLocation>('GET', `/api/agent/action/location/${placed}`);
    assert.equal(own.status, 200);
    assert.deepEqual(
      [own.body.data.Id, own.body.data.latitude, own.body.data.longitude, own.body.data.location],
      [placed, -26.2, 27.9, 'Soweto'],
    );
    assert.equal((await leader.call<AgentActionLocation>('GET', `/api/agent/action/location/${placed}`)).status, 200);
    assert.equal((await creditOfficer.call<AgentActionLocation>('GET', `/api/agent/action/location/${placed}`)).status, 403);
    const none = await officer.call<AgentActionLocation>('GET', `/api/agent/action/location/${unplaced}`);
    assert.equal(none.status, 404);
    assert.equal(none.body.result.message, MESSAGES.noPosition);
    const outside = await trackingAdmin.call<AgentActionLocation>('GET', `/api/agent/action/location/${placed}`);
    assert.equal(outside.status, 404);
    assert.equal(outside.body.result.message, 'Agent action was not found.');
    assert.equal(
      (await officer.call<AgentActionLocation>('GET', '/api/agent/action/location/00000000-0000-4000-8000-000000000000')).status,
      404,
    );
  });

  test('a user with SALES/AGENTS/HISTORY alone picks the agent whose history they read', async () => {
    const historian = await s.actorWith('day-historian', ['SALES/AGENTS/HISTORY']);
    const agents = await historian.call<UserListItem[]>('GET', `/api/users/getagentscte/${historian.homeTenantId}?size=100`);
    assert.equal(agents.status, 200, JSON.stringify(agents.body));
    assert.ok(agents.body.data.length > 0);
  });

  test("the history of a day is paged, sorted (the spec's sort too), searched and downloaded as CSV", async () => {
    const day = '2025-03-06';
    await action(officer.userId, 1, at('08:00', day), { lat: -26.2, lng: 27.9, location: 'Soweto, Orlando' });
    await action(officer.userId, 2, at('09:00', day), { entityType: 'activity', location: '=HYPERLINK("http://x")' });
    await action(officer.userId, 3, at('10:00', day), { entityType: 'activity' });
    await action(officer.userId, 0, at('16:00', day), { lat: -26.21, lng: 27.91, location: 'Soweto, "Jabavu"' });
    const page = await officer.call<AgentDayAction[]>('GET', `/api/agent/actions/${day}/${officer.userId}?size=3`);
    assert.equal(page.status, 200);
    assert.deepEqual(
      page.body.data.map((a) => a.actionName),
      ['Stopped day', 'File removed', 'File added'],
      'dateCreated DESC',
    );
    assert.deepEqual(pagingOf(page), { pageNumber: 1, pageSize: 3, total: 4 });
    const spec = await officer.call<AgentDayAction[]>('GET', `/api/agent/actions/${day}/${officer.userId}?sort=action,asc`);
    assert.deepEqual(
      spec.body.data.map((a) => a.action),
      [0, 1, 2, 3],
    );
    const explicit = await officer.call<AgentDayAction[]>(
      'GET',
      `/api/agent/actions/${day}/${officer.userId}?sortField=dateCreated&sortOrder=asc`,
    );
    assert.deepEqual(
      explicit.body.data.map((a) => a.action),
      [1, 2, 3, 0],
    );
    const files = await officer.call<AgentDayAction[]>('GET', `/api/agent/actions/${day}/${officer.userId}?search=file`);
    assert.deepEqual(files.body.data.map((a) => a.action).sort(), [2, 3]);
    const orlando = await leader.call<AgentDayAction[]>('GET', `/api/agent/actions/${day}/${officer.userId}?search=orlando`);
    assert.deepEqual(
      orlando.body.data.map((a) => a.action),
      [1],
    );
    assert.equal((await officer.call<AgentDayAction[]>('GET', `/api/agent/actions/${day}/${officer.userId}?sort=battery`)).status, 400);
    assert.equal((await officer.call<AgentDayAction[]>('GET', `/api/agent/actions/${day}/${officer.userId}?sort=action;drop`)).status, 400);

    const csv = await leader.call<AgentDayAction[]>(
      'GET',
      `/api/agent/actions/${day}/${officer.userId}?download=csv&sort=dateCreated%20asc`,
    );
    assert.equal(csv.status, 200);
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    assert.equal(
      csv.headers['content-disposition'],
      `attachment; filename="agent-actions-loan-officer-${day}.csv"; filename*=UTF-8''agent-actions-loan-officer-${day}.csv`,
    );
    const lines = String(csv.body)
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    assert.equal(lines.length, 5);
    assert.equal(lines[0], 'Time,Action,Latitude,Longitude,Accuracy,Location,Entity type,Entity id');
    assert.equal(lines[1], '2025-03-06T06:00:00.000Z,Started day,-26.2,27.9,8,"Soweto, Orlando",,');
    assert.equal(lines[2], `2025-03-06T07:00:00.000Z,File added,,,,"'=HYPERLINK(""http://x"")",activity,`, 'formulas are defused');
    assert.equal(lines[4], '2025-03-06T14:00:00.000Z,Stopped day,-26.21,27.91,8,"Soweto, ""Jabavu""",,');
    assert.equal((await officer.call<AgentDayAction[]>('GET', `/api/agent/actions/${day}/${officer.userId}?download=pdf`)).status, 400);

    assert.equal(
      (await creditOfficer.call<AgentDayAction[]>('GET', `/api/agent/actions/${day}/${officer.userId}`)).status,
      403,
      "another agent's history needs SALES/AGENTS/HISTORY",
    );
    assert.equal((await trackingAdmin.call<AgentDayAction[]>('GET', `/api/agent/actions/${day}/${officer.userId}`)).status, 404);
    assert.equal(
      (await creditOfficer.call<AgentDayAction[]>('GET', `/api/agent/actions/${day}/${creditOfficer.userId}`)).status,
      200,
      "one's own history needs MYWORK only",
    );
  });

  test("the summary report gives each agent's online time, completed activities, files and last position over a day, week or month", async () => {
    const day = '2025-03-10';
    await action(officer.userId, 1, at('08:00', day), { lat: -26.2, lng: 27.9 });
    await action(officer.userId, 0, at('12:00', day), { lat: -26.2, lng: 27.9 });
    await action(officer.userId, 1, at('13:00', day), { lat: -26.2, lng: 27.9 });
    await action(officer.userId, 1, at('14:00', day), { lat: -26.2, lng: 27.9 }); // a repeated start continues the same span
    await action(officer.userId, 0, at('15:30', day), { lat: -26.3, lng: 27.95 });
    await action(officer.userId, 2, at('09:00', day));
    await action(officer.userId, 2, at('10:00', day));
    await action(officer.userId, 2, at('10:00', '2025-03-12'));
    await assignment(officer.userId, 'Soweto Team', 'Summary done one', at('09:00', day), 'Completed');
    await assignment(officer.userId, 'Soweto Team', 'Summary done two', at('11:00', day), 'completed');
    await assignment(officer.userId, 'Soweto Team', 'Summary waiting', at('12:00', day), 'Pending');
    await assignment(officer.userId, 'Soweto Team', 'Summary done later', at('12:00', '2025-03-13'), 'Completed');
    await s.db.query(
      `insert into user_positions (id, user_id, tenant_id, latitude, longitude, accuracy, entity_type, device_time) values (gen_random_uuid(), $1, $2, -26.31, 27.99, 4, 'user_position', $3::timestamptz)`,
      [officer.userId, await s.tenantId('Soweto Team'), at('16:00', day)],
    );
    const report = await manager.call<AgentSummaryRow[]>('GET', `/api/agent/summary-report?thedate=${day}&period=day&search=lerato`);
    assert.equal(report.status, 200);
    assert.deepEqual(report.body.data, [
      {
        userId: officer.userId,
        agentName: 'Lerato Dlamini',
        userName: 'loan-officer',
        tenantName: 'Soweto Team',
        regionName: 'Johannesburg Branch',
        onlineMinutes: 390,
        activitiesCompleted: 2,
        filesAdded: 2,
        lastPosition: { latitude: -26.31, longitude: 27.99, accuracy: 4, at: '2025-03-10T14:00:00.000Z' },
      },
    ]);
    const week = await manager.call<AgentSummaryRow[]>('GET', `/api/agent/summary-report?thedate=${day}&period=week&search=lerato`);
    assert.deepEqual([week.body.data[0]!.filesAdded, week.body.data[0]!.activitiesCompleted], [3, 3], 'Monday 10 to Sunday 16 March');
    const month = await manager.call<AgentSummaryRow[]>('GET', `/api/agent/summary-report?thedate=2025-03-31&period=MONTH&search=lerato`);
    assert.deepEqual([month.body.data[0]!.onlineMinutes >= 390, month.body.data[0]!.filesAdded >= 3], [true, true]);
    const dayBefore = await manager.call<AgentSummaryRow[]>('GET', `/api/agent/summary-report?thedate=2025-03-09&search=lerato`);
    assert.deepEqual(
      [dayBefore.body.data[0]!.onlineMinutes, dayBefore.body.data[0]!.activitiesCompleted, dayBefore.body.data[0]!.lastPosition!.at],
      [0, 0, '2025-03-06T14:00:00.000Z'],
      'the last position known by the end of the period',
    );
    assert.deepEqual(fieldError(await manager.call<AgentSummaryRow[]>('GET', '/api/agent/summary-report?period=year'), 'period')!, [
      'period is day, week or month.',
    ]);
  });

  test("the summary report lists the subtree's agents 20 to a page, by region descending unless sorted otherwise", async () => {
    const bellville = await s.tenantId('Bellville Team');
    const user = await s.db.one<{ id: string }>(
      `insert into users (first_name, last_name, user_name, email_address, tenant_id) values ('Bongani', 'Cele', 'bongani-cele', 'bongani@demo.meridian.test', $1) returning id`,
      [bellville],
    );
    await s.db.query(`insert into user_roles (user_id, role_id) select $1, id from roles where lower(name) = 'loan officer'`, [user!.id]);
    await s.db.query(`insert into user_tenants (user_id, tenant_id) values ($1, $2)`, [user!.id, bellville]);
    const admin = await s.as('company administrator');
    const report = await admin.call<AgentSummaryRow[]>('GET', `/api/agent/summary-report?thedate=${DAY}`);
    assert.equal(pagingOf(report).pageSize, 20);
    const regions = report.body.data.map((r) => r.regionName);
    assert.deepEqual([...new Set(regions)], ['Johannesburg Branch', 'Cape Town Branch']);
    assert.deepEqual(report.body.data.map((r) => r.userName).sort(), ['bongani-cele', 'credit-officer', 'loan-officer', 'team-leader']);
    const ascending = await admin.call<AgentSummaryRow[]>('GET', `/api/agent/summary-report?thedate=${DAY}&sort=region_name asc&size=1`);
    assert.deepEqual([ascending.body.data[0]!.userName, pagingOf(ascending).total], ['bongani-cele', 4]);
    const byName = await admin.call<AgentSummaryRow[]>('GET', `/api/agent/summary-report?thedate=${DAY}&sortField=agentName&sortOrder=asc`);
    assert.deepEqual(
      byName.body.data.map((r) => r.agentName),
      ['Bongani Cele', 'Chris Botha', 'Lerato Dlamini', 'Thabo Khumalo'],
    );
    assert.equal(
      pagingOf(await manager.call<AgentSummaryRow[]>('GET', `/api/agent/summary-report?thedate=${DAY}`)).total,
      3,
      'the branch sees its own agents only',
    );
    assert.equal(
      pagingOf(await trackingAdmin.call<AgentSummaryRow[]>('GET', `/api/agent/summary-report?thedate=${DAY}&search=lerato`)).total,
      0,
    );
    assert.equal(
      (await officer.call<AgentSummaryRow[]>('GET', '/api/agent/summary-report')).status,
      403,
      'the report needs SALES/AGENTS/HISTORY',
    );
    assert.equal((await admin.call<AgentSummaryRow[]>('GET', '/api/agent/summary-report?sort=onlineMinutes')).status, 400);
  });

  test("the dashboard shows the caller's day: started or not, time online, activities by status, assigned and unassigned", async () => {
    const before = (await creditOfficer.call<AgentDashboard>('GET', '/api/agent/dashboard')).body.data;
    assert.equal(before.date, today());
    // Started a quarter of an hour ago, or at midnight if the day is younger than that.
    const started = (await s.db.one<{ at: Date; minutes: number }>(
      `select greatest(now() - interval '15 minutes', (now() at time zone 'Africa/Johannesburg')::date::timestamp at time zone 'Africa/Johannesburg') as at,
         extract(epoch from now() - greatest(now() - interval '15 minutes', (now() at time zone 'Africa/Johannesburg')::date::timestamp at time zone 'Africa/Johannesburg')) / 60 as minutes`,
    ))!;
    await action(creditOfficer.userId, 1, new Date(started.at).toISOString(), { lat: -26.1, lng: 28.05 });
    const now = new Date().toISOString();
    await assignment(creditOfficer.userId, 'Johannesburg Branch', 'Dashboard done', now, 'Completed');
    await assignment(creditOfficer.userId, 'Johannesburg Branch', 'Dashboard waiting', now, 'Pending');
    await s.db.query(`insert into activities (tenant_id, name, start_date) values ($1, 'Dashboard nobody''s', now())`, [
      await s.tenantId('Sandton Team'),
    ]);
    const dashboard = await creditOfficer.call<AgentDashboard>('GET', '/api/agent/dashboard');
    assert.equal(dashboard.status, 200);
    const d = dashboard.body.data;
    assert.equal(d.online, true);
    const earliest = [before.startedDayAt, new Date(started.at).toISOString()].filter(Boolean).sort()[0];
    assert.equal(d.startedDayAt, earliest);
    // Every action of the day since that start is a start, so the caller has been online throughout.
    assert.ok(Math.abs(d.onlineMinutesToday - Math.round(started.minutes)) <= 1, `${d.onlineMinutesToday} minutes online`);
    const count = (list: AgentDashboard['activitiesByStatus'], status: string) => list.find((x) => x.status === status)?.count ?? 0;
    assert.equal(count(d.activitiesByStatus, 'Completed'), count(before.activitiesByStatus, 'Completed') + 1);
    assert.equal(count(d.activitiesByStatus, 'Pending'), count(before.activitiesByStatus, 'Pending') + 1);
    assert.equal(d.assignedActivities, before.assignedActivities + 2);
    assert.equal(d.unassignedActivities, before.unassignedActivities + 1);
    await action(creditOfficer.userId, 0, new Date().toISOString(), { lat: -26.1, lng: 28.05 });
    assert.equal((await creditOfficer.call<AgentDashboard>('GET', '/api/agent/dashboard')).body.data.online, false);
    assert.equal(
      (await (await s.as('product manager')).call<AgentDashboard>('GET', '/api/agent/dashboard')).status,
      403,
      'the dashboard needs SALES/AGENTS/MYWORK',
    );
  });
});
