/** Leads, digital onboarding and the sales dashboards. */
import { overviewRoute as page, route, type DomainRoute } from '@meridian/shared/module/domain-module';

export const leadRoutes: DomainRoute[] = [
  route('/sales/leads', () => import('./leads-list-page'), { title: 'Leads', allowedPermissions: ['SALES/LEADS'], offline: true }),
  route('/sales/leads/create', () => import('./lead-form-page'), { title: 'New lead', allowedPermissions: ['SALES/LEADS/CREATE', 'SALES/LEADS'], offline: true }),
  route('/sales/leads/edit/:id', () => import('./lead-form-page'), { title: 'Edit lead', allowedPermissions: ['SALES/LEADS/EDIT', 'SALES/LEADS'], offline: true }),
  page('/sales/leads/digital-onboarding/wizard/:treeModelId/:leadId?', 'Digital onboarding', ['SALES/LEADS']),
  page('/sales/leads/digital-onboarding/test/:id?/:leadId?', 'Digital onboarding test', ['SALES/LEADS']),
  page('/sales/leads/digital-onboarding/:id/edit', 'Edit digital onboarding', ['SALES/LEADS']),
  route('/sales/leadsdashboard', () => import('./leads-dashboard-page'), { title: 'Leads dashboard', allowedPermissions: ['SALES/LEADS'] }),
  route('/sales/dashboard', () => import('./sales-dashboard-page'), { title: 'Sales dashboard', allowedPermissions: ['SALES'] }),
];
