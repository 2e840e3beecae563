/**
 * The durable job queue under the scheduled reports (ARCHITECTURE.md, Jobs), driven for real: two workers
 * (on PostgreSQL, two connection pools: two API processes) competing for the same jobs; a worker that dies
 * mid-run, whose job is taken again after its lease and still delivered once; a failing run retried with
 * backoff until it ends failed with its error; and the occurrences of a schedule across DST changes.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ScheduledReport, ScheduledReportRun, ScheduledReportSave } from '@meridian/shared/contract/scheduled-report';
import { nextRunTimes } from '@meridian/shared/reports/report-schedule';
import { openDatabase, type Database } from '../src/db/database';
import { createJobQueue, type JobQueue } from '../src/jobs/job-queue';
import { retryDelayMs } from '../src/jobs/job-backoff';
import { registerScheduledReportJobs } from '../src/modules/scheduled-reports/scheduled-report-registration';
import { enqueueDueOccurrences, enqueueOccurrence } from '../src/modules/scheduled-reports/scheduled-report-scheduler';
import { databaseLabel, startServer, usingPostgres, type Actor, type TestServer } from './support/harness';
import { databaseUrlOf } from './support/seeded-database';
import { heldReportFileMaker, type HeldReportFileMaker } from './support/held-report-file-maker';

const schedule = (name: string, recipients: string[]): ScheduledReportSave => ({
  name,
  reportId: 'tenantLoansReport',
  format: 'CSV',
  scheduleKind: 'daily',
  time: '06:00',
  recipients,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = () => undefined;

describe(`scheduled reports' job queue (${databaseLabel})`, () => {
  let s: TestServer;
  let dataDir: string;
  let maker: HeldReportFileMaker;
  let admin: Actor;
  /** A second process's connection: another pool on the same PostgreSQL database (PGlite has one process). */
  let otherDb: Database;

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-queue-'));
    maker = heldReportFileMaker(dataDir);
    s = await startServer({ dataDir }, { reportFileMaker: maker });
    admin = await s.as('company administrator');
    if (usingPostgres) {
      const { name } = (await s.db.one<{ name: string }>(`select current_database() as name`))!;
      otherDb = await openDatabase({ databaseUrl: databaseUrlOf(name), dataDir: null, poolSize: 3 });
    } else otherDb = s.db;
  });
  after(async () => {
    if (otherDb !== s.db) await otherDb.close();
    await s?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A queue as another API process runs it: its own worker id and connection, the real scheduled-report job. */
  function processQueue(db: Database, reportMaker: HeldReportFileMaker, options: Partial<Parameters<typeof createJobQueue>[1]> = {}) {
    const queue = createJobQueue(db, { pollSeconds: 0, log: quiet, ...options });
    registerScheduledReportJobs(queue, { db, mailer: s.built.ctx.mailer, dataDir, maker: reportMaker });
    return queue;
  }

  const create = async (body: ScheduledReportSave) => {
    const answer = await admin.call<ScheduledReport>('POST', '/api/scheduled-reports', { body });
    assert.equal(answer.status, 201, answer.text);
    return answer.body.data;
  };
  const runNow = async (id: string) => {
    const answer = await admin.call<ScheduledReportRun>('POST', `/api/scheduled-reports/${id}/run`);
    assert.equal(answer.status, 202, answer.text);
    return answer.body.data;
  };
  const runOf = async (runId: string) =>
    (await s.db.one<{ status: string; attempt: number; error: string | null; jobId: string; fileId: string | null }>(
      `select status, attempt, error, job_id as "jobId", file_id as "fileId" from scheduled_report_runs where id = $1`,
      [runId],
    ))!;
  const mailsTo = async (address: string) =>
    s.db.query<{ id: string; attachments: number }>(
      `select m.id, (select count(*) from outbox_email_attachments a where a.email_id = m.id)::int as attachments
       from outbox_emails m where m.to_address = $1`,
      [address],
    );

  test('two workers competing for the same jobs run each exactly once', async () => {
    const saved = await create(schedule('Competed for', ['competed@example.com']));
    const runs = [];
    for (let i = 0; i < 8; i += 1) runs.push(await runNow(saved.id));
    const first = s.built.ctx.jobs;
    const second = processQueue(otherDb, maker);
    const made = () => maker.requests.filter((r) => r.reportId === 'tenantLoansReport').length;
    const before = made();
    const [ranByFirst, ranBySecond] = await Promise.all([first.runPass(), second.runPass()]);
    // At least: a demo schedule's occurrence may come due meanwhile, and is run too.
    assert.ok(ranByFirst + ranBySecond >= 8, `first ${ranByFirst}, second ${ranBySecond}`);
    assert.equal(made() - before, 8);
    for (const run of runs) {
      const stored = await runOf(run.id);
      assert.equal(stored.status, 'done');
      assert.equal(stored.attempt, 1);
    }
    const jobs = await s.db.query<{ attempts: number; status: string }>(
      `select j.attempts, j.status from jobs j join scheduled_report_runs r on r.job_id = j.id where r.schedule_id = $1`,
      [saved.id],
    );
    assert.deepEqual(
      jobs.map((j) => [j.status, j.attempts]),
      Array(8).fill(['done', 1]),
    );
    const mails = await mailsTo('competed@example.com');
    assert.equal(mails.length, 8);
    assert.ok(mails.every((m) => m.attachments === 1));
    await second.close();
  });

  test('one occurrence stepped by two processes at once is one job and one run', async () => {
    const saved = await create(schedule('Stepped twice', ['stepped@example.com']));
    const occurrence = new Date(Date.now() - 30_000);
    await s.db.query(`update scheduled_reports set next_run_at = $2 where id = $1`, [saved.id, occurrence]);
    const second = processQueue(otherDb, maker);
    const [a, b] = await Promise.all([enqueueDueOccurrences(s.db, s.built.ctx.jobs), enqueueDueOccurrences(otherDb, second)]);
    assert.equal(a + b, 1);
    // Even a process that read the schedule before the other moved it on enqueues nothing new.
    assert.equal(await s.db.tx((q) => enqueueOccurrence(q, second, { id: saved.id, tenantId: saved.tenantId }, occurrence)), false);
    const runs = await s.db.query(`select 1 from scheduled_report_runs where schedule_id = $1`, [saved.id]);
    assert.equal(runs.length, 1);
    await Promise.all([s.built.ctx.jobs.runPass(), second.runPass()]);
    assert.equal((await mailsTo('stepped@example.com')).length, 1);
    await second.close();
  });

  test('a worker that dies mid-run loses its job when its lease runs out; another runs it and it is delivered once', async () => {
    const saved = await create(schedule('Survives a crash', ['crash@example.com']));
    const run = await runNow(saved.id);
    const dyingMaker = heldReportFileMaker(dataDir);
    const held = dyingMaker.holdNext();
    const dying = processQueue(otherDb, dyingMaker, { leaseSeconds: 1 });
    const dyingPass = dying.runPass().catch((error: Error) => error);
    await held.started;
    assert.equal((await runOf(run.id)).status, 'running');
    // The process stops (a restart, a crash): its lease is no longer renewed.
    await dying.close(50);

    const survivor: JobQueue = s.built.ctx.jobs;
    assert.equal(await survivor.runPass(), 0, 'the lease still holds the job');
    await sleep(1_300);
    assert.equal(await survivor.runPass(), 1);
    const done = await runOf(run.id);
    assert.equal(done.status, 'done');
    assert.equal(done.attempt, 2);
    assert.equal((await mailsTo('crash@example.com')).length, 1);

    // The dead worker's run wakes up late: its commit finds the job is no longer its own and writes nothing.
    held.release();
    await dyingPass;
    assert.equal((await mailsTo('crash@example.com')).length, 1);
    const job = await s.db.one<{ status: string; attempts: number }>(`select status, attempts from jobs where id = $1`, [done.jobId]);
    assert.deepEqual(job, { status: 'done', attempts: 2 });
    assert.equal((await runOf(run.id)).fileId, done.fileId);
  });

  test('a long run keeps its lease: no other worker takes it while it runs', async () => {
    const saved = await create(schedule('Takes its time', ['slow@example.com']));
    const run = await runNow(saved.id);
    const slowMaker = heldReportFileMaker(dataDir);
    const held = slowMaker.holdNext();
    const slow = processQueue(otherDb, slowMaker, { leaseSeconds: 1 });
    const slowPass = slow.runPass();
    await held.started;
    await sleep(2_500);
    assert.equal(await s.built.ctx.jobs.runPass(), 0, 'the job was taken while its worker was still running it');
    held.release();
    assert.equal(await slowPass, 1);
    const done = await runOf(run.id);
    assert.deepEqual([done.status, done.attempt], ['done', 1]);
    assert.equal((await mailsTo('slow@example.com')).length, 1);
    await slow.close();
  });

  test('a failing run is retried with growing waits and ends failed with its error after its last attempt', async () => {
    const saved = await create(schedule('Always fails', ['fails@example.com']));
    const run = await runNow(saved.id);
    const failing = heldReportFileMaker(dataDir);
    failing.failNext(100, 'The report database is unavailable.');
    const baseMs = 200;
    const queue = processQueue(s.db, failing, { backoff: { baseMs, capMs: 10_000 } });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      assert.equal(await queue.runPass(), 1);
      const job = (await s.db.one<{ status: string; waitMs: number; lastError: string; attempts: number }>(
        `select status, extract(epoch from run_at - now()) * 1000 as "waitMs", last_error as "lastError", attempts from jobs where id = $1`,
        [(await runOf(run.id)).jobId],
      ))!;
      assert.equal(job.lastError, 'The report database is unavailable.');
      assert.equal(job.attempts, attempt);
      if (job.status === 'failed') break;
      assert.equal(job.status, 'queued');
      const stored = await runOf(run.id);
      assert.deepEqual([stored.status, stored.attempt, stored.error], ['queued', attempt, 'The report database is unavailable.']);
      waits.push(Number(job.waitMs));
      assert.equal(await queue.runPass(), 0, 'not due before its wait');
      await sleep(Number(job.waitMs) + 50);
    }
    // Equal jitter: after attempt n the wait is between half and all of base * 2^(n-1).
    assert.equal(waits.length, 3);
    waits.forEach((wait, i) => {
      const full = baseMs * 2 ** i;
      assert.ok(wait >= full / 2 - 60 && wait <= full + 10, `wait ${i + 1}: ${wait} ms, expected ${full / 2}..${full}`);
    });
    const failed = await runOf(run.id);
    assert.deepEqual([failed.status, failed.attempt, failed.error], ['failed', 4, 'The report database is unavailable.']);
    assert.equal((await mailsTo('fails@example.com')).length, 0);
    const history = await admin.call<ScheduledReportRun[]>('GET', `/api/scheduled-reports/${saved.id}/runs`);
    assert.equal(history.body.data[0]!.status, 'failed');
    assert.ok(history.body.data[0]!.finishedAt);
    await queue.close();
  });

  test('a job whose worker died on its last attempt ends failed, and its run says why', async () => {
    const saved = await create(schedule('Dies on its last try', ['last-try@example.com']));
    const run = await runNow(saved.id);
    const { jobId } = await runOf(run.id);
    // What a process leaves behind when it dies during the last attempt.
    await s.db.query(
      `update jobs set status = 'running', attempts = max_attempts, locked_by = 'dead-process', locked_until = now() - interval '1 second' where id = $1`,
      [jobId],
    );
    assert.equal(await s.built.ctx.jobs.runPass(), 0);
    const stored = await runOf(run.id);
    assert.equal(stored.status, 'failed');
    assert.match(stored.error!, /lease ran out/);
  });
});

