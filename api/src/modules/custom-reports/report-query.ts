/**
 * Turns a custom report's definition (already checked against the catalogue by its zod schema) into one
 * parameterised statement over its dataset's fixed FROM clause, scoped to the acting tenant's subtree.
 * Every identifier comes from report-datasets.ts; every value the user typed is a parameter.
 *
 * Reading in batches: the statement wraps the report's own select (`r`) and orders it by the chosen sorts,
 * nulls last, then by tie-breakers that make the order total (the row's key, or a grouped report's group
 * columns). A batch starts strictly after the last row of the one before (keyset), so no batch re-reads or
 * skips a row and no run holds more than a batch in memory.
 */
import {
  columnOf,
  datasetByKey,
  outputColumns,
  type Aggregate,
  type ColumnKind,
  type OutputColumn,
  type ReportCell,
  type ReportDefinition,
  type ReportFilter,
} from '@meridian/shared/contract/report-catalogue';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { fieldError } from '../../http/errors';
import { inScope } from '../../tenancy/subtree';
import { DATASET_SQL, type DatasetSql } from './report-datasets';

const UTC_INSTANT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A value as it leaves: a day as `YYYY-MM-DD`, an instant as ISO 8601 in UTC, the rest as they are. */
function formatted(sql: string, kind: ColumnKind) {
  if (kind === 'date') return `to_char(${sql}, 'YYYY-MM-DD')`;
  if (kind === 'instant') return `to_char(${sql} at time zone 'UTC', ${UTC_INSTANT})`;
  return sql;
}

