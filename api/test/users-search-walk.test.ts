import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { UserListItem } from '@meridian/shared/contract/user';
import { seedVolumeUsers } from '../src/seed/volume-users';
import { forgetSubtreeTenants } from '../src/tenancy/subtree-tenants';
import { databaseLabel, startServer, type Actor, type TestServer, pagingOf } from './support/harness';

/** Synthetic users: a twentieth of them share each first name, more than a walk reads (db/search-walk.ts). */
const USERS = 6000;

describe(`user searches walked in list order (${databaseLabel})`, () => {
  let s: TestServer;
  let admin: Actor;

  /** The truth, found directly: ids of the live users of live tenants (below `subtreePath`) matching `pattern`, in the order `orderBy`. */
  const matching = async (pattern: string, orderBy: string, subtreePath = '') =>
    (
      await s.db.query<{ id: string }>(
        `select u.id from users u join tenants t on t.id = u.tenant_id
         where u.deleted_at is null and t.deleted_at is null and u.search_text like $1 and t.path like $2 order by ${orderBy}`,
        [pattern, `${subtreePath}%`],
      )
    ).map((r) => r.id);
  const listed = async (query: string, tenant?: string) => {
    const r = await admin.call<UserListItem[]>('GET', `/api/users?${query}`, tenant ? { tenant } : {});
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return { ids: r.body.data.map((u) => u.Id), paging: pagingOf(r) };
  };

  before(async () => {
    s = await startServer();
    assert.equal(await seedVolumeUsers(s.db, USERS), USERS);
    admin = await s.as('global administrator');
  });
  after(() => s.close());

  test("a broad user search gives each page's matches in the sort's order with an estimated total, also when its matches gather late in that order", async () => {
    // The seed gives each surname's users 7 of the 20 first names: by last name, Grace's matches begin far into the list, Thabo's at once.
    for (const [search, sortField, sortOrder, orderBy] of [
      ['thabo', 'lastName', 'ASC', 'u.last_name asc, u.id asc'],
      ['grace', 'lastName', 'ASC', 'u.last_name asc, u.id asc'],
      ['thabo', 'firstName', 'DESC', 'u.first_name desc, u.id desc'],
      ['thabo', undefined, undefined, 'u.date_created desc, u.id desc'],
    ] as const) {
      const truth = await matching(`%${search.toUpperCase()}%`, orderBy);
      assert.ok(truth.length >= USERS / 20);
      for (const pageNumber of [1, 3]) {
        const sort = sortField ? `&sortField=${sortField}&sortOrder=${sortOrder}` : '';
        const { ids, paging } = await listed(`search=${search}&size=20&page=${pageNumber}${sort}`);
        const label = `${search} by ${sortField ?? 'default sort'} page ${pageNumber}`;
        assert.deepEqual(ids, truth.slice((pageNumber - 1) * 20, pageNumber * 20), label);
        assert.equal(paging.totalEstimated, true, `${label}: more users than the walk reads`);
        // Estimated from the newest users' share, which the order of the list cannot skew.
        assert.ok(Math.abs(paging.total - truth.length) < truth.length / 2, `${label}: estimate ${paging.total} near ${truth.length}`);
      }
    }
  });

  test("a broad search over part of the tree (each tenant's users merged) or the whole of it (one read of every user) gives the same pages as the exact search", async () => {
    const lending = (await s.db.one<{ id: string; path: string }>(`select id, path from tenants where name = 'Meridian Lending'`))!;
    for (const [tenant, subtreePath] of [
      [undefined, ''],
      [lending.id, lending.path],
    ] as const) {
      // "bench-1" matches 1,111 of the 6,000 synthetic users, in every tenant and at every point of each order.
      for (const [sortField, sortOrder, orderBy] of [
        ['lastName', 'DESC', 'u.last_name desc, u.id desc'],
        ['firstName', 'ASC', 'u.first_name asc, u.id asc'],
        ['dateCreated', 'DESC', 'u.date_created desc, u.id desc'],
      ] as const) {
        const truth = await matching('%BENCH-1%', orderBy, subtreePath);
        for (const pageNumber of [1, 2]) {
          const label = `${tenant ? 'Meridian Lending' : 'whole tree'} by ${sortField} ${sortOrder} page ${pageNumber}`;
          const { ids, paging } = await listed(
            `search=bench-1&size=20&page=${pageNumber}&sortField=${sortField}&sortOrder=${sortOrder}`,
            tenant,
          );
          assert.deepEqual(ids, truth.slice((pageNumber - 1) * 20, pageNumber * 20), label);
          assert.equal(paging.totalEstimated, true, label);
          assert.ok(Math.abs(paging.total - truth.length) < truth.length / 2, `${label}: estimate ${paging.total} near ${truth.length}`);
        }
      }
    }
  });

  test('the whole tree read in one leaves out the users of a deleted tenant', async () => {
    // Live users of a deleted tenant (one restored into it since) are outside every list; here the tenant is deleted under them.
    const team = (await s.db.one<{ id: string }>(`select tenant_id as id from users where user_name = 'bench-1'`))!;
    await s.db.query(`update tenants set deleted_at = now() where id = $1`, [team.id]);
    forgetSubtreeTenants();
    try {
      const truth = await matching('%BENCH-1%', 'u.last_name asc, u.id asc');
      const { ids, paging } = await listed('search=bench-1&size=20&sortField=lastName&sortOrder=ASC');
      assert.deepEqual(ids, truth.slice(0, 20));
      assert.equal(paging.totalEstimated, true);
    } finally {
      await s.db.query(`update tenants set deleted_at = null where id = $1`, [team.id]);
      forgetSubtreeTenants();
    }
  });

  test('narrow user searches, deep pages, other sorts, filters and the deleted list are still counted exactly', async () => {
    const exactly = async (query: string, pattern: string, orderBy: string) => {
      const truth = await matching(pattern, orderBy);
      const { ids, paging } = await listed(query);
      assert.equal(paging.total, truth.length, query);
      assert.equal(paging.totalEstimated, undefined, query);
      assert.deepEqual(ids, truth.slice(0, ids.length), query);
    };
    await exactly('search=bench-4321@&size=20', '%BENCH-4321@%', 'u.date_created desc, u.id desc');
    // One page holding every match: the walk reads the whole list, so it counts them all.
    await exactly('search=thabo&size=1000&sortField=lastName&sortOrder=ASC', '%THABO%', 'u.last_name asc, u.id asc');
    await exactly('search=thabo&size=20&sortField=emailAddress&sortOrder=ASC', '%THABO%', 'u.email_address asc, u.id asc');
    const officers = await listed('search=thabo&size=20&roleName=loan officer');
    assert.equal(officers.paging.totalEstimated, undefined, 'a role filter is counted exactly');
    const deleted = await admin.call<UserListItem[]>('GET', '/api/users/deleted?search=thabo&size=20');
    assert.equal(deleted.status, 200);
    assert.equal(pagingOf(deleted).totalEstimated, undefined);
  });

  test('a user deleted or renamed leaves or joins a walked search at once', async () => {
    const first = await listed('search=thabo&size=20&sortField=lastName&sortOrder=ASC');
    const gone = first.ids[0]!;
    await s.db.query(`update users set deleted_at = now() where id = $1`, [gone]);
    const [renamed] = (await matching('%GRACE%', 'u.last_name asc, u.id asc')).slice(0, 1);
    await s.db.query(`update users set first_name = 'Thabo' where id = $1`, [renamed]);
    const truth = await matching('%THABO%', 'u.last_name asc, u.id asc');
    const after = await listed('search=thabo&size=20&sortField=lastName&sortOrder=ASC');
    assert.ok(!after.ids.includes(gone));
    assert.deepEqual(after.ids, truth.slice(0, 20));
    assert.ok(truth.includes(renamed!));
  });
});

describe(`a broad user search of a list shorter than the walk's sample (${databaseLabel})`, () => {
  let s: TestServer;
  let admin: Actor;

  before(async () => {
    s = await startServer();
    await seedVolumeUsers(s.db, 400);
    admin = await s.as('global administrator');
  });
  after(() => s.close());

  test('is counted exactly: the sample read the whole list', async () => {
    const truth = (
      await s.db.query<{ id: string }>(
        `select u.id from users u where u.deleted_at is null and u.search_text like '%BENCH%' order by u.last_name, u.id`,
      )
    ).map((r) => r.id);
    assert.equal(truth.length, 400);
    for (const pageNumber of [1, 3]) {
      const r = await admin.call<UserListItem[]>(
        'GET',
        `/api/users?search=bench&size=20&page=${pageNumber}&sortField=lastName&sortOrder=ASC`,
      );
      assert.deepEqual(
        r.body.data.map((u) => u.Id),
        truth.slice((pageNumber - 1) * 20, pageNumber * 20),
      );
      assert.equal(pagingOf(r).total, 400);
      assert.equal(pagingOf(r).totalEstimated, undefined);
    }
  });
});
