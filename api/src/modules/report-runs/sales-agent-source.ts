/**
 * The sales agent report as a run's source: per agent of the subtree (or one tenant inside it), the figures of
 * GET /reports/standard/sales-agents over its window (one day ago to 30 days ahead by default), with the route's
 * query schema, search and sorts. The agents are walked in keyset batches and each batch's figures are read as the
 * route reads a page's (one grouped read per figure), so a run holds one batch whatever the subtree's size.
 */
import { STANDARD_REPORT_WINDOWS, salesAgentReportQuerySchema } from '@meridian/shared/contract/standard-report';
import { keysetOrder } from '../../db/keyset-batches';
import type { Queryable } from '../../db/database';
import type { Subtree } from '../../tenancy/subtree';
import { dayWindow } from '../agent/day-window';
import { reportScope, reportWindow } from '../portfolio-reports/portfolio-access';
import { agentFigures } from '../sales-agent-report/sales-agent-figures';
import { AGENT_SORT, agentBatches, type AgentOfReport } from '../sales-agent-report/sales-agent-list';
import { parseParameters } from './report-parameters';
import type { ReportRow, RunnableReport } from './report-source';
import { mayReadStandardReports } from './standard-report-access';

/** Agents per batch: each batch costs four grouped reads, so a few hundred keeps them few and small. */
export const AGENT_BATCH_ROWS = 200;

async function* agentRows(
  db: Queryable,
  subtree: Subtree,
  agents: AsyncIterable<AgentOfReport[]>,
  window: { start: Date; end: Date },
): AsyncIterable<ReportRow> {
  for await (const batch of agents) {
    const figures = await agentFigures(
      db,
      subtree,
      batch.map((agent) => agent.userId),
      window.start,
      window.end,
    );
    for (const agent of batch) {
      const own = figures.get(agent.userId)!;
      // As the screen shows it: "Visited 3, Open 1", the most first.
      const byStatus = own.activitiesByStatus.map((s) => `${s.status} ${s.count}`).join(', ');
      yield { ...agent, ...own, byStatus };
    }
  }
}

export const salesAgentSource: RunnableReport & { reportId: 'salesAgentReport' } = {
  reportId: 'salesAgentReport',
  kind: 'standard',
  mayRead: mayReadStandardReports,
  async open(parameters, { db, caller }) {
    const query = parseParameters(salesAgentReportQuerySchema, parameters);
    const order = keysetOrder(AGENT_SORT, query, 'parameters.sortField');
    const scope = await reportScope(db, caller.scope, query.tenantId);
    const window = reportWindow(query, scope.today, STANDARD_REPORT_WINDOWS.agentDaysAhead);
    const instants = await dayWindow(db, window.fromDate, window.toDate, scope.timeZone);
    return {
      name: 'Sales agent report',
      heading: `Sales agents, ${window.fromDate} to ${window.toDate}`,
      columns: [
        { key: 'agentName', label: 'Agent', kind: 'text' },
        { key: 'userName', label: 'User name', kind: 'text' },
        { key: 'tenantName', label: 'Tenant', kind: 'text' },
        { key: 'activities', label: 'Activities', kind: 'count' },
        { key: 'byStatus', label: 'By status', kind: 'text' },
        { key: 'leads', label: 'Leads', kind: 'count' },
        { key: 'conversions', label: 'Conversions', kind: 'count' },
        { key: 'distanceMeters', label: 'Distance (m)', kind: 'count' },
        { key: 'fieldMinutes', label: 'Time in the field (min)', kind: 'count' },
      ],
      rows: agentRows(db, scope.path, agentBatches(db, scope.path, query, order, AGENT_BATCH_ROWS), instants),
    };
  },
};