describe('schedule occurrences', () => {
  test('a daily 09:00 in London is 09:00 UTC before the clocks go forward and 08:00 UTC after', () => {
    const runs = nextRunTimes('0 9 * * *', 'Europe/London', 3, new Date('2026-03-28T00:00:00Z')).map((d) => d.toISOString());
    assert.deepEqual(runs, ['2026-03-28T09:00:00.000Z', '2026-03-29T08:00:00.000Z', '2026-03-30T08:00:00.000Z']);
    const autumn = nextRunTimes('0 9 * * *', 'Europe/London', 2, new Date('2026-10-24T12:00:00Z')).map((d) => d.toISOString());
    assert.deepEqual(autumn, ['2026-10-25T09:00:00.000Z', '2026-10-26T09:00:00.000Z']);
  });

  test('a time skipped by the spring change runs once just after the gap; one repeated in autumn runs once', () => {
    const spring = nextRunTimes('30 1 * * *', 'Europe/London', 3, new Date('2026-03-28T12:00:00Z')).map((d) => d.toISOString());
    // 01:30 does not exist on 29 March 2026 in London (01:00 GMT becomes 02:00 BST).
    assert.deepEqual(spring, ['2026-03-29T01:00:00.000Z', '2026-03-30T00:30:00.000Z', '2026-03-31T00:30:00.000Z']);
    const autumn = nextRunTimes('30 1 * * *', 'Europe/London', 3, new Date('2026-10-24T12:00:00Z')).map((d) => d.toISOString());
    // 01:30 happens twice on 25 October 2026 (BST, then GMT): it runs at the first.
    assert.deepEqual(autumn, ['2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z', '2026-10-27T01:30:00.000Z']);
  });

  test('a weekly Monday 07:00 in London keeps 07:00 local across the change', () => {
    const runs = nextRunTimes('0 7 * * 1', 'Europe/London', 2, new Date('2026-03-21T00:00:00Z')).map((d) => d.toISOString());
    assert.deepEqual(runs, ['2026-03-23T07:00:00.000Z', '2026-03-30T06:00:00.000Z']);
  });

  test('the backoff doubles per attempt up to its cap, jittered between half and all of it', () => {
    const policy = { baseMs: 1_000, capMs: 5_000 };
    assert.equal(
      retryDelayMs(1, policy, () => 0),
      500,
    );
    assert.equal(
      retryDelayMs(1, policy, () => 0.999999),
      1_000,
    );
    assert.equal(
      retryDelayMs(3, policy, () => 0),
      2_000,
    );
    assert.equal(
      retryDelayMs(9, policy, () => 0.999999),
      5_000,
    );
  });
});
