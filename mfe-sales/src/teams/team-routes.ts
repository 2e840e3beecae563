/** Sales teams, targets and cases; calculators and civil-servant onboarding (not built yet). */
import { overviewRoute as page, route, type DomainRoute } from '@meridian/shared/module/domain-module';

export const teamRoutes: DomainRoute[] = [
  page('/sales/calculators/cs-affordability', 'CS affordability', ['SALES/AFFORDABILITY/CS', 'SALES/AFFORDABILITY'], { offline: true }),
  page('/sales/calculators/sme-affordability', 'SME affordability', ['SALES/AFFORDABILITY/SME', 'SALES/AFFORDABILITY'], { offline: true }),
  page('/sales/calculators/lbf-affordability', 'LBF affordability', ['SALES/AFFORDABILITY/LBF', 'SALES/AFFORDABILITY'], { offline: true }),
  page('/sales/calculators/lbf-premium', 'LBF insurance premium', ['SALES/AFFORDABILITY/LBF', 'SALES/AFFORDABILITY'], { offline: true }),
  page('/sales/onboard/cs-list', 'Civil servants', ['SALES/ONBOARD/CS/VIEW', 'SALES/ONBOARD/CS']),
  page('/sales/onboard/cs-add', 'Onboard a civil servant', ['SALES/ONBOARD/CS/ADD', 'SALES/ONBOARD/CS']),
  route('/sales/teams', () => import('./teams-list-page'), { title: 'Sales teams', allowedPermissions: ['SALES/TEAMS'] }),
  route('/sales/teams/add', () => import('./team-form-page'), { title: 'New sales team', allowedPermissions: ['SALES/TEAMS'] }),
  route('/sales/teams/edit/:id', () => import('./team-form-page'), { title: 'Edit sales team', allowedPermissions: ['SALES/TEAMS'] }),
  route('/sales/cases', () => import('../cases/cases-list-page'), { title: 'Cases', allowedPermissions: ['SALES/CASES'] }),
  route('/sales/cases/add', () => import('../cases/case-form-page'), { title: 'New case', allowedPermissions: ['SALES/CASES'] }),
  route('/sales/cases/edit/:id', () => import('../cases/case-form-page'), { title: 'Edit case', allowedPermissions: ['SALES/CASES'] }),
  route('/sales/targets', () => import('../targets/targets-list-page'), { title: 'Sales targets', allowedPermissions: ['SALES/TARGETS'] }),
  route('/sales/targets/create', () => import('../targets/target-form-page'), { title: 'New sales target', allowedPermissions: ['SALES/TARGETS'] }),
  route('/sales/targets/:id/edit', () => import('../targets/target-form-page'), { title: 'Edit sales target', allowedPermissions: ['SALES/TARGETS'] }),
];
