/**
 * Benchmark of the portfolio reports on PostgreSQL (issue 22): a book of N loans (1,000,000 by default) spread
 * over Meridian Lending's branches and teams, its products and its users, each with 12 monthly instalments
 * (principal and interest, a fee on some products' loans) disbursed over the last 18 months, and the payments
 * they made: most on each due date, some 40 days late, some stopping after a few instalments. Inserted in
 * batches (BATCH loans a statement) as the ledger would have stored them: each payment pays exactly one
 * instalment, so its stored allocation is that instalment's fee, interest and principal, and the reports' stored figures
 * (migration 046) follow as the comments below say; up to 20,000 loans they are checked against the exact queries.
 * Before the server starts, the collections summary's days and the measured month-end's PAR are kept (timed).
 * Then the real server runs as its own process and autocannon (1 connection) asks, as the company
 * administrator (the whole company), for PAR30 today by branch, PAR30 at a past month-end by officer, the
 * collections summary over the spec's default window by day and over a month by week. Prints p50/p99.
 * Options: --loans N, BENCH_SECONDS (15), BENCH_REUSE=1 (keep the prepared database).
 *
 *   tsx bench/portfolio-reports-bench.ts --loans 100000
 */
import { addDays, addMonths } from '@meridian/shared/lending/schedule-dates';
import { TENANT_TYPE } from '@meridian/shared/constants';
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedReferenceData } from '../src/seed/reference-data';
import { seedDemoData } from '../src/seed/demo-data';
import { keepMonthEnd } from '../src/modules/loans/loan-month-ends';
import { collectionsSummary, exactCollectionsSummary } from '../src/modules/portfolio-reports/collections-summary';
import { exactFiguresSql, portfolioFiguresSql } from '../src/modules/portfolio-reports/portfolio-figures';
import { sqlParams } from '../src/db/sql-params';
import { measure, postgresTransport, printFigures, scratchPostgres, signedInHeaders, startServer, writeResults } from './bench-kit';

const flag = process.argv.indexOf('--loans');
const LOANS = flag > 0 ? Number(process.argv[flag + 1]) : 1_000_000;
if (!Number.isSafeInteger(LOANS) || LOANS < 1) throw new Error('--loans takes a whole number of loans');
const BATCH = 50_000;
/** Books up to this size are checked against the exact queries first (which take minutes beyond it). */
const CHECKED_UP_TO = 20_000;
const today = new Date().toISOString().slice(0, 10);

