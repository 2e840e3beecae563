/** Reading imports: the import with its counts and preview (fixes applied), and its error rows, paged in row order. */
import { CSV_IMPORT_LIMITS, type CsvImport, type CsvRow } from '@meridian/shared/contract/csv-import';
import type { PagingMeta } from '@meridian/shared/contract/envelope';
import type { Queryable } from '../../db/database';
import { notFound } from '../../http/errors';

/** Rows written so far by imports running in this process (their transaction hides them from the database until it ends). */
export const importProgress = new Map<string, number>();

interface ImportRecord extends Omit<CsvImport, 'previewRows'> {
  previewRows: CsvRow[];
}

export async function importById(q: Queryable, id: string): Promise<CsvImport> {
  const row = await q.one<ImportRecord>(
    `select i.id, i.model, i.file_name as "fileName", i.status, i.total_rows as "totalRows",
       (select count(*)::int from csv_import_rows r where r.import_id = i.id and r.errors <> '[]'::jsonb) as "errorRows",
       i.done_rows as "doneRows", i.failure, i.headers, i.preview_rows as "previewRows", i.tenant_id as "tenantId", i.user_id as "userId",
       i.date_created as "dateCreated", i.date_modified as "dateModified"
     from csv_imports i where i.id = $1`,
    [id],
  );
  if (!row) throw notFound('CSV import');
  // The preview shows the first rows as they are now: fixed where the user fixed them.
  const kept = await q.query<CsvRow>(
    `select row_number as "rowNumber", row_values as values, errors from csv_import_rows where import_id = $1 and row_number <= $2`,
    [id, CSV_IMPORT_LIMITS.previewRows],
  );
  const byNumber = new Map(kept.map((r) => [r.rowNumber, r]));
  const previewRows = row.previewRows.map((r) => byNumber.get(r.rowNumber) ?? r);
  const running = importProgress.get(id);
  return {
    ...row,
    previewRows,
    doneRows: row.status === 'importing' && running !== undefined ? running : row.doneRows,
    dateCreated: new Date(row.dateCreated).toISOString(),
    dateModified: new Date(row.dateModified).toISOString(),
  };
}

export async function errorRowsPage(q: Queryable, id: string, query: { page: number; size: number }, maxPageSize: number) {
  const size = Math.min(query.size, maxPageSize);
  const offset = (query.page - 1) * size;
  const rows = await q.query<CsvRow>(
    `select row_number as "rowNumber", row_values as values, errors from csv_import_rows
     where import_id = $1 and errors <> '[]'::jsonb order by row_number limit ${size} offset ${offset}`,
    [id],
  );
  const total = await q.one<{ n: number }>(
    `select count(*)::int as n from csv_import_rows where import_id = $1 and errors <> '[]'::jsonb`,
    [id],
  );
  const paging: PagingMeta = { pageNumber: query.page, pageSize: size, total: total?.n ?? 0 };
  return { rows, paging };
}
