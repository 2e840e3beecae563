/** Sales teams, targets and cases; calculators and civil-servant onboarding (not built yet). */
import { overviewRoute as page, type DomainRoute } from '@meridian/shared/module/domain-module';

export const teamRoutes: DomainRoute[] = [
  page('/sales/calculators/cs-affordability', 'CS affordability', ['SALES/AFFORDABILITY/CS', 'SALES/AFFORDABILITY'], { offline: true }),
  page('/sales/calculators/sme-affordability', 'SME affordability', ['SALES/AFFORDABILITY/SME', 'SALES/AFFORDABILITY'], { offline: true }),
  page('/sales/calculators/lbf-affordability', 'LBF affordability', ['SALES/AFFORDABILITY/LBF', 'SALES/AFFORDABILITY'], { offline: true }),
  page('/sales/calculators/lbf-premium', 'LBF insurance premium', ['SALES/AFFORDABILITY/LBF', 'SALES/AFFORDABILITY'], { offline: true }),
  page('/sales/onboard/cs-list', 'Civil servants', ['SALES/ONBOARD/CS/VIEW', 'SALES/ONBOARD/CS']),
  page('/sales/onboard/cs-add', 'Onboard a civil servant', ['SALES/ONBOARD/CS/ADD', 'SALES/ONBOARD/CS']),
  page('/sales/teams', 'Sales teams', ['SALES/TEAMS']),
  page('/sales/teams/add', 'New sales team', ['SALES/TEAMS']),
  page('/sales/teams/edit/:id', 'Edit sales team', ['SALES/TEAMS']),
  page('/sales/cases', 'Cases', ['SALES/CASES']),
  page('/sales/cases/add', 'New case', ['SALES/CASES']),
  page('/sales/cases/edit/:id', 'Edit case', ['SALES/CASES']),
  page('/sales/targets', 'Sales targets', ['SALES/TARGETS']),
  page('/sales/targets/create', 'New sales target', ['SALES/TARGETS']),
  page('/sales/targets/:id/edit', 'Edit sales target', ['SALES/TARGETS']),
];
