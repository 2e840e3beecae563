/** Sales teams, targets and cases; calculators and civil-servant onboarding (not built yet). */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { overviewRoutes, screenRoute } from '@meridian/shared/module/area-routes';
import { calculators, cases, civilServantOnboarding, targets, teams } from '@meridian/shared/contract/areas/sales';

export const teamRoutes: DomainRoute[] = [
  ...overviewRoutes(
    calculators,
    {
      cs: 'CS affordability',
      sme: 'SME affordability',
      lbf: 'LBF affordability',
      lbfPremium: 'LBF insurance premium',
    },
    { offline: true },
  ),
  ...overviewRoutes(civilServantOnboarding, { list: 'Civil servants', add: 'Onboard a civil servant' }),
  screenRoute(teams, 'list', () => import('./teams-list-page'), { title: 'Sales teams' }),
  screenRoute(teams, 'create', () => import('./team-form-page'), { title: 'New sales team' }),
  screenRoute(teams, 'edit', () => import('./team-form-page'), { title: 'Edit sales team' }),
  screenRoute(cases, 'list', () => import('../cases/cases-list-page'), { title: 'Cases' }),
  screenRoute(cases, 'create', () => import('../cases/case-form-page'), { title: 'New case' }),
  screenRoute(cases, 'edit', () => import('../cases/case-form-page'), { title: 'Edit case' }),
  screenRoute(targets, 'list', () => import('../targets/targets-list-page'), { title: 'Sales targets' }),
  screenRoute(targets, 'create', () => import('../targets/target-form-page'), { title: 'New sales target' }),
  screenRoute(targets, 'edit', () => import('../targets/target-form-page'), { title: 'Edit sales target' }),
];