function aggregated(sql: string, kind: ColumnKind, aggregate: Aggregate) {
  if (aggregate === 'count') return `count(${sql})::int`;
  if (aggregate === 'min' || aggregate === 'max') return formatted(`${aggregate}(${sql})`, kind);
  // Money stays whole minor units: a sum is exact, an average is rounded to the minor unit.
  if (kind === 'money') return aggregate === 'sum' ? `sum(${sql})::bigint` : `round(avg(${sql}))::bigint`;
  return aggregate === 'sum' ? `sum(${sql})` : `round(avg(${sql})::numeric, 2)`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface FilterContext {
  p: SqlParams;
  timeZone: string;
}

/** The start of a day in the tenant's zone, as an instant. */
const dayStart = (ctx: FilterContext, day: string, plusDays = 0) =>
  `((${ctx.p.add(day)}::date + ${plusDays})::timestamp at time zone ${ctx.p.add(ctx.timeZone)}::text)`;

function textFilter(e: string, f: ReportFilter, p: SqlParams) {
  const value = f.value as string;
  switch (f.operator) {
    case 'eq':
      return `upper(${e}) = ${p.add(value.trim().toUpperCase())}`;
    case 'ne':
      return `(${e} is null or upper(${e}) <> ${p.add(value.trim().toUpperCase())})`;
    case 'contains':
      return `upper(${e}) like ${p.add(`%${escapeLike(value.trim().toUpperCase())}%`)}`;
    case 'startsWith':
      return `upper(${e}) like ${p.add(`${escapeLike(value.trim().toUpperCase())}%`)}`;
    case 'in':
      return `upper(${e}) = any(${p.add((f.value as string[]).map((v) => v.trim().toUpperCase()))}::text[])`;
    default:
      return null;
  }
}

const COMPARISONS: Partial<Record<ReportFilter['operator'], string>> = { eq: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' };

function numberFilter(e: string, f: ReportFilter, p: SqlParams) {
  if (f.operator === 'ne') return `(${e} is null or ${e} <> ${p.add(f.value)})`;
  if (f.operator === 'between') {
    const [a, b] = f.value as number[];
    return `${e} between ${p.add(Math.min(a!, b!))} and ${p.add(Math.max(a!, b!))}`;
  }
  const op = COMPARISONS[f.operator];
  return op ? `${e} ${op} ${p.add(f.value)}` : null;
}

function dateFilter(e: string, f: ReportFilter, p: SqlParams) {
  if (f.operator === 'between') {
    const [a, b] = [...(f.value as string[])].sort();
    return `${e} between ${p.add(a)}::date and ${p.add(b)}::date`;
  }
  const op = COMPARISONS[f.operator];
  return op ? `${e} ${op} ${p.add(f.value)}::date` : null;
}

/** An instant compared by the day it falls on in the tenant's zone. */
function instantFilter(e: string, f: ReportFilter, ctx: FilterContext) {
  const day = f.value as string;
  switch (f.operator) {
    case 'eq':
      return `(${e} >= ${dayStart(ctx, day)} and ${e} < ${dayStart(ctx, day, 1)})`;
    case 'lt':
      return `${e} < ${dayStart(ctx, day)}`;
    case 'lte':
      return `${e} < ${dayStart(ctx, day, 1)}`;
    case 'gt':
      return `${e} >= ${dayStart(ctx, day, 1)}`;
    case 'gte':
      return `${e} >= ${dayStart(ctx, day)}`;
    case 'between': {
      const [a, b] = [...(f.value as string[])].sort();
      return `(${e} >= ${dayStart(ctx, a!)} and ${e} < ${dayStart(ctx, b!, 1)})`;
    }
    default:
      return null;
  }
}

function filterSql(e: string, kind: ColumnKind, f: ReportFilter, ctx: FilterContext): string | null {
  if (f.operator === 'isEmpty') return kind === 'text' ? `(${e} is null or ${e} = '')` : `${e} is null`;
  if (f.operator === 'isNotEmpty') return kind === 'text' ? `(${e} is not null and ${e} <> '')` : `${e} is not null`;
  if (kind === 'text') return textFilter(e, f, ctx.p);
  if (kind === 'number' || kind === 'money') return numberFilter(e, f, ctx.p);
  if (kind === 'date') return dateFilter(e, f, ctx.p);
  return instantFilter(e, f, ctx);
}

/** A column's expression from the whitelist, or a 400 naming the field (the schema refuses these first). */
function columnSql(sql: DatasetSql, key: string, field: string) {
  const expression = Object.hasOwn(sql.columns, key) ? sql.columns[key] : undefined;
  if (typeof expression !== 'string') throw fieldError(field, `There is no column ${key}.`);
  return expression;
}

/** One term of the total order: an output column of `r`, its direction, nulls last. */
interface OrderTerm {
  expression: string;
  direction: 'ASC' | 'DESC';
}

export interface CompiledReport {
  columns: OutputColumn[];
  /** The report's own select; its columns are `c0`... (and `k`, the row key, when ungrouped). */
  inner: string;
  params: unknown[];
  order: OrderTerm[];
  /** How many leading `c` columns a row answers (the rest of `order` reads `k`). */
  width: number;
}

export async function compileReport(
  q: Queryable,
  scope: TenantScope,
  definition: ReportDefinition,
  timeZoneOf: (q: Queryable, tenantId: string) => Promise<string>,
): Promise<CompiledReport> {
  const dataset = datasetByKey(definition.dataset);
  const sql = Object.hasOwn(DATASET_SQL, definition.dataset) ? DATASET_SQL[definition.dataset] : undefined;
  if (!dataset || !sql) throw fieldError('definition.dataset', 'There is no such dataset.');
  const columns = outputColumns(definition);
  const p = sqlParams();
  const ctx: FilterContext = { p, timeZone: await timeZoneOf(q, scope.tenantId) };
  const grouped = definition.groupBy.length > 0 || definition.columns.some((c) => c.aggregate);

  const select = definition.columns.map((c, i) => {
    const kind = columnOf(dataset, c.column)!.kind;
    const e = columnSql(sql, c.column, `definition.columns.${i}.column`);
    return `${c.aggregate ? aggregated(e, kind, c.aggregate) : formatted(e, kind)} as c${i}`;
  });
  if (!grouped) select.push(`${sql.rowKey} as k`);

  const where = [inScope(sql.tenantColumn, scope, p), sql.live];
  definition.filters.forEach((f, i) => {
    const kind = columnOf(dataset, f.column)!.kind;
    const condition = filterSql(columnSql(sql, f.column, `definition.filters.${i}.column`), kind, f, ctx);
    if (!condition) throw fieldError(`definition.filters.${i}.operator`, 'This operator does not apply to this column.');
    where.push(condition);
  });
  const groupBy = definition.groupBy.map((key, i) => columnSql(sql, key, `definition.groupBy.${i}`));

  const indexOf = (c: { column: string; aggregate?: Aggregate }) =>
    definition.columns.findIndex((x) => x.column === c.column && x.aggregate === c.aggregate);
  const order: OrderTerm[] = definition.sort.map((s) => ({ expression: `r.c${indexOf(s)}`, direction: s.direction }));
  const tieBreakers = grouped ? definition.columns.flatMap((c, i) => (c.aggregate ? [] : [`r.c${i}`])) : ['r.k'];
  for (const expression of tieBreakers) if (!order.some((o) => o.expression === expression)) order.push({ expression, direction: 'ASC' });

  return {
    columns,
    inner: `select ${select.join(', ')} ${sql.from} where ${where.join(' and ')}${groupBy.length ? ` group by ${groupBy.join(', ')}` : ''}`,
    params: p.values,
    order,
    width: definition.columns.length,
  };
}

/** The values of a row's order terms, to start the next batch after it. */
type Cursor = unknown[];

/**
 * After `cursor` in the order, nulls last: for some term i, the terms before it equal the cursor's and
 * term i comes after it (a larger or smaller value, or a null after a value).
 */
function afterCursor(order: OrderTerm[], cursor: Cursor, p: SqlParams): string {
  const alternatives: string[] = [];
  const equalSoFar: string[] = [];
  order.forEach((term, i) => {
    const value = cursor[i];
    if (value !== null && value !== undefined) {
      const placeholder = p.add(value);
      const beyond = `(${term.expression} ${term.direction === 'ASC' ? '>' : '<'} ${placeholder} or ${term.expression} is null)`;
      alternatives.push([...equalSoFar, beyond].join(' and '));
      equalSoFar.push(`${term.expression} = ${placeholder}`);
    } else {
      equalSoFar.push(`${term.expression} is null`);
    }
  });
  return alternatives.length ? `(${alternatives.map((a) => `(${a})`).join(' or ')})` : 'false';
}

const orderBy = (order: OrderTerm[]) => order.map((o) => `${o.expression} ${o.direction} nulls last`).join(', ');
const cursorColumn = (o: OrderTerm) => o.expression.slice(2);

/** One batch of rows after `cursor` (from the start without one), with the cursor of its last row. */
export async function readBatch(q: Queryable, report: CompiledReport, size: number, cursor: Cursor | null) {
  const p = sqlParams(report.params);
  const where = cursor ? ` where ${afterCursor(report.order, cursor, p)}` : '';
  const found = await q.query<Record<string, unknown>>(
    `select * from (${report.inner}) r${where} order by ${orderBy(report.order)} limit ${Math.max(1, Math.floor(size))}`,
    p.values,
  );
  const rows = found.map((row) => Array.from({ length: report.width }, (_, i) => (row[`c${i}`] ?? null) as ReportCell));
  const last = found.at(-1);
  return { rows, cursor: last ? report.order.map((o) => last[cursorColumn(o)] ?? null) : null };
}

export async function* readAllRows(q: Queryable, report: CompiledReport, batchSize: number): AsyncGenerator<ReportCell[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const batch = await readBatch(q, report, batchSize, cursor);
    yield* batch.rows;
    if (batch.rows.length < batchSize || !batch.cursor) return;
    cursor = batch.cursor;
  }
}
