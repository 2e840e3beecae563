/** The tenant loans report as a run's source: each tenant of the subtree per currency (GET tenant-loans' figures). */
import { tenantLoansQuerySchema } from '@meridian/shared/contract/portfolio-report';
import { reportScope, reportWindow } from '../portfolio-reports/portfolio-access';
import { tenantLoans } from '../portfolio-reports/tenant-loans';
import { parseParameters, rowsOf } from './report-parameters';
import type { RunnableReport } from './report-source';
import { mayReadStandardReports } from './standard-report-access';

export const tenantLoansSource: RunnableReport & { reportId: 'tenantLoansReport' } = {
  reportId: 'tenantLoansReport',
  kind: 'standard',
  mayRead: mayReadStandardReports,
  async open(parameters, { db, caller }) {
    const query = parseParameters(tenantLoansQuerySchema, parameters);
    const scope = await reportScope(db, caller.scope, query.tenantId);
    const window = reportWindow(query, scope.today);
    // As the GET route: PAR figures at the window's end, or today when the window reaches past it.
    const asOf = window.toDate < scope.today ? window.toDate : scope.today;
    return {
      name: 'Tenant loans report',
      heading: `Loans by tenant, ${window.fromDate} to ${window.toDate} (PAR as of ${asOf})`,
      columns: [
        { key: 'tenantName', label: 'Tenant', kind: 'text' },
        { key: 'currency', label: 'Currency', kind: 'text' },
        { key: 'loansDisbursed', label: 'Loans disbursed', kind: 'count' },
        { key: 'disbursedMinor', label: 'Disbursed', kind: 'money' },
        { key: 'loans', label: 'Loans', kind: 'count' },
        { key: 'loansAtRisk', label: 'Loans at risk', kind: 'count' },
        { key: 'outstandingPrincipalMinor', label: 'Outstanding principal', kind: 'money' },
        { key: 'atRiskPrincipalMinor', label: 'Principal at risk', kind: 'money' },
        { key: 'par30Percent', label: 'PAR30 %', kind: 'percent' },
      ],
      rows: rowsOf(() => tenantLoans(db, scope.path, window, asOf)),
    };
  },
};
