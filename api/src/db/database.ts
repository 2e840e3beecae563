/**
 * One query interface over two drivers: embedded PGlite (default, persisted under DATA_DIR) and a
 * PostgreSQL server (DATABASE_URL). Both speak the same SQL; callers never see which one runs.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';

export type DatabaseKind = 'pglite' | 'postgresql';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | null>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `callback` once the surrounding transaction has committed (at once outside a transaction). */
  onCommit(callback: () => void): void;
}

export interface Database extends Queryable {
  kind: DatabaseKind;
  /** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  tx<T>(work: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** An in-memory PGlite's whole data directory, to start another database from (tests seed once). */
  dump?(): Promise<Blob>;
}

const firstOf = async <T>(rows: Promise<T[]>) => (await rows)[0] ?? null;

/** SQLSTATE class 22, data exception: a value the statement was given that its type cannot hold. */
export const isDataException = (code: unknown) => typeof code === 'string' && code.startsWith('22');

/** A data exception's message quotes the value it refused (`invalid input syntax for type uuid: "..."`): the quotes are emptied. */
export const withoutQuotedValues = (text: string) => text.replace(/"[^"]*"/g, '"[value]"').replace(/'[^']*'/g, "'[value]'");

/**
 * Both drivers hang a failed statement's values on its error: PGlite its bound values (`params`,
 * `queryOptions`), both PostgreSQL's `detail` and `where`, which quote row and parameter values. They
 * are dropped here, where every statement passes, so no log or handler can print them, and a data
 * exception's message loses the value it quotes. What stays
 * says what failed: message, SQLSTATE code, stack, the names of table, column and constraint, and
 * the statement's text (`query`), which holds no values since every value is bound.
 */
const VALUE_CARRYING_FIELDS = ['params', 'queryOptions', 'detail', 'where'];

function withoutBoundValues(error: unknown, sql: string): never {
  if (error instanceof Error) {
    const fields = error as unknown as Record<string, unknown>;
    for (const field of VALUE_CARRYING_FIELDS) delete fields[field];
    fields.query = sql;
    if (isDataException(fields.code)) {
      const message = withoutQuotedValues(error.message);
      error.stack = error.stack?.replace(error.message, message);
      error.message = message;
    }
  }
  throw error;
}

/** Runs one statement; its error, if any, leaves without the values it was given. */
const guarded = async <T>(sql: string, run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    return withoutBoundValues(error, sql);
  }
};

// PostgreSQL returns int8 (count, bigserial) and numeric as strings by default; this product's
// counts stay far below 2^53, so parse them as numbers to match PGlite.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * Parameterised statements are sent as named prepared statements, so PostgreSQL parses and plans
 * each once per connection instead of on every request. The name is derived from the text. Page
 * sizes and offsets are written into the text (a limit the planner cannot see would change its
 * plans), so the set of texts grows with the pages users visit: past NAMED_STATEMENTS_MAX texts in
 * this process, a new text runs unnamed (planned each time), and neither this process nor a
 * PostgreSQL connection keeps more than that many.
 */
export const NAMED_STATEMENTS_MAX = 1_000;
const names = new Map<string, string>();

export function preparedStatement(sql: string, params: unknown[]): pg.QueryConfig {
  let name = names.get(sql);
  if (!name && names.size < NAMED_STATEMENTS_MAX)
    names.set(sql, (name = `m_${crypto.createHash('sha1').update(sql).digest('hex').slice(0, 20)}`));
  return name ? { name, text: sql, values: params } : { text: sql, values: params };
}

function fromPool(pool: pg.Pool): Database {
  const query = <T>(sql: string, params: unknown[] = []) =>
    guarded(sql, async () => (await pool.query(preparedStatement(sql, params))).rows as T[]);
  return {
    kind: 'postgresql',
    query,
    one: (sql, params) => firstOf(query(sql, params)),
    onCommit: (callback) => callback(),
    async tx(work) {
      const client = await pool.connect();
      const committed: (() => void)[] = [];
      const q: Queryable = {
        onCommit: (callback) => void committed.push(callback),
        query: <T>(sql: string, params: unknown[] = []) =>
          guarded(sql, async () => (await client.query(preparedStatement(sql, params))).rows as T[]),
        one: <T>(sql: string, params?: unknown[]) => firstOf(q.query<T>(sql, params)),
        exec: (sql: string) => guarded(sql, async () => void (await client.query(sql))),
      };
      try {
        await client.query('BEGIN');
        const result = await work(q);
        await client.query('COMMIT');
        committed.forEach((callback) => callback());
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: (sql) => guarded(sql, async () => void (await pool.query(sql))),
    close: () => pool.end(),
  };
}

function fromPglite(db: PGlite, release: () => void): Database {
  const query = <T>(sql: string, params: unknown[] = []) => guarded(sql, async () => (await db.query<T>(sql, params)).rows);
  return {
    kind: 'pglite',
    query,
    one: (sql, params) => firstOf(query(sql, params)),
    onCommit: (callback) => callback(),
    async tx(work) {
      const committed: (() => void)[] = [];
      const result = await db.transaction(async (tx) => {
        const q: Queryable = {
          onCommit: (callback) => void committed.push(callback),
          query: <T>(sql: string, params: unknown[] = []) => guarded(sql, async () => (await tx.query<T>(sql, params)).rows),
          one: <T>(sql: string, params?: unknown[]) => firstOf(q.query<T>(sql, params)),
          exec: (sql: string) => guarded(sql, async () => void (await tx.exec(sql))),
        };
        return work(q);
      });
      committed.forEach((callback) => callback());
      return result;
    },
    exec: (sql) => guarded(sql, async () => void (await db.exec(sql))),
    async close() {
      await db.close();
      release();
    },
  };
}

export interface OpenOptions {
  databaseUrl: string | null;
  /** Where PGlite keeps its files; null keeps the database in memory (tests). */
  dataDir: string | null;
  poolSize?: number;
  /** An in-memory PGlite starts as a copy of this dump (see Database.dump) instead of empty. */
  startFrom?: Blob;
}

/**
 * PGlite and its extension, loaded only when the embedded database is used: a server on PostgreSQL (and each
 * of its test files' processes) does not pay for loading the WebAssembly driver.
 */
async function embeddedDriver() {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return { PGlite, pg_trgm };
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // JIT compiling pays off for long reports, not for the short statements of a request: on the
    // activity lists it added 20-30 ms to statements that run in a few (see api/bench).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, options: '-c jit=off' });
    pool.on('error', (error) => console.error('PostgreSQL pool error', error.message));
    await pool.query('select 1');
    return fromPool(pool);
  }
  const { PGlite, pg_trgm } = await embeddedDriver();
  if (!options.dataDir) {
    const db = await PGlite.create({ extensions: { pg_trgm }, ...(options.startFrom ? { loadDataDir: options.startFrom } : {}) });
    return { ...fromPglite(db, () => undefined), dump: async () => (await db.dumpDataDir('none')) as Blob };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const release = acquireDataDirLock(options.dataDir);
  try {
    const db = await PGlite.create({ dataDir: path.join(options.dataDir, 'pglite'), extensions: { pg_trgm } });
    return fromPglite(db, release);
  } catch (error) {
    release();
    throw error;
  }
}
