import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { seedVolumeActivities, VOLUME_ACTIVITY_PREFIX } from '../src/seed/volume-activities';
import { databaseLabel, startServer, type Actor, type TestServer, pagingOf } from './support/harness';
import { staleListItems } from './support/list-items';
import { ACTIVITY_LIMITS, type ActivityListItem, type CalendarDay, type MyWorkActivity } from '@meridian/shared/contract/activity';
import type { EffectiveSettings } from '@meridian/shared/contract/setting';

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe(`activities at volume (${databaseLabel})`, () => {
  let s: TestServer;
  let lendingAdmin: Actor;
  let globalAdmin: Actor;
  let officer: Actor;
  const window = `startDate=${day(-61)}&endDate=${day(61)}`;
  /** The demo tenants' time zone, in which the lists' days begin and end. */
  const ZONE = 'Africa/Johannesburg';

  /** The truth, counted directly: live activities of the subtree of `tenant`. */
  const liveIn = async (tenant: string) =>
    (await s.db.one<{ n: number }>(
      `select count(*)::int as n from activities a join tenants t on t.id = a.tenant_id join tenants root on root.name = $1
     where t.path like root.path || '%' and a.deleted_at is null`,
      [tenant],
    ))!.n;

  /**
   * The truth for one user, counted directly as the lists define it: live activities of the user's
   * tenant subtree starting within the days `from`..`to` (tenant time zone), created by or assigned to them
   * (or only assigned, for My Work).
   */
  const theirsIn = async (actor: Actor, from: string, to: string, only: 'assigned' | 'created or assigned' = 'created or assigned') => {
    const assigned = 'exists (select 1 from activity_assignments aa where aa.activity_id = a.id and aa.user_id = $1)';
    return (await s.db.one<{ n: number }>(
      `select count(*)::int as n from activities a join tenants t on t.id = a.tenant_id join tenants home on home.id = $2
       where t.path like home.path || '%' and a.deleted_at is null
         and a.start_date >= ($3::date::timestamp at time zone '${ZONE}') and a.start_date < (($4::date + 1)::timestamp at time zone '${ZONE}')
         and ${only === 'assigned' ? assigned : `(a.created_user_id = $1 or ${assigned})`}`,
      [actor.userId, actor.homeTenantId, from, to],
    ))!.n;
  };

  before(async () => {
    s = await startServer();
    assert.equal(await seedVolumeActivities(s.db, 2000), 2000);
    lendingAdmin = await s.as('company administrator');
    globalAdmin = await s.as('global administrator');
    officer = await s.as('loan officer');
  });
  after(() => s.close());

  test('the volume seed adds 2,000 activities over the demo teams and ±60 days, each with one assignment in its company, and tops up idempotently', async () => {
    const spread = await s.db.query<{ name: string; n: number; first: Date; last: Date }>(
      `select t.name, count(*)::int as n, min(a.start_date) as first, max(a.start_date) as last
       from activities a join tenants t on t.id = a.tenant_id where a.name like $1 group by t.name order by t.name`,
      [`${VOLUME_ACTIVITY_PREFIX}%`],
    );
    assert.deepEqual(
      spread.map((r) => [r.name, r.n]),
      [
        ['Bellville Team', 500],
        ['Sandton Team', 500],
        ['Soweto Team', 500],
        ['Umhlanga Team', 500],
      ],
    );
    for (const r of spread) {
      assert.ok(new Date(r.first).getTime() >= Date.now() - 61 * 86_400_000 && new Date(r.last).getTime() <= Date.now() + 61 * 86_400_000);
    }
    const assignments = await s.db.one<{ activities: number; assignments: number; crossCompany: number }>(
      `select count(distinct a.id)::int as activities, count(aa.id)::int as assignments,
         count(*) filter (where split_part(t.path, '/', 2) <> split_part(ut.path, '/', 2))::int as "crossCompany"
       from activities a join tenants t on t.id = a.tenant_id join activity_assignments aa on aa.activity_id = a.id
         join users u on u.id = aa.user_id join tenants ut on ut.id = u.tenant_id
       where a.name like $1`,
      [`${VOLUME_ACTIVITY_PREFIX}%`],
    );
    assert.deepEqual(assignments, { activities: 2000, assignments: 2000, crossCompany: 0 });
    assert.equal(await seedVolumeActivities(s.db, 2000), 0);
    assert.equal(await seedVolumeActivities(s.db, 2100), 100);
    assert.equal(
      (await s.db.one<{ n: number }>(`select count(*)::int as n from activities where name like $1`, [`${VOLUME_ACTIVITY_PREFIX}%`]))!.n,
      2100,
    );
  });

  test('pages of the default sort are consecutive slices of one ordered list, and the total is the count of the subtree', async () => {
    const total = await liveIn('Meridian Lending');
    assert.ok(total > 1500);
    const first = await lendingAdmin.call<ActivityListItem[]>('GET', `/api/activities?${window}&size=1000`);
    assert.equal(pagingOf(first).total, total);
    const ids: string[] = first.body.data.map((a) => a.Id);
    const starts = first.body.data.map((a) => Date.parse(a.startDate!));
    assert.deepEqual(
      starts,
      [...starts].sort((x, y) => y - x),
      'newest start first',
    );
    for (const page of [1, 3, 10]) {
      const r = await lendingAdmin.call<ActivityListItem[]>('GET', `/api/activities?${window}&size=50&page=${page}`);
      assert.deepEqual(
        r.body.data.map((a) => a.Id),
        ids.slice((page - 1) * 50, page * 50),
        `page ${page}`,
      );
      assert.deepEqual(pagingOf(r), { pageNumber: page, pageSize: 50, total });
    }
    const lastPage = Math.ceil(total / 100);
    const tail = await lendingAdmin.call<ActivityListItem[]>('GET', `/api/activities?${window}&size=100&page=${lastPage}`);
    assert.equal(tail.body.data.length, total - (lastPage - 1) * 100);
    const past = await lendingAdmin.call<ActivityListItem[]>('GET', `/api/activities?${window}&size=100&page=${lastPage + 1}`);
    assert.deepEqual([past.body.data, pagingOf(past).total], [[], total]);
    assert.equal(new Set(tail.body.data.map((a) => a.Id)).size, tail.body.data.length);
    assert.ok(tail.body.data.every((a) => a.assignedUsers.length >= 0 && a.typeDesc));
  });

  test('ascending, other sort fields, filters and the whole group count the same rows as the database', async () => {
    const total = await liveIn('Meridian Lending');
    const ascending = await lendingAdmin.call<ActivityListItem[]>('GET', `/api/activities?${window}&size=200&sortOrder=asc`);
    const starts = ascending.body.data.map((a) => Date.parse(a.startDate!));
    assert.deepEqual(
      starts,
      [...starts].sort((x, y) => x - y),
    );
    assert.equal(pagingOf(ascending).total, total);
    const byName = await lendingAdmin.call<ActivityListItem[]>('GET', `/api/activities?${window}&size=20&sortField=name&sortOrder=asc`);
    assert.equal(pagingOf(byName).total, total);
    const names = byName.body.data.map((a) => a.name);
    assert.deepEqual(names, [...names].sort());
    const searched = await lendingAdmin.call<ActivityListItem[]>('GET', `/api/activities?${window}&search=taxi rank&size=1000`);
    const truth = (await s.db.one<{ n: number }>(
      `select count(*)::int as n from activities a join tenants t on t.id = a.tenant_id join tenants root on root.name = 'Meridian Lending'
       where t.path like root.path || '%' and a.deleted_at is null and upper(a.location) like '%TAXI RANK%'`,
    ))!.n;
    assert.equal(pagingOf(searched).total, truth);
    assert.ok(truth > 0 && searched.body.data.every((a) => a.location === 'Taxi rank'));
    const everything = await globalAdmin.call<ActivityListItem[]>('GET', `/api/activities?${window}&size=10`);
    assert.equal(pagingOf(everything).total, await liveIn('Meridian Group'));
  });

  test('a broad search over more activities than a walk reads gives the first matches in start order with an estimated total; a narrow one is counted exactly', async () => {
    const truth = (await s.db.one<{ n: number }>(
      `select count(*)::int as n from activities a where a.deleted_at is null and upper(a.location) like '%TAXI RANK%'
         and a.start_date >= ($1::date::timestamp at time zone '${ZONE}') and a.start_date < (($2::date + 1)::timestamp at time zone '${ZONE}')`,
      [day(-61), day(61)],
    ))!.n;
    // Every match at once: a page this deep is walked through the whole window, so it is exact.
    const all = await globalAdmin.call<ActivityListItem[]>('GET', `/api/activities?${window}&search=taxi rank&size=1000`);
    assert.equal(pagingOf(all).total, truth);
    assert.equal(pagingOf(all).totalEstimated, undefined);
    const first = await globalAdmin.call<ActivityListItem[]>('GET', `/api/activities?${window}&search=taxi rank&size=20`);
    assert.deepEqual(
      first.body.data.map((a) => a.Id),
      all.body.data.slice(0, 20).map((a) => a.Id),
    );
    assert.equal(pagingOf(first).totalEstimated, true, 'the group holds more activities than the walk reads');
    assert.ok(Math.abs(pagingOf(first).total - truth) < truth / 2, `estimate ${pagingOf(first).total} near ${truth}`);
    // Its name and place: a name alone would also match the names it begins.
    const [one] = all.body.data;
    const narrow = await globalAdmin.call<ActivityListItem[]>(
      'GET',
      `/api/activities?${window}&search=${encodeURIComponent(`${one!.name} taxi`)}`,
    );
    assert.deepEqual(
      [narrow.body.data.map((a) => a.Id), pagingOf(narrow).total, pagingOf(narrow).totalEstimated],
      [[one!.Id], 1, undefined],
    );
  });

  test("unfiltered totals (kept per day and hour), the assignments' copies of their activity and the kept list items stay exact after moves, deletions and in a time zone with a half-hour offset", async () => {
    /** The truth for Meridian Lending over the days `from`..`to` of the time zone, counted row by row. */
    const truth = async (from: string, to: string, zone: string) =>
      (await s.db.one<{ n: number }>(
        `select count(*)::int as n from activities a join tenants t on t.id = a.tenant_id join tenants root on root.name = 'Meridian Lending'
       where t.path like root.path || '%' and a.deleted_at is null
         and a.start_date >= ($1::date::timestamp at time zone $3::text) and a.start_date < (($2::date + 1)::timestamp at time zone $3::text)`,
        [from, to, zone],
      ))!.n;
    const listed = async (from: string, to: string) =>
      pagingOf(await lendingAdmin.call<ActivityListItem[]>('GET', `/api/activities?startDate=${from}&endDate=${to}&size=1`)).total;
    assert.equal(await listed(day(-10), day(10)), await truth(day(-10), day(10), ZONE));
    const saved = await lendingAdmin.call<EffectiveSettings>('PUT', '/api/settings', { body: { timeZone: 'Asia/Kolkata' } });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    // Moves by odd minutes, across tenants, soft deletions (through the API and directly) and a restore.
    await s.db.query(`update activities set start_date = start_date + interval '1 day 37 minutes' where name like $1 and name like '%7'`, [
      `${VOLUME_ACTIVITY_PREFIX}%`,
    ]);
    await s.db.query(
      `update activities set tenant_id = (select id from tenants where name = 'Bellville Team') where name like $1 and name like '%13'`,
      [`${VOLUME_ACTIVITY_PREFIX}%`],
    );
    await s.db.query(`update activities set deleted_at = now() where name like $1 and name like '%9'`, [`${VOLUME_ACTIVITY_PREFIX}%`]);
    await s.db.query(`update activities set deleted_at = null where name like $1 and name like '%99'`, [`${VOLUME_ACTIVITY_PREFIX}%`]);
    const some = (await lendingAdmin.call<ActivityListItem[]>('GET', `/api/activities?startDate=${day(-3)}&endDate=${day(3)}&size=3`)).body
      .data;
    for (const a of some) assert.equal((await lendingAdmin.call('POST', '/api/activities/delete', { body: { id: a.Id } })).status, 200);
    for (const [from, to] of [
      [day(-10), day(10)],
      [day(-1), day(7)],
      [day(0), day(0)],
      [day(-61), day(61)],
    ]) {
      assert.equal(await listed(from!, to!), await truth(from!, to!, 'Asia/Kolkata'), `${from}..${to}`);
    }
    for (const [table, column, width] of [
      ['activity_hour_counts', 'hour', '1 hour'],
      ['activity_day_counts', 'day', '1 day'],
    ] as const) {
      const drift = await s.db.one<{ n: number }>(
        `select count(*)::int as n from (
           select tenant_id, date_bin('${width}', start_date, timestamptz '2000-01-01 00:00:00+00') as ${column}, count(*)::int as live
           from activities where deleted_at is null and start_date is not null group by 1, 2) truth
         full join ${table} c using (tenant_id, ${column}) where coalesce(truth.live, 0) <> coalesce(c.live, 0)`,
      );
      assert.equal(drift!.n, 0, `every counter of ${table} equals its rows`);
    }
    const stale = await s.db.one<{ n: number }>(
      `select count(*)::int as n from activity_assignments aa join activities a on a.id = aa.activity_id
       where aa.activity_start is distinct from a.start_date or aa.activity_tenant_id <> a.tenant_id or aa.activity_live <> (a.deleted_at is null)`,
    );
    assert.equal(stale!.n, 0, "every assignment carries its activity's start, tenant and liveness");
    assert.equal(await staleListItems(s.db), 0, "every activity's kept list item equals one built afresh");
    await lendingAdmin.call<EffectiveSettings>('PUT', '/api/settings', { body: { timeZone: null } });
  });

  test("the calendar's days count exactly from the counters (also in a half-hour zone) and show each day's first events; a field agent's only theirs", async () => {
    const [from, to] = [day(-30), day(10)];
    /** The truth for Meridian Lending, row by row: per day of the zone, the count and the first `perDay` ids in start order. */
    const truth = async (zone: string, perDay: number) =>
      await s.db.query<{ day: string; count: number; ids: string[] }>(
        `select x.day, count(*)::int as count, array_agg(x.id order by x.start_date, x.id desc) filter (where x.n <= $4) as ids from (
           select to_char((a.start_date at time zone $3::text)::date, 'YYYY-MM-DD') as day, a.id, a.start_date,
             row_number() over (partition by (a.start_date at time zone $3::text)::date order by a.start_date, a.id desc) as n
           from activities a join tenants t on t.id = a.tenant_id join tenants root on root.name = 'Meridian Lending'
           where t.path like root.path || '%' and a.deleted_at is null
             and a.start_date >= ($1::date::timestamp at time zone $3::text) and a.start_date < (($2::date + 1)::timestamp at time zone $3::text)
         ) x group by x.day`,
        [from, to, zone, perDay],
      );
    const calendar = async (actor: Actor, perDay?: number) => {
      const r = await actor.call<CalendarDay[]>(
        'GET',
        `/api/activities/calendar?startDate=${from}&endDate=${to}${perDay ? `&perDay=${perDay}` : ''}`,
      );
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.data;
    };
    for (const zone of [ZONE, 'Asia/Kolkata']) {
      if (zone !== ZONE) await lendingAdmin.call<EffectiveSettings>('PUT', '/api/settings', { body: { timeZone: zone } });
      for (const perDay of [ACTIVITY_LIMITS.calendarEventsPerDay, 40]) {
        const days = await calendar(lendingAdmin, perDay);
        assert.equal(days.length, 41);
        const expected = new Map((await truth(zone, perDay)).map((d) => [d.day, d]));
        assert.ok(
          [...expected.values()].some((d) => d.count > ACTIVITY_LIMITS.calendarEventsPerDay),
          'some day holds more than it shows',
        );
        for (const d of days) {
          assert.equal(d.count, expected.get(d.day)?.count ?? 0, `${zone} ${d.day} count`);
          assert.deepEqual(
            d.events.map((e) => e.Id),
            expected.get(d.day)?.ids ?? [],
            `${zone} ${d.day} events (${perDay} a day)`,
          );
        }
      }
    }
    await lendingAdmin.call<EffectiveSettings>('PUT', '/api/settings', { body: { timeZone: null } });
    const theirs = await calendar(officer);
    assert.equal(
      theirs.reduce((sum, d) => sum + d.count, 0),
      await theirsIn(officer, from, to),
    );
    assert.ok(theirs.every((d) => d.events.length === Math.min(d.count, ACTIVITY_LIMITS.calendarEventsPerDay)));
  });

  test("a loan officer's pages hold only their own activities and count them exactly", async () => {
    const mine = await theirsIn(officer, day(-61), day(61));
    assert.ok(mine > 0);
    const r = await officer.call<ActivityListItem[]>('GET', `/api/activities?${window}&size=1000`);
    assert.equal(pagingOf(r).total, mine);
    assert.ok(r.body.data.every((a) => a.createdUserId === officer.userId || a.assignedUsers.some((u) => u.Id === officer.userId)));
    const second = await officer.call<ActivityListItem[]>('GET', `/api/activities?${window}&size=5&page=2`);
    assert.deepEqual(
      second.body.data.map((a) => a.Id),
      r.body.data.slice(5, 10).map((a) => a.Id),
    );
  });

  test('a very busy agent (over 2,000 activities, found by scanning the window) gets exact pages, totals and My Work', async () => {
    const leader = await s.as('team leader');
    const [from, to] = [day(-55), day(55)];
    const before = await theirsIn(leader, from, to);
    // 2,100 more, created by the team leader in their own team, 50 days back to 48 ahead.
    await s.db.query(
      `insert into activities (tenant_id, name, activity_type_id, status_id, status, start_date, end_date, created_user_id)
       select $2, 'Busy ' || i, a.activity_type_id, a.status_id, a.status, now() - interval '50 days' + make_interval(mins => i * 67), now(), $1
       from generate_series(1, 2100) i cross join (select * from activities where tenant_id = $2 limit 1) a`,
      [leader.userId, leader.homeTenantId],
    );
    assert.equal(await theirsIn(leader, from, to), before + 2100);
    const near = `startDate=${from}&endDate=${to}`;
    const all = await leader.call<ActivityListItem[]>('GET', `/api/activities/agents/${leader.userId}?${near}&size=1000`);
    assert.equal(pagingOf(all).total, before + 2100);
    const starts = all.body.data.map((a) => Date.parse(a.startDate!));
    assert.deepEqual(
      starts,
      [...starts].sort((x, y) => y - x),
    );
    const page = await leader.call<ActivityListItem[]>('GET', `/api/activities/agents/${leader.userId}?${near}&size=50&page=3`);
    assert.deepEqual(
      page.body.data.map((a) => a.Id),
      all.body.data.slice(100, 150).map((a) => a.Id),
    );
    assert.ok(page.body.data.every((a) => a.createdUserId === leader.userId || a.assignedUsers.some((u) => u.Id === leader.userId)));
    const work = await leader.call<MyWorkActivity[]>('GET', `/api/activities/agent-my-work-activities?${near}&size=10`);
    assert.equal(pagingOf(work).total, await theirsIn(leader, from, to, 'assigned'));
    assert.ok(work.body.data.every((a) => a.activityAssignmentId));
  });
});
