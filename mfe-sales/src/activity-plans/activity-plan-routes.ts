/** Route plans: list, forms, maps and the day overview; agent actions and positions. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { activityPlans, agentHistory } from '@meridian/shared/contract/areas/sales';

export const activityPlanRoutes: DomainRoute[] = [
  screenRoute(activityPlans, 'list', () => import('./activity-plans-list-page'), { title: 'Route plans' }),
  screenRoute(activityPlans, 'create', () => import('./activity-plan-form-page'), { title: 'New route plan' }),
  screenRoute(activityPlans, 'edit', () => import('./activity-plan-form-page'), { title: 'Edit route plan' }),
  screenRoute(activityPlans, 'map', () => import('./activity-plan-map-page'), { title: 'Route plan map', layout: 'plain' }),
  screenRoute(activityPlans, 'mapOverview', () => import('./plans-map-overview-page'), { title: 'Route plans map', layout: 'plain' }),
  screenRoute(activityPlans, 'dayOverview', () => import('./day-overview-page'), { title: 'Day overview' }),
  screenRoute(agentHistory, 'actions', () => import('../agent/agent-actions-page'), { title: 'Agent actions' }),
  screenRoute(agentHistory, 'location', () => import('../agent/agent-location-page'), { title: 'Agent location', layout: 'plain' }),
];
