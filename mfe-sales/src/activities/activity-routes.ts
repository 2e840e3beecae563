/** Activities: lists, forms, the calendar; the agent's My Work and dashboard. */
import { overviewRoute as page, type DomainRoute } from '@meridian/shared/module/domain-module';

export const activityRoutes: DomainRoute[] = [
  page('/sales/activities', 'Activities', ['SALES/ACTIVITIES/ACTIVITIES', 'SALES/ACTIVITIES'], { offline: true }),
  page('/sales/activities/agents', 'Agent activity', ['SALES/ACTIVITIES']),
  page('/sales/activities/create', 'New activity', ['SALES/ACTIVITIES/CREATE', 'SALES/ACTIVITIES'], { offline: true }),
  page('/sales/activities/:id/edit', 'Edit activity', ['SALES/ACTIVITIES/EDIT', 'SALES/ACTIVITIES'], { offline: true }),
  page('/sales/activities/:id/view', 'Activity', ['SALES/ACTIVITIES'], { offline: true }),
  page('/sales/activities/calendar', 'Calendar', ['SALES/ACTIVITIES/CALENDAR']),
  page('/agents/landingpage', 'My Work', ['SALES/AGENTS/MYWORK'], { offline: true }),
  page('/agents/dashboard', 'Agent dashboard', ['SALES/AGENTS/MYWORK']),
];
