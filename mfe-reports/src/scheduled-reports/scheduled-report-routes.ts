/** The scheduled report screens' routes: paths and permissions from the reports area's data. */
import { screenRoute } from '@meridian/shared/module/area-routes';
import { scheduledReports } from '@meridian/shared/contract/areas/reports';

export const scheduledReportRoutes = [
  screenRoute(scheduledReports, 'list', () => import('./scheduled-reports-list-page'), { title: 'Scheduled reports' }),
  screenRoute(scheduledReports, 'create', () => import('./scheduled-report-create-page'), { title: 'New scheduled report' }),
  screenRoute(scheduledReports, 'edit', () => import('./scheduled-report-edit-page'), { title: 'Edit scheduled report' }),
];
