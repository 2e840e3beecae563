/** Route plans: list, forms, maps and the day overview; agent actions and positions. */
import { overviewRoute as page, type DomainRoute } from '@meridian/shared/module/domain-module';

export const activityPlanRoutes: DomainRoute[] = [
  page('/sales/activities/activity-plan', 'Route plans', ['SALES/ACTIVITIES/ACTIVITY_PLANS']),
  page('/sales/activities/activity-plan/create', 'New route plan', ['SALES/ACTIVITIES/ACTIVITY_PLANS']),
  page('/sales/activities/activity-plan/:id/edit', 'Edit route plan', ['SALES/ACTIVITIES/ACTIVITY_PLANS']),
  page('/sales/activities/activity-plan/:id/map-view', 'Route plan map', ['SALES/ACTIVITIES/ACTIVITY_PLANS'], { layout: 'plain' }),
  page('/sales/activities/activity-plan/map-overview', 'Route plans map', ['SALES/ACTIVITIES/ACTIVITY_PLANS'], { layout: 'plain' }),
  page('/sales/activities/activity-plan/day-overview', 'Day overview', ['SALES/ACTIVITIES/ACTIVITY_PLANS/DAY_OVERVIEW/VIEW']),
  page('/sales/agents/actions', 'Agent actions', ['SALES/AGENTS/HISTORY']),
  page('/sales/agents/location/:lng/:lat', 'Agent location', ['SALES/AGENT/POSITION'], { layout: 'plain' }),
];
