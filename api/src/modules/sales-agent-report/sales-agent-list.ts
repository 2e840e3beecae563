/**
 * The sales agent report's agents: users of the subtree holding an agent role, searched and sorted, as one page
 * (the GET route) or as keyset batches of every one of them (the report's export, report-runs/sales-agent-source.ts).
 */
import { ROLE_GROUPS } from '@meridian/shared/contract/roles';
import type { SalesAgentReportQuery } from '@meridian/shared/contract/standard-report';
import type { Queryable } from '../../db/database';
import { keysetBatches, keysetSql, sortExpressions, type KeysetOrder, type KeysetSort } from '../../db/keyset-batches';
import { sqlParams, type SqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql, searchPattern } from '../../http/paging';
import { inScope, type Subtree } from '../../tenancy/subtree';

export interface AgentOfReport {
  userId: string;
  agentName: string;
  userName: string;
  tenantName: string;
}

export const AGENT_SORT: KeysetSort = {
  fields: {
    agentName: { expression: `trim(u.first_name || ' ' || u.last_name)`, type: 'text' },
    userName: { expression: 'u.user_name', type: 'text' },
    tenantName: { expression: 't.name', type: 'text' },
  },
  defaultField: 'agentName',
  defaultOrder: 'ASC',
  tieBreaker: 'u.id',
};

const SORT = { ...AGENT_SORT, fields: sortExpressions(AGENT_SORT) };

const AGENT_COLUMNS = `u.id as "userId", trim(u.first_name || ' ' || u.last_name) as "agentName", u.user_name as "userName", t.name as "tenantName"`;

/** The agents of the subtree whose search text matches `pattern` (null: all of them). */
function agentsWhere(subtree: Subtree, pattern: string | null, p: SqlParams): string {
  let where = `${inScope('u.tenant_id', subtree, p)} and u.deleted_at is null
    and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and lower(trim(r.name)) = any(${p.add([...ROLE_GROUPS.agent])}::text[]))`;
  if (pattern) where += ` and u.search_text like ${p.add(pattern)}`;
  return where;
}

export async function agentsPage(q: Queryable, subtree: Subtree, query: SalesAgentReportQuery, maxPageSize: number) {
  const page = pageSql(query, SORT, maxPageSize);
  const p = sqlParams();
  const where = agentsWhere(subtree, page.searchPattern, p);
  return pagedQuery<AgentOfReport>(
    q,
    { select: AGENT_COLUMNS, from: `from users u join tenants t on t.id = u.tenant_id where ${where}`, params: p.values },
    page,
  );
}

type AgentWithCursor = AgentOfReport & { sortValue: string };

/** Every agent the page would list (the same search), in `order`, `batchRows` at a time. */
export async function* agentBatches(
  q: Queryable,
  subtree: Subtree,
  query: Pick<SalesAgentReportQuery, 'search'>,
  order: KeysetOrder,
  batchRows: number,
): AsyncIterable<AgentOfReport[]> {
  const pattern = searchPattern(query.search);
  const batches = keysetBatches<AgentWithCursor>(
    (after) => {
      const p = sqlParams();
      const where = agentsWhere(subtree, pattern, p);
      const keyset = keysetSql(order, after, p);
      return q.query<AgentWithCursor>(
        `select ${AGENT_COLUMNS}, ${order.expression} as "sortValue" from users u join tenants t on t.id = u.tenant_id
         where ${where}${keyset.after} order by ${keyset.orderBy} limit ${batchRows}`,
        p.values,
      );
    },
    (agent) => ({ value: agent.sortValue, id: agent.userId }),
    batchRows,
  );
  for await (const batch of batches) yield batch.map(({ sortValue: _sortValue, ...agent }) => agent);
}
