/**
 * Prints PostgreSQL's EXPLAIN (ANALYZE, BUFFERS) of the statements behind the benchmark's slow
 * scenarios, as the API runs them: the very SQL the list code builds, as a prepared statement with
 * its generic plan (the plan a connection keeps after a few calls). Run against a database the
 * benchmarks prepared (BENCH_REUSE=1 keeps them):
 *   tsx bench/explain-searches.ts            the activities benchmark's database
 *   EXPLAIN_USERS=1 tsx bench/explain-searches.ts   the users benchmark's database
 * DATABASE_URL names another one.
 */
import pg from 'pg';
import type { Queryable } from '../src/db/database';
import { activityPage } from '../src/modules/activities/activity-list';
import { calendarEvents } from '../src/modules/activities/activity-widgets';
import { listUsers } from '../src/modules/users/user-list';
import { startOfDay } from '../src/modules/activities/activity-window';
import { addDays } from '@meridian/shared/contract/field-agent';
import { normaliseSearch } from '@meridian/shared/validation';
import { ACTIVITY_LIMITS } from '@meridian/shared/contract/activity';

const ZONE = 'Africa/Johannesburg';
const usersDatabase = process.env.EXPLAIN_USERS === '1';
const url =
  process.env.DATABASE_URL ??
  `postgres://postgres@localhost/${usersDatabase ? 'meridian_bench' : 'meridian_bench_activities'}?host=/var/run/postgresql`;
const client = new pg.Client({ connectionString: url, options: '-c jit=off' });
await client.connect();

/** Statements worth explaining: the ones that read many rows, not the small look-ups around them. */
const explained = (sql: string) => /picked|walked|as days|from users u/.test(sql);

/**
 * A Queryable that runs every statement, and before a statement worth explaining prints its plan: it
 * is prepared once, and explained on its fifth run with the generic plan forced.
 */
function explaining(label: string): Queryable {
  const query = async <T>(sql: string, params: unknown[] = []) => {
    if (explained(sql)) await printPlan(label, sql, params);
    return (await client.query(sql, params)).rows as T[];
  };
  return {
    query,
    one: async <T>(sql: string, params?: unknown[]) => (await query<T>(sql, params))[0] ?? null,
    exec: async (sql) => void (await client.query(sql)),
    onCommit: (callback) => callback(),
  };
}

/** A parameter value as an SQL literal (text, instants and arrays of them are what these statements take). */
function literal(value: unknown): string {
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value))
    return client.escapeLiteral(
      `{${value.map((item) => JSON.stringify(item instanceof Date ? item.toISOString() : String(item))).join(',')}}`,
    );
  return client.escapeLiteral(String(value));
}

let statementNumber = 0;
async function printPlan(label: string, sql: string, params: unknown[]) {
  const name = `explained_${++statementNumber}`;
  await client.query(`prepare ${name} as ${sql}`);
  // EXECUTE takes its arguments as literals: EXPLAIN cannot be given bound parameters.
  const execute = `execute ${name}${params.length ? `(${params.map(literal).join(', ')})` : ''}`;
  await client.query(`set plan_cache_mode = ${process.env.EXPLAIN_CUSTOM === '1' ? 'force_custom_plan' : 'force_generic_plan'}`);
  const started = performance.now();
  const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${execute}`)).rows;
  const elapsed = performance.now() - started;
  await client.query('reset plan_cache_mode');
  await client.query(`deallocate ${name}`);
  console.log(`\n=== ${label} (generic plan, ${elapsed.toFixed(1)} ms with EXPLAIN's own cost) ===`);
  console.log(plan.map((row) => row['QUERY PLAN']).join('\n'));
}

const tenantPath = async (name: string) =>
  (await client.query<{ id: string; path: string }>(`select id, path from tenants where name = $1`, [name])).rows[0]!;

const today = new Date().toISOString().slice(0, 10);
const windowOf = (fromDays: number, toDays: number) => ({
  from: addDays(today, fromDays),
  to: addDays(today, toDays),
  timeZone: ZONE,
  start: startOfDay(addDays(today, fromDays), ZONE),
  end: startOfDay(addDays(today, toDays + 1), ZONE),
});
const paging = (search: string) => ({ page: 1, size: 20, search: normaliseSearch(search), status: undefined });

if (usersDatabase) {
  const group = await tenantPath('Meridian Group');
  // Thabo's matches come at once in last-name order, Grace's only after about 7,500 users (the seed gives
  // each surname 7 of the 20 first names): both walk the whole tree's index. Meridian Lending's three
  // teams are merged.
  for (const [search, scope] of [
    ['THABO', 'Meridian Group'],
    ['GRACE', 'Meridian Group'],
    ['NKOSI', 'Meridian Group'],
    ['THABO', 'Meridian Lending'],
  ])
    await listUsers(
      explaining(`users: searched "${search}", by last name, from ${scope}`),
      { subtreePath: (await tenantPath(scope!)).path, deleted: false },
      { ...paging(search!), sortField: 'lastName', sortOrder: 'ASC' },
      1000,
    );
  await listUsers(explaining('users: no search'), { subtreePath: group.path, deleted: false }, paging(''), 1000);
} else {
  const group = await tenantPath('Meridian Group');
  const viewer = { scope: { tenantId: group.id, path: group.path }, ownUserId: null };
  await activityPage(explaining('activities: searched by place (Market)'), { viewer, window: windowOf(-1, 7) }, paging('Market'), 1000);
  await activityPage(explaining('activities: selective search (123457)'), { viewer, window: windowOf(-1, 7) }, paging('123457'), 1000);
  await activityPage(explaining('activities: default window and sort'), { viewer, window: windowOf(-1, 7) }, paging(''), 1000);
  await calendarEvents(
    explaining('calendar: a month of events'),
    { viewer, window: windowOf(-30, 0) },
    ACTIVITY_LIMITS.calendarEventsPerDay,
  );
  await calendarEvents(explaining('calendar: a week of events'), { viewer, window: windowOf(-3, 3) }, ACTIVITY_LIMITS.calendarMaxEvents);
}
await client.end();
