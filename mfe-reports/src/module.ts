/** Reports: standard, custom and scheduled reports, and report categories. */
import { domainModule, overviewRoutes } from '@meridian/shared/module/area-routes';
import { customReports, reportCategories, reportsArea, scheduledReports, standardReports } from '@meridian/shared/contract/areas/reports';

const reportsModule = domainModule(reportsArea, [
  ...overviewRoutes(scheduledReports, { list: 'Scheduled reports', create: 'New scheduled report', edit: 'Edit scheduled report' }),
  ...overviewRoutes(customReports, { list: 'Reports', create: 'New report', edit: 'Edit report' }),
  ...overviewRoutes(standardReports, {
    list: 'Standard reports',
    userLogin: 'User login report',
    salesAgent: 'Sales agent report',
    parOverThirty: 'PAR > 30 report',
    tenantLoans: 'Tenant loans report',
    collectionsSummary: 'Collections summary report',
  }),
  ...overviewRoutes(reportCategories, { list: 'Report categories', create: 'New report category', edit: 'Edit report category' }),
]);

export default reportsModule;
