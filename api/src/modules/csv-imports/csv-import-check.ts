/**
 * Checking an uploaded file: its header is mapped to the model's columns (a missing required column is
 * one 400 naming it), then every row is checked with the model's contract schema as it is read, and the
 * rows that pass are checked against the database a batch at a time, as the import will check them
 * (csv-import-db-check.ts), read-only. The rows that fail are kept (csv_import_rows) with their messages;
 * the others stay in the file.
 */
import {
  CSV_COLUMNS,
  CSV_IMPORT_LIMITS,
  mapHeaders,
  missingColumns,
  validateCsvRow,
  type CsvCellError,
  type CsvImportModel,
  type CsvValues,
} from '@meridian/shared/contract/csv-import';
import type { Queryable } from '../../db/database';
import { badRequest } from '../../http/errors';
import type { DbChecker } from './csv-import-db-check';
import { CsvSyntaxError, readCsvFile } from './csv-parse';

export interface CheckedRow {
  rowNumber: number;
  values: CsvValues;
  errors: CsvCellError[];
}

export interface CheckedFile {
  headers: { header: string; column: string | null }[];
  totalRows: number;
  previewRows: CheckedRow[];
  errorRows: CheckedRow[];
}

const fileError = (message: string) => badRequest(message, { [CSV_IMPORT_LIMITS.field]: [message] });

/** A record's values by the model's column names (a missing value is empty). */
export const valuesOf = (model: CsvImportModel, mapped: readonly (string | null)[], fields: readonly string[]): CsvValues => {
  const values: CsvValues = {};
  for (const column of CSV_COLUMNS[model]) values[column.name] = '';
  mapped.forEach((column, index) => {
    if (column) values[column] = fields[index] ?? '';
  });
  return values;
};

/** Whether a record has values the header has no column for (a comma too many). */
const overflowError = (fields: readonly string[], headerCount: number): CsvCellError | null =>
  fields.length > headerCount && fields.slice(headerCount).some((f) => f.trim() !== '')
    ? { column: 'row', message: `The row has ${fields.length} values; the header names ${headerCount} columns.` }
    : null;

/**
 * Reads the file's records in order, each as its row number and values by column, with the errors the
 * record itself has beyond its values'. The header is checked first.
 */
export async function readRows(
  file: string,
  model: CsvImportModel,
  onRow: (row: { rowNumber: number; values: CsvValues; rowError: CsvCellError | null }) => void | Promise<void>,
): Promise<{ headers: string[]; mapped: (string | null)[]; totalRows: number }> {
  let headers: string[] | null = null;
  let mapped: (string | null)[] = [];
  let rowNumber = 0;
  try {
    await readCsvFile(file, async (fields) => {
      if (!headers) {
        headers = fields.map((f) => f.trim());
        mapped = mapHeaders(model, headers);
        const missing = missingColumns(model, mapped);
        if (missing.length)
          throw fileError(
            `The file has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}, required for ${model}. ` +
              `Its header names: ${headers.join(', ') || 'nothing'}. Download the template for the columns.`,
          );
        return;
      }
      rowNumber += 1;
      if (rowNumber > CSV_IMPORT_LIMITS.maxRows) throw fileError(`A file holds at most ${CSV_IMPORT_LIMITS.maxRows} rows.`);
      await onRow({ rowNumber, values: valuesOf(model, mapped, fields), rowError: overflowError(fields, headers.length) });
    });
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw fileError(`The file cannot be read as CSV: ${error.message}`);
    throw error;
  }
  if (!headers) throw fileError('The file is empty: it needs a header row and at least one row.');
  return { headers, mapped, totalRows: rowNumber };
}

/**
 * Checks every row of the file (a fixed row with its fixed values), with the schema and then the database;
 * the failing rows are answered, in row order, not thrown.
 */
export async function checkFile(
  file: string,
  model: CsvImportModel,
  dbCheck: DbChecker,
  fixes: ReadonlyMap<number, CsvValues> = new Map(),
): Promise<CheckedFile> {
  const previewRows: CheckedRow[] = [];
  const errorRows: CheckedRow[] = [];
  let pending: { row: CheckedRow; input: Record<string, unknown> }[] = [];
  const settle = async () => {
    const batch = pending;
    pending = [];
    if (!batch.length) return;
    const refused = await dbCheck(batch.map(({ row, input }) => ({ rowNumber: row.rowNumber, input })));
    for (const { row } of batch) {
      const errors = refused.get(row.rowNumber);
      if (!errors) continue;
      row.errors.push(...errors);
      errorRows.push(row);
    }
  };
  const { headers, mapped, totalRows } = await readRows(file, model, async ({ rowNumber, values: read, rowError }) => {
    const fixed = fixes.get(rowNumber);
    const values = fixed ?? read;
    const result = validateCsvRow(model, values);
    const errors = [...(rowError && !fixed ? [rowError] : []), ...(result.ok ? [] : result.errors)];
    const row = { rowNumber, values, errors };
    if (rowNumber <= CSV_IMPORT_LIMITS.previewRows) previewRows.push(row);
    if (errors.length) errorRows.push(row);
    else if (result.ok) {
      pending.push({ row, input: result.input });
      if (pending.length >= CSV_IMPORT_LIMITS.batchRows) await settle();
    }
  });
  await settle();
  if (totalRows === 0) throw fileError('The file has a header but no rows.');
  // A batch's database errors come after the schema errors of the rows read since.
  errorRows.sort((a, b) => a.rowNumber - b.rowNumber);
  return { headers: headers.map((header, i) => ({ header, column: mapped[i] ?? null })), totalRows, previewRows, errorRows };
}

/** Keeps rows (failing or fixed) in batches: one statement per batch. */
export async function storeRows(q: Queryable, importId: string, rows: readonly CheckedRow[], fixed: boolean) {
  for (let start = 0; start < rows.length; start += CSV_IMPORT_LIMITS.batchRows) {
    const batch = rows.slice(start, start + CSV_IMPORT_LIMITS.batchRows);
    await q.query(
      `insert into csv_import_rows (import_id, row_number, row_values, errors, fixed)
       select $1, v.n, v.vals::jsonb, v.errs::jsonb, $4 from unnest($2::int[], $3::text[], $5::text[]) as v(n, vals, errs)
       on conflict (import_id, row_number) do update set row_values = excluded.row_values, errors = excluded.errors, fixed = excluded.fixed`,
      [
        importId,
        batch.map((r) => r.rowNumber),
        batch.map((r) => JSON.stringify(r.values)),
        fixed,
        batch.map((r) => JSON.stringify(r.errors)),
      ],
    );
  }
}
