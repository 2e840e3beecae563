/**
 * The demo data is the same for every test file, and seeding it (argon2 hashes, a thousand rows)
 * is most of a test server's start. The API test script builds it once per pass and every server
 * starts from a copy: an in-memory PGlite from a dump file (TEST_SEEDED_PGLITE), a PostgreSQL
 * database from a template (TEST_SEEDED_TEMPLATE). Without those variables (one file run by hand)
 * each server seeds its own database, as before.
 *
 *   tsx test/support/seeded-database.ts build pglite <dump file>
 *   tsx test/support/seeded-database.ts build postgres <template name>
 *   tsx test/support/seeded-database.ts drop postgres <template name>
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { migrate } from '../../src/db/migrate';
import { openDatabase, type Database } from '../../src/db/database';
import { seedReferenceData } from '../../src/seed/reference-data';
import { seedDemoData } from '../../src/seed/demo-data';

const adminUrl = () => process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrlOf(name: string) {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs statements on the server's maintenance database (create and drop database cannot run in a pool's transaction). */
export async function onServer(...statements: string[]) {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

let dump: Promise<Blob> | null = null;
/** The seeded PGlite dump this pass built, read once per test process. */
export function seededDump(): Promise<Blob> | null {
  const file = process.env.TEST_SEEDED_PGLITE;
  if (!file) return null;
  dump ??= fs.promises.readFile(file).then((bytes) => new Blob([bytes]));
  return dump;
}

/** `template <name>` when this pass built a seeded PostgreSQL template, else nothing. */
export const seededTemplateClause = () => (process.env.TEST_SEEDED_TEMPLATE ? ` template ${process.env.TEST_SEEDED_TEMPLATE}` : '');

/**
 * The tests' lending portfolio: a tenth of the demo's, enough for every loan state, arrears and write-offs
 * (the full 3,000 would add about 8 s to each pass's seed on PGlite; tests make the loans they read).
 */
export const TEST_DEMO_LOANS = 300;

async function seed(db: Database) {
  await migrate(db);
  await seedReferenceData(db);
  await seedDemoData(db, { loans: TEST_DEMO_LOANS });
}

async function buildPglite(file: string) {
  const db = await openDatabase({ databaseUrl: null, dataDir: null });
  await seed(db);
  const blob = await db.dump!();
  await db.close();
  await fs.promises.writeFile(file, Buffer.from(await blob.arrayBuffer()));
}

async function buildPostgres(template: string) {
  await onServer(`drop database if exists ${template} with (force)`, `create database ${template}`);
  const db = await openDatabase({ databaseUrl: databaseUrlOf(template), dataDir: null, poolSize: 2 });
  try {
    await seed(db);
  } finally {
    await db.close();
  }
}

const [verb, kind, target] = process.argv.slice(2);
const runAsCommand = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runAsCommand) {
  if (!verb || !kind || !target || !/^[\w./-]+$/.test(target))
    throw new Error('usage: seeded-database.ts build|drop pglite|postgres <target>');
  if (verb === 'build' && kind === 'pglite') await buildPglite(target);
  else if (verb === 'build' && kind === 'postgres') await buildPostgres(target);
  else if (verb === 'drop' && kind === 'postgres') await onServer(`drop database if exists ${target} with (force)`);
  else throw new Error(`unknown command: ${verb} ${kind}`);
}
