/**
 * How many runs may write at once: per user across every API process (counted from the report_files rows
 * still running, under a per-user advisory lock so two requests arriving together cannot both take the last
 * place), and per process (in memory: what this process's CPU and disk take). A run older than an hour that
 * is still 'running' was cut short by a restart and no longer counts.
 */
import { REPORT_RUN_REFUSALS } from '@meridian/shared/contract/report-run';
import type { Queryable } from '../../db/database';
import type { RealtimeRefusal } from '../../realtime/realtime-requests';

export const REPORT_RUN_CONCURRENCY = { perUser: 2, perProcess: 4 } as const;

const busy = (message: string): RealtimeRefusal => ({ success: false, code: REPORT_RUN_REFUSALS.busy, message });

export const perUserRefusal = () =>
  busy(`You already have ${REPORT_RUN_CONCURRENCY.perUser} reports being generated; wait for one to finish, then try again.`);
export const perProcessRefusal = () =>
  busy(`The server is generating ${REPORT_RUN_CONCURRENCY.perProcess} reports already; try again in a moment.`);

/** A place among this process's runs, or null when they are all taken. */
export function createProcessSlots(limit: number = REPORT_RUN_CONCURRENCY.perProcess) {
  let running = 0;
  return {
    take(): (() => void) | null {
      if (running >= limit) return null;
      running += 1;
      let released = false;
      return () => {
        if (!released) running -= 1;
        released = true;
      };
    },
    get running() {
      return running;
    },
  };
}

/** Inside a transaction: true when `userId` may start one more run (and the lock holds until its row is written). */
export async function userMayStartRun(q: Queryable, userId: string): Promise<boolean> {
  await q.query(`select pg_advisory_xact_lock(hashtext('report-runs:' || $1::text))`, [userId]);
  const row = await q.one<{ running: number }>(
    `select count(*)::int as running from report_files
     where created_by = $1 and status = 'running' and date_created > now() - interval '1 hour'`,
    [userId],
  );
  return (row?.running ?? 0) < REPORT_RUN_CONCURRENCY.perUser;
}
