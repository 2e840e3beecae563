/**
 * The database checks of the preview and of a fix: the import's own writers (csv-import-write.ts) in
 * check-only mode, so the rows are checked exactly as the import will check them (the same cached
 * look-ups, a lead's contact new in its company and among the rows before it) while nothing is written
 * or locked. Rows are checked a batch at a time; the checker keeps its look-ups and the leads already met
 * from one batch to the next, so it is one pass over the file.
 */
import type { CsvCellError, CsvImportModel } from '@meridian/shared/contract/csv-import';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { importWriter, RowFailure } from './csv-import-write';

export interface DbCheckContext {
  q: Queryable;
  scope: TenantScope;
  userId: string;
}

export interface RowToCheck {
  rowNumber: number;
  /** The row's input as the model's schema parsed it. */
  input: Record<string, unknown>;
}

export type DbChecker = (rows: readonly RowToCheck[]) => Promise<Map<number, CsvCellError[]>>;

/** A checker for one pass over a file's rows (in row order): each batch answers its rows' errors by row number. */
export function dbChecker(model: CsvImportModel, c: DbCheckContext): DbChecker {
  let refused = new Map<number, CsvCellError[]>();
  const refuse = (failure: RowFailure) =>
    refused.set(failure.rowNumber, [...(refused.get(failure.rowNumber) ?? []), { column: failure.column, message: failure.reason }]);
  const writer = importWriter(model, { ...c, checkOnly: true, refuse });
  return async (rows) => {
    refused = new Map();
    for (const { rowNumber, input } of rows) {
      try {
        await writer.add(rowNumber, input);
      } catch (error) {
        if (!(error instanceof RowFailure)) throw error;
        refuse(error);
      }
    }
    // Checks made per batch (a lead's duplicate) are made when the batch is handed on.
    await writer.finish();
    return refused;
  };
}
