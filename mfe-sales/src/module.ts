/** Clients, complaints and sales: the daily tool of field agents and their managers. */
import { domainModule } from '@meridian/shared/module/area-routes';
import { salesArea } from '@meridian/shared/contract/areas/sales';
import { clientRoutes } from './clients/client-routes';
import { leadRoutes } from './leads/lead-routes';
import { activityRoutes } from './activities/activity-routes';
import { activityPlanRoutes } from './activity-plans/activity-plan-routes';
import { teamRoutes } from './teams/team-routes';
import { keepMyWorkForOffline } from './activities/my-work-offline';

// Field users' day is kept on their device from the moment the area is loaded (offline My Work).
keepMyWorkForOffline();

const salesModule = domainModule(salesArea, [...clientRoutes, ...leadRoutes, ...activityRoutes, ...activityPlanRoutes, ...teamRoutes]);

export default salesModule;
