/** The addresses of the activities screens and the agent's day (paths from the sales area data). */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { errorLog, users } from '@meridian/shared/contract/areas/admin';
import { activities, agentStats, clients, leads, myWork } from '@meridian/shared/contract/areas/sales';
import { apiPath } from '@meridian/shared/http/api-path';

export const ACTIVITIES_PATH = activities.screens.list;
export const NEW_ACTIVITY_PATH = activities.screens.create;
export const CALENDAR_PATH = activities.screens.calendar;
export const MY_WORK_PATH = myWork.screens.landing;
export const AGENT_DASHBOARD_PATH = myWork.screens.dashboard;

export const activityViewPath = (id: string) => pathTo(activities.screens.view, { id });
export const activityEditPath = (id: string) => pathTo(activities.screens.edit, { id });

/** The API's paths for the activities of this area (sales spec 7, Activities and Agent). */
export const ACTIVITY_API = {
  list: apiPath(activities.api.list),
  statusWidget: apiPath(activities.api.statusWidget),
  typeWidget: apiPath(activities.api.typeWidget),
  statusReport: apiPath(activities.api.statusReport),
  myWork: apiPath(activities.api.myWork),
  calendar: apiPath(activities.api.calendar),
  types: apiPath(activities.api.types),
  statuses: apiPath(activities.api.statuses),
  bulkUpdate: apiPath(activities.api.bulkUpdate),
  remove: apiPath(activities.api.remove),
  statusUpdate: apiPath(activities.api.statusUpdate),
  files: apiPath(activities.api.files),
  one: (id: string) => apiPath(activities.api.one, { id }),
  ofAgent: (userId: string) => apiPath(activities.api.ofAgent, { id: userId }),
  assignment: (activityId: string, userId: string) => apiPath(activities.api.assignment, { entityId: activityId, userId }),
  file: (fileId: string) => apiPath(activities.api.file, { fileId }),
  agentAction: apiPath(myWork.api.action),
  latestAgentAction: apiPath(myWork.api.latestAction),
  agentDashboard: apiPath(myWork.api.dashboard),
  agentStats: (userId: string) => apiPath(agentStats.api.ofAgent, { userId }),
  agents: (tenantId: string) => apiPath(users.api.agentsOfTenant, { id: tenantId }),
  clientSearch: apiPath(clients.api.search),
  leadSearch: apiPath(leads.api.search),
  errorLog: apiPath(errorLog.api.add),
} as const;

/** Where an activity was opened from, carried in the link's state, so its page leads back there rather than always to the list. */
export interface CameFrom {
  path: string;
  label: string;
}
