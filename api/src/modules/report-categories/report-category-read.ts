/** Report categories as the contract answers them: in pages (managing), one by id, and the ones a person sees. */
import { REPORT_CATEGORY_SORT_FIELDS, type ReportCategory } from '@meridian/shared/contract/report-category';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { Queryable } from '../../db/database';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';
import { categorySeen, type CategoryViewer } from './report-category-access';

/** Names from the root down, `Finance / Arrears`: the writes keep the tree free of cycles. */
const NAME_PATH = `(with recursive up as (
    select u.name, u.parent_category_id, 0 as depth from report_categories u where u.id = c.id
    union all select p.name, p.parent_category_id, up.depth + 1 from up join report_categories p on p.id = up.parent_category_id)
  select string_agg(up.name, ' / ' order by up.depth desc) from up)`;

const COLUMNS = `c.id, c.name, c.parent_category_id as "parentCategoryId", parent.name as "parentName", ${NAME_PATH} as path,
  coalesce((select json_agg(json_build_object('roleId', r.id, 'name', r.name, 'reportCatRolesId', l.id) order by upper(r.name))
    from report_category_roles l join roles r on r.id = l.role_id where l.category_id = c.id), '[]') as roles,
  coalesce((select json_agg(json_build_object('tenantId', t.id, 'name', t.name, 'reportCatTenantsId', l.id) order by upper(t.name))
    from report_category_tenants l join tenants t on t.id = l.tenant_id where l.category_id = c.id), '[]') as tenants,
  c.tenant_id as "tenantId", ot.name as "tenantName",
  (select count(*)::int from custom_reports cr where cr.category_id = c.id and cr.deleted_at is null) as reports,
  c.date_created as "dateCreated", c.date_modified as "dateModified"`;
const FROM = `from report_categories c join tenants ot on ot.id = c.tenant_id left join report_categories parent on parent.id = c.parent_category_id`;

/** Tree order by default: the name path sorts a category right after its parent. */
const SORT: SortSpec = {
  fields: { path: 'upper(c.path)', name: 'upper(c.name)', dateCreated: 'c."dateCreated"' } satisfies Record<
    (typeof REPORT_CATEGORY_SORT_FIELDS)[number],
    string
  >,
  defaultField: 'path',
  defaultOrder: 'ASC',
  tieBreaker: 'c.id',
};

export async function categoryPage(q: Queryable, filter: { where: string; p: SqlParams }, query: PagingQuery, maxPageSize: number) {
  const { p } = filter;
  const page = pageSql({ ...query, sortField: query.sortField || undefined }, SORT, maxPageSize);
  let where = filter.where;
  if (page.searchPattern) where += ` and c.search_text like ${p.add(page.searchPattern)}`;
  // The page is wrapped once so that it can be ordered by its name path.
  const { rows, paging } = await pagedQuery<ReportCategory>(
    q,
    { select: '*', from: `from (select ${COLUMNS} ${FROM} where ${where}) c`, params: p.values },
    page,
  );
  return { items: rows, paging };
}

export async function categoryById(q: Queryable, id: string): Promise<ReportCategory> {
  return (await q.one<ReportCategory>(`select ${COLUMNS} ${FROM} where c.id = $1`, [id]))!;
}

/** Every category `viewer` sees, in tree order. */
export async function categoriesSeenBy(q: Queryable, viewer: CategoryViewer): Promise<ReportCategory[]> {
  const p = sqlParams();
  return q.query<ReportCategory>(
    `select * from (select ${COLUMNS} ${FROM} where ${categorySeen('c.id', viewer, p)}) c order by upper(c.path), c.id`,
    p.values,
  );
}
