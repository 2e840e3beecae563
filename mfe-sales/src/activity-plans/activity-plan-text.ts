/** The texts of the route plan screens (list, form, maps, day overview). */
import type { ActivityPlanStatus } from '@meridian/shared/contract/activity-plan';

export const PLAN_TEXT = {
  plans: 'Route plans',
  newPlan: 'New route plan',
  createPlan: 'Create route plan',
  backToPlans: 'Back to route plans',
  noPlans: 'No route plans in these days.',
  searchPlans: 'Search plan names and agents',
  date: 'Date',
  name: 'Name',
  agent: 'Agent',
  stops: 'Stops',
  status: 'Status',
  tenant: 'Tenant',
  actions: 'Actions',
  showMap: 'Map',
  mapOfTheDay: 'Map of the day',
  dayOverview: 'Day overview',
  filterByAgent: 'Filter by agent',
  allAgents: 'All agents',
  windowFrom: 'Plans from',
  windowTo: 'Plans until',
  deleteDetail: 'The plans are removed; their activities are kept and can join another plan, unless you also delete them here.',
  alsoDeleteActivities: 'Also delete their activities',
  alsoDeleteActivitiesHint: 'The activities are deleted for everyone they are assigned to.',
  planCreated: 'The route plan has been created.',
  planSaved: 'The route plan has been saved.',
  // Form
  planName: 'Plan name',
  planDate: 'Day of the plan',
  planAgent: 'Agent who follows the plan',
  planStatus: 'Status',
  stopsInOrder: 'Stops in visiting order',
  noStopsYet: 'No stops yet: add activities from the list of activities without a plan.',
  withoutPlan: 'Activities without a plan',
  withoutPlanHint: 'Activities of the chosen day that are in no plan yet. Add them in the order the agent should visit them.',
  onlyAgentActivities: 'Only activities assigned to the agent',
  chooseDayFirst: 'Choose the day of the plan to see its activities.',
  noActivitiesWithoutPlan: 'No activities of this day are without a plan.',
  searchActivities: 'Search activity names and places',
  start: 'Start',
  place: 'Place',
  type: 'Type',
  assigned: 'Assigned to',
  add: 'Add',
  added: 'Added',
  moveUp: 'Move up',
  moveDown: 'Move down',
  remove: 'Remove',
  removedStops: 'Removed from this plan',
  addBack: 'Add back',
  noPosition: 'No position',
  planFull: 'The plan has as many stops as it can hold.',
  // Map pages
  routeOf: 'Route',
  noPlansThatDay: 'No route plans on this day.',
  legend: 'Plans',
  // Day overview
  planned: 'Planned',
  completed: 'Completed',
  inProgress: 'In progress',
  pending: 'Pending',
  cancelled: 'Cancelled',
  plansCount: 'Plans',
  firstUpdate: 'First update',
  lastUpdate: 'Last update',
  distance: 'Distance',
  noAgentsThatDay: 'No agent has a route plan on this day.',
  distanceHint: 'As the crow flies between consecutive stops.',
} as const;

export const PLAN_STATUS_COLOURS: Record<ActivityPlanStatus, string> = {
  PENDING: 'default',
  IN_PROGRESS: 'processing',
  COMPLETED: 'success',
  CANCELLED: 'error',
};

export const deletePlansQuestion = (count: number, name?: string) =>
  count === 1 ? (name ? `Delete the route plan '${name}'?` : 'Delete this route plan?') : `Delete ${count} route plans?`;

export function plansDeletedMessage(count: number, activitiesDeleted: number | null) {
  const plans = count === 1 ? 'The route plan has been deleted' : `${count} route plans have been deleted`;
  if (activitiesDeleted === null) return `${plans}.`;
  return `${plans}, with ${activitiesDeleted} ${activitiesDeleted === 1 ? 'activity' : 'activities'}.`;
}

export const deleteSelectedPlansLabel = (count: number) => `Delete selected (${count})`;
export const rowActionLabel = (action: string, name: string) => `${action} ${name}`;
export const stopsCountText = (count: number, max: number) => `${count} of at most ${max} stops`;
export const unplacedStopsText = (count: number) =>
  `${count} ${count === 1 ? 'stop has' : 'stops have'} no position and ${count === 1 ? 'is' : 'are'} left out of the distance.`;
export const distanceText = (km: number) => `${km.toLocaleString(undefined, { maximumFractionDigits: 1 })} km`;
export const moveUpLabel = (name: string) => `Move ${name} up`;
export const moveDownLabel = (name: string) => `Move ${name} down`;