async function prepare(db: Database) {
  await migrate(db);
  await seedReferenceData(db);
  await seedDemoData(db);
  const prepared = await db.one<{ n: number }>(`select count(*)::int as n from loans where note = 'bench'`);
  if (prepared!.n >= LOANS) return;
  const started = Date.now();
  const company = (await db.one<{ id: string; path: string }>(`select id, path from tenants where name = 'Meridian Lending'`))!;
  const units = await db.query<{ id: string }>(`select id from tenants where path like $1 and type in ($2, $3) order by path`, [
    `${company.path}%`,
    TENANT_TYPE.BRANCH,
    TENANT_TYPE.TEAM,
  ]);
  const products = await db.query<{ id: string; currency: string }>(`select id, currency from loan_products where tenant_id = $1`, [
    company.id,
  ]);
  const users = await db.query<{ id: string }>(
    `select u.id from users u join tenants t on t.id = u.tenant_id where t.path like $1 and u.deleted_at is null`,
    [`${company.path}%`],
  );
  // One borrower per branch or team: the reports never read clients, only the loan's tenant.
  const clients = await db.query<{ id: string }>(
    `insert into clients (tenant_id, first_name, last_name) select u, 'Bench', 'Borrower' from unnest($1::uuid[]) with ordinality as x(u, n) order by n returning id`,
    [units.map((u) => u.id)],
  );
  const params = [
    units.map((u) => u.id),
    clients.map((c) => c.id),
    products.map((p) => p.id),
    products.map((p) => p.currency),
    users.map((u) => u.id),
    today,
  ];
  for (let first = 1; first <= LOANS; first += BATCH) {
    const last = Math.min(LOANS, first + BATCH - 1);
    // Loan g: principal 12 x (10,000 + (g % 50) x 2,000), interest (g % 50 + 10) x 500 an instalment, a fee of 1,000 on odd
    // products; disbursed g % 540 days ago. Payers, by a hash h of the loan id: h % 25 < 20 pay on each due date, 20-21 stop after h % 6,
    // 22-24 pay each 40 days late. A payment is made only once its day has come.
    // What the ledger stores with them (migration 046), for this pattern: an instalment is paid on time exactly when paid on its due
    // date (a payment 40 days late finds the one before it unpaid too); a late payment recovers all it pays (its instalment was overdue),
    // one on time nothing; the loan's paid instalments are a prefix, so it owes the principal of the rest, and with no tolerance it is at
    // risk from 31 days after its first unpaid one falls due.
    await db.query(
      `with base as (
         select gen_random_uuid() as id, t.*
         from generate_series($7::int, $8::int) g,
         lateral (select ($1::uuid[])[1 + g % cardinality($1::uuid[])] as tenant, ($2::uuid[])[1 + g % cardinality($2::uuid[])] as client,
           ($3::uuid[])[1 + g % cardinality($3::uuid[])] as product, ($4::text[])[1 + g % cardinality($4::text[])] as currency,
           ($5::uuid[])[1 + g % cardinality($5::uuid[])] as officer, 12 * (10000 + (g % 50) * 2000)::bigint as principal,
           case when (g % cardinality($3::uuid[])) % 2 = 1 then 1000 else 0 end as fee, $6::date - (g % 540) as disbursed) t
       ),
       plan as (
         select b.id, b.tenant, b.currency, k, (b.disbursed + k * interval '1 month')::date as due, b.principal / 12 as principal,
           (b.principal / 12000 + 10) * 50 as interest, b.fee, ('x' || substr(md5(b.id::text), 1, 7))::bit(28)::int as h
         from base b cross join generate_series(1, 12) k
       ),
       paying as (
         select p.*, coalesce(paid_on <= $6::date, false) as paid
         from (
           select p.*, case when p.h % 25 < 20 then p.due when p.h % 25 < 22 then case when p.k <= p.h % 6 then p.due end
             else p.due + 40 end as paid_on
           from plan p
         ) p
       ),
       book as (
         select id, coalesce(sum(principal) filter (where not paid), 0) as outstanding_principal,
           coalesce(sum(principal + interest + fee) filter (where not paid), 0) as outstanding,
           min(due) filter (where not paid) + 31 as at_risk_from, max(paid_on) filter (where paid) as last_paid_on
         from paying group by id
       ),
       made as (
         insert into loans (id, tenant_id, client_id, product_id, status, currency, principal_minor, approved_minor, disbursed_minor, instalments,
           interest_method, annual_rate_percent, repayment_frequency, fee_per_instalment_minor, grace_on_principal, grace_on_interest_payment,
           arrears_tolerance_minor, submitted_on, approved_on, disbursed_on, first_due_date, created_user_id, note,
           outstanding_minor, outstanding_principal_minor, at_risk_from, last_paid_on)
         select t.id, t.tenant, t.client, t.product, 'active', t.currency, t.principal, t.principal, t.principal, 12, 'flat', 12, 'monthly', t.fee,
           0, 0, 0, t.disbursed - 2, t.disbursed - 1, t.disbursed, (t.disbursed + interval '1 month')::date, t.officer, 'bench',
           k.outstanding, k.outstanding_principal, k.at_risk_from, k.last_paid_on
         from base t join book k on k.id = t.id
         returning id
       ),
       schedule as (
         insert into loan_instalments (loan_id, number, due_date, principal_minor, interest_minor, fee_minor,
           paid_principal_minor, paid_interest_minor, paid_fee_minor, tenant_id, currency, paid_on_time_minor)
         select p.id, k, due, principal, interest, fee,
           case when paid then principal else 0 end, case when paid then interest else 0 end, case when paid then fee else 0 end,
           tenant, currency, case when paid and paid_on = due then principal + interest + fee else 0 end
         from paying p join made m on m.id = p.id
       )
       insert into loan_payments (loan_id, tenant_id, amount_minor, paid_on, channel, allocated_fee_minor, allocated_interest_minor,
         allocated_principal_minor, currency, recovered_minor, counted_on)
       select p.id, tenant, principal + interest + fee, paid_on, 'debit-order', fee, interest, principal, currency,
         case when paid_on > due then principal + interest + fee else 0 end, paid_on
       from paying p join made m on m.id = p.id where paid`,
      [...params, first, last],
    );
    console.log(`  ${last.toLocaleString()} loans (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  for (const table of ['loans', 'loan_instalments', 'loan_payments']) await db.exec(`vacuum analyze ${table}`);
  console.log(`  prepared ${LOANS.toLocaleString()} loans in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The book was written around the ledger, so what the ledger keeps beside it is worked out afresh, each timed: the
 * collections summary's days (as migration 047's backfill does), and the month-end the scenarios read, kept by the
 * month-end job's own function (one of the up to 37 its first pass after an upgrade keeps, each a pass over the whole
 * book). Then the loans are vacuumed, so their index-only scans stay so.
 */
async function keepWhatTheLedgerKeeps(db: Database, monthEnd: string) {
  let started = Date.now();
  await db.query('select rebuild_collection_days()');
  await db.exec('vacuum analyze collection_day_figures');
  console.log(`  collection days rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  await db.exec('delete from portfolio_month_end_days; delete from portfolio_month_end_figures');
  if (!(await keepMonthEnd(db, monthEnd))) throw new Error(`The month-end ${monthEnd} could not be kept.`);
  await db.exec('vacuum analyze portfolio_month_end_figures');
  const rows = await db.one<{ n: number }>('select count(*)::int as n from portfolio_month_end_figures');
  console.log(`  month-end ${monthEnd} kept (${rows!.n} rows) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await db.exec('vacuum analyze loans');
}

/**
 * On a small book, the stored figures against the exact general query (loan-position.ts, exactCollectionsSummary): the
 * rows this benchmark inserts must be what the ledger would have stored, or its timings measure another thing.
 */
async function checkStoredFigures(db: Database, days: string[]) {
  const company = (await db.one<{ path: string }>(`select path from tenants where name = 'Meridian Lending'`))!.path;
  const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
  for (const day of days) {
    const stored = sqlParams();
    const exact = sqlParams();
    const summed = (figures: string) => `select tenant_id, product_id, officer_id, currency, sum(loans)::text as loans,
        sum(loans_at_risk)::text as at_risk_loans, sum(outstanding)::text as outstanding, sum(at_risk)::text as at_risk
      from (${figures}) f group by 1, 2, 3, 4 order by 1, 2, 3, 4`;
    const a = await db.query(summed(await portfolioFiguresSql(db, company, day, stored)), stored.values);
    const b = await db.query(summed(exactFiguresSql(company, day, exact)), exact.values);
    if (a.length === 0 || JSON.stringify(sorted(a)) !== JSON.stringify(sorted(b)))
      throw new Error(`The stored PAR figures at ${day} differ from the exact ones.`);
  }
  const window = { fromDate: addDays(today, -60), toDate: addDays(today, 7) };
  const stored = await collectionsSummary(db, company, window, 'week');
  const exact = await exactCollectionsSummary(db, company, window, 'week');
  if (JSON.stringify(stored) !== JSON.stringify(exact)) throw new Error('The stored collections figures differ from the exact ones.');
  console.log(
    `  stored figures checked against the exact queries (PAR at ${days.join(', ')}; collections ${window.fromDate} to ${window.toDate})`,
  );
}

// BENCH_DATABASE: another scratch database (a small checking run beside a kept large book).
const url = await scratchPostgres(process.env.BENCH_DATABASE ?? 'meridian_portfolio_reports_bench');
if (!url) {
  console.log('No PostgreSQL answers: the portfolio reports benchmark runs on PostgreSQL only.');
  process.exit(0);
}
console.log(`Meridian portfolio reports benchmark: ${LOANS.toLocaleString()} loans, PostgreSQL through its ${postgresTransport(url)}`);
const db = await openDatabase({ databaseUrl: url, dataDir: null });
const monthEnd = addDays(`${addMonths(today, -2).slice(0, 7)}-01`, -1);
await prepare(db);
await keepWhatTheLedgerKeeps(db, monthEnd);
if (LOANS <= CHECKED_UP_TO) await checkStoredFigures(db, [today, monthEnd, addDays(monthEnd, -10)]);
const counts = (await db.one<{ loans: number; instalments: number; payments: number }>(
  `select (select count(*) from loans)::int as loans, (select count(*) from loan_instalments)::int as instalments,
     (select count(*) from loan_payments)::int as payments`,
))!;
await db.close();
console.log(
  `  ${counts.loans.toLocaleString()} loans, ${counts.instalments.toLocaleString()} instalments, ${counts.payments.toLocaleString()} payments`,
);

// No arrears job: its pass over the book would run under the measurements.
const { base, stop } = await startServer({
  DATABASE_URL: url,
  PG_POOL_SIZE: process.env.PG_POOL_SIZE ?? '4',
  ARREARS_REFRESH_MINUTES: '0',
});
try {
  const headers = await signedInHeaders(base, 'company administrator');
  const reports = `${base}/api/reports/standard`;
  const monthAgo = addDays(today, -30);
  const par = (await (await fetch(`${reports}/par-over-thirty`, { headers })).json()) as { data: { totals: unknown[] } };
  console.log('  PAR30 today:', JSON.stringify(par.data.totals));
  const scenarios: [string, string][] = [
    ['PAR30 today, by branch', `${reports}/par-over-thirty?groupBy=branch`],
    [`PAR30 at ${monthEnd}, by officer`, `${reports}/par-over-thirty?groupBy=officer&asOf=${monthEnd}`],
    ['collections summary, default window, by day', `${reports}/collections-summary`],
    ['collections summary, 30 days, by week', `${reports}/collections-summary?period=week&fromDate=${monthAgo}&toDate=${today}`],
  ];
  const figures = [];
  for (const [name, target] of scenarios) figures.push(await measure(name, { url: target, connections: 1, headers }));
  printFigures(figures);
  writeResults('portfolio-reports.json', { seededLoans: LOANS, ...counts, figures });
} finally {
  await stop();
}
