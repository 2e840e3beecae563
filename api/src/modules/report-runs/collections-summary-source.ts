/** The collections summary as a run's source: every period of the window per currency (GET collections-summary's figures). */
import { collectionsQuerySchema } from '@meridian/shared/contract/portfolio-report';
import { collectionsSummary } from '../portfolio-reports/collections-summary';
import { reportScope, reportWindow } from '../portfolio-reports/portfolio-access';
import { parseParameters, rowsOf } from './report-parameters';
import type { RunnableReport } from './report-source';
import { mayReadStandardReports } from './standard-report-access';

export const collectionsSummarySource: RunnableReport & { reportId: 'collectionsSummaryReport' } = {
  reportId: 'collectionsSummaryReport',
  kind: 'standard',
  mayRead: mayReadStandardReports,
  async open(parameters, { db, caller }) {
    const query = parseParameters(collectionsQuerySchema, parameters);
    const scope = await reportScope(db, caller.scope, query.tenantId);
    const window = reportWindow(query, scope.today);
    return {
      name: 'Collections summary report',
      heading: `Collections by ${query.period}, ${window.fromDate} to ${window.toDate}`,
      columns: [
        { key: 'periodStart', label: 'From', kind: 'day' },
        { key: 'periodEnd', label: 'To', kind: 'day' },
        { key: 'currency', label: 'Currency', kind: 'text' },
        { key: 'expectedMinor', label: 'Expected', kind: 'money' },
        { key: 'collectedMinor', label: 'Collected', kind: 'money' },
        { key: 'collectedPrincipalMinor', label: 'Principal', kind: 'money' },
        { key: 'collectedInterestMinor', label: 'Interest', kind: 'money' },
        { key: 'collectedFeeMinor', label: 'Fees', kind: 'money' },
        { key: 'overpaymentMinor', label: 'Overpaid', kind: 'money' },
        { key: 'paidOnTimeMinor', label: 'Paid on time', kind: 'money' },
        { key: 'onTimePercent', label: 'On time %', kind: 'percent' },
        { key: 'arrearsRecoveredMinor', label: 'Arrears recovered', kind: 'money' },
      ],
      rows: rowsOf(() => collectionsSummary(db, scope.path, window, query.period)),
    };
  },
};
