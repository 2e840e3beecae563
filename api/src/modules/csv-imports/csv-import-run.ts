/**
 * Running an import: every row of the file (with the user's fixes) is checked again and written in ONE
 * transaction, in batches; a row that fails (a check or the database) rolls everything back and the
 * import shows why. It runs after the call that starts it has answered; its progress (rows written so
 * far) is kept in this process for the status call, since the transaction hides it from the database.
 */
import { validateCsvRow, type CsvValues } from '@meridian/shared/contract/csv-import';
import type { TenantScope } from '../../auth/principal';
import type { Database } from '../../db/database';
import { AppError } from '../../http/errors';
import { readRows } from './csv-import-check';
import type { ImportRow } from './csv-import-access';
import { importProgress } from './csv-import-read';
import { importWriter, RowFailure } from './csv-import-write';

export interface RunOptions {
  db: Database;
  file: string;
  scope: TenantScope;
  userId: string;
  log: (message: string) => void;
}

/** How often (in rows) the progress is updated. */
const PROGRESS_EVERY = 500;

async function writeAll(imp: ImportRow, o: RunOptions) {
  await o.db.tx(async (q) => {
    const fixes = new Map(
      (
        await q.query<{ n: number; values: CsvValues }>(
          `select row_number as n, row_values as values from csv_import_rows where import_id = $1 and fixed`,
          [imp.id],
        )
      ).map((r) => [r.n, r.values]),
    );
    const writer = importWriter(imp.model, { q, scope: o.scope, userId: o.userId });
    let done = 0;
    await readRows(o.file, imp.model, async ({ rowNumber, values, rowError }) => {
      const fixed = fixes.get(rowNumber);
      if (!fixed && rowError) throw new RowFailure(rowNumber, rowError.message);
      const checked = validateCsvRow(imp.model, fixed ?? values);
      if (!checked.ok) throw new RowFailure(rowNumber, `${checked.errors[0]!.column}: ${checked.errors[0]!.message}`);
      await writer.add(rowNumber, checked.input);
      done += 1;
      if (done % PROGRESS_EVERY === 0) importProgress.set(imp.id, done);
    });
    await writer.finish();
    await q.query(`update csv_imports set status = 'imported', done_rows = $2, failure = null, date_modified = now() where id = $1`, [
      imp.id,
      done,
    ]);
  });
}

/** Why an import failed, as the user reads it; an unexpected error is logged and named only vaguely. */
function failureOf(error: unknown, o: RunOptions): string {
  if (error instanceof RowFailure || error instanceof AppError) return `Nothing was imported. ${error.message}`;
  o.log(`CSV import failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return `Nothing was imported: the database refused a row (${error instanceof Error ? error.message : 'unknown error'}).`;
}

/** Runs the import to its end; never throws (a failure is stored on the import). */
export async function runImport(imp: ImportRow, o: RunOptions): Promise<void> {
  importProgress.set(imp.id, 0);
  try {
    await writeAll(imp, o);
  } catch (error) {
    await o.db
      .query(`update csv_imports set status = 'failed', done_rows = 0, failure = $2, date_modified = now() where id = $1`, [
        imp.id,
        failureOf(error, o),
      ])
      .catch((e: unknown) => o.log(`CSV import ${imp.id}: its failure could not be stored: ${(e as Error).message}`));
  } finally {
    importProgress.delete(imp.id);
  }
}
