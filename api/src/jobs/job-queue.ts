/**
 * A durable job queue kept in the database (ARCHITECTURE.md, Jobs): it survives restarts, runs a job once
 * across several API processes and retries with backoff. Platform code: modules register a handler per
 * job kind and enqueue inside their own transactions; this file knows no domain.
 *
 * - Claim: one statement picks due rows with FOR UPDATE SKIP LOCKED (two workers never take the same row)
 *   and marks them running with a lease (locked_by, locked_until). A running worker renews its lease.
 * - A row whose lease ran out belongs to a worker that died or hung: it is claimed again (a new attempt).
 * - Finish: a handler's writes and the job's 'done' commit in one transaction (`job.commit`), which first
 *   checks the lease is still this worker's: a worker that lost its job (lease expired, taken by another)
 *   rolls back instead of writing twice. Side effects outside the database may still happen twice.
 * - Failure: the job goes back to queued after an exponential backoff with jitter, or ends failed with its
 *   error after max_attempts, or at once when the handler throws a FinalJobError (no retry can mend it);
 *   the kind's `failed` hook runs in the same transaction.
 * - Steps: work to do before each claim (a scheduler enqueuing due occurrences) is registered with onPass.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type { Database, Queryable } from '../db/database';
import { DEFAULT_BACKOFF, retryDelayMs, type BackoffPolicy } from './job-backoff';

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
}

export interface JobTools {
  /**
   * Runs `work` and marks the job done in one transaction, if this worker still holds the job; otherwise
   * rolls back and throws LostLeaseError. Without it, the job is marked done when the handler returns.
   */
  commit(work: (q: Queryable) => Promise<void>): Promise<void>;
}

export interface JobHandler {
  run(job: ClaimedJob, tools: JobTools): Promise<void>;
  /** Inside the transaction that records a failed attempt; `final` when no attempt is left. */
  failed?(q: Queryable, job: ClaimedJob, error: string, final: boolean): Promise<void>;
}

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  runAt?: Date;
  maxAttempts?: number;
  /** At most one job per key, ever: a second enqueue of the same key does nothing. */
  dedupeKey?: string;
}

export interface JobQueueOptions {
  /** Names this worker in locked_by; a random one per queue by default. */
  workerId?: string;
  /** Seconds between passes of the poll loop (JOBS_POLL_SECONDS); 0: no loop (passes only on runPass or kick). */
  pollSeconds: number;
  /** How long a claim holds a job without renewal. */
  leaseSeconds?: number;
  backoff?: BackoffPolicy;
  log: (message: string) => void;
}

export interface JobQueue {
  readonly workerId: string;
  register(kind: string, handler: JobHandler): void;
  /** Adds a job in the caller's transaction; answers its id, or null when its dedupe key was taken. */
  enqueue(q: Queryable, job: NewJob): Promise<string | null>;
  /** Runs the steps, then claims and runs due jobs one by one until none is due; answers how many ran. */
  runPass(): Promise<number>;
  onPass(step: (db: Database) => Promise<void>): void;
  /** Asks for a pass soon (after a commit that enqueued), when the loop runs. */
  kick(): void;
  /** Starts the poll loop (no-op when pollSeconds is 0). */
  start(): void;
  /**
   * Stops the loop and waits for the pass under way, at most `graceMs`: a job still running then is left
   * to its lease (no longer renewed), and another process (or this one restarted) takes it when it runs out.
   */
  close(graceMs?: number): Promise<void>;
}

export class LostLeaseError extends Error {
  constructor(jobId: string) {
    super(`Job ${jobId} is no longer held by this worker (its lease ran out).`);
  }
}

/**
 * A failure that trying again cannot mend (the job's user lost the right to do it): the job ends failed at once,
 * with this error, instead of waiting out its retries.
 */
export class FinalJobError extends Error {}

const DEFAULT_LEASE_SECONDS = 300;
const DEFAULT_CLOSE_GRACE_MS = 10_000;
const DEFAULT_MAX_ATTEMPTS = 5;
const MAX_ERROR_LENGTH = 2_000;
/** A pass stops after this many jobs, so close() is never kept waiting long by a full queue. */
const JOBS_PER_PASS = 50;

const LEASE_EXPIRED = 'The worker running it stopped before it finished (its lease ran out).';

