/**
 * Keeps every active loan's arrears days current without a payment to trigger it: a loan's arrears grow
 * each day an instalment stays unpaid. Each pass refreshes the loans of every tenant whose own day (its
 * time zone's) has moved past the day their arrears were counted for; a pass with nothing stale is one
 * cheap statement. Passes are idempotent, so two API processes running them side by side write the same
 * figures. Each pass also keeps the past month-ends' PAR figures (loan-month-ends.ts): daily work of the same kind.
 */
import type { Database } from '../../db/database';
import { refreshArrears } from './loan-ledger';
import { keepMonthEnds } from './loan-month-ends';
import { todayForTenant } from './loan-day';

/** Refreshes the stale loans of each tenant as of that tenant's today; answers how many loans changed day. */
export async function refreshStaleArrears(db: Database): Promise<number> {
  const tenants = await db.query<{ tenantId: string }>(`select distinct tenant_id as "tenantId" from loans where status = 'active'`);
  let refreshed = 0;
  for (const { tenantId } of tenants) {
    const today = await todayForTenant(db, tenantId);
    refreshed += await refreshArrears(db, today, { tenantId, staleBefore: today });
  }
  return refreshed;
}

export interface ArrearsRefresh {
  close(): Promise<void>;
}

/** Runs a pass shortly after start and then every `intervalMinutes` (0: never). */
export function startArrearsRefresh(db: Database, intervalMinutes: number, log: (message: string) => void): ArrearsRefresh {
  if (intervalMinutes <= 0) return { close: async () => undefined };
  let running: Promise<void> | null = null;
  const pass = () => {
    running ??= refreshStaleArrears(db)
      .then(async (count) => {
        if (count > 0) log(`arrears: ${count} active loans counted for their tenant's new day`);
        const kept = await keepMonthEnds(db);
        if (kept > 0) log(`portfolio: the PAR figures of ${kept} past month-ends kept`);
      })
      .catch((error: Error) => log(`arrears: the refresh failed (${error.message})`))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(pass, 10_000);
  const timer = setInterval(pass, intervalMinutes * 60_000);
  first.unref();
  timer.unref();
  return {
    async close() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
