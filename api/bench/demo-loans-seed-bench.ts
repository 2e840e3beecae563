/**
 * What the lending portfolio adds to the demo seed on in-memory PGlite: the seed without it, then with
 * `tsx bench/demo-loans-seed-bench.ts [loans]` loans (default 3,000), and what the portfolio holds.
 */
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedReferenceData } from '../src/seed/reference-data';
import { seedDemoData } from '../src/seed/demo-data';

for (const loans of [0, Number(process.argv[2] ?? 3000)]) {
  const db = await openDatabase({ databaseUrl: null, dataDir: null });
  await migrate(db);
  await seedReferenceData(db);
  const started = performance.now();
  await seedDemoData(db, { loans });
  const ms = performance.now() - started;
  const counts =
    await db.one(`select (select count(*) from loans)::int as loans, (select count(*) from loan_instalments)::int as instalments,
    (select count(*) from loan_payments)::int as payments, (select count(*) from clients)::int as clients,
    (select json_object_agg(status, n) from (select status, count(*)::int n from loans group by status) s) as statuses,
    (select count(*) from loans where arrears_days > 0)::int as in_arrears`);
  console.log(`loans=${loans}: demo seed ${Math.round(ms)} ms`, JSON.stringify(counts));
  await db.close();
}
