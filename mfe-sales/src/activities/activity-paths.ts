/** The addresses of the activities screens and the agent's day (paths from the sales area data). */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { activities, myWork } from '@meridian/shared/contract/areas/sales';

export const ACTIVITIES_PATH = activities.screens.list;
export const NEW_ACTIVITY_PATH = activities.screens.create;
export const CALENDAR_PATH = activities.screens.calendar;
export const MY_WORK_PATH = myWork.screens.landing;
export const AGENT_DASHBOARD_PATH = myWork.screens.dashboard;

export const activityViewPath = (id: string) => pathTo(activities.screens.view, { id });
export const activityEditPath = (id: string) => pathTo(activities.screens.edit, { id });

/** The API's paths for the activities of this area (sales spec 7, Activities and Agent). */
export const ACTIVITY_API = {
  list: '/api/activities',
  statusWidget: '/api/activities/for-status-widget',
  typeWidget: '/api/activities/for-type-widget',
  statusReport: '/api/activities/agentActivityStatusReport',
  myWork: '/api/activities/agent-my-work-activities',
  calendar: '/api/activities/calendar',
  types: '/api/activities/types',
  statuses: '/api/activities/statuses',
  bulkUpdate: '/api/activities/bulk-update',
  remove: '/api/activities/delete',
  statusUpdate: '/api/activities/updateAssignmentStatus',
  files: '/api/activities/update-assignment-files',
  one: (id: string) => `/api/activities/${encodeURIComponent(id)}`,
  ofAgent: (userId: string) => `/api/activities/agents/${encodeURIComponent(userId)}`,
  assignment: (activityId: string, userId: string) => `/api/activities/get-activity-assignment/${encodeURIComponent(activityId)}/${encodeURIComponent(userId)}`,
  file: (fileId: string) => `/api/activities/files/${encodeURIComponent(fileId)}`,
  agentAction: '/api/agent/action',
  latestAgentAction: '/api/agent/action/latest',
  agentDashboard: '/api/agent/dashboard',
  agentStats: (userId: string) => `/api/stats/agent/${encodeURIComponent(userId)}`,
  agents: (tenantId: string) => `/api/users/getagentscte/${encodeURIComponent(tenantId)}`,
  clientSearch: '/api/clients/search',
  leadSearch: '/api/leads/search',
  errorLog: '/api/error_log',
} as const;
