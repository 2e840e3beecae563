/** The reports area (remote `reports`): standard, custom and scheduled reports, and report categories. */
import { area, resource, type MenuSection } from './area';

const reportsSection: MenuSection = { label: 'Reports', order: 40, icon: 'bar-chart', can: ['CRM/REPORTS'] };

export const scheduledReports = resource({
  // The spec's edit screen has no id in its path: the schedule is named by the query (`?id=`).
  screens: { list: '/scheduledReport/index', create: '/reports/schedulereport/create', edit: '/reports/schedulereport/edit' },
  // The spec shows no calls for them; these are the product's own (scheduled-report.ts).
  api: {
    list: '/scheduled-reports',
    one: '/scheduled-reports/:id',
    pause: '/scheduled-reports/:id/pause',
    resume: '/scheduled-reports/:id/resume',
    run: '/scheduled-reports/:id/run',
    runs: '/scheduled-reports/:id/runs',
  },
  can: { read: ['CRM/REPORTS', 'REPORTS'], create: ['REPORTS'], edit: ['REPORTS'], menu: ['CRM/REPORTS'] },
  menu: { section: reportsSection, label: 'Scheduled reports', order: 90, can: 'menu' },
});

export const customReports = resource({
  screens: { list: '/reports', create: '/reports/create', edit: '/reports/:id/edit' },
  // Custom reports (custom-report.ts, report-catalogue.ts): the builder's catalogue and preview, and the definitions.
  api: {
    list: '/custom-reports',
    one: '/custom-reports/:id',
    catalogue: '/custom-reports/catalogue',
    preview: '/custom-reports/preview',
    remove: '/custom-reports/delete',
  },
  can: { read: ['REPORTS', 'REPORTS/CUSTOM'], create: ['REPORTS/CUSTOM'], edit: ['REPORTS/CUSTOM'] },
  menu: { section: reportsSection, label: 'Custom reports', order: 70 },
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
  // The portfolio reports' figures (portfolio-report.ts); the screens above read them.
  api: {
    parOverThirty: '/reports/standard/par-over-thirty',
    parTrend: '/reports/standard/par-over-thirty/trend',
    collectionsSummary: '/reports/standard/collections-summary',
    tenantLoans: '/reports/standard/tenant-loans',
    // The sales agent report (modules/sales-agent-report) and the sign-ins per user (users/user-report-routes.ts).
    salesAgents: '/reports/standard/sales-agents',
    userLogins: '/users/loginreport/per-user',
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

/**
 * The files report runs leave (report-run.ts; issue 22 item 6). The list and the download let through anyone
 * who may read some report, standard or custom; each file is then shown only to those who may read its own
 * report now, in their subtree (api/src/modules/report-runs/report-file-access.ts).
 */
export const reportFiles = resource({
  // The spec shows no screen for them; users expect to find the exports and scheduled files they made.
  screens: { list: '/reports/files' },
  api: { list: '/reports/files', download: '/reports/files/:id/download' },
  can: { read: [...standardReports.can.read, ...customReports.can.read] },
  menu: { section: reportsSection, label: 'Report files', order: 80 },
});

export const reportCategories = resource({
  screens: { list: '/reports/categories', create: '/reports/categories/create', edit: '/reports/categories/:id/edit' },
  // Sales spec 7 "Report categories" (report-category.ts).
  api: {
    list: '/report-categories',
    one: '/report-categories/:id',
    byUser: '/report-categories/by-user/:id',
    remove: '/report-categories/delete',
  },
  // Categories are managed with REPORTCATEGORIES; those who file custom reports choose among the ones they see (by-user).
  can: { read: ['REPORTCATEGORIES'], choose: ['REPORTCATEGORIES', 'REPORTS', 'REPORTS/CUSTOM'] },
  guards: { create: 'read', edit: 'read' },
  menu: { section: reportsSection, label: 'Report categories', order: 80 },
});

export const reportsArea = area({
  id: 'reports',
  title: 'Reports',
  resources: { scheduledReports, customReports, standardReports, reportFiles, reportCategories },
});
