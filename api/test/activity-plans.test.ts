import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  activityInOtherPlanMessage,
  activityOutsideScopeMessage,
  type ActivityPlan,
  type ActivityPlanStop,
  type ActivityPlanListItem,
  type ActivityWithoutPlan,
  type MapOverviewPlan,
  type DayOverview,
} from '@meridian/shared/contract/activity-plan';
import { addDays } from '@meridian/shared/contract/field-agent';
import { distanceMeters } from '@meridian/shared/geo';
import { databaseLabel, startServer, type Actor, type TestServer, fieldError, fieldErrorsOf, pagingOf } from './support/harness';
import { staleListItems } from './support/list-items';

/** Today in the demo tenants' time zone (the settings default). */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

describe(`route plans (${databaseLabel})`, () => {
  let s: TestServer;
  let leader: Actor;
  let officer: Actor;
  let lendingAdmin: Actor;
  let trackingAdmin: Actor;
  let soweto: string;

  interface ActivitySeed {
    day: string;
    time?: string;
    lat?: number | null;
    lng?: number | null;
    assignee?: string;
    statusText?: string;
    tenant?: string;
    location?: string;
  }
  /** An activity written straight to the database (the activities routes are another module's). */
  const activity = async (name: string, seed: ActivitySeed) => {
    const row = await s.db.one<{ id: string }>(
      `insert into activities (tenant_id, name, location, lat, lng, start_date, end_date, created_user_id)
       values ($1, $2, $3, $4, $5, $6::timestamptz, $6::timestamptz + interval '1 hour', $7) returning id`,
      [
        seed.tenant ?? soweto,
        name,
        seed.location ?? `${name} street`,
        seed.lat === undefined ? -26.25 : seed.lat,
        seed.lng === undefined ? 27.85 : seed.lng,
        `${seed.day}T${seed.time ?? '10:00'}:00+02:00`,
        leader.userId,
      ],
    );
    if (seed.assignee) {
      await s.db.query(`insert into activity_assignments (activity_id, user_id, status_text) values ($1, $2, $3)`, [
        row!.id,
        seed.assignee,
        seed.statusText ?? 'Pending',
      ]);
    }
    return row!.id;
  };
  const plan = (name: string, planDate: string, activityIds: string[] | string, agentUserId = officer.userId) => ({
    name,
    planDate,
    agentUserId,
    activityIds,
  });

  before(async () => {
    s = await startServer();
    leader = await s.as('team leader');
    officer = await s.as('loan officer');
    lendingAdmin = await s.as('company administrator');
    trackingAdmin = await s.as('company admin');
    soweto = await s.tenantId('Soweto Team');
  });
  after(() => s.close());

  test("the demo data plans loan-officer's first three activities of tomorrow, when there are any", async () => {
    const tomorrow = addDays(today(), 1);
    const planned = await s.db.query<{ name: string; stops: number }>(
      `select p.name, (select count(*) from activity_plan_stops s where s.plan_id = p.id)::int as stops
       from activity_plans p join users u on u.id = p.agent_user_id where u.user_name = 'loan-officer' and p.plan_date = $1::date`,
      [tomorrow],
    );
    const available = (await s.db.one<{ n: number }>(
      `select count(*)::int as n from activities a join activity_assignments aa on aa.activity_id = a.id join users u on u.id = aa.user_id
       where u.user_name = 'loan-officer' and a.deleted_at is null and (a.start_date at time zone 'Africa/Johannesburg')::date = $1::date`,
      [tomorrow],
    ))!.n;
    if (available === 0) assert.deepEqual(planned, []);
    else assert.deepEqual(planned, [{ name: 'Soweto visits', stops: Math.min(3, available) }]);
  });

  test('creates a plan of ordered stops for an agent, reads it back and lists its stops in visiting order', async () => {
    const day = addDays(today(), 20);
    const [a, b, c] = [
      await activity('Visit Mrs Mokoena', { day, lat: -26.25, lng: 27.85 }),
      await activity('Collect at the spaza', { day, lat: -26.26, lng: 27.86 }),
      await activity('Call the depot', { day, lat: null, lng: null }),
    ];
    const created = await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', {
      body: plan('Tuesday route', day, [c, a, b]),
    });
    assert.equal(created.status, 201);
    const p = created.body.data;
    assert.deepEqual(
      [p.name, p.planDate, p.status, p.agentUserId, p.agentName, p.stopCount, p.tenantName, p.activityIds],
      ['Tuesday route', day, 'PENDING', officer.userId, 'Lerato Dlamini', 3, 'Soweto Team', [c, a, b]],
    );
    assert.deepEqual((await leader.call<ActivityPlan>('GET', `/api/activities/activity-plan/${p.Id}`)).body.data.activityIds, [c, a, b]);
    const stops = (await leader.call<ActivityPlanStop[]>('GET', `/api/activities/activity-plan-activities/${p.Id}`)).body.data;
    assert.deepEqual(
      stops.map((x) => [x.position, x.name, x.lat, x.lng, x.status]),
      [
        [1, 'Call the depot', null, null, 'PENDING'],
        [2, 'Visit Mrs Mokoena', -26.25, 27.85, 'PENDING'],
        [3, 'Collect at the spaza', -26.26, 27.86, 'PENDING'],
      ],
    );
    assert.equal(stops[0]!.location, 'Call the depot street');
    assert.ok(!('clients' in stops[0]!), 'BASIC carries no people');
  });

  test("the stops may come as the spec's comma-separated string, in its order", async () => {
    const day = addDays(today(), 21);
    const [a, b] = [await activity('String stop one', { day }), await activity('String stop two', { day })];
    const created = await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', {
      body: plan('String route', day, ` ${b}, ${a} `),
    });
    assert.equal(created.status, 201);
    assert.deepEqual(created.body.data.activityIds, [b, a]);
  });

  test("FULL stops add their clients, leads and assignees; a stop shows the plan agent's own status", async () => {
    const day = addDays(today(), 22);
    const a = await activity('Visit with papers', { day, assignee: officer.userId, statusText: 'In progress' });
    await s.db.query(`insert into activity_assignments (activity_id, user_id, status_text) values ($1, $2, 'Pending')`, [a, leader.userId]);
    const client = (await s.db.one<{ id: string }>(
      `insert into clients (tenant_id, first_name, last_name) values ($1, 'Nomsa', 'Zulu') returning id`,
      [soweto],
    ))!.id;
    const lead = (await s.db.one<{ id: string }>(
      `insert into leads (tenant_id, first_name, last_name, contact_number) values ($1, 'Kagiso', 'Mabena', '0821112222') returning id`,
      [soweto],
    ))!.id;
    await s.db.query(`insert into activity_clients (activity_id, client_id) values ($1, $2)`, [a, client]);
    await s.db.query(`insert into activity_leads (activity_id, lead_id) values ($1, $2)`, [a, lead]);
    const p = (await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', { body: plan('Papers route', day, [a]) })).body
      .data;
    const stop = (await leader.call<ActivityPlanStop[]>('GET', `/api/activities/activity-plan-activities/${p.Id}?detailsLevel=full`)).body
      .data[0]!;
    assert.equal(stop.status, 'In progress');
    assert.equal(stop.progress, 'inProgress');
    assert.deepEqual(stop.clients, [{ Id: client, firstName: 'Nomsa', lastName: 'Zulu' }]);
    assert.deepEqual(stop.leads, [{ Id: lead, firstName: 'Kagiso', lastName: 'Mabena' }]);
    assert.deepEqual(
      stop.assignedUsers!.map((u) => [u.firstName, u.statusText]),
      [
        ['Lerato', 'In progress'],
        ['Thabo', 'Pending'],
      ],
    );
    const bad = await leader.call<ActivityPlanStop[]>('GET', `/api/activities/activity-plan-activities/${p.Id}?detailsLevel=everything`);
    assert.equal(bad.status, 400);
    assert.deepEqual(fieldError(bad, 'detailsLevel')!, ['detailsLevel is FULL or BASIC.']);
  });

  test('an activity already in another plan is refused with 409 naming it and that plan', async () => {
    const day = addDays(today(), 23);
    const a = await activity('Contested stop', { day });
    assert.equal(
      (await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', { body: plan('First claim', day, [a]) })).status,
      201,
    );
    const again = await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', {
      body: plan('Second claim', day, [await activity('Free stop', { day }), a]),
    });
    assert.equal(again.status, 409);
    assert.equal(again.body.result.message, activityInOtherPlanMessage('Contested stop', 'First claim'));
    assert.deepEqual(fieldError(again, 'activityIds')!, [activityInOtherPlanMessage('Contested stop', 'First claim')]);
  });

  test('stops and agents outside the acting subtree are 400 field errors naming them', async () => {
    const day = addDays(today(), 23);
    const theirs = await activity('Durban stop', { day, tenant: await s.tenantId('Umhlanga Team') });
    const mine = await activity('Soweto stop', { day });
    const outsideStop = await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', {
      body: plan('Reach out', day, [mine, theirs]),
    });
    assert.equal(outsideStop.status, 400);
    assert.deepEqual(fieldError(outsideStop, 'activityIds')!, [activityOutsideScopeMessage(theirs)]);
    const outsideAgent = await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', {
      body: plan('Borrowed agent', day, [mine], trackingAdmin.userId),
    });
    assert.equal(outsideAgent.status, 400);
    assert.deepEqual(fieldError(outsideAgent, 'agentUserId')!, ['Choose an agent inside the tenant you are acting for.']);
    // The branch manager acts above the team: the Soweto agent is in scope, the Sandton activity too.
    const sandton = await activity('Sandton stop', { day, tenant: await s.tenantId('Sandton Team') });
    const manager = await s.as('branch manager');
    assert.equal(
      (await manager.call<ActivityPlan>('POST', '/api/activities/activity-plan', { body: plan('Branch route', day, [sandton]) })).status,
      201,
    );
  });

  test('invalid plans answer 400 with a message per field', async () => {
    const empty = await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', { body: {} });
    assert.equal(empty.status, 400);
    const errors = fieldErrorsOf(empty);
    assert.deepEqual(errors.name, ['A plan name is required.']);
    assert.deepEqual(errors.planDate, ['Give a date as YYYY-MM-DD.']);
    assert.deepEqual(errors.agentUserId, ['Choose the agent who follows the plan.']);
    assert.ok(errors.activityIds);
    const day = addDays(today(), 24);
    const a = await activity('Twice', { day });
    const bad = await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', { body: plan('  ', '2025-02-30', [a, a]) });
    assert.deepEqual(fieldError(bad, 'name')!, ['A plan name is required.']);
    assert.deepEqual(fieldError(bad, 'planDate')!, ['Give a date as YYYY-MM-DD.']);
    assert.deepEqual(fieldError(bad, 'activityIds')!, ['An activity can be a stop of a plan only once.']);
    const none = await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', { body: plan('Nothing', day, []) });
    assert.deepEqual(fieldError(none, 'activityIds')!, ['Choose at least one activity.']);
    const notIds = await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', { body: plan('Not ids', day, 'one,two') });
    assert.equal(notIds.status, 400);
  });

  test('editing replaces name, date, agent and stops; a stop taken out can join another plan', async () => {
    const day = addDays(today(), 24);
    const [a, b, c] = [await activity('Edit one', { day }), await activity('Edit two', { day }), await activity('Edit three', { day })];
    const p = (await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', { body: plan('Before edit', day, [a, b]) })).body
      .data;
    const later = addDays(day, 1);
    const edited = await leader.call<ActivityPlan>('PUT', `/api/activities/activity-plan/${p.Id}`, {
      body: { ...plan('After edit', later, [c, a], leader.userId), status: 'IN_PROGRESS' },
    });
    assert.equal(edited.status, 200);
    assert.deepEqual(
      [edited.body.data.name, edited.body.data.planDate, edited.body.data.agentName, edited.body.data.status, edited.body.data.activityIds],
      ['After edit', later, 'Thabo Khumalo', 'IN_PROGRESS', [c, a]],
    );
    assert.equal(
      (await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', { body: plan('Takes the freed stop', day, [b]) })).status,
      201,
    );
    const keepsOwn = await leader.call<ActivityPlan>('PUT', `/api/activities/activity-plan/${p.Id}`, {
      body: plan('Same stops', later, [a, c], leader.userId),
    });
    assert.equal(keepsOwn.status, 200, 'its own stops are not "in another plan"');
    const badStatus = await leader.call<ActivityPlan>('PUT', `/api/activities/activity-plan/${p.Id}`, {
      body: { ...plan('Bad', later, [a]), status: 'DONE' },
    });
    assert.deepEqual(fieldError(badStatus, 'status')!, ['Choose one of: Pending, In progress, Completed, Cancelled.']);
  });

  test('the list covers today to 30 days ahead by default, pages, sorts by plan date and searches names and agents', async () => {
    const base = today();
    for (const [name, offset, agent] of [
      ['Zeta route B', 5, officer],
      ['Zeta route A', 2, officer],
      ['Zeta route C', 45, officer],
      ['Zeta route D', 3, leader],
    ] as const) {
      const day = addDays(base, offset);
      await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', {
        body: plan(name, day, [await activity(`${name} stop`, { day })], agent.userId),
      });
    }
    const list = await leader.call<ActivityPlanListItem[]>('GET', '/api/activities/activity-plan?search=zeta');
    assert.deepEqual(
      list.body.data.map((p) => p.name),
      ['Zeta route A', 'Zeta route D', 'Zeta route B'],
    );
    assert.deepEqual(
      list.body.data.map((p) => p.stopCount),
      [1, 1, 1],
    );
    const wider = await leader.call<ActivityPlanListItem[]>(
      'GET',
      `/api/activities/activity-plan?search=zeta&startDate=${base}&endDate=${addDays(base, 60)}&size=2&page=2`,
    );
    assert.deepEqual(
      wider.body.data.map((p) => p.name),
      ['Zeta route B', 'Zeta route C'],
    );
    assert.deepEqual(pagingOf(wider), { pageNumber: 2, pageSize: 2, total: 4 });
    const byName = await leader.call<ActivityPlanListItem[]>(
      'GET',
      '/api/activities/activity-plan?search=zeta&sortField=name&sortOrder=desc',
    );
    assert.deepEqual(
      byName.body.data.map((p) => p.name),
      ['Zeta route D', 'Zeta route B', 'Zeta route A'],
    );
    const byAgent = await leader.call<ActivityPlanListItem[]>('GET', '/api/activities/activity-plan?search=khumalo');
    assert.ok(byAgent.body.data.some((p) => p.name === 'Zeta route D'));
    assert.ok(byAgent.body.data.every((p) => p.agentName === 'Thabo Khumalo'));
    const oneAgent = await leader.call<ActivityPlanListItem[]>(
      'GET',
      `/api/activities/activity-plan?search=zeta&agentUserId=${leader.userId}`,
    );
    assert.deepEqual(
      oneAgent.body.data.map((p) => p.name),
      ['Zeta route D'],
    );
    const dateTime = await leader.call<ActivityPlanListItem[]>(
      'GET',
      `/api/activities/activity-plan?search=zeta&startDate=${addDays(base, 3)}T00:00:00%2B02:00&endDate=${addDays(base, 3)}`,
    );
    assert.deepEqual(
      dateTime.body.data.map((p) => p.name),
      ['Zeta route D'],
    );
    assert.equal((await leader.call<ActivityPlanListItem[]>('GET', '/api/activities/activity-plan?sortField=agentUserId')).status, 400);
    const backwards = await leader.call<ActivityPlanListItem[]>(
      'GET',
      `/api/activities/activity-plan?startDate=${addDays(base, 5)}&endDate=${base}`,
    );
    assert.deepEqual(fieldError(backwards, 'endDate')!, ['The end date cannot be before the start date.']);
  });

  test('the activities without a plan leave out planned ones, narrow to an assigned agent, and cover 30 days by default', async () => {
    const day = addDays(today(), 3);
    const planned = await activity('Omega planned', { day, assignee: officer.userId });
    const assigned = await activity('Omega assigned', { day, assignee: officer.userId });
    const free = await activity('Omega free', { day, time: '12:00' });
    await activity('Omega far away', { day: addDays(today(), 40), assignee: officer.userId });
    await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', { body: plan('Omega plan', day, [planned]) });
    const all = await leader.call<ActivityWithoutPlan[]>('GET', '/api/activities/no-activity-plan?search=omega');
    assert.equal(all.status, 200);
    assert.deepEqual(
      all.body.data.map((a) => a.Id),
      [free, assigned],
      'startDate DESC',
    );
    assert.deepEqual(all.body.data[1]!.assignedUsers, [{ Id: officer.userId, firstName: 'Lerato', lastName: 'Dlamini' }]);
    const mine = await leader.call<ActivityWithoutPlan[]>(
      'GET',
      `/api/activities/no-activity-plan?search=omega&agentUserId=${officer.userId}`,
    );
    assert.deepEqual(
      mine.body.data.map((a) => a.name),
      ['Omega assigned'],
    );
    const later = await leader.call<ActivityWithoutPlan[]>(
      'GET',
      `/api/activities/no-activity-plan?search=omega&endDate=${addDays(today(), 45)}&sortField=name&sortOrder=asc`,
    );
    assert.deepEqual(
      later.body.data.map((a) => a.name),
      ['Omega assigned', 'Omega far away', 'Omega free'],
    );
  });

  test('deleting plans releases their stops, and soft-deletes their activities only when asked', async () => {
    const day = addDays(today(), 4);
    const [kept, dropped] = [await activity('Psi kept activity', { day }), await activity('Psi dropped activity', { day })];
    const first = (await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', { body: plan('Psi one', day, [kept]) })).body
      .data.Id;
    const second = (await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', { body: plan('Psi two', day, [dropped]) }))
      .body.data.Id;
    const deleted = await leader.call('DELETE', '/api/activities/activity-plan/delete', { body: { activityPlans: [first] } });
    assert.equal(deleted.status, 200);
    assert.deepEqual(deleted.body.data, { deleted: 1, activitiesDeleted: 0 });
    assert.equal((await leader.call<ActivityPlan>('GET', `/api/activities/activity-plan/${first}`)).status, 404);
    const free = await leader.call<ActivityWithoutPlan[]>('GET', '/api/activities/no-activity-plan?search=psi');
    assert.deepEqual(
      free.body.data.map((a) => a.name),
      ['Psi kept activity'],
    );
    const withActivities = await leader.call('DELETE', '/api/activities/activity-plan/delete', {
      body: { activityPlans: [second], deleteActivities: true },
    });
    assert.deepEqual(withActivities.body.data, { deleted: 1, activitiesDeleted: 1 });
    const rows = await s.db.query<{ name: string; deleted: boolean }>(
      `select name, deleted_at is not null as deleted from activities where id = any($1::uuid[]) order by name`,
      [[kept, dropped]],
    );
    assert.deepEqual(rows, [
      { name: 'Psi dropped activity', deleted: true },
      { name: 'Psi kept activity', deleted: false },
    ]);
    const empty = await leader.call('DELETE', '/api/activities/activity-plan/delete', { body: { activityPlans: [] } });
    assert.deepEqual(fieldError(empty, 'activityPlans')!, ['Choose at least one plan.']);
  });

  test('the map overview shows every plan of the day in the subtree with its ordered stops', async () => {
    const day = addDays(today(), 31);
    const [a, b, c] = [
      await activity('Map one', { day, lat: -26.1, lng: 28.0 }),
      await activity('Map two', { day, lat: -26.2, lng: 28.1 }),
      await activity('Map three', { day }),
    ];
    await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', { body: plan('Lerato on the map', day, [b, a]) });
    await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', { body: plan('Thabo on the map', day, [c], leader.userId) });
    const map = await lendingAdmin.call<MapOverviewPlan[]>('GET', `/api/activities/activity-plan/map-overview?date=${day}`);
    assert.equal(map.status, 200);
    assert.deepEqual(
      map.body.data.map((p) => [p.agentName, p.name, p.stops.map((x) => [x.position, x.name, x.lat, x.lng])]),
      [
        [
          'Lerato Dlamini',
          'Lerato on the map',
          [
            [1, 'Map two', -26.2, 28.1],
            [2, 'Map one', -26.1, 28.0],
          ],
        ],
        ['Thabo Khumalo', 'Thabo on the map', [[1, 'Map three', -26.25, 27.85]]],
      ],
    );
    assert.deepEqual(
      (await trackingAdmin.call<MapOverviewPlan[]>('GET', `/api/activities/activity-plan/map-overview?date=${day}`)).body.data,
      [],
    );
    assert.equal((await leader.call<MapOverviewPlan[]>('GET', '/api/activities/activity-plan/map-overview?date=tomorrow')).status, 400);
  });

  test("the day overview counts each agent's stops by progress, their first and last status update and the route's length", async () => {
    const day = addDays(today(), 26);
    const points = [
      { lat: -26.2485, lng: 27.854 },
      { lat: -26.2, lng: 27.9 },
      { lat: -26.21, lng: 27.95 },
    ];
    const done = await activity('Day done', { day, ...points[0], assignee: officer.userId, statusText: 'Completed' });
    const going = await activity('Day going', { day, ...points[1], assignee: officer.userId, statusText: 'In progress' });
    const waiting = await activity('Day waiting', { day, ...points[2], assignee: officer.userId });
    const unplaced = await activity('Day unplaced', { day, lat: null, lng: null });
    await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', {
      body: plan('Overview route', day, [done, unplaced, going, waiting]),
    });
    await s.db.query(
      `insert into activity_status_history (assignment_id, status_text, changed_by_user_id, date_created)
       select aa.id, x.status, aa.user_id, x.at::timestamptz from activity_assignments aa
         join (values ($1::uuid, 'In progress', '${day}T08:05:00Z'), ($1::uuid, 'Completed', '${day}T09:15:00Z'), ($2::uuid, 'In progress', '${day}T11:40:00Z')) as x(activity_id, status, at)
           on x.activity_id = aa.activity_id
       where aa.user_id = $3`,
      [done, going, officer.userId],
    );
    const overview = await leader.call<DayOverview>('GET', `/api/activities/activity-plan/day-overview?date=${day}`);
    assert.equal(overview.status, 200);
    assert.equal(overview.body.data.date, day);
    const lerato = overview.body.data.agents.find((a) => a.agentUserId === officer.userId);
    const km = Math.round((distanceMeters(points[0]!, points[1]!) + distanceMeters(points[1]!, points[2]!)) / 100) / 10;
    assert.deepEqual(lerato, {
      agentUserId: officer.userId,
      agentName: 'Lerato Dlamini',
      plans: 1,
      plannedStops: 4,
      completed: 1,
      inProgress: 1,
      pending: 2,
      cancelled: 0,
      firstStatusUpdate: `${day}T08:05:00.000Z`,
      lastStatusUpdate: `${day}T11:40:00.000Z`,
      distanceKm: km,
      stopsWithoutPosition: 1,
    });
    assert.ok(km > 5 && km < 20);
    assert.deepEqual(
      (await trackingAdmin.call<DayOverview>('GET', `/api/activities/activity-plan/day-overview?date=${day}`)).body.data.agents,
      [],
    );
    const todays = await leader.call<DayOverview>('GET', '/api/activities/activity-plan/day-overview');
    assert.equal(todays.body.data.date, today());
  });

  test('a role without SALES/ACTIVITIES/ACTIVITY_PLANS is refused with 403 on every plan route', async () => {
    const day = addDays(today(), 27);
    const a = await activity('Refusal stop', { day });
    const p = (await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', { body: plan('Refusal plan', day, [a]) })).body.data
      .Id;
    const notRefused: string[] = [];
    for (const [method, url, body] of [
      ['GET', '/api/activities/activity-plan'],
      ['GET', '/api/activities/no-activity-plan'],
      ['GET', `/api/activities/activity-plan/${p}`],
      ['GET', `/api/activities/activity-plan-activities/${p}`],
      ['GET', '/api/activities/activity-plan/map-overview'],
      ['GET', '/api/activities/activity-plan/day-overview'],
      ['POST', '/api/activities/activity-plan', plan('Officer plan', day, [a])],
      ['PUT', `/api/activities/activity-plan/${p}`, plan('Officer edit', day, [a])],
      ['DELETE', '/api/activities/activity-plan/delete', { activityPlans: [p] }],
    ] as [string, string, unknown?][]) {
      const r = await officer.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 403 || r.body.result.code !== 'FORBIDDEN') notRefused.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(notRefused, []);
  });

  test('a plan of Meridian Lending is 404 for a Meridian Tracking administrator and never listed', async () => {
    const day = addDays(today(), 28);
    const a = await activity('Private stop', { day });
    const p = (await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', { body: plan('Private plan', day, [a]) })).body.data
      .Id;
    const theirs = await activity('Their stop', { day, tenant: await s.tenantId('Umhlanga Team') });
    const leaks: string[] = [];
    for (const [method, url, body] of [
      ['GET', `/api/activities/activity-plan/${p}`],
      ['GET', `/api/activities/activity-plan-activities/${p}?detailsLevel=FULL`],
      ['PUT', `/api/activities/activity-plan/${p}`, plan('Taken over', day, [theirs], trackingAdmin.userId)],
      ['DELETE', '/api/activities/activity-plan/delete', { activityPlans: [p], deleteActivities: true }],
    ] as [string, string, unknown?][]) {
      const r = await trackingAdmin.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 404) leaks.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(leaks, []);
    assert.equal(
      pagingOf(
        await trackingAdmin.call<ActivityPlanListItem[]>('GET', `/api/activities/activity-plan?search=private&endDate=${addDays(day, 1)}`),
      ).total,
      0,
    );
    assert.equal(
      pagingOf(
        await trackingAdmin.call<ActivityWithoutPlan[]>(
          'GET',
          `/api/activities/no-activity-plan?search=private&endDate=${addDays(day, 1)}`,
        ),
      ).total,
      0,
    );
    assert.equal(
      (await leader.call<ActivityPlan>('GET', `/api/activities/activity-plan/${p}`)).body.data.name,
      'Private plan',
      'nothing outside was changed',
    );
    assert.equal(
      (await s.db.one<{ deleted: boolean }>(`select deleted_at is not null as deleted from activities where id = $1`, [a]))!.deleted,
      false,
    );
  });

  test("after every change above, each activity's kept list item equals one built afresh", async () => {
    assert.equal(await staleListItems(s.db), 0);
  });
});
