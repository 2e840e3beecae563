/** Leads, digital onboarding and the sales dashboards. */
import { overviewRoute as page, type DomainRoute } from '@meridian/shared/module/domain-module';

export const leadRoutes: DomainRoute[] = [
  page('/sales/leads', 'Leads', ['SALES/LEADS'], { offline: true }),
  page('/sales/leads/create', 'New lead', ['SALES/LEADS/CREATE', 'SALES/LEADS'], { offline: true }),
  page('/sales/leads/edit/:id', 'Edit lead', ['SALES/LEADS/EDIT', 'SALES/LEADS'], { offline: true }),
  page('/sales/leads/digital-onboarding/wizard/:treeModelId/:leadId?', 'Digital onboarding', ['SALES/LEADS']),
  page('/sales/leads/digital-onboarding/test/:id?/:leadId?', 'Digital onboarding test', ['SALES/LEADS']),
  page('/sales/leads/digital-onboarding/:id/edit', 'Edit digital onboarding', ['SALES/LEADS']),
  page('/sales/leadsdashboard', 'Leads dashboard', ['SALES/LEADS']),
  page('/sales/dashboard', 'Sales dashboard', ['SALES']),
];
