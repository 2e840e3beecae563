/** Reading client groups: pages of the groups, and one group with a page of its members. */
import type { ClientGroup, ClientListItem } from '@meridian/shared/contract/client';
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { pagedQuery, pageSql } from '../../http/paging';
import { sqlParams } from '../../db/sql-params';
import { CLIENT_COLUMNS, CLIENT_FROM, clientVisible, GROUP_COLUMNS, GROUP_FROM, groupVisible, shownGroup } from './client-access';
import { BY_NAME } from './client-read';

/** One page of the visible groups. */
export function groupPage(q: Queryable, scope: TenantScope, query: PagingQuery, maxPageSize: number) {
  const page = pageSql(
    query,
    {
      fields: { dateCreated: 'g.date_created', name: 'lower(g.name)', memberCount: '"memberCount"', tenantName: 'tn.name' },
      defaultField: 'dateCreated',
      defaultOrder: 'DESC',
      tieBreaker: 'g.id',
    },
    maxPageSize,
  );
  const p = sqlParams();
  let where = groupVisible(scope, p);
  if (page.searchPattern) {
    where += ` and upper(g.name || ' ' || coalesce(g.description, '')) like ${p.add(page.searchPattern)}`;
  }
  return pagedQuery(q, { select: GROUP_COLUMNS, from: `${GROUP_FROM} where ${where}`, params: p.values }, page);
}

/** A visible group with one page of its visible members. */
export async function groupWithMembers(q: Queryable, scope: TenantScope, id: string, query: PagingQuery, maxPageSize: number) {
  const group = await shownGroup(q, scope, id);
  const page = pageSql(query, BY_NAME, maxPageSize);
  const p = sqlParams();
  let where = `${clientVisible(scope, p)} and exists (select 1 from client_group_members m where m.client_id = c.id and m.group_id = ${p.add(group.Id)})`;
  if (page.searchPattern) {
    where += ` and c.search_text like ${p.add(page.searchPattern)}`;
  }
  const { rows, paging } = await pagedQuery<ClientListItem>(
    q,
    { select: CLIENT_COLUMNS, from: `${CLIENT_FROM} where ${where}`, params: p.values },
    page,
  );
  const answer: ClientGroup = { ...group, members: rows };
  return { answer, paging };
}
