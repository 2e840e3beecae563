/** The standard report screens' routes (the standardReports resource of the reports area). */
import { screenRoute } from '@meridian/shared/module/area-routes';
import { standardReports } from '@meridian/shared/contract/areas/reports';

export const standardReportsRoutes = [
  screenRoute(standardReports, 'list', () => import('./standard-reports-page'), { title: 'Standard reports' }),
  screenRoute(standardReports, 'parOverThirty', () => import('./par-report-page'), { title: 'PAR > 30 report' }),
  screenRoute(standardReports, 'collectionsSummary', () => import('./collections-summary-page'), { title: 'Collections summary report' }),
  screenRoute(standardReports, 'tenantLoans', () => import('./tenant-loans-page'), { title: 'Tenant loans report' }),
  screenRoute(standardReports, 'salesAgent', () => import('./sales-agent-report-page'), { title: 'Sales agent report' }),
  screenRoute(standardReports, 'userLogin', () => import('./user-login-report-page'), { title: 'User login report' }),
];
