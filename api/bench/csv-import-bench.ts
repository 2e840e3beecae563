/**
 * The CSV import at volume (issue 21): 100,000 payment rows (`BENCH_CSV_ROWS`) over 200 active loans
 * (`BENCH_CSV_LOANS`), uploaded, checked and imported through the real routes (Fastify's inject, the
 * whole app in this process), on in-memory PGlite and, when DATABASE_URL is set, on a throwaway database
 * of that PostgreSQL server. Prints the upload's check time, the import's time and rows/s, and the
 * process's peak memory (RSS and heap, sampled every 50 ms).
 *
 *   npx tsx bench/csv-import-bench.ts        (from api/)
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import { DEMO_PASSWORD, demoEmail } from '../src/seed/demo-data';
import { todayIn } from '../src/modules/agent/day-window';

const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 100_000);
const LOANS = Number(process.env.BENCH_CSV_LOANS ?? 200);

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function memoryWatch() {
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  sample();
  const timer = setInterval(sample, 50);
  return {
    reset() {
      rss = 0;
      heap = 0;
      sample();
    },
    stop() {
      clearInterval(timer);
      sample();
      return { rss, heap };
    },
  };
}

async function bench(label: string, db: Database) {
  const config = loadConfig(
    { ...process.env, DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '' },
    { port: 0, seedDemo: true, demoLoans: 0, logLevel: 'error', simulator: false, deviceServers: false },
  );
  const built = await buildApp(config, { db, logger: false, serveWeb: false });
  const { app } = built;
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: demoEmail('company administrator'), password: DEMO_PASSWORD },
    });
    const session = login.json().data as { token: string; user: { tenantId: string } };
    const headers = { authorization: `Bearer ${session.token}`, 'x-tenant-id': session.user.tenantId };
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, extra: Record<string, string> = {}) => {
      const answer = await app.inject({
        method,
        url,
        headers: { ...headers, ...extra },
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });
      if (answer.statusCode >= 300) throw new Error(`${method} ${url} answered ${answer.statusCode}: ${answer.body.slice(0, 400)}`);
      return answer.json().data;
    };

    const category = (await db.one<{ id: string }>(`select id from product_categories where code = 'CS'`))!.id;
    const product = await call('POST', '/api/loan-products', {
      name: `CSV bench ${crypto.randomUUID().slice(0, 8)}`,
      productCategoryId: category,
      currency: 'ZAR',
      minAmountMinor: 100_000,
      maxAmountMinor: 100_000_000,
      minInstalments: 3,
      maxInstalments: 60,
      interestMethod: 'declining-balance',
      annualRatePercent: '24',
      repaymentFrequency: 'monthly',
    });
    const today = todayIn('Africa/Johannesburg');
    const dayBefore = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    const setup = performance.now();
    const loanIds: string[] = [];
    for (let i = 0; i < LOANS; i += 1) {
      const client = await call('POST', '/api/clients', { firstName: 'Bench', lastName: `Borrower ${String.fromCharCode(97 + (i % 26))}` });
      const loan = await call('POST', '/api/loans', {
        clientId: client.Id,
        productId: product.id,
        principalMinor: 50_000_000,
        instalments: 48,
        submittedOn: dayBefore(400),
      });
      await call('POST', `/api/loans/${loan.id}/approve`, { approvedOn: dayBefore(399) });
      await call('POST', `/api/loans/${loan.id}/disburse`, {
        disbursedOn: dayBefore(398),
        amountMinor: 50_000_000,
        channel: 'bank-transfer',
      });
      loanIds.push(loan.id);
    }
    console.log(`[${label}] ${LOANS} active loans made through the API in ${((performance.now() - setup) / 1000).toFixed(1)} s`);

    const lines = ['loanId,amount,paidOn,reference'];
    for (let n = 0; n < ROWS; n += 1)
      lines.push(`${loanIds[n % LOANS]},${(50 + (n % 900)).toString()}.25,${dayBefore(390 - (n % 380))},BENCH-${n}`);
    const text = `${lines.join('\r\n')}\r\n`;
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/csv' }), 'payments.csv');
    const response = new Response(form);
    const body = Buffer.from(await response.arrayBuffer());

    const memory = memoryWatch();
    const total = performance.now();
    const checked = await call('POST', '/api/csv-imports/payments', body, { 'content-type': response.headers.get('content-type')! });
    const checkedMs = performance.now() - total;
    if (checked.errorRows !== 0) throw new Error(`the bench file has ${checked.errorRows} bad rows`);
    const importing = performance.now();
    await call('POST', `/api/csv-imports/${checked.id}/import`);
    let last = -1;
    for (;;) {
      const now = await call('GET', `/api/csv-imports/${checked.id}`);
      if (now.doneRows !== last && now.status === 'importing') last = now.doneRows;
      if (now.status === 'failed') throw new Error(now.failure);
      if (now.status === 'imported') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const importMs = performance.now() - importing;
    const totalMs = performance.now() - total;
    const peak = memory.stop();
    const stored = (await db.one<{ n: number }>(`select count(*)::int as n from loan_payments where loan_id = any($1::uuid[])`, [loanIds]))!
      .n;
    console.log(
      `[${label}] ${ROWS.toLocaleString('en')} payment rows (${mb(body.length)} file) over ${LOANS} loans: ` +
        `upload and check ${(checkedMs / 1000).toFixed(1)} s (${Math.round(ROWS / (checkedMs / 1000)).toLocaleString('en')} rows/s), ` +
        `import ${(importMs / 1000).toFixed(1)} s (${Math.round(ROWS / (importMs / 1000)).toLocaleString('en')} rows/s), ` +
        `total ${(totalMs / 1000).toFixed(1)} s; peak RSS ${mb(peak.rss)}, peak heap ${mb(peak.heap)}; ${stored.toLocaleString('en')} payments stored`,
    );
  } finally {
    await built.close();
  }
}

await bench('PGlite', await openDatabase({ databaseUrl: null, dataDir: null }));

if (process.env.DATABASE_URL) {
  const name = `meridian_csv_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 4 });
    try {
      await bench('PostgreSQL', db);
    } finally {
      await db.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else console.log('PostgreSQL: skipped (set DATABASE_URL to run it there too)');
