/**
 * Synthetic activities in bulk (set SQL statements, no per-row round trips): the data set the
 * activity list benchmark runs against. They are spread evenly over the demo teams and over 60 days
 * either side of today, each of its company's first active type and default status, with one
 * assignment to a user of the team (or, for a team without users, of a tenant above it in the same
 * company). Idempotent: tops the set up to `count`.
 */
import type { Database } from '../db/database';
import { pathWithin } from '../tenancy/subtree';

export const VOLUME_ACTIVITY_PREFIX = 'Bench activity ';

const PLACES = [
  'Main Road',
  'Market Square',
  'Station Street',
  'Church Street',
  'High Street',
  'Long Street',
  'Park Avenue',
  'Mall entrance',
  'Taxi rank',
  'Clinic',
];
const sqlArray = (items: string[]) => `array[${items.map((x) => `'${x}'`).join(',')}]`;

/** Adds synthetic activities until `count` exist; answers how many were added. */
export async function seedVolumeActivities(db: Database, count: number): Promise<number> {
  const existing = (await db.one<{ n: number }>(`select count(*)::int as n from activities where name like '${VOLUME_ACTIVITY_PREFIX}%'`))!
    .n;
  if (existing >= count) return 0;
  const from = existing + 1;
  // One transaction, so that its temporary tables live on one connection.
  await db.tx(async (q) => {
    // The teams, numbered, each with its company's first active type, default status and location; and each team's assignable users, numbered.
    await q.exec(`
    create temp table bench_teams (k int primary key, tenant_id uuid, type_id uuid, status_id uuid, status_name text, lat float8, lng float8, company_id uuid) on commit drop;
    insert into bench_teams
      select (row_number() over (order by t.id) - 1)::int, t.id,
        (select ty.id from activity_types ty where ty.tenant_id = c.id and ty.status = 1 order by ty.name, ty.id limit 1),
        st.id, coalesce(st.name, 'PENDING'),
        coalesce(t.lat, c.lat, -26.2), coalesce(t.lng, c.lng, 28.0), c.id
      from tenants t
        join lateral (select c.* from tenants c where ${pathWithin('t.path', 'c.path')} and c.type = 2 order by length(c.path) desc limit 1) c on true
        left join lateral (select s.id, s.name from activity_statuses s where s.tenant_id = c.id and s.status = 1 and s.is_default order by s.name limit 1) st on true
      where t.type = 4 and t.deleted_at is null;
    create temp table bench_assignees (k int, n int, user_id uuid, primary key (k, n)) on commit drop;
    insert into bench_assignees
      select bt.k, (row_number() over (partition by bt.k order by u.id))::int, u.id
      from bench_teams bt join tenants team on team.id = bt.tenant_id join tenants c on c.id = bt.company_id
        join users u on u.deleted_at is null join tenants ut on ut.id = u.tenant_id
      where ut.id = team.id
        or (not exists (select 1 from users x where x.tenant_id = team.id and x.deleted_at is null)
            and ${pathWithin('team.path', 'ut.path')} and ${pathWithin('ut.path', 'c.path')});`);
    await q.exec(`
    insert into activities (tenant_id, name, description, activity_type_id, status_id, status, location, lat, lng, start_date, end_date, date_created)
    select bt.tenant_id, '${VOLUME_ACTIVITY_PREFIX}' || i, 'Synthetic activity for volume tests', bt.type_id, bt.status_id, bt.status_name,
      (${sqlArray(PLACES)})[1 + i % ${PLACES.length}], bt.lat + ((i % 97) - 48) * 0.0005, bt.lng + ((i % 89) - 44) * 0.0005,
      s.at, s.at + interval '1 hour', s.at - interval '3 days'
    from generate_series(${from}, ${count}) i
      join bench_teams bt on bt.k = i % (select count(*) from bench_teams)
      cross join lateral (select date_trunc('hour', now()) - interval '60 days' + make_interval(mins => ((i::bigint * 7919) % (120 * 24 * 60))::int) as at) s;`);
    await q.exec(`
    insert into activity_assignments (activity_id, user_id, status_id, status_text)
    select a.id, ba.user_id, a.status_id, a.status
    from activities a
      join bench_teams bt on bt.tenant_id = a.tenant_id
      join (select k, count(*)::int as total from bench_assignees group by k) n on n.k = bt.k
      join bench_assignees ba on ba.k = bt.k and ba.n = 1 + (abs(hashtext(a.id::text)) % n.total)
    where a.name like '${VOLUME_ACTIVITY_PREFIX}%' and not exists (select 1 from activity_assignments x where x.activity_id = a.id);`);
  });
  // As after any bulk import: refresh statistics and the visibility map for index-only counts.
  await db.exec('vacuum analyze activities');
  await db.exec('vacuum analyze activity_assignments');
  return count - existing;
}
