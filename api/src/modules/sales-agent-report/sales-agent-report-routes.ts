/**
 * GET /api/reports/standard/sales-agents (issue 22 item 1, `salesAgentReport`): per agent of the caller's subtree
 * (or one tenant inside it), activities by status, leads, conversions, distance travelled and time in the field
 * over a window of days (one day ago to 30 days ahead by default). Figures: sales-agent-figures.ts; definitions:
 * contract/standard-report.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { standardReports } from '@meridian/shared/contract/areas/reports';
import {
  STANDARD_REPORT_WINDOWS,
  salesAgentReportQuerySchema,
  salesAgentReportSchema,
  type SalesAgentRow,
} from '@meridian/shared/contract/standard-report';
import type { AppContext } from '../../context';
import { paged } from '../../http/envelope';
import { pagedRecordAnswers } from '../../http/route-answers';
import { dayWindow } from '../agent/day-window';
import { REPORT_READERS, reportScope, reportWindow } from '../portfolio-reports/portfolio-access';
import { agentFigures } from './sales-agent-figures';
import { agentsPage } from './sales-agent-list';

export const salesAgentReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;

    app.get(
      standardReports.api.salesAgents,
      {
        config: REPORT_READERS,
        schema: { tags: ['reports'], querystring: salesAgentReportQuerySchema, response: pagedRecordAnswers(salesAgentReportSchema) },
      },
      async (request) => {
        const { query } = request;
        const scope = await reportScope(db, request.scope, query.tenantId);
        const window = reportWindow(query, scope.today, STANDARD_REPORT_WINDOWS.agentDaysAhead);
        const { rows, paging } = await agentsPage(db, scope.path, query, config.maxPageSize);
        const { start, end } = await dayWindow(db, window.fromDate, window.toDate, scope.timeZone);
        const figures = await agentFigures(
          db,
          scope.path,
          rows.map((r) => r.userId),
          start,
          end,
        );
        const agents: SalesAgentRow[] = rows.map((agent) => ({ ...agent, ...figures.get(agent.userId)! }));
        return paged({ ...window, agents }, paging);
      },
    );
  };