export function createJobQueue(db: Database, options: JobQueueOptions): JobQueue {
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const handlers = new Map<string, JobHandler>();
  const steps: ((db: Database) => Promise<void>)[] = [];
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let closed = false;
  const renewals = new Set<NodeJS.Timeout>();

  /** Jobs whose lease ran out on their last attempt: no attempt is left to give them. */
  async function failAbandonedJobs() {
    const abandoned = await db.query<{ id: string }>(
      `select id from jobs where status = 'running' and locked_until < now() and attempts >= max_attempts`,
    );
    for (const { id } of abandoned) {
      await db.tx(async (q) => {
        const job = await q.one<ClaimedJob>(
          `select id, kind, payload, attempts as attempt, max_attempts as "maxAttempts" from jobs
           where id = $1 and status = 'running' and locked_until < now() for update skip locked`,
          [id],
        );
        if (!job) return;
        await q.query(
          `update jobs set status = 'failed', last_error = $2, locked_by = null, locked_until = null, date_finished = now() where id = $1`,
          [id, LEASE_EXPIRED],
        );
        await handlers.get(job.kind)?.failed?.(q, job, LEASE_EXPIRED, true);
      });
    }
  }

  /** Takes one due job (queued and due, or running with its lease run out and an attempt left). */
  async function claimOne(): Promise<ClaimedJob | null> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return null;
    return db.one<ClaimedJob>(
      `update jobs set status = 'running', attempts = attempts + 1, locked_by = $1,
              locked_until = now() + make_interval(secs => $2)
       where id = (
         select id from jobs
         where kind = any($3::text[])
           and ((status = 'queued' and run_at <= now())
             or (status = 'running' and locked_until < now() and attempts < max_attempts))
         order by run_at, id
         limit 1
         for update skip locked)
       returning id, kind, payload, attempts as attempt, max_attempts as "maxAttempts"`,
      [workerId, leaseSeconds, kinds],
    );
  }

  /** Locks the job's row if this worker still holds this attempt; null when it lost it. */
  const heldJob = (q: Queryable, job: ClaimedJob) =>
    q.one(`select id from jobs where id = $1 and status = 'running' and locked_by = $2 and attempts = $3 for update`, [
      job.id,
      workerId,
      job.attempt,
    ]);

  const markDone = (q: Queryable, job: ClaimedJob) =>
    q.query(`update jobs set status = 'done', locked_by = null, locked_until = null, date_finished = now() where id = $1`, [job.id]);

  async function recordFailure(job: ClaimedJob, error: unknown) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    const final = error instanceof FinalJobError || job.attempt >= job.maxAttempts;
    await db.tx(async (q) => {
      if (!(await heldJob(q, job))) return;
      if (final) {
        await q.query(
          `update jobs set status = 'failed', last_error = $2, locked_by = null, locked_until = null, date_finished = now() where id = $1`,
          [job.id, message],
        );
      } else {
        await q.query(
          `update jobs set status = 'queued', last_error = $2, locked_by = null, locked_until = null,
                  run_at = now() + make_interval(secs => $3) where id = $1`,
          [job.id, message, retryDelayMs(job.attempt, backoff) / 1000],
        );
      }
      await handlers.get(job.kind)?.failed?.(q, job, message, final);
    });
    options.log(`job ${job.kind} ${job.id} attempt ${job.attempt} of ${job.maxAttempts} failed${final ? ' for good' : ''}: ${message}`);
  }

  /** Keeps the lease while the handler runs, so a long job is not taken by another worker. */
  function renewLease(job: ClaimedJob): () => void {
    const every = Math.max(100, (leaseSeconds * 1000) / 3);
    const renewal = setInterval(() => {
      db.query(`update jobs set locked_until = now() + make_interval(secs => $3) where id = $1 and locked_by = $2 and status = 'running'`, [
        job.id,
        workerId,
        leaseSeconds,
      ]).catch((error: Error) => options.log(`job ${job.id}: the lease could not be renewed (${error.message})`));
    }, every);
    renewal.unref();
    renewals.add(renewal);
    return () => {
      clearInterval(renewal);
      renewals.delete(renewal);
    };
  }

  async function runJob(job: ClaimedJob) {
    const handler = handlers.get(job.kind)!;
    let committed = false;
    const tools: JobTools = {
      async commit(work) {
        await db.tx(async (q) => {
          if (!(await heldJob(q, job))) throw new LostLeaseError(job.id);
          await work(q);
          await markDone(q, job);
        });
        committed = true;
      },
    };
    const stopRenewing = renewLease(job);
    try {
      await handler.run(job, tools);
      if (!committed) await tools.commit(async () => undefined);
    } catch (error) {
      if (error instanceof LostLeaseError) options.log(error.message);
      else await recordFailure(job, error);
    } finally {
      stopRenewing();
    }
  }

  async function pass(): Promise<number> {
    for (const step of steps) {
      await step(db).catch((error: Error) => options.log(`jobs: a scheduling step failed (${error.message})`));
    }
    await failAbandonedJobs();
    let ran = 0;
    while (!closed && ran < JOBS_PER_PASS) {
      const job = await claimOne();
      if (!job) break;
      await runJob(job);
      ran += 1;
    }
    return ran;
  }

  const runPass = (): Promise<number> => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };

  function schedule(delayMs: number) {
    if (closed || options.pollSeconds <= 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      runPass()
        .catch((error: Error) => options.log(`jobs: a pass failed (${error.message})`))
        .finally(() => schedule(options.pollSeconds * 1000));
    }, delayMs);
    timer.unref();
  }

  return {
    workerId,
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    async enqueue(q, job) {
      const row = await q.one<{ id: string }>(
        `insert into jobs (kind, payload, run_at, max_attempts, dedupe_key) values ($1, $2, $3, $4, $5)
         on conflict (dedupe_key) do nothing returning id`,
        [
          job.kind,
          JSON.stringify(job.payload ?? {}),
          job.runAt ?? new Date(),
          job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          job.dedupeKey ?? null,
        ],
      );
      return row?.id ?? null;
    },
    runPass,
    onPass(step) {
      steps.push(step);
    },
    kick() {
      if (!running) schedule(0);
    },
    start() {
      schedule(options.pollSeconds * 1000);
    },
    async close(graceMs = DEFAULT_CLOSE_GRACE_MS) {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      let grace: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => {
        grace = setTimeout(resolve, graceMs);
        grace.unref();
      });
      await Promise.race([running?.catch(() => undefined), graceOver]);
      clearTimeout(grace);
      renewals.forEach((renewal) => clearInterval(renewal));
      renewals.clear();
    },
  };
}
