/** Saved commands as the contract answers them. */
import type { GeoCommand } from '@meridian/shared/contract/geo-command';
import { GEO_LIST_DEFAULTS } from '@meridian/shared/contract/geo-list';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { Queryable } from '../../db/database';
import type { SqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, type SortSpec } from '../../http/paging';

const COLUMNS = `c.id, 'command' as type, c.description, c.command_type as "commandType", c.hardware_id as "hardwareId", h.make,
  h.model as "hardwareModel", c.attributes, c.tenant_id as "tenantId", tn.name as "tenantName", c.date_created as "dateCreated",
  c.date_modified as "dateModified"`;
const FROM = `from commands c join tenants tn on tn.id = c.tenant_id left join device_hardware h on h.id = c.hardware_id`;

/** A command's name is its description: the spec's default sort field `name` sorts by it. */
const SORT: SortSpec = {
  fields: {
    name: 'c.description',
    description: 'c.description',
    commandType: 'c.command_type',
    make: 'h.make',
    dateCreated: 'c.date_created',
    tenantName: 'tn.name',
  },
  defaultField: GEO_LIST_DEFAULTS.sortField,
  defaultOrder: GEO_LIST_DEFAULTS.sortOrder,
  tieBreaker: 'c.id',
};

export async function commandById(q: Queryable, id: string): Promise<GeoCommand> {
  return (await q.one<GeoCommand>(`select ${COLUMNS} ${FROM} where c.id = $1`, [id]))!;
}

/** A page of the saved commands the condition holds; `hardwareId` narrows to that hardware's (and those for any hardware are not included). */
export async function commandPage(q: Queryable, where: string, p: SqlParams, query: PagingQuery, maxPageSize: number, hardwareId?: string) {
  const page = pageSql(query, SORT, maxPageSize);
  let condition = where;
  if (hardwareId) condition += ` and c.hardware_id = ${p.add(hardwareId)}`;
  if (page.searchPattern) condition += ` and upper(c.description || ' ' || c.command_type) like ${p.add(page.searchPattern)}`;
  return pagedQuery<GeoCommand>(q, { select: COLUMNS, from: `${FROM} where ${condition}`, params: p.values }, page);
}

/** Every saved command the condition holds, by description, cut to the first 1000. */
export async function allCommands(q: Queryable, where: string, p: SqlParams): Promise<GeoCommand[]> {
  return q.query<GeoCommand>(
    `select ${COLUMNS} ${FROM} where ${where} order by c.description, c.id limit ${GEO_LIST_DEFAULTS.cut}`,
    p.values,
  );
}
