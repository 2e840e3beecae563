/**
 * The positions table is partitioned by month of fix time (migration 016). A month's partition is
 * created before the first batch that needs it; fix times far from now (a tracker that lost its
 * clock) get no partition of their own and land in the default one, so a broken clock cannot
 * scatter thousands of near-empty tables.
 */
import type { Database, Queryable } from '../../db/database';

/** Fix times older than this, or further ahead than FUTURE_MS, go to the default partition. */
const PAST_MS = 366 * 24 * 3600 * 1000;
const FUTURE_MS = 24 * 3600 * 1000;
/** One lock key for partition creation across every process sharing the database. */
const PARTITION_LOCK = 7_270_016;

export interface MonthPartition {
  name: string;
  from: Date;
  to: Date;
}

/** The month partition a fix time belongs in (UTC months), or null when it belongs in the default. */
export function partitionFor(fixTime: Date, now: Date): MonthPartition | null {
  const t = fixTime.getTime();
  if (t < now.getTime() - PAST_MS || t > now.getTime() + FUTURE_MS) return null;
  const year = fixTime.getUTCFullYear();
  const month = fixTime.getUTCMonth();
  return {
    name: `positions_y${year}m${String(month + 1).padStart(2, '0')}`,
    from: new Date(Date.UTC(year, month, 1)),
    to: new Date(Date.UTC(year, month + 1, 1)),
  };
}

const bound = (date: Date) => `'${date.toISOString()}'`;

/**
 * Creates the partition if it does not exist. Under a transaction-scoped advisory lock, so two
 * processes creating the same month do not race. Rows of that month already in the default partition
 * (fix times that were far ahead when they arrived) would make a plain `partition of` fail, so then
 * the month is built beside the table, the rows moved into it, and it is attached.
 */
async function createPartition(db: Database, partition: MonthPartition): Promise<void> {
  await db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [PARTITION_LOCK]);
    if (await exists(q, partition.name)) return;
    const range = `for values from (${bound(partition.from)}) to (${bound(partition.to)})`;
    const strays = await q.one<{ n: number }>(`select count(*)::int as n from positions_default where fix_time >= $1 and fix_time < $2`, [
      partition.from.toISOString(),
      partition.to.toISOString(),
    ]);
    if (!strays?.n) {
      await q.exec(`create table ${partition.name} partition of positions ${range}`);
      return;
    }
    await q.exec(`create table ${partition.name} (like positions including defaults including constraints)`);
    await q.query(
      `with moved as (delete from positions_default where fix_time >= $1 and fix_time < $2 returning *)
       insert into ${partition.name} select * from moved`,
      [partition.from.toISOString(), partition.to.toISOString()],
    );
    await q.exec(`alter table positions attach partition ${partition.name} ${range}`);
  });
}

async function exists(q: Queryable, name: string) {
  return !!(await q.one(`select 1 from pg_class where relname = $1 and relkind in ('r', 'p')`, [name]));
}

/** Remembers the partitions known to exist, so a batch costs nothing once its months are there. */
export function createPartitionKeeper(db: Database) {
  const known = new Set<string>();
  return {
    /** Makes sure every month partition the fix times need exists (before their batch's transaction). */
    async ensure(fixTimes: Date[], now: Date): Promise<void> {
      const needed = new Map<string, MonthPartition>();
      for (const fixTime of fixTimes) {
        const partition = partitionFor(fixTime, now);
        if (partition && !known.has(partition.name)) needed.set(partition.name, partition);
      }
      for (const partition of needed.values()) {
        await createPartition(db, partition);
        known.add(partition.name);
      }
    },
  };
}
