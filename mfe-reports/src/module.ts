/** Reports: standard, custom and scheduled reports, and report categories. */
import { domainModule } from '@meridian/shared/module/area-routes';
import { reportsArea } from '@meridian/shared/contract/areas/reports';
import { customReportRoutes } from './custom-reports/custom-report-routes';
import { categoryRoutes } from './report-categories/category-routes';
import { reportFileRoutes } from './report-files/report-files-routes';
import { scheduledReportRoutes } from './scheduled-reports/scheduled-report-routes';
import { standardReportsRoutes } from './standard-reports/standard-reports-routes';

const reportsModule = domainModule(reportsArea, [
  ...scheduledReportRoutes,
  ...customReportRoutes,
  ...standardReportsRoutes,
  ...categoryRoutes,
  ...reportFileRoutes,
]);

export default reportsModule;
