import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { databaseLabel, startServer, type Actor, type Answer, type TestServer } from './support/harness';

/**
 * The rule for deleted tenants (api/src/tenancy/subtree.ts, README "Deleted tenants"): a deleted
 * tenant and its rows lie outside every scope, its parent's included, exactly like another
 * company's; only the lists that keep deleted records reachable on purpose (the deleted users, to
 * be restored, and a user's login history) still show them.
 *
 * A branch of Meridian Lending gets a user, a lead, a client and an activity; its user is deleted,
 * then the branch itself (a tenant with live users cannot be deleted). Its lead, client and
 * activity stay live rows, so only the rule keeps them out of the company administrator's lists.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const AGENT = { userName: 'pretoria-agent', emailAddress: 'pretoria-agent@demo.meridian.test', password: 'Pretoria-Agent-1' };

interface BranchRows {
  user: string;
  lead: string;
  client: string;
  activity: string;
}

describe(`deleted tenants (${databaseLabel})`, () => {
  let s: TestServer;
  let admin: Actor;
  let branch: string;
  let rows: BranchRows;

  const created = (answer: Answer<{ Id: string }>, what: string) => {
    assert.ok(answer.status === 200 || answer.status === 201, `${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data!.Id;
  };
  const idsOf = async (url: string) => ((await admin.call('GET', url)).body.data as { Id: string }[]).map((row) => row.Id);
  const statusOf = async (url: string) => (await admin.call('GET', url)).status;

  /** What the parent's administrator sees of the branch's rows, list by list. */
  async function seenInLists() {
    const [users, leads, clients, activities] = await Promise.all([
      idsOf('/api/users?size=1000'),
      idsOf('/api/leads?size=1000'),
      idsOf('/api/clients?size=1000'),
      idsOf(`/api/activities?size=1000&startDate=${day(-1)}&endDate=${day(7)}`),
    ]);
    return {
      user: users.includes(rows.user),
      lead: leads.includes(rows.lead),
      client: clients.includes(rows.client),
      activity: activities.includes(rows.activity),
    };
  }

  before(async () => {
    s = await startServer();
    admin = await s.as('company administrator');
    branch = created(
      await admin.call('POST', '/api/tenants', {
        body: { name: 'Pretoria Branch', type: 3, parentId: await s.tenantId('Meridian Lending'), shortCode: 'ML-PTA' },
      }),
      'branch',
    );
    const role = (await s.db.one<{ id: string }>(`select id from roles where lower(name) = 'loan officer' and tenant_id is null`))!.id;
    const user = created(
      await admin.call('POST', '/api/users', {
        body: {
          firstName: 'Pretoria',
          lastName: 'Agent',
          userName: AGENT.userName,
          emailAddress: AGENT.emailAddress,
          roleIds: [role],
          tenantIds: [branch],
          password: AGENT.password,
        },
      }),
      'user',
    );
    await s.login(AGENT.emailAddress, AGENT.password);
    const inBranch = { tenant: branch };
    const lead = created(
      await admin.call('POST', '/api/leads', {
        ...inBranch,
        body: { firstName: 'Pretoria', lastName: 'Lead', contactNumber: '0610000001' },
      }),
      'lead',
    );
    const client = created(
      await admin.call('POST', '/api/clients', { ...inBranch, body: { firstName: 'Pretoria', lastName: 'Client' } }),
      'client',
    );
    const types = (await admin.call('GET', '/api/activities/types')).body.data as { Id: string }[];
    const activity = created(
      await admin.call('POST', '/api/activities', {
        ...inBranch,
        body: {
          name: 'Pretoria visit',
          activityTypeId: types[0]!.Id,
          startDate: `${day(2)}T09:00:00Z`,
          endDate: `${day(2)}T10:00:00Z`,
          location: 'Church Square',
        },
      }),
      'activity',
    );
    rows = { user, lead, client, activity };
  });
  after(() => s.close());

  test('while the branch is live, its rows are in its parent’s scope', async () => {
    assert.deepEqual(await seenInLists(), { user: true, lead: true, client: true, activity: true });
    for (const url of [`/api/leads/${rows.lead}`, `/api/clients/${rows.client}`, `/api/activities/${rows.activity}`])
      assert.equal(await statusOf(url), 200, url);
  });

  test('once the branch is deleted, its users, leads, clients and activities leave every list and read', async () => {
    assert.equal((await admin.call('DELETE', '/api/users/delete', { body: { userIds: [rows.user] } })).status, 200);
    assert.equal((await admin.call('POST', '/api/tenants/delete', { body: { id: branch } })).status, 200);
    const live = await s.db.one<{ n: number }>(
      `select (select count(*) from leads where id = $1 and deleted_at is null) + (select count(*) from clients where id = $2 and deleted_at is null)
         + (select count(*) from activities where id = $3 and deleted_at is null) as n`,
      [rows.lead, rows.client, rows.activity],
    );
    assert.equal(Number(live!.n), 3, 'the rows themselves stay live: only the tenant is deleted');

    assert.deepEqual(await seenInLists(), { user: false, lead: false, client: false, activity: false });
    for (const url of [
      `/api/leads/${rows.lead}`,
      `/api/clients/${rows.client}`,
      `/api/activities/${rows.activity}`,
      `/api/tenants/${branch}`,
    ]) {
      assert.equal(await statusOf(url), 404, url);
    }
    assert.equal(
      (
        await admin.call('PUT', `/api/leads/${rows.lead}`, {
          body: { firstName: 'Pretoria', lastName: 'Renamed', contactNumber: '0610000001' },
        })
      ).status,
      404,
    );
    const search = await admin.call('POST', '/api/leads/search', { body: { name: 'Pretoria' } });
    assert.equal(search.status, 200);
    assert.ok(!(search.body.data as { Id: string }[]).some((l) => l.Id === rows.lead), 'a name search does not find it');
  });

  test('the deleted users’ list, a deleted user’s record and login history still reach the deleted branch (includeDeleted)', async () => {
    assert.ok(
      (await idsOf('/api/users/deleted?size=1000')).includes(rows.user),
      'the deleted users list keeps users of deleted tenants, to be restored',
    );
    assert.equal(await statusOf(`/api/users/${rows.user}`), 200);
    const logins = (await admin.call('GET', `/api/users/loginreport?userId=${rows.user}&startDate=${day(-1)}&endDate=${day(1)}`)).body
      .data as { userId: string }[];
    assert.ok(
      logins.length > 0 && logins.every((l) => l.userId === rows.user),
      'the login history of a deleted tenant’s user stays readable',
    );
    const fresh = await admin.call('GET', `/api/users/detailswithhighleveltenants/${rows.user}`);
    assert.equal(fresh.status, 404, 'a read of live users only does not find them');
  });
});
