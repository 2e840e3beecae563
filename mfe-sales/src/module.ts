/** Clients, complaints and sales: the daily tool of field agents and their managers. */
import type { DomainModule } from '@meridian/shared/module/domain-module';
import { clientRoutes } from './clients/client-routes';
import { leadRoutes } from './leads/lead-routes';
import { activityRoutes } from './activities/activity-routes';
import { activityPlanRoutes } from './activity-plans/activity-plan-routes';
import { teamRoutes } from './teams/team-routes';
import { keepMyWorkForOffline } from './activities/my-work-offline';

// Field users' day is kept on their device from the moment the area is loaded (offline My Work).
keepMyWorkForOffline();

const salesModule: DomainModule = {
  id: 'sales',
  title: 'Sales',
  permissions: [
    'CLIENTS', 'CLIENTS/CREATE', 'CLIENTS/EDIT', 'CLIENTS/GROUPS', 'CLIENTS/USSD', 'LOAN/DISBURSEMENTS', 'ADMIN/PRODUCTS',
    'Complaints', 'Complaints/CREATE', 'Complaints/EDIT',
    'SALES', 'SALES/LEADS', 'SALES/LEADS/CREATE', 'SALES/LEADS/EDIT', 'SALES/ACTIVITIES', 'SALES/ACTIVITIES/CREATE', 'SALES/ACTIVITIES/EDIT',
    'SALES/ACTIVITIES/ACTIVITIES', 'SALES/ACTIVITIES/CALENDAR', 'SALES/ACTIVITIES/ACTIVITY_PLANS', 'SALES/ACTIVITIES/ACTIVITY_PLANS/DAY_OVERVIEW/VIEW',
    'SALES/TEAMS', 'SALES/CASES', 'SALES/TARGETS', 'SALES/AGENTS/MYWORK', 'SALES/AGENTS/HISTORY', 'SALES/AGENT/POSITION',
    'SALES/AFFORDABILITY', 'SALES/AFFORDABILITY/CS', 'SALES/AFFORDABILITY/SME', 'SALES/AFFORDABILITY/LBF',
    'SALES/ONBOARD/CS', 'SALES/ONBOARD/CS/VIEW', 'SALES/ONBOARD/CS/ADD',
  ],
  menu: [
    {
      label: 'Clients', order: 10, icon: 'team',
      children: [
        { label: 'Clients', path: '/clients/list', permissions: ['CLIENTS'] },
        { label: 'USSD clients', path: '/clients/ussd/clients', permissions: ['CLIENTS/USSD'] },
        { label: 'USSD dashboard', path: '/clients/ussd/dashboard', permissions: ['CLIENTS/USSD'] },
      ],
    },
    {
      label: 'Sales', order: 30, icon: 'rise',
      children: [
        { label: 'My Work', path: '/agents/landingpage', permissions: ['SALES/AGENTS/MYWORK'] },
        { label: 'Sales Teams', path: '/sales/teams', permissions: ['SALES/TEAMS'] },
        { label: 'Sales Targets', path: '/sales/targets', permissions: ['SALES/TARGETS'] },
        { label: 'Leads', path: '/sales/leads', permissions: ['SALES/LEADS'] },
        {
          label: 'Activities', permissions: ['SALES/ACTIVITIES', 'SALES/ACTIVITIES/ACTIVITIES'],
          children: [
            { label: 'All activities', path: '/sales/activities', permissions: ['SALES/ACTIVITIES/ACTIVITIES', 'SALES/ACTIVITIES'] },
            { label: 'Agent activity', path: '/sales/activities/agents', permissions: ['SALES/ACTIVITIES'] },
            { label: 'Agent actions', path: '/sales/agents/actions', permissions: ['SALES/AGENTS/HISTORY'] },
            { label: 'Calendar', path: '/sales/activities/calendar', permissions: ['SALES/ACTIVITIES/CALENDAR'] },
            { label: 'Route plans', path: '/sales/activities/activity-plan', permissions: ['SALES/ACTIVITIES/ACTIVITY_PLANS'] },
            { label: 'Day overview', path: '/sales/activities/activity-plan/day-overview', permissions: ['SALES/ACTIVITIES/ACTIVITY_PLANS/DAY_OVERVIEW/VIEW'] },
          ],
        },
        {
          label: 'Affordability', permissions: ['SALES/AFFORDABILITY', 'SALES/AFFORDABILITY/CS', 'SALES/AFFORDABILITY/SME', 'SALES/AFFORDABILITY/LBF'],
          children: [
            { label: 'CS', path: '/sales/calculators/cs-affordability', permissions: ['SALES/AFFORDABILITY/CS', 'SALES/AFFORDABILITY'] },
            { label: 'SME', path: '/sales/calculators/sme-affordability', permissions: ['SALES/AFFORDABILITY/SME', 'SALES/AFFORDABILITY'] },
            { label: 'LBF', path: '/sales/calculators/lbf-affordability', permissions: ['SALES/AFFORDABILITY/LBF', 'SALES/AFFORDABILITY'] },
            { label: 'LBF insurance premium', path: '/sales/calculators/lbf-premium', permissions: ['SALES/AFFORDABILITY/LBF', 'SALES/AFFORDABILITY'] },
          ],
        },
        { label: 'Onboarding: civil servants', path: '/sales/onboard/cs-list', permissions: ['SALES/ONBOARD/CS', 'SALES/ONBOARD/CS/VIEW'] },
      ],
    },
  ],
  routes: [...clientRoutes, ...leadRoutes, ...activityRoutes, ...activityPlanRoutes, ...teamRoutes],
};

export default salesModule;
