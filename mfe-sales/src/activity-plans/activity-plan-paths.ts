/** The addresses of the route plan screens (paths from the sales area data). */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { activityPlans } from '@meridian/shared/contract/areas/sales';

export const PLANS_LIST_PATH = activityPlans.screens.list;
export const NEW_PLAN_PATH = activityPlans.screens.create;
export const MAP_OVERVIEW_PATH = activityPlans.screens.mapOverview;
export const DAY_OVERVIEW_PATH = activityPlans.screens.dayOverview;
export const editPlanPath = (id: string) => pathTo(activityPlans.screens.edit, { id });
export const planMapPath = (id: string) => pathTo(activityPlans.screens.map, { id });
/** The map of every plan of a day. */
export const mapOverviewPath = (day: string) => `${MAP_OVERVIEW_PATH}?date=${encodeURIComponent(day)}`;
