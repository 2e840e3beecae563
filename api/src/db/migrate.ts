/**
 * Applies the numbered SQL files of api/migrations once each, in order, in one transaction.
 * An advisory lock keeps two API processes starting together on one PostgreSQL from racing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');
const MIGRATION_LOCK = 7_270_001;

export async function migrate(db: Database): Promise<string[]> {
  return db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.exec('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())');
    const applied = new Set((await q.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
    const pending = fs
      .readdirSync(migrationsDir)
      .filter((f) => f.endsWith('.sql') && !applied.has(f))
      .sort();
    for (const name of pending) {
      await q.exec(fs.readFileSync(path.join(migrationsDir, name), 'utf8'));
      await q.query('insert into schema_migrations (name) values ($1)', [name]);
    }
    return pending;
  });
}
