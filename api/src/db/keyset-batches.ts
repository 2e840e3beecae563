/**
 * Reading a whole list in keyset batches (an export of a report's rows): the list's own order made total by a
 * unique id, each batch starting strictly after the last row of the one before (`(sort, id) > (last sort, last
 * id)`), so a walk holds one batch at a time, costs no OFFSET, and neither skips nor repeats a row whose sort
 * value it shares with others. No transaction stays open between batches.
 */
import { fieldError } from '../http/errors';
import type { SqlParams } from './sql-params';

export interface KeysetField {
  /** The SQL of the sort value. */
  expression: string;
  /** Its type, for the cursor's parameter. */
  type: 'text' | 'int';
}

/** A list's sort fields as a keyset walk reads them (the paged list's `SortSpec`, with each field's type). */
export interface KeysetSort {
  fields: Record<string, KeysetField>;
  defaultField: string;
  defaultOrder: 'ASC' | 'DESC';
  /** A unique uuid column that makes the order total. */
  tieBreaker: string;
}

export interface KeysetOrder extends KeysetField {
  tieBreaker: string;
  descending: boolean;
}

/** Where a batch starts: after the row with this sort value and id. */
export interface KeysetCursor {
  value: string | number;
  id: string;
}

/** The paged list's `fields` (field name to SQL) of a keyset sort, so both read one list of expressions. */
export const sortExpressions = (sort: KeysetSort): Record<string, string> =>
  Object.fromEntries(Object.entries(sort.fields).map(([name, field]) => [name, field.expression]));

/** The order a query asks for (`sortField`, `sortOrder`), or a field error on `errorField` naming the choices. */
export function keysetOrder(sort: KeysetSort, query: { sortField?: string; sortOrder?: string }, errorField = 'sortField'): KeysetOrder {
  const name = query.sortField ?? sort.defaultField;
  // Own keys only: `constructor` would otherwise find Object.prototype's.
  const field = Object.hasOwn(sort.fields, name) ? sort.fields[name] : undefined;
  if (!field) throw fieldError(errorField, `Sort by one of: ${Object.keys(sort.fields).join(', ')}.`);
  const descending = (query.sortOrder ?? sort.defaultOrder).toUpperCase() === 'DESC';
  return { ...field, tieBreaker: sort.tieBreaker, descending };
}

/** SQL: the condition that starts a batch after `after` (empty for the first), and the batches' ORDER BY. */
export function keysetSql(order: KeysetOrder, after: KeysetCursor | null, p: SqlParams) {
  const direction = order.descending ? 'desc' : 'asc';
  const keys = `(${order.expression}, ${order.tieBreaker})`;
  return {
    after: after ? ` and ${keys} ${order.descending ? '<' : '>'} (${p.add(after.value)}::${order.type}, ${p.add(after.id)}::uuid)` : '',
    orderBy: `${order.expression} ${direction}, ${order.tieBreaker} ${direction}`,
  };
}

/** The batches `read` answers, each read after the last row of the one before, until one comes short. */
export async function* keysetBatches<Row>(
  read: (after: KeysetCursor | null) => Promise<Row[]>,
  cursorOf: (row: Row) => KeysetCursor,
  batchRows: number,
): AsyncIterable<Row[]> {
  let after: KeysetCursor | null = null;
  for (;;) {
    const batch = await read(after);
    if (batch.length) yield batch;
    const last = batch.at(-1);
    if (!last || batch.length < batchRows) return;
    after = cursorOf(last);
  }
}
