/**
 * The PAR > 30 report as a run's source, in its two views (PAR_EXPORT_VIEWS): `groups`, the groups of a day
 * and then the totals per currency (GET par-over-thirty's figures), and `trend`, the month-end points (GET
 * par-over-thirty/trend's). Each view's parameters are validated by its GET route's query schema.
 */
import { z } from 'zod';
import { PAR_EXPORT_VIEWS } from '@meridian/shared/contract/report-run';
import { parReportQuerySchema, parTrendQuerySchema } from '@meridian/shared/contract/portfolio-report';
import { parByGroup, parTrend, trendDays } from '../portfolio-reports/par-report';
import { asOfDay, reportScope, reportWindow } from '../portfolio-reports/portfolio-access';
import { parseParameters, rowsOf, without } from './report-parameters';
import type { ReportColumn, RunnableReport } from './report-source';
import { mayReadStandardReports } from './standard-report-access';

export const PAR_REPORT_NAME = 'PAR > 30 report';

/**
 * The groups view as its screen sends it: the PAR screen shows the groups and the monthly trend together, so its
 * query carries the trend's window too (fromDate, toDate), which the groups export accepts and does not use.
 */
const groupsViewSchema = parReportQuerySchema.extend(parTrendQuerySchema.pick({ fromDate: true, toDate: true }).shape);

const viewSchema = z.object({ view: z.enum(PAR_EXPORT_VIEWS, { error: 'The view is groups or trend.' }).default('groups') });

const FIGURE_COLUMNS: ReportColumn[] = [
  { key: 'currency', label: 'Currency', kind: 'text' },
  { key: 'loans', label: 'Loans', kind: 'count' },
  { key: 'loansAtRisk', label: 'Loans at risk', kind: 'count' },
  { key: 'outstandingPrincipalMinor', label: 'Outstanding principal', kind: 'money' },
  { key: 'atRiskPrincipalMinor', label: 'Principal at risk', kind: 'money' },
  { key: 'par30Percent', label: 'PAR30 %', kind: 'percent' },
];

/** The name of the loans outside every branch or team (the group with a null id). */
const OUTSIDE_GROUPS = 'Outside any branch or team';

export const parReportSource: RunnableReport & { reportId: 'parVarThirtyReport' } = {
  reportId: 'parVarThirtyReport',
  kind: 'standard',
  mayRead: mayReadStandardReports,
  async open(parameters, { db, caller }) {
    const { view } = parseParameters(viewSchema, { view: parameters.view ?? 'groups' });
    const rest = without(parameters, 'view');
    if (view === 'trend') {
      const query = parseParameters(parTrendQuerySchema, rest);
      const scope = await reportScope(db, caller.scope, query.tenantId);
      const window = reportWindow(query, scope.today);
      return {
        name: PAR_REPORT_NAME,
        heading: `PAR > 30 by month, ${window.fromDate} to ${window.toDate}`,
        columns: [{ key: 'asOf', label: 'Month end', kind: 'day' }, ...FIGURE_COLUMNS],
        rows: rowsOf(() => parTrend(db, scope.path, trendDays(window, scope.today))),
      };
    }
    const query = parseParameters(groupsViewSchema, rest);
    const scope = await reportScope(db, caller.scope, query.tenantId);
    const asOf = asOfDay(query.asOf, scope.today);
    return {
      name: PAR_REPORT_NAME,
      heading: `PAR > 30 by ${query.groupBy} as of ${asOf}`,
      columns: [{ key: 'group', label: query.groupBy[0]!.toUpperCase() + query.groupBy.slice(1), kind: 'text' }, ...FIGURE_COLUMNS],
      rows: rowsOf(async () => {
        const { groups, totals } = await parByGroup(db, scope.path, asOf, query.groupBy);
        return [
          ...groups.map(({ groupName, groupId, ...figures }) => ({
            group: groupId === null ? OUTSIDE_GROUPS : (groupName ?? ''),
            ...figures,
          })),
          ...totals.map((figures) => ({ group: 'Total', ...figures })),
        ];
      }),
    };
  },
};
