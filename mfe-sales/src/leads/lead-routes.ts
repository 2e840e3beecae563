/** Leads, digital onboarding and the sales dashboards. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { overviewRoutes, screenRoute } from '@meridian/shared/module/area-routes';
import { leads, salesDashboard } from '@meridian/shared/contract/areas/sales';

export const leadRoutes: DomainRoute[] = [
  screenRoute(leads, 'list', () => import('./leads-list-page'), { title: 'Leads', offline: true }),
  screenRoute(leads, 'create', () => import('./lead-form-page'), { title: 'New lead', offline: true }),
  screenRoute(leads, 'edit', () => import('./lead-form-page'), { title: 'Edit lead', offline: true }),
  ...overviewRoutes(leads, {
    onboardingWizard: 'Digital onboarding',
    onboardingTest: 'Digital onboarding test',
    onboardingEdit: 'Edit digital onboarding',
  }),
  screenRoute(leads, 'dashboard', () => import('./leads-dashboard-page'), { title: 'Leads dashboard' }),
  screenRoute(salesDashboard, 'view', () => import('./sales-dashboard-page'), { title: 'Sales dashboard' }),
];
