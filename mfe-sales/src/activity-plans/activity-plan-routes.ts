/** Route plans: list, forms, maps and the day overview; agent actions and positions. */
import { route, type DomainRoute } from '@meridian/shared/module/domain-module';

export const activityPlanRoutes: DomainRoute[] = [
  route('/sales/activities/activity-plan', () => import('./activity-plans-list-page'), { title: 'Route plans', allowedPermissions: ['SALES/ACTIVITIES/ACTIVITY_PLANS'] }),
  route('/sales/activities/activity-plan/create', () => import('./activity-plan-form-page'), { title: 'New route plan', allowedPermissions: ['SALES/ACTIVITIES/ACTIVITY_PLANS'] }),
  route('/sales/activities/activity-plan/:id/edit', () => import('./activity-plan-form-page'), { title: 'Edit route plan', allowedPermissions: ['SALES/ACTIVITIES/ACTIVITY_PLANS'] }),
  route('/sales/activities/activity-plan/:id/map-view', () => import('./activity-plan-map-page'), {
    title: 'Route plan map',
    allowedPermissions: ['SALES/ACTIVITIES/ACTIVITY_PLANS'],
    layout: 'plain',
  }),
  route('/sales/activities/activity-plan/map-overview', () => import('./plans-map-overview-page'), {
    title: 'Route plans map',
    allowedPermissions: ['SALES/ACTIVITIES/ACTIVITY_PLANS'],
    layout: 'plain',
  }),
  route('/sales/activities/activity-plan/day-overview', () => import('./day-overview-page'), {
    title: 'Day overview',
    allowedPermissions: ['SALES/ACTIVITIES/ACTIVITY_PLANS/DAY_OVERVIEW/VIEW'],
  }),
  route('/sales/agents/actions', () => import('../agent/agent-actions-page'), { title: 'Agent actions', allowedPermissions: ['SALES/AGENTS/HISTORY'] }),
  route('/sales/agents/location/:lng/:lat', () => import('../agent/agent-location-page'), {
    title: 'Agent location',
    allowedPermissions: ['SALES/AGENT/POSITION'],
    layout: 'plain',
  }),
];
