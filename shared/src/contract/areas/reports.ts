/** The reports area (remote `reports`): standard, custom and scheduled reports, and report categories. */
import { area, resource, type MenuSection } from './area';

const reportsSection: MenuSection = { label: 'Reports', order: 40, icon: 'bar-chart', can: ['CRM/REPORTS'] };

export const scheduledReports = resource({
  screens: { list: '/scheduledReport/index', create: '/reports/schedulereport/create', edit: '/reports/schedulereport/edit' },
  can: { read: ['CRM/REPORTS', 'REPORTS'], create: ['REPORTS'], edit: ['REPORTS'], menu: ['CRM/REPORTS'] },
  menu: { section: reportsSection, label: 'Scheduled reports', order: 90, can: 'menu' },
});

export const customReports = resource({
  screens: { list: '/reports', create: '/reports/create', edit: '/reports/:id/edit' },
  can: { read: ['REPORTS', 'REPORTS/CUSTOM'], create: ['REPORTS/CUSTOM'], edit: ['REPORTS/CUSTOM'] },
});

export const standardReports = resource({
  screens: {
    list: '/reports/standard',
    userLogin: '/reports/standard/userLoginReport',
    salesAgent: '/reports/standard/salesAgentReport',
    parOverThirty: '/reports/standard/parVarThirtyReport',
    tenantLoans: '/reports/standard/tenantLoansReport',
    collectionsSummary: '/reports/standard/collectionsSummaryReport',
  },
  can: { read: ['CRM/REPORTS'] },
  menu: [
    { section: reportsSection, label: 'Standard reports', order: 10 },
    { section: reportsSection, label: 'User login report', order: 20, screen: 'userLogin' },
    { section: reportsSection, label: 'Sales agent report', order: 30, screen: 'salesAgent' },
    { section: reportsSection, label: 'PAR > 30 report', order: 40, screen: 'parOverThirty' },
    { section: reportsSection, label: 'Tenant loans report', order: 50, screen: 'tenantLoans' },
    { section: reportsSection, label: 'Collections summary report', order: 60, screen: 'collectionsSummary' },
  ],
});

export const reportCategories = resource({
  screens: { list: '/reports/categories', create: '/reports/categories/create', edit: '/reports/categories/:id/edit' },
  can: { read: ['REPORTCATEGORIES'] },
  guards: { create: 'read', edit: 'read' },
});

export const reportsArea = area({
  id: 'reports',
  title: 'Reports',
  resources: { scheduledReports, customReports, standardReports, reportCategories },
});
