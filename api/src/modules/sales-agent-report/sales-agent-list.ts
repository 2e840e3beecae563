/** The sales agent report's agents: users of the subtree holding an agent role, one page of them, sorted and searched. */
import { ROLE_GROUPS } from '@meridian/shared/contract/roles';
import type { SalesAgentReportQuery } from '@meridian/shared/contract/standard-report';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql } from '../../http/paging';
import { inScope, type Subtree } from '../../tenancy/subtree';

export interface AgentOfReport {
  userId: string;
  agentName: string;
  userName: string;
  tenantName: string;
}

const SORT = {
  fields: { agentName: `trim(u.first_name || ' ' || u.last_name)`, userName: 'u.user_name', tenantName: 't.name' },
  defaultField: 'agentName',
  defaultOrder: 'ASC' as const,
  tieBreaker: 'u.id',
};

export async function agentsPage(q: Queryable, subtree: Subtree, query: SalesAgentReportQuery, maxPageSize: number) {
  const page = pageSql(query, SORT, maxPageSize);
  const p = sqlParams();
  let where = `${inScope('u.tenant_id', subtree, p)} and u.deleted_at is null
    and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and lower(trim(r.name)) = any(${p.add([...ROLE_GROUPS.agent])}::text[]))`;
  if (page.searchPattern) where += ` and u.search_text like ${p.add(page.searchPattern)}`;
  return pagedQuery<AgentOfReport>(
    q,
    {
      select: `u.id as "userId", trim(u.first_name || ' ' || u.last_name) as "agentName", u.user_name as "userName", t.name as "tenantName"`,
      from: `from users u join tenants t on t.id = u.tenant_id where ${where}`,
      params: p.values,
    },
    page,
  );
}
