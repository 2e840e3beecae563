/** Activities: lists, forms, the calendar; the agent's My Work and dashboard. */
import { route, type DomainRoute } from '@meridian/shared/module/domain-module';

export const activityRoutes: DomainRoute[] = [
  route('/sales/activities', () => import('./activities-list-page'), { title: 'Activities', allowedPermissions: ['SALES/ACTIVITIES/ACTIVITIES', 'SALES/ACTIVITIES'], offline: true }),
  route('/sales/activities/agents', () => import('./agent-activity-page'), { title: 'Agent activity', allowedPermissions: ['SALES/ACTIVITIES'] }),
  route('/sales/activities/create', () => import('./activity-form-page'), { title: 'New activity', allowedPermissions: ['SALES/ACTIVITIES/CREATE', 'SALES/ACTIVITIES'], offline: true }),
  route('/sales/activities/:id/edit', () => import('./activity-form-page'), { title: 'Edit activity', allowedPermissions: ['SALES/ACTIVITIES/EDIT', 'SALES/ACTIVITIES'], offline: true }),
  route('/sales/activities/:id/view', () => import('./activity-view-page'), { title: 'Activity', allowedPermissions: ['SALES/ACTIVITIES'], offline: true }),
  route('/sales/activities/calendar', () => import('./activity-calendar-page'), { title: 'Calendar', allowedPermissions: ['SALES/ACTIVITIES/CALENDAR'] }),
  route('/agents/landingpage', () => import('./my-work-page'), { title: 'My Work', allowedPermissions: ['SALES/AGENTS/MYWORK'], offline: true }),
  route('/agents/dashboard', () => import('./agent-dashboard-page'), { title: 'Agent dashboard', allowedPermissions: ['SALES/AGENTS/MYWORK'] }),
];
