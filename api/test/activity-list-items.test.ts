import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { databaseLabel, startServer, usingPostgres, type Actor, type TestServer } from './support/harness';
import { staleListItems } from './support/list-items';
import type {
  Activity,
  ActivityAssignment,
  ActivityListItem,
  ActivityStatus,
  ActivityType,
  BulkUpdateResult,
} from '@meridian/shared/contract/activity';
import type { Client } from '@meridian/shared/contract/client';
import type { Lead } from '@meridian/shared/contract/lead';
import type { User } from '@meridian/shared/contract/user';
import type { ActivityPlan } from '@meridian/shared/contract/activity-plan';

/** An instant `days` from now. */
const inDays = (days: number, hours = 0) => new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString();
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

describe(`activity list items kept ready (${databaseLabel})`, () => {
  let s: TestServer;
  let lendingAdmin: Actor;
  let leader: Actor;
  let officer: Actor;
  let types: Record<string, string>;
  let statuses: Record<string, string>;

  const create = async (name: string, extra: Record<string, unknown> = {}) => {
    const r = await leader.call<Activity>('POST', '/api/activities', {
      body: {
        name,
        activityTypeId: types.Visit,
        startDate: inDays(2),
        endDate: inDays(2, 1),
        location: 'Vilakazi Street, Soweto',
        ...extra,
      },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.data.Id;
  };
  /** The activity as a list row: the default list as the team leader sees it. */
  const rowOf = async (id: string) => {
    const r = await leader.call<ActivityListItem[]>(
      'GET',
      `/api/activities?startDate=${inDays(-30).slice(0, 10)}&endDate=${inDays(30).slice(0, 10)}&size=1000`,
    );
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.data.find((row) => row.Id === id)!;
  };
  const keptDigest = async () =>
    (await s.db.one<{ digest: string }>(`select md5(string_agg(item, '' order by activity_id)) as digest from activity_list_items`))!
      .digest;

  before(async () => {
    s = await startServer();
    lendingAdmin = await s.as('company administrator');
    leader = await s.as('team leader');
    officer = await s.as('loan officer');
    types = Object.fromEntries((await officer.call<ActivityType[]>('GET', '/api/activities/types')).body.data.map((t) => [t.name, t.Id]));
    statuses = Object.fromEntries(
      (await officer.call<ActivityStatus[]>('GET', '/api/activities/statuses')).body.data.map((t) => [t.name, t.Id]),
    );
  });
  after(() => s.close());

  test('every activity of the demo data has its item, equal to one built afresh', async () => {
    assert.ok((await s.db.one<{ n: number }>(`select count(*)::int as n from activity_list_items`))!.n > 0);
    assert.equal(await staleListItems(s.db), 0);
  });

  test('a list row shows at once what changed about its assignees, creator, clients, leads and route plan', async () => {
    const client = (
      await leader.call<Client>('POST', '/api/clients', { body: { firstName: 'Zodwa', lastName: 'Mthembu', mobile: '0821112233' } })
    ).body.data;
    const lead = (
      await leader.call<Lead>('POST', '/api/leads', { body: { firstName: 'Sipho', lastName: 'Nkosi', contactNumber: '0834445566' } })
    ).body.data;
    const id = await create('Kept item', { assignedUserIds: [officer.userId], clientIds: [client.Id], leadIds: [lead.Id] });
    let row = await rowOf(id);
    assert.deepEqual(
      [row.assignedUsers.map(fullName), row.createdBy, row.clients.map(fullName), row.leads.map(fullName)],
      [['Lerato Dlamini'], 'Thabo Khumalo', ['Zodwa Mthembu'], ['Sipho Nkosi']],
    );

    assert.equal(
      (await lendingAdmin.call<User>('PUT', `/api/users/${officer.userId}`, { body: { lastName: 'Dlamini-Zulu' } })).status,
      200,
    );
    assert.equal((await lendingAdmin.call<User>('PUT', `/api/users/${leader.userId}`, { body: { firstName: 'Thabiso' } })).status, 200);
    assert.equal(
      (
        await leader.call<Client>('PUT', `/api/clients/${client.Id}`, {
          body: { firstName: 'Zodwa', lastName: 'Mthembu-Ndlovu', mobile: '0821112233' },
        })
      ).status,
      200,
    );
    assert.equal(
      (
        await leader.call<Lead>('PUT', `/api/leads/${lead.Id}`, {
          body: { firstName: 'Sipho', lastName: 'Nkosi-Dube', contactNumber: '0834445566' },
        })
      ).status,
      200,
    );
    const moved = await officer.call<ActivityAssignment>('PUT', '/api/activities/updateAssignmentStatus', {
      body: { userId: officer.userId, activityId: id, statusId: statuses['In progress'], latitude: -26.24, longitude: 27.9, accuracy: 8 },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    row = await rowOf(id);
    assert.deepEqual(
      [row.assignedUsers.map((u) => `${fullName(u)}: ${u.statusText}`), row.createdBy, row.clients.map(fullName), row.leads.map(fullName)],
      [['Lerato Dlamini-Zulu: In progress'], 'Thabiso Khumalo', ['Zodwa Mthembu-Ndlovu'], ['Sipho Nkosi-Dube']],
    );

    const plan = await leader.call<ActivityPlan>('POST', '/api/activities/activity-plan', {
      body: { name: 'Soweto round', planDate: inDays(2).slice(0, 10), agentUserId: officer.userId, activityIds: [id] },
    });
    assert.equal(plan.status, 201, JSON.stringify(plan.body));
    assert.deepEqual((await rowOf(id)).activityPlanNames, ['Soweto round']);
    const renamed = await leader.call<ActivityPlan>('PUT', `/api/activities/activity-plan/${plan.body.data.Id}`, {
      body: { name: 'Soweto morning round', planDate: inDays(2).slice(0, 10), agentUserId: officer.userId, activityIds: [id] },
    });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.deepEqual(
      (await rowOf(id)).activityPlans.map((p) => p.name),
      ['Soweto morning round'],
    );

    assert.equal(
      (await leader.call('DELETE', '/api/activities/activity-plan/delete', { body: { activityPlans: [plan.body.data.Id] } })).status,
      200,
    );
    assert.equal((await leader.call('POST', '/api/clients/delete', { body: { id: client.Id } })).status, 200);
    assert.equal((await leader.call('POST', '/api/leads/delete', { body: { id: lead.Id } })).status, 200);
    assert.equal(
      (await leader.call<ActivityAssignment>('POST', '/api/activities/assignment', { body: { activityId: id, userId: leader.userId } }))
        .status,
      201,
    );
    row = await rowOf(id);
    assert.deepEqual(
      [row.activityPlans, row.clients, row.leads, row.assignedUsers.map(fullName)],
      [[], [], [], ['Lerato Dlamini-Zulu', 'Thabiso Khumalo']],
    );
    assert.equal(await staleListItems(s.db), 0);
  });

  test('edits, bulk updates, moves and deletions keep every item equal to one built afresh', async () => {
    const one = await create('Bulk kept one', { assignedUserIds: [officer.userId] });
    const two = await create('Bulk kept two');
    const edited = await leader.call<Activity>('PUT', `/api/activities/${one}`, {
      body: {
        name: 'Bulk kept one, edited',
        activityTypeId: types.Call,
        startDate: inDays(3),
        endDate: inDays(3, 1),
        location: 'Orlando West',
        assignedUserIds: [leader.userId],
      },
    });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    const bulk = await leader.call<BulkUpdateResult>('POST', '/api/activities/bulk-update', {
      body: { ids: [one, two], statusId: statuses.Cancelled, assignedUserIds: [officer.userId, leader.userId] },
    });
    assert.equal(bulk.status, 200, JSON.stringify(bulk.body));
    await s.db.query(
      `update activities set tenant_id = (select id from tenants where name = 'Sandton Team'), start_date = start_date + interval '1 day' where id = $1`,
      [two],
    );
    assert.equal((await leader.call('POST', '/api/activities/delete', { body: { id: one } })).status, 200);
    await s.db.query(`update activities set deleted_at = null where id = $1`, [one]);
    const row = await rowOf(one);
    assert.deepEqual([row.name, row.typeDesc, row.status, row.assignedUsers.length], ['Bulk kept one, edited', 'Call', 'Cancelled', 2]);
    await s.db.query(`delete from activities where id = $1`, [two]);
    assert.equal(
      (await s.db.one<{ n: number }>(`select count(*)::int as n from activity_list_items where activity_id = $1`, [two]))!.n,
      0,
      'a deleted activity leaves no item',
    );
    assert.equal(await staleListItems(s.db), 0);
  });

  test('renaming the tenant, the activity type or the status shows in every row at once and rewrites no kept item', async () => {
    const id = await create('Catalogue names');
    const before = await keptDigest();
    await s.db.query(`update activity_types set name = 'Site visit' where id = $1`, [types.Visit]);
    await s.db.query(`update activity_statuses set name = 'Awaiting' where id = $1`, [statuses.Pending]);
    await s.db.query(`update tenants set name = 'Soweto Central Team' where name = 'Soweto Team'`);
    const row = await rowOf(id);
    assert.deepEqual(
      [row.typeDesc, row.status, row.statusText, row.tenantName],
      ['Site visit', 'Awaiting', 'Awaiting', 'Soweto Central Team'],
    );
    assert.equal(await keptDigest(), before);
  });

  test(
    'two transactions changing one activity together: the second waits for the first, and the item holds both changes',
    { skip: !usingPostgres && 'PGlite has one connection, so its transactions never overlap' },
    async () => {
      const id = await create('Changed together', { assignedUserIds: [officer.userId] });
      let releaseFirst!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      let firstRenamed!: () => void;
      const renamed = new Promise<void>((resolve) => {
        firstRenamed = resolve;
      });
      const first = s.db.tx(async (q) => {
        await q.query(`update activities set name = 'Renamed while assigned' where id = $1`, [id]);
        firstRenamed();
        await firstMayCommit;
      });
      await renamed;
      let secondAssigned = false;
      const second = s.db.tx(async (q) => {
        await q.query(`insert into activity_assignments (activity_id, user_id, status_text) values ($1, $2, 'Pending')`, [
          id,
          leader.userId,
        ]);
        secondAssigned = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(secondAssigned, false, 'the second transaction waits for the first');
      releaseFirst();
      await Promise.all([first, second]);
      const row = await rowOf(id);
      assert.deepEqual([row.name, row.assignedUsers.map(fullName)], ['Renamed while assigned', ['Lerato Dlamini-Zulu', 'Thabiso Khumalo']]);
      assert.equal(await staleListItems(s.db), 0);
    },
  );
});
