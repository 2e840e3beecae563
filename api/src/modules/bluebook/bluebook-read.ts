/** Bluebook valuations as the contract answers them, and the value of one vehicle. */
import type { Bluebook, BluebookListQuery } from '@meridian/shared/contract/bluebook';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { pathWithin } from '../../tenancy/subtree';
import { bluebookSeen } from './bluebook-access';

// bigint arrives as text from both drivers; it is read back as a number only once known to be exact (the schema caps it).
const COLUMNS = `b.id, b.make, b.model, b.year, b.value_minor::text as "valueMinor", b.currency, b.tenant_id as "tenantId",
  b.date_created as "dateCreated", b.date_modified as "dateModified"`;

type BluebookRow = Omit<Bluebook, 'valueMinor'> & { valueMinor: string };

const exactMinor = (text: string) => {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`bluebook value ${text} is past exact integers`);
  return value;
};

const answerOf = (row: BluebookRow): Bluebook => ({ ...row, valueMinor: exactMinor(row.valueMinor) });

const SORT: SortSpec = {
  fields: { make: 'b.make', model: 'b.model', year: 'b.year', valueMinor: 'b.value_minor', dateCreated: 'b.date_created' },
  defaultField: 'make',
  defaultOrder: 'ASC',
  tieBreaker: 'b.id',
};

export async function bluebookPage(q: Queryable, scope: TenantScope, query: BluebookListQuery, maxPageSize: number) {
  const p = sqlParams();
  const page = pageSql(query, SORT, maxPageSize);
  let where = bluebookSeen(scope, p);
  if (query.make) where += ` and upper(b.make) = upper(${p.add(query.make.trim())})`;
  if (query.model) where += ` and upper(b.model) = upper(${p.add(query.model.trim())})`;
  if (query.year) where += ` and b.year = ${p.add(query.year)}`;
  if (page.searchPattern) where += ` and upper(b.make || ' ' || b.model || ' ' || b.year) like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<BluebookRow>(
    q,
    { select: COLUMNS, from: `from bluebook_values b where ${where}`, params: p.values },
    page,
  );
  return { items: rows.map(answerOf), paging };
}

export async function bluebookById(q: Queryable, id: string): Promise<Bluebook> {
  return answerOf((await q.one<BluebookRow>(`select ${COLUMNS} from bluebook_values b where b.id = $1`, [id]))!);
}

/**
 * A vehicle's value: the valuation of exactly its make, model and year (without case), from its own
 * tenant or the nearest one above it; null without a model or year, or without a match.
 */
export async function bluebookValueFor(
  q: Queryable,
  vehicle: { tenantId: string; make: string; model: string | null; year: number | null },
) {
  if (!vehicle.model || vehicle.year === null) return null;
  const row = await q.one<{ id: string; valueMinor: string; currency: string }>(
    `select b.id, b.value_minor::text as "valueMinor", b.currency
     from tenants vt join tenants bt on ${pathWithin('vt.path', 'bt.path')} join bluebook_values b on b.tenant_id = bt.id
     where vt.id = $1 and upper(b.make) = upper($2) and upper(b.model) = upper($3) and b.year = $4
     order by length(bt.path) desc limit 1`,
    [vehicle.tenantId, vehicle.make, vehicle.model, vehicle.year],
  );
  return row ? { id: row.id, valueMinor: exactMinor(row.valueMinor), currency: row.currency } : null;
}
