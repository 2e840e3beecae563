/**
 * Portfolio reports (issue 22, part of item 1): PAR30 by group and by month, the collections summary and the
 * tenant loans report, for holders of CRM/REPORTS over their subtree (or one tenant inside it). Definitions:
 * contract/portfolio-report.ts; how each figure is read from stored rows: loan-position.ts, collections-summary.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { standardReports } from '@meridian/shared/contract/areas/reports';
import {
  collectionsQuerySchema,
  collectionsSummarySchema,
  parReportQuerySchema,
  parReportSchema,
  parTrendQuerySchema,
  parTrendSchema,
  tenantLoansQuerySchema,
  tenantLoansReportSchema,
} from '@meridian/shared/contract/portfolio-report';
import type { AppContext } from '../../context';
import { paged, ok } from '../../http/envelope';
import { answers, pagedRecordAnswers } from '../../http/route-answers';
import { collectionsSummary } from './collections-summary';
import { parByGroup, parTrend, trendDays } from './par-report';
import { asOfDay, REPORT_READERS, reportScope, reportWindow } from './portfolio-access';
import { tenantLoans } from './tenant-loans';

/** One page of rows worked out whole (a report's groups, periods or tenants are few), and its paging. */
function pageOf<T>(rows: readonly T[], query: { page: number; size: number }, maxPageSize: number) {
  const pageSize = Math.min(query.size, maxPageSize);
  const start = (query.page - 1) * pageSize;
  return { items: rows.slice(start, start + pageSize), paging: { pageNumber: query.page, pageSize, total: rows.length } };
}

export const portfolioReportsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['reports'];
    const paths = standardReports.api;

    app.get(
      paths.parOverThirty,
      { config: REPORT_READERS, schema: { tags, querystring: parReportQuerySchema, response: pagedRecordAnswers(parReportSchema) } },
      async (request) => {
        const { query } = request;
        const scope = await reportScope(db, request.scope, query.tenantId);
        const asOf = asOfDay(query.asOf, scope.today);
        const { totals, groups } = await parByGroup(db, scope.path, asOf, query.groupBy);
        const { items, paging } = pageOf(groups, query, config.maxPageSize);
        return paged({ asOf, groupBy: query.groupBy, totals, groups: items }, paging);
      },
    );

    app.get(
      paths.parTrend,
      { config: REPORT_READERS, schema: { tags, querystring: parTrendQuerySchema, response: answers(parTrendSchema) } },
      async (request) => {
        const scope = await reportScope(db, request.scope, request.query.tenantId);
        const window = reportWindow(request.query, scope.today);
        return ok({ ...window, points: await parTrend(db, scope.path, trendDays(window, scope.today)) });
      },
    );

    app.get(
      paths.collectionsSummary,
      {
        config: REPORT_READERS,
        schema: { tags, querystring: collectionsQuerySchema, response: pagedRecordAnswers(collectionsSummarySchema) },
      },
      async (request) => {
        const { query } = request;
        const scope = await reportScope(db, request.scope, query.tenantId);
        const window = reportWindow(query, scope.today);
        const { items, paging } = pageOf(await collectionsSummary(db, scope.path, window, query.period), query, config.maxPageSize);
        return paged({ ...window, period: query.period, periods: items }, paging);
      },
    );

    app.get(
      paths.tenantLoans,
      {
        config: REPORT_READERS,
        schema: { tags, querystring: tenantLoansQuerySchema, response: pagedRecordAnswers(tenantLoansReportSchema) },
      },
      async (request) => {
        const { query } = request;
        const scope = await reportScope(db, request.scope, query.tenantId);
        const window = reportWindow(query, scope.today);
        const asOf = window.toDate < scope.today ? window.toDate : scope.today;
        const { items, paging } = pageOf(await tenantLoans(db, scope.path, window, asOf), query, config.maxPageSize);
        return paged({ ...window, asOf, tenants: items }, paging);
      },
    );
  };
