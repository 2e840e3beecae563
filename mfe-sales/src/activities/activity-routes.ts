/** Activities: lists, forms, the calendar; the agent's My Work and dashboard. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { activities, myWork } from '@meridian/shared/contract/areas/sales';

export const activityRoutes: DomainRoute[] = [
  screenRoute(activities, 'list', () => import('./activities-list-page'), { title: 'Activities', offline: true }),
  screenRoute(activities, 'agents', () => import('./agent-activity-page'), { title: 'Agent activity' }),
  screenRoute(activities, 'create', () => import('./activity-form-page'), { title: 'New activity', offline: true }),
  screenRoute(activities, 'edit', () => import('./activity-form-page'), { title: 'Edit activity', offline: true }),
  screenRoute(activities, 'view', () => import('./activity-view-page'), { title: 'Activity', offline: true }),
  screenRoute(activities, 'calendar', () => import('./activity-calendar-page'), { title: 'Calendar' }),
  screenRoute(myWork, 'landing', () => import('./my-work-page'), { title: 'My Work', offline: true }),
  screenRoute(myWork, 'dashboard', () => import('./agent-dashboard-page'), { title: 'Agent dashboard' }),
];
