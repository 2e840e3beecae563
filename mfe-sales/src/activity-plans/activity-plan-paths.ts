/** The addresses of the route plan screens. */
export const PLANS_LIST_PATH = '/sales/activities/activity-plan';
export const NEW_PLAN_PATH = '/sales/activities/activity-plan/create';
export const MAP_OVERVIEW_PATH = '/sales/activities/activity-plan/map-overview';
export const DAY_OVERVIEW_PATH = '/sales/activities/activity-plan/day-overview';
export const editPlanPath = (id: string) => `/sales/activities/activity-plan/${encodeURIComponent(id)}/edit`;
export const planMapPath = (id: string) => `/sales/activities/activity-plan/${encodeURIComponent(id)}/map-view`;
/** The map of every plan of a day. */
export const mapOverviewPath = (day: string) => `${MAP_OVERVIEW_PATH}?date=${encodeURIComponent(day)}`;

export const PLANNERS = ['SALES/ACTIVITIES/ACTIVITY_PLANS'];
export const DAY_OVERVIEW_READERS = ['SALES/ACTIVITIES/ACTIVITY_PLANS/DAY_OVERVIEW/VIEW'];
