/**
 * Fixing rows: the user's values replace a row's (only the model's columns are kept), the row is checked
 * again with the model's schema and against the database as the import will check it, and it is kept as
 * fixed with its new errors (none once it passes). A lead's contact must be new among the file's other
 * rows too, so one lead's fix can make or clear another row's error: for leads the whole file (with every
 * fix) is checked again and its error rows replaced.
 */
import { CSV_COLUMNS, validateCsvRow, type CsvRow, type CsvRowFix, type CsvValues } from '@meridian/shared/contract/csv-import';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { conflict, fieldError } from '../../http/errors';
import type { ImportRow } from './csv-import-access';
import { checkFile, storeRows } from './csv-import-check';
import { dbChecker, type RowToCheck } from './csv-import-db-check';

export interface FixContext {
  scope: TenantScope;
  userId: string;
  /** The import's stored file. */
  file: string;
}

/** Checks the whole file again with every fix and replaces its kept rows: fixed rows with their errors, other rows with errors. */
async function recheckFile(q: Queryable, imp: ImportRow, c: FixContext, fixed: readonly CsvRow[]): Promise<CsvRow[]> {
  const fixes = new Map(
    (
      await q.query<{ n: number; values: CsvValues }>(
        `select row_number as n, row_values as values from csv_import_rows where import_id = $1 and fixed`,
        [imp.id],
      )
    ).map((r) => [r.n, r.values]),
  );
  for (const row of fixed) fixes.set(row.rowNumber, row.values);
  const checked = await checkFile(c.file, imp.model, dbChecker(imp.model, { q, scope: c.scope, userId: c.userId }), fixes);
  const errorsOf = new Map(checked.errorRows.map((r) => [r.rowNumber, r.errors]));
  await q.query(`delete from csv_import_rows where import_id = $1 and not fixed`, [imp.id]);
  await storeRows(
    q,
    imp.id,
    checked.errorRows.filter((r) => !fixes.has(r.rowNumber)),
    false,
  );
  await storeRows(
    q,
    imp.id,
    [...fixes].map(([rowNumber, values]) => ({ rowNumber, values, errors: errorsOf.get(rowNumber) ?? [] })),
    true,
  );
  await q.query(`update csv_imports set preview_rows = $2::jsonb where id = $1`, [imp.id, JSON.stringify(checked.previewRows)]);
  return fixed.map((r) => ({ ...r, errors: errorsOf.get(r.rowNumber) ?? [] }));
}

export async function fixRows(q: Queryable, imp: ImportRow, fix: CsvRowFix, c: FixContext): Promise<CsvRow[]> {
  if (imp.status === 'importing' || imp.status === 'imported') throw conflict(`This file is ${imp.status}: its rows cannot change.`);
  const valid: RowToCheck[] = [];
  let rows: CsvRow[] = fix.rows.map(({ rowNumber, values }, index) => {
    if (rowNumber > imp.total_rows)
      throw fieldError(`rows.${index}.rowNumber`, `The file has ${imp.total_rows} rows; there is no row ${rowNumber}.`);
    const kept: CsvValues = {};
    for (const column of CSV_COLUMNS[imp.model]) kept[column.name] = values[column.name] ?? '';
    const checked = validateCsvRow(imp.model, kept);
    if (checked.ok) valid.push({ rowNumber, input: checked.input });
    return { rowNumber, values: kept, errors: checked.ok ? [] : checked.errors };
  });
  if (imp.model === 'leads') rows = await recheckFile(q, imp, c, rows);
  else {
    // The database is asked in row order, as the import asks it.
    const refused = await dbChecker(imp.model, { q, scope: c.scope, userId: c.userId })(valid.sort((a, b) => a.rowNumber - b.rowNumber));
    rows = rows.map((r) => ({ ...r, errors: r.errors.length ? r.errors : (refused.get(r.rowNumber) ?? []) }));
    await storeRows(q, imp.id, rows, true);
  }
  // A fix dropped a row's error: an import that failed may be tried again.
  await q.query(`update csv_imports set date_modified = now() where id = $1`, [imp.id]);
  return rows;
}
