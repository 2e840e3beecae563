import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { nameTakenMessage } from '@meridian/shared/messages';
import { TEAM_TYPES, type Team, type TeamListItem, type TeamTypeEntry, type IdName } from '@meridian/shared/contract/team';
import type { UserListItem } from '@meridian/shared/contract/user';
import type { DeletedCount } from '@meridian/shared/contract/deletion';
import type { Target } from '@meridian/shared/contract/target';
import { databaseLabel, startServer, type Actor, type TestServer, fieldError, pagingOf } from './support/harness';

describe(`sales teams (${databaseLabel})`, () => {
  let s: TestServer;
  let leader: Actor;
  let officer: Actor;
  let lendingAdmin: Actor;
  let trackingAdmin: Actor;
  let creditOfficerId: string;
  const team = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    leaderUserId: leader.userId,
    teamMembers: [officer.userId],
    ...extra,
  });

  before(async () => {
    s = await startServer();
    leader = await s.as('team leader');
    officer = await s.as('loan officer');
    lendingAdmin = await s.as('company administrator');
    trackingAdmin = await s.as('company admin');
    creditOfficerId = await s.userId('credit-officer');
  });
  after(() => s.close());

  test('creates a team with a leader and members, reads it with its people, and edits it', async () => {
    const created = await lendingAdmin.call<Team>('POST', '/api/teams', {
      body: team('Orlando Collectors', { teamType: 'COLLECTIONS', teamMembers: [officer.userId, creditOfficerId] }),
    });
    assert.equal(created.status, 201);
    const t = created.body.data;
    assert.deepEqual(
      [t.name, t.teamType, t.tenantName, t.leaderName, t.memberCount, t.leader!.userName],
      ['Orlando Collectors', 'COLLECTIONS', 'Meridian Lending', 'Thabo Khumalo', 2, 'team-leader'],
    );
    assert.deepEqual(
      t.members.map((m) => m.userName),
      ['credit-officer', 'loan-officer'],
    );
    assert.deepEqual(new Set(t.teamMembers), new Set([officer.userId, creditOfficerId]));
    const read = await lendingAdmin.call<Team>('GET', `/api/teams/${t.Id}`);
    assert.deepEqual(read.body.data, t);
    const soweto = await s.tenantId('Soweto Team');
    const edited = await lendingAdmin.call<Team>('PUT', `/api/teams/${t.Id}`, {
      body: { name: 'Orlando Field', teamMembers: [creditOfficerId], leaderUserId: null, tenantId: soweto },
    });
    assert.equal(edited.status, 200);
    const e = edited.body.data;
    assert.deepEqual(
      [e.name, e.teamType, e.tenantName, e.leader, e.leaderUserId, e.teamMembers],
      ['Orlando Field', 'FIELD', 'Soweto Team', null, null, [creditOfficerId]],
    );
  });

  test('the members of a team are those /users/by-team-id lists', async () => {
    const t = (
      await lendingAdmin.call<Team>('POST', '/api/teams', {
        body: team('Consistency Team', { teamMembers: [officer.userId, creditOfficerId] }),
      })
    ).body.data;
    const users = await lendingAdmin.call<UserListItem[]>('GET', `/api/users/by-team-id/${t.Id}`);
    assert.deepEqual(new Set(users.body.data.map((u) => u.Id)), new Set(t.teamMembers));
  });

  test('the list is paged, searched, sorted by name by default, and filtered by type', async () => {
    for (const [name, teamType] of [
      ['Kappa North', 'FIELD'],
      ['Kappa East', 'CALL_CENTRE'],
      ['Kappa West', 'COLLECTIONS'],
    ]) {
      await lendingAdmin.call<Team>('POST', '/api/teams', { body: team(name!, { teamType }) });
    }
    const page = await lendingAdmin.call<TeamListItem[]>('GET', '/api/teams?search=kappa&size=2');
    assert.deepEqual(
      page.body.data.map((t) => t.name),
      ['Kappa East', 'Kappa North'],
    );
    assert.deepEqual(pagingOf(page), { pageNumber: 1, pageSize: 2, total: 3 });
    const desc = await lendingAdmin.call<TeamListItem[]>('GET', '/api/teams?search=kappa&sortField=name&sortOrder=desc');
    assert.deepEqual(
      desc.body.data.map((t) => t.name),
      ['Kappa West', 'Kappa North', 'Kappa East'],
    );
    const callCentre = await lendingAdmin.call<TeamListItem[]>('GET', '/api/teams?search=kappa&teamType=CALL_CENTRE');
    assert.deepEqual(
      callCentre.body.data.map((t) => t.name),
      ['Kappa East'],
    );
    const byLeader = await lendingAdmin.call<TeamListItem[]>('GET', '/api/teams?search=khumalo');
    assert.ok(
      byLeader.body.data.some((t) => t.name === 'Soweto Field Team'),
      'the demo team, found by its leader',
    );
    assert.equal((await lendingAdmin.call<TeamListItem[]>('GET', '/api/teams?sortField=leaderUserId')).status, 400);
    assert.equal((await lendingAdmin.call<TeamListItem[]>('GET', '/api/teams?teamType=SALES')).status, 400);
  });

  test("names are unique among a tenant's live teams, whatever their case; a deleted team frees its name", async () => {
    const first = await lendingAdmin.call<Team>('POST', '/api/teams', { body: team('Lambda Squad') });
    assert.equal(first.status, 201);
    const again = await lendingAdmin.call<Team>('POST', '/api/teams', { body: team('LAMBDA SQUAD') });
    assert.equal(again.status, 409);
    assert.deepEqual(fieldError(again, 'name')!, [nameTakenMessage('team')]);
    const elsewhere = await lendingAdmin.call<Team>('POST', '/api/teams', {
      body: team('Lambda Squad', { tenantId: await s.tenantId('Soweto Team') }),
    });
    assert.equal(elsewhere.status, 201, 'another tenant may use the name');
    await lendingAdmin.call<DeletedCount>('DELETE', '/api/teams/delete', { body: { salesTeams: [first.body.data.Id] } });
    assert.equal((await lendingAdmin.call<Team>('POST', '/api/teams', { body: team('Lambda Squad') })).status, 201);
  });

  test('the leader and members must be live users of the acting subtree', async () => {
    const outsider = await s.userId('admin');
    const badMember = await lendingAdmin.call<Team>('POST', '/api/teams', {
      body: team('Reaching team', { teamMembers: [officer.userId, outsider] }),
    });
    assert.equal(badMember.status, 400);
    assert.deepEqual(fieldError(badMember, 'teamMembers')!, ['Choose members inside the tenant you are acting for.']);
    const badLeader = await lendingAdmin.call<Team>('POST', '/api/teams', { body: team('Reaching team', { leaderUserId: outsider }) });
    assert.deepEqual(fieldError(badLeader, 'leaderUserId')!, ['Choose a leader inside the tenant you are acting for.']);
    const badTenant = await lendingAdmin.call<Team>('POST', '/api/teams', {
      body: team('Reaching team', { tenantId: await s.tenantId('Umhlanga Team') }),
    });
    assert.equal(badTenant.status, 400);
    assert.ok(fieldError(badTenant, 'tenantId')!);
    // The team leader acts for the Soweto Team: the Johannesburg Branch's credit officer is above it.
    const aboveLeader = await leader.call<Team>('POST', '/api/teams', { body: team('Leader team', { teamMembers: [creditOfficerId] }) });
    assert.deepEqual(fieldError(aboveLeader, 'teamMembers')!, ['Choose members inside the tenant you are acting for.']);
  });

  test('invalid teams answer 400 with a message per field', async () => {
    const empty = await lendingAdmin.call<Team>('POST', '/api/teams', { body: {} });
    assert.equal(empty.status, 400);
    assert.deepEqual(fieldError(empty, 'name')!, ['A team name is required.']);
    const bad = await lendingAdmin.call<Team>('POST', '/api/teams', {
      body: { name: 'x'.repeat(101), teamType: 'SALES', teamMembers: 'everyone' },
    });
    assert.deepEqual(fieldError(bad, 'name')!, ['A team name has at most 100 characters.']);
    assert.deepEqual(fieldError(bad, 'teamType')!, ['Choose one of: Field, Call centre, Collections.']);
    assert.deepEqual(fieldError(bad, 'teamMembers')!, ['Give the members as a list of user ids.']);
  });

  test('the team types are Field, Call centre and Collections', async () => {
    const types = await leader.call<TeamTypeEntry[]>('GET', '/api/teams/teamtypes');
    assert.deepEqual(types.body.data, TEAM_TYPES);
    assert.deepEqual(
      types.body.data.map((t) => t.name),
      ['Field', 'Call centre', 'Collections'],
    );
  });

  test("a caller's own teams, a user's teams, and the id-and-name lists", async () => {
    const own = await officer.call<TeamListItem[]>('GET', '/api/teams/agent-teams');
    assert.equal(own.status, 200, 'an agent may list the teams they belong to');
    assert.ok(own.body.data.some((t) => t.name === 'Soweto Field Team'));
    const led = await leader.call<TeamListItem[]>('GET', '/api/teams/agent-teams');
    assert.ok(led.body.data.some((t) => t.name === 'Soweto Field Team'));
    const byUser = await lendingAdmin.call<TeamListItem[]>('GET', `/api/teams/by-user?userId=${officer.userId}`);
    assert.ok(byUser.body.data.every((t) => !('teamMembers' in t) && typeof t.memberCount === 'number'));
    assert.ok(byUser.body.data.some((t) => t.name === 'Soweto Field Team'));
    assert.deepEqual(fieldError(await lendingAdmin.call<TeamListItem[]>('GET', '/api/teams/by-user'), 'userId')!, [
      'Give the userId of the user whose teams to list.',
    ]);
    assert.equal((await lendingAdmin.call<TeamListItem[]>('GET', `/api/teams/by-user?userId=${trackingAdmin.userId}`)).status, 404);

    const mine = (
      await lendingAdmin.call<Team>('POST', '/api/teams', {
        body: team('Sigma Simple', { teamMembers: [officer.userId, creditOfficerId] }),
      })
    ).body.data;
    const simple = await leader.call<IdName[]>('GET', '/api/teams/by-user-simple/');
    assert.ok(simple.body.data.every((t) => Object.keys(t).sort().join() === 'Id,name'));
    assert.ok(simple.body.data.some((t) => t.name === 'Soweto Field Team'));
    const officersTeams = await lendingAdmin.call<IdName[]>('GET', `/api/teams/by-user-simple?userId=${creditOfficerId}`);
    assert.ok(officersTeams.body.data.some((t) => t.Id === mine.Id && t.name === 'Sigma Simple'));
    const members = await lendingAdmin.call<IdName[]>('GET', `/api/teams/by-team-simple//${mine.Id}`);
    assert.equal(members.status, 200);
    assert.deepEqual(members.body.data, [
      { Id: creditOfficerId, name: 'Chris Botha' },
      { Id: officer.userId, name: 'Lerato Dlamini' },
    ]);

    const target = await lendingAdmin.call<Target>('POST', '/api/targets', {
      body: {
        name: 'Sigma visits',
        metric: 'ACTIVITIES_COMPLETED',
        targetValue: 10,
        periodStart: '2025-01-01',
        periodEnd: '2025-01-31',
        teamId: mine.Id,
      },
    });
    assert.deepEqual((await lendingAdmin.call<IdName[]>('GET', `/api/teams/by-sales-target-simple/${target.body.data.Id}`)).body.data, [
      { Id: mine.Id, name: 'Sigma Simple' },
    ]);
    const userTarget = await lendingAdmin.call<Target>('POST', '/api/targets', {
      body: {
        name: 'Chris visits',
        metric: 'ACTIVITIES_COMPLETED',
        targetValue: 10,
        periodStart: '2025-01-01',
        periodEnd: '2025-01-31',
        userId: creditOfficerId,
      },
    });
    assert.ok(
      (await lendingAdmin.call<IdName[]>('GET', `/api/teams/by-sales-target-simple/${userTarget.body.data.Id}`)).body.data.some(
        (t) => t.Id === mine.Id,
      ),
    );
    assert.equal((await trackingAdmin.call<IdName[]>('GET', `/api/teams/by-sales-target-simple/${target.body.data.Id}`)).status, 404);
  });

  test('deleting several teams is soft, and refused whole when one lies outside the subtree', async () => {
    const mine = (await lendingAdmin.call<Team>('POST', '/api/teams', { body: team('Omicron Delete') })).body.data.Id;
    const theirs = (await trackingAdmin.call<Team>('POST', '/api/teams', { body: { name: 'Durban Delete', teamMembers: [] } })).body.data
      .Id;
    const mixed = await lendingAdmin.call<DeletedCount>('DELETE', '/api/teams/delete/', { body: { salesTeams: [mine, theirs] } });
    assert.equal(mixed.status, 404);
    assert.equal((await lendingAdmin.call<Team>('GET', `/api/teams/${mine}`)).status, 200, 'nothing was deleted');
    const deleted = await lendingAdmin.call<DeletedCount>('DELETE', '/api/teams/delete/', { body: { salesTeams: [mine] } });
    assert.deepEqual(deleted.body.data, { deleted: 1 });
    assert.equal((await lendingAdmin.call<Team>('GET', `/api/teams/${mine}`)).status, 404);
    assert.equal(
      (await s.db.one<{ deleted: boolean }>(`select deleted_at is not null as deleted from teams where id = $1`, [mine]))!.deleted,
      true,
    );
    assert.deepEqual(
      fieldError(await lendingAdmin.call<DeletedCount>('DELETE', '/api/teams/delete/', { body: { salesTeams: [] } }), 'salesTeams')!,
      ['Choose at least one team.'],
    );
  });

  test('a role without SALES/TEAMS is refused with 403 on the team routes', async () => {
    const someTeam = (await lendingAdmin.call<Team>('POST', '/api/teams', { body: team('Refusal team') })).body.data.Id;
    const notRefused: string[] = [];
    for (const [method, url, body] of [
      ['GET', '/api/teams'],
      ['GET', `/api/teams/${someTeam}`],
      ['GET', `/api/teams/by-user?userId=${officer.userId}`],
      ['GET', '/api/teams/by-user-simple'],
      ['GET', `/api/teams/by-team-simple/${someTeam}`],
      ['GET', '/api/teams/teamtypes'],
      ['POST', '/api/teams', team('Officer team')],
      ['PUT', `/api/teams/${someTeam}`, team('Officer edit')],
      ['DELETE', '/api/teams/delete', { salesTeams: [someTeam] }],
    ] as [string, string, unknown?][]) {
      const r = await officer.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 403 || r.body.result.code !== 'FORBIDDEN') notRefused.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(notRefused, []);
    assert.equal(
      (await (await s.as('product manager')).call<TeamListItem[]>('GET', '/api/teams/agent-teams')).status,
      403,
      'own teams need SALES/TEAMS or SALES/AGENTS/MYWORK',
    );
  });

  test('a team of Meridian Lending is 404 for a Meridian Tracking administrator and never listed', async () => {
    const ours = (await lendingAdmin.call<Team>('POST', '/api/teams', { body: team('Private Team') })).body.data.Id;
    const leaks: string[] = [];
    for (const [method, url, body] of [
      ['GET', `/api/teams/${ours}`],
      ['GET', `/api/teams/by-team-simple/${ours}`],
      ['PUT', `/api/teams/${ours}`, { name: 'Taken over', teamMembers: [] }],
      ['DELETE', '/api/teams/delete', { salesTeams: [ours] }],
    ] as [string, string, unknown?][]) {
      const r = await trackingAdmin.call(method, url, body === undefined ? {} : { body });
      if (r.status !== 404) leaks.push(`${method} ${url} -> ${r.status}`);
    }
    assert.deepEqual(leaks, []);
    assert.equal(pagingOf(await trackingAdmin.call<TeamListItem[]>('GET', '/api/teams?search=private')).total, 0);
    assert.equal(pagingOf(await trackingAdmin.call<TeamListItem[]>('GET', '/api/teams?search=soweto')).total, 0);
    assert.equal(
      (await lendingAdmin.call<Team>('GET', `/api/teams/${ours}`)).body.data.name,
      'Private Team',
      'nothing outside was changed',
    );
  });
});
