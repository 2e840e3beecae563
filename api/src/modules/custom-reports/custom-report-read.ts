/** Custom reports as the contract answers them: in pages (sorted and searched on the server) and one by id. */
import {
  CUSTOM_REPORT_SORT_FIELDS,
  type CustomReport,
  type CustomReportListItem,
  type CustomReportListQuery,
} from '@meridian/shared/contract/custom-report';
import { REPORT_DATASETS } from '@meridian/shared/contract/report-catalogue';
import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';

/** The dataset's label, from the catalogue (a constant list, written into the statement as a values list of literals). */
const DATASET_LABELS = `(values ${REPORT_DATASETS.map((d) => `('${d.key}', '${d.label.replace(/'/g, "''")}')`).join(', ')}) as ds(key, label)`;

const COLUMNS = `cr.id, cr.name, cr.description, cr.dataset, coalesce(ds.label, cr.dataset) as "datasetLabel",
  cr.category_id as "categoryId", rc.name as "categoryName", cr.tenant_id as "tenantId",
  cr.owner_user_id as "ownerId", nullif(trim(coalesce(ou.first_name, '') || ' ' || coalesce(ou.last_name, '')), '') as "ownerName",
  cr.date_created as "dateCreated", cr.date_modified as "dateModified"`;
const FROM = `from custom_reports cr left join report_categories rc on rc.id = cr.category_id left join users ou on ou.id = cr.owner_user_id
  left join ${DATASET_LABELS} on ds.key = cr.dataset`;

const SORT: SortSpec = {
  fields: {
    name: 'upper(cr.name)',
    dataset: 'cr.dataset',
    category: 'upper(rc.name)',
    dateCreated: 'cr.date_created',
    dateModified: 'cr.date_modified',
  } satisfies Record<(typeof CUSTOM_REPORT_SORT_FIELDS)[number], string>,
  defaultField: 'name',
  defaultOrder: 'ASC',
  tieBreaker: 'cr.id',
};

export async function reportPage(q: Queryable, filter: { where: string; p: SqlParams }, query: CustomReportListQuery, maxPageSize: number) {
  const { p } = filter;
  const page = pageSql({ ...query, sortField: query.sortField || undefined }, SORT, maxPageSize);
  let where = filter.where;
  if (query.categoryId) where += ` and cr.category_id = ${p.add(query.categoryId)}`;
  if (page.searchPattern) where += ` and cr.search_text like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<CustomReportListItem>(
    q,
    { select: COLUMNS, from: `${FROM} where ${where}`, params: p.values },
    page,
  );
  return { items: rows, paging };
}

export async function reportById(q: Queryable, id: string): Promise<CustomReport> {
  return (await q.one<CustomReport>(`select ${COLUMNS}, cr.definition ${FROM} where cr.id = $1`, [id]))!;
}
