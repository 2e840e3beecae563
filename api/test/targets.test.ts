import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { databaseLabel, startServer, type Actor, type TestServer, fieldError, fieldErrorsOf, pagingOf } from './support/harness';
import type { Target } from '@meridian/shared/contract/target';
import type { Team, TeamListItem } from '@meridian/shared/contract/team';
import type { DeletedCount } from '@meridian/shared/contract/deletion';
import type { UserListItem } from '@meridian/shared/contract/user';

const FEBRUARY = { periodStart: '2025-02-01', periodEnd: '2025-02-28' };

describe(`sales targets (${databaseLabel})`, () => {
  let s: TestServer;
  let leader: Actor;
  let officer: Actor;
  let lendingAdmin: Actor;
  let trackingAdmin: Actor;
  let sandton: string;
  let tumi: string;
  let sizwe: string;

  /** A loan officer written straight to the database, so that no demo record counts for them. */
  const agent = async (first: string, last: string) => {
    const user = await s.db.one<{ id: string }>(
      `insert into users (first_name, last_name, user_name, email_address, tenant_id) values ($1, $2, $3, $4, $5) returning id`,
      [first, last, `${first}-${last}`.toLowerCase(), `${first}.${last}@demo.meridian.test`.toLowerCase(), sandton],
    );
    await s.db.query(`insert into user_roles (user_id, role_id) select $1, id from roles where lower(name) = 'loan officer'`, [user!.id]);
    await s.db.query(`insert into user_tenants (user_id, tenant_id) values ($1, $2)`, [user!.id, sandton]);
    return user!.id;
  };
  const assignment = async (userId: string, start: string, statusText: string, deleted = false) => {
    const activity = (await s.db.one<{ id: string }>(
      `insert into activities (tenant_id, name, start_date, deleted_at) values ($1, 'Target work', $2::timestamptz, case when $3 then now() end) returning id`,
      [sandton, start, deleted],
    ))!.id;
    await s.db.query(`insert into activity_assignments (activity_id, user_id, status_text) values ($1, $2, $3)`, [
      activity,
      userId,
      statusText,
    ]);
  };
  const lead = async (userId: string, created: string, status = 'New', extra: { deleted?: boolean; convertedAt?: string } = {}) => {
    const row = (await s.db.one<{ id: string }>(
      `insert into leads (tenant_id, first_name, last_name, contact_number, status, created_by_user_id, assigned_user_id, date_created, date_modified, deleted_at)
       values ($1, 'Lead', 'Person', '0820000000', $2, $3, $3, $4::timestamptz, $4::timestamptz, case when $5 then now() end) returning id`,
      [sandton, status, userId, created, extra.deleted ?? false],
    ))!.id;
    if (extra.convertedAt)
      await s.db.query(`insert into lead_status_history (lead_id, status, date_created) values ($1, 'Converted', $2::timestamptz)`, [
        row,
        extra.convertedAt,
      ]);
  };
  const client = (userId: string, created: string) =>
    s.db.query(
      `insert into clients (tenant_id, first_name, last_name, created_user_id, date_created) values ($1, 'Client', 'Person', $2, $3::timestamptz)`,
      [sandton, userId, created],
    );
  const target = (name: string, metric: string, targetValue: number, subject: Record<string, string>, period = FEBRUARY) => ({
    name,
    metric,
    targetValue,
    ...period,
    ...subject,
  });

  before(async () => {
    s = await startServer();
    leader = await s.as('team leader');
    officer = await s.as('loan officer');
    lendingAdmin = await s.as('company administrator');
    trackingAdmin = await s.as('company admin');
    sandton = await s.tenantId('Sandton Team');
    tumi = await agent('Tumi', 'Target');
    sizwe = await agent('Sizwe', 'Target');
    // Tumi in February: 3 completed (one at 23:30 on the 28th, local time), 1 pending, and work that must not count.
    await assignment(tumi, '2025-02-03T09:00:00+02:00', 'Completed');
    await assignment(tumi, '2025-02-14T09:00:00+02:00', 'completed');
    await assignment(tumi, '2025-02-28T23:30:00+02:00', 'Completed');
    await assignment(tumi, '2025-02-20T09:00:00+02:00', 'Pending');
    await assignment(tumi, '2025-03-01T00:30:00+02:00', 'Completed'); // still the 28th in UTC, but March where the tenant lives
    await assignment(tumi, '2025-01-31T09:00:00+02:00', 'Completed');
    await assignment(tumi, '2025-02-10T09:00:00+02:00', 'Completed', true);
    await lead(tumi, '2025-02-05T10:00:00+02:00');
    await lead(tumi, '2025-02-06T10:00:00+02:00', 'Converted', { convertedAt: '2025-02-26T10:00:00+02:00' });
    await lead(tumi, '2025-01-20T10:00:00+02:00', 'Converted', { convertedAt: '2025-02-02T10:00:00+02:00' });
    await lead(tumi, '2025-01-20T10:00:00+02:00', 'Converted', { convertedAt: '2025-03-02T10:00:00+02:00' });
    await lead(tumi, '2025-02-07T10:00:00+02:00', 'New', { deleted: true });
    await client(tumi, '2025-02-11T10:00:00+02:00');
    await client(tumi, '2025-02-12T10:00:00+02:00');
    await client(tumi, '2025-03-12T10:00:00+02:00');
    await assignment(sizwe, '2025-02-04T09:00:00+02:00', 'Done');
    await assignment(sizwe, '2025-02-05T09:00:00+02:00', 'Completed');
  });
  after(() => s.close());

  test("the demo data has this month's targets for the Soweto Field Team and for loan-officer", async () => {
    const demo = await leader.call<Target[]>('GET', '/api/targets?sortField=name&sortOrder=asc');
    const named = demo.body.data.filter((t) => ['New leads this month', 'Soweto Field Team visits this month'].includes(t.name));
    assert.deepEqual(
      named.map((t) => [t.name, t.metric, t.teamName, t.userFullName]),
      [
        ['New leads this month', 'LEADS_CREATED', null, 'Lerato Dlamini'],
        ['Soweto Field Team visits this month', 'ACTIVITIES_COMPLETED', 'Soweto Field Team', null],
      ],
    );
    assert.ok(named.every((t) => t.periodStart.endsWith('-01') && typeof t.achieved === 'number'));
  });

  test("each metric counts what the user achieved in the period, in the tenant's days", async () => {
    const expected: [string, number, number][] = [
      ['ACTIVITIES_COMPLETED', 3, 6],
      ['ACTIVITIES_PLANNED', 4, 4],
      ['LEADS_CREATED', 2, 4],
      ['LEADS_CONVERTED', 2, 2],
      ['CLIENTS_ADDED', 2, 1],
    ];
    for (const [metric, achieved, targetValue] of expected) {
      const created = await lendingAdmin.call<Target>('POST', '/api/targets', {
        body: target(`Tumi ${metric}`, metric, targetValue, { userId: tumi }),
      });
      assert.equal(created.status, 201, metric);
      const t = created.body.data;
      assert.deepEqual(
        [t.metric, t.achieved, t.progress],
        [metric, achieved, Math.round((achieved / targetValue) * 10000) / 10000],
        metric,
      );
      assert.deepEqual(
        [t.userId, t.userFullName, t.teamId, t.tenantName, t.periodStart, t.periodEnd],
        [tumi, 'Tumi Target', null, 'Sandton Team', '2025-02-01', '2025-02-28'],
      );
    }
  });

  test("a team target adds up its members' achievements", async () => {
    const team = (
      await lendingAdmin.call<Team>('POST', '/api/teams', { body: { name: 'Target Team', teamMembers: [tumi, sizwe], tenantId: sandton } })
    ).body.data;
    const created = await lendingAdmin.call<Target>('POST', '/api/targets', {
      body: target('Team completions', 'ACTIVITIES_COMPLETED', 10, { teamId: team.Id }),
    });
    assert.equal(created.status, 201);
    assert.deepEqual(
      [created.body.data.teamName, created.body.data.tenantName, created.body.data.achieved, created.body.data.progress],
      ['Target Team', 'Sandton Team', 5, 0.5],
    );
    const read = await lendingAdmin.call<Target>('GET', `/api/targets/${created.body.data.Id}`);
    assert.equal(read.body.data.achieved, 5);
    const edited = await lendingAdmin.call<Target>('PUT', `/api/targets/${created.body.data.Id}`, {
      body: target('Sizwe completions', 'ACTIVITIES_COMPLETED', 2, { userId: sizwe }),
    });
    assert.deepEqual(
      [edited.body.data.name, edited.body.data.teamId, edited.body.data.userFullName, edited.body.data.achieved, edited.body.data.progress],
      ['Sizwe completions', null, 'Sizwe Target', 2, 1],
    );
  });

  test('invalid targets answer 400 with a message per field', async () => {
    const empty = await lendingAdmin.call<Target>('POST', '/api/targets', { body: {} });
    assert.equal(empty.status, 400);
    const errors = fieldErrorsOf(empty);
    assert.deepEqual(errors.name, ['A target name is required.']);
    assert.deepEqual(errors.metric, ['Choose a metric.']);
    assert.deepEqual(errors.targetValue, ['The target value is a whole number above 0.']);
    assert.deepEqual(errors.periodStart, ['Give a date as YYYY-MM-DD.']);
    const fraction = await lendingAdmin.call<Target>('POST', '/api/targets', {
      body: target('Fraction', 'LEADS_CREATED', 1.5, { userId: tumi }),
    });
    assert.deepEqual(fieldError(fraction, 'targetValue')!, ['The target value is a whole number above 0.']);
    const backwards = await lendingAdmin.call<Target>('POST', '/api/targets', {
      body: target('Backwards', 'LEADS_CREATED', 1, { userId: tumi }, { periodStart: '2025-03-01', periodEnd: '2025-02-01' }),
    });
    assert.deepEqual(fieldError(backwards, 'periodEnd')!, ['The period cannot end before it starts.']);
    const both = await lendingAdmin.call<Target>('POST', '/api/targets', {
      body: target('Both', 'LEADS_CREATED', 1, { userId: tumi, teamId: tumi }),
    });
    assert.deepEqual(fieldError(both, 'teamId')!, ['A target is for a team or for a user, not both.']);
    const neither = await lendingAdmin.call<Target>('POST', '/api/targets', { body: target('Neither', 'LEADS_CREATED', 1, {}) });
    assert.deepEqual(fieldError(neither, 'teamId')!, ['Choose the team or the user the target is for.']);
  });

  test('a team or user outside the acting subtree is a 400 field error', async () => {
    const theirTeam = (await trackingAdmin.call<Team>('POST', '/api/teams', { body: { name: 'Durban Targets', teamMembers: [] } })).body
      .data.Id;
    const team = await lendingAdmin.call<Target>('POST', '/api/targets', {
      body: target('Their team', 'LEADS_CREATED', 3, { teamId: theirTeam }),
    });
    assert.equal(team.status, 400);
    assert.deepEqual(fieldError(team, 'teamId')!, ['Choose a team inside the tenant you are acting for.']);
    const user = await lendingAdmin.call<Target>('POST', '/api/targets', {
      body: target('Their user', 'LEADS_CREATED', 3, { userId: trackingAdmin.userId }),
    });
    assert.deepEqual(fieldError(user, 'userId')!, ['Choose a user inside the tenant you are acting for.']);
    const aboveLeader = await leader.call<Target>('POST', '/api/targets', {
      body: target('Sandton from Soweto', 'LEADS_CREATED', 3, { userId: tumi }),
    });
    assert.deepEqual(
      fieldError(aboveLeader, 'userId')!,
      ['Choose a user inside the tenant you are acting for.'],
      'Sandton is outside the Soweto Team',
    );
  });

  test('the list pages, searches, sorts by newest first, and filters by period, team, user and metric', async () => {
    for (const [name, period, metric] of [
      ['Rho January', { periodStart: '2025-01-01', periodEnd: '2025-01-31' }, 'LEADS_CREATED'],
      ['Rho February', FEBRUARY, 'CLIENTS_ADDED'],
      ['Rho Quarter', { periodStart: '2025-01-01', periodEnd: '2025-03-31' }, 'LEADS_CREATED'],
    ] as const) {
      await lendingAdmin.call<Target>('POST', '/api/targets', { body: target(name, metric, 5, { userId: sizwe }, period) });
    }
    const newest = await lendingAdmin.call<Target[]>('GET', '/api/targets?search=rho');
    assert.deepEqual(
      newest.body.data.map((t) => t.name),
      ['Rho Quarter', 'Rho February', 'Rho January'],
    );
    assert.ok(newest.body.data.every((t) => 'achieved' in t && 'progress' in t));
    const paged = await lendingAdmin.call<Target[]>('GET', '/api/targets?search=rho&size=1&page=3');
    assert.deepEqual([paged.body.data[0]!.name, pagingOf(paged).total], ['Rho January', 3]);
    const march = await lendingAdmin.call<Target[]>('GET', '/api/targets?search=rho&periodFrom=2025-03-01&periodTo=2025-03-31');
    assert.deepEqual(
      march.body.data.map((t) => t.name),
      ['Rho Quarter'],
    );
    const leads = await lendingAdmin.call<Target[]>(
      'GET',
      '/api/targets?search=rho&metric=LEADS_CREATED&sortField=periodEnd&sortOrder=asc',
    );
    assert.deepEqual(
      leads.body.data.map((t) => t.name),
      ['Rho January', 'Rho Quarter'],
    );
    const sizwes = await lendingAdmin.call<Target[]>('GET', `/api/targets?userId=${sizwe}&sortField=name&sortOrder=asc`);
    assert.ok(sizwes.body.data.every((t) => t.userId === sizwe));
    const byPerson = await lendingAdmin.call<Target[]>('GET', '/api/targets?search=sizwe');
    assert.ok(pagingOf(byPerson).total >= 3);
    const soweto = await leader.call<Target[]>('GET', '/api/targets?search=rho');
    assert.equal(pagingOf(soweto).total, 0, 'Sandton targets are outside the Soweto Team');
    assert.equal((await lendingAdmin.call<Target[]>('GET', '/api/targets?sortField=achieved')).status, 400);
    assert.equal((await lendingAdmin.call<Target[]>('GET', '/api/targets?periodFrom=March')).status, 400);
  });

  test('deleting several targets is soft, and refused whole when one lies outside the subtree', async () => {
    const mine = (
      await lendingAdmin.call<Target>('POST', '/api/targets', { body: target('Delete me', 'LEADS_CREATED', 1, { userId: tumi }) })
    ).body.data.Id;
    const theirs = (
      await trackingAdmin.call<Target>('POST', '/api/targets', {
        body: target('Durban target', 'LEADS_CREATED', 1, { userId: trackingAdmin.userId }),
      })
    ).body.data.Id;
    assert.equal((await lendingAdmin.call<DeletedCount>('POST', '/api/targets/delete', { body: { ids: [mine, theirs] } })).status, 404);
    assert.equal((await lendingAdmin.call<Target>('GET', `/api/targets/${mine}`)).status, 200, 'nothing was deleted');
    const deleted = await lendingAdmin.call<DeletedCount>('POST', '/api/targets/delete', { body: { ids: [mine] } });
    assert.deepEqual(deleted.body.data, { deleted: 1 });
    assert.equal((await lendingAdmin.call<Target>('GET', `/api/targets/${mine}`)).status, 404);
    assert.deepEqual(fieldError(await lendingAdmin.call<DeletedCount>('POST', '/api/targets/delete', { body: { ids: [] } }), 'ids')!, [
      'Choose at least one target.',
    ]);
  });

  test('a user with SALES/TARGETS alone lists the teams and agents the target form offers', async () => {
    const planner = await s.actorWith('target-planner', ['SALES/TARGETS']);
    const teams = await planner.call<TeamListItem[]>('GET', '/api/teams?size=50&sortField=name&sortOrder=ASC');
    assert.equal(teams.status, 200, JSON.stringify(teams.body));
    assert.ok(teams.body.data.some((t) => t.name === 'Soweto Field Team'));
    const agents = await planner.call<UserListItem[]>('GET', `/api/users/getagentscte/${planner.homeTenantId}?size=5`);
    assert.equal(agents.status, 200, JSON.stringify(agents.body));
    // Choosing is not keeping: the team screens stay closed to them.
    assert.equal((await planner.call<Team>('POST', '/api/teams', { body: { name: 'Planner team' } })).status, 403);
  });

  test('a role without SALES/TARGETS is refused with 403 on every target route', async () => {
    const some = (
      await lendingAdmin.call<Target>('POST', '/api/targets', { body: target('Refusal target', 'LEADS_CREATED', 1, { userId: tumi }) })
    ).body.data.Id;
    const notRefused: string[] = [];
    for (const [method, url, body] of [
      ['GET', '/api/targets'],
      ['GET', `/api/targets/${some}`],
      ['POST', '/api/targets', target('Officer target', 'LEADS_CREATED', 1, { userId: officer.userId })],
      ['PUT', `/api/targets/${some}`, target('Officer edit', 'LEADS_CREATED', 1, { userId: officer.userId })],
      ['POST', '/api/targets/delete', { ids: [some] }],
    ] as [string, string, unknown?][]) {
      const r = await officer.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 403 || r.body.result.code !== 'FORBIDDEN') notRefused.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(notRefused, []);
  });

  test('a target of Meridian Lending is 404 for a Meridian Tracking administrator and never listed', async () => {
    const ours = (
      await lendingAdmin.call<Target>('POST', '/api/targets', { body: target('Private target', 'LEADS_CREATED', 1, { userId: tumi }) })
    ).body.data.Id;
    const leaks: string[] = [];
    for (const [method, url, body] of [
      ['GET', `/api/targets/${ours}`],
      ['PUT', `/api/targets/${ours}`, target('Taken over', 'LEADS_CREATED', 1, { userId: trackingAdmin.userId })],
      ['POST', '/api/targets/delete', { ids: [ours] }],
    ] as [string, string, unknown?][]) {
      const r = await trackingAdmin.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 404) leaks.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(leaks, []);
    assert.equal(pagingOf(await trackingAdmin.call<Target[]>('GET', '/api/targets?search=private')).total, 0);
    assert.equal(
      (await lendingAdmin.call<Target>('GET', `/api/targets/${ours}`)).body.data.name,
      'Private target',
      'nothing outside was changed',
    );
  });
});
