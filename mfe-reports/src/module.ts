/** Reports: standard, custom and scheduled reports, and report categories. */
import { overviewRoute as page, type DomainModule } from '@meridian/shared/module/domain-module';

const STANDARD = [
  ['userLoginReport', 'User login report'],
  ['salesAgentReport', 'Sales agent report'],
  ['parVarThirtyReport', 'PAR > 30 report'],
  ['tenantLoansReport', 'Tenant loans report'],
  ['collectionsSummaryReport', 'Collections summary report'],
] as const;

const reportsModule: DomainModule = {
  id: 'reports',
  title: 'Reports',
  permissions: ['CRM/REPORTS', 'REPORTS', 'REPORTS/CUSTOM', 'REPORTCATEGORIES'],
  menu: [
    {
      label: 'Reports', order: 40, icon: 'bar-chart', permissions: ['CRM/REPORTS'],
      children: [
        { label: 'Standard reports', path: '/reports/standard', permissions: ['CRM/REPORTS'] },
        ...STANDARD.map(([id, label]) => ({ label, path: `/reports/standard/${id}`, permissions: ['CRM/REPORTS'] })),
        { label: 'Scheduled reports', path: '/scheduledReport/index', permissions: ['CRM/REPORTS'] },
      ],
    },
  ],
  routes: [
    page('/scheduledReport/index', 'Scheduled reports', ['CRM/REPORTS', 'REPORTS']),
    page('/reports/schedulereport/create', 'New scheduled report', ['REPORTS']),
    page('/reports/schedulereport/edit', 'Edit scheduled report', ['REPORTS']),
    page('/reports', 'Reports', ['REPORTS', 'REPORTS/CUSTOM']),
    page('/reports/create', 'New report', ['REPORTS/CUSTOM']),
    page('/reports/:id/edit', 'Edit report', ['REPORTS/CUSTOM']),
    page('/reports/standard', 'Standard reports', ['CRM/REPORTS']),
    ...STANDARD.map(([id, title]) => page(`/reports/standard/${id}`, title, ['CRM/REPORTS'])),
    page('/reports/categories', 'Report categories', ['REPORTCATEGORIES']),
    page('/reports/categories/create', 'New report category', ['REPORTCATEGORIES']),
    page('/reports/categories/:id/edit', 'Edit report category', ['REPORTCATEGORIES']),
  ],
};

export default reportsModule;
