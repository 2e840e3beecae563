/** The custom report screens' routes: paths and permissions from the reports area's data. */
import { screenRoute } from '@meridian/shared/module/area-routes';
import { customReports } from '@meridian/shared/contract/areas/reports';

export const customReportRoutes = [
  screenRoute(customReports, 'list', () => import('./custom-reports-page'), { title: 'Custom reports' }),
  screenRoute(customReports, 'create', () => import('./custom-report-form-page'), { title: 'New report' }),
  screenRoute(customReports, 'edit', () => import('./custom-report-form-page'), { title: 'Edit report' }),
];
