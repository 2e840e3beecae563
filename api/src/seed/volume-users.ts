/**
 * Synthetic users in bulk (one set SQL statement, no per-row hashing): the 100,000-user data set the
 * benchmark and the browser's volume test run against. They hold the loan officer role, spread over
 * the demo teams, and cannot sign in (no password). Idempotent: tops the set up to `count`.
 */
import type { Database } from '../db/database';

const FIRST = [
  'THABO',
  'LERATO',
  'SIPHO',
  'NALEDI',
  'PIETER',
  'ANNA',
  'JOHN',
  'MARY',
  'AHMED',
  'FATIMA',
  'KOFI',
  'AMARA',
  'DAVID',
  'SARAH',
  'PETER',
  'GRACE',
  'MOSES',
  'ZANELE',
  'RUAN',
  'PRIYA',
];
// Surnames from syllables: 40 x 40 = 1,600 distinct, as a real user base has many surnames.
const HEAD = [
  'MA',
  'NKO',
  'DLA',
  'BO',
  'NAI',
  'MO',
  'KHU',
  'PIL',
  'STE',
  'ZU',
  'MAH',
  'SI',
  'GO',
  'NDLO',
  'MOLE',
  'JOU',
  'FOU',
  'COE',
  'MTHE',
  'PRE',
  'KRU',
  'OOS',
  'MBA',
  'SE',
  'TSHA',
  'VI',
  'LE',
  'RA',
  'HLO',
  'NGU',
  'WE',
  'BA',
  'DU',
  'FE',
  'GA',
  'HA',
  'KA',
  'LA',
  'NA',
  'PA',
];
const TAIL = [
  'SI',
  'MINI',
  'THA',
  'DOO',
  'KOENA',
  'MALO',
  'LAY',
  'YN',
  'LU',
  'LANGU',
  'THOLE',
  'VENDER',
  'VU',
  'FE',
  'BERT',
  'RIE',
  'TZEE',
  'MBU',
  'TORIUS',
  'GER',
  'THUIZEN',
  'BASO',
  'KOLO',
  'BEDI',
  'NENE',
  'GWE',
  'RAMA',
  'TSHE',
  'KWE',
  'ZANI',
  'MOLA',
  'DANI',
  'LOVU',
  'NYA',
  'BUSO',
  'QUE',
  'SANE',
  'TOLO',
  'WANE',
  'ZWANE',
];
const sqlArray = (items: string[]) => `array[${items.map((x) => `'${x}'`).join(',')}]`;

export const VOLUME_USER_PREFIX = 'bench-';

/** Adds synthetic users until `count` exist; answers how many were added. */
export async function seedVolumeUsers(db: Database, count: number): Promise<number> {
  const existing = (await db.one<{ n: number }>(`select count(*)::int as n from users where user_name like '${VOLUME_USER_PREFIX}%'`))!.n;
  if (existing >= count) return 0;
  const from = existing + 1;
  await db.exec(`
    insert into users (first_name, last_name, user_name, email_address, tenant_id, date_created)
    select initcap((${sqlArray(FIRST)})[1 + i % ${FIRST.length}]),
      initcap((${sqlArray(HEAD)})[1 + (i / 7) % ${HEAD.length}] || (${sqlArray(TAIL)})[1 + (i / ${7 * HEAD.length}) % ${TAIL.length}]),
      '${VOLUME_USER_PREFIX}' || i, '${VOLUME_USER_PREFIX}' || i || '@bench.meridian.test',
      (array(select id from tenants where type = 4 order by id))[1 + i % 4], now() - make_interval(mins => i)
    from generate_series(${from}, ${count}) i;
    insert into user_roles (user_id, role_id)
      select u.id, r.id from users u, roles r
      where u.user_name like '${VOLUME_USER_PREFIX}%' and lower(r.name) = 'loan officer'
        and not exists (select 1 from user_roles x where x.user_id = u.id);
    insert into user_tenants (user_id, tenant_id)
      select id, tenant_id from users u
      where user_name like '${VOLUME_USER_PREFIX}%' and not exists (select 1 from user_tenants x where x.user_id = u.id);`);
  // As after any bulk import (autovacuum would do it later): merge the GIN pending list and refresh statistics.
  await db.exec('vacuum analyze users');
  await db.exec('vacuum analyze user_roles');
  return count - existing;
}
