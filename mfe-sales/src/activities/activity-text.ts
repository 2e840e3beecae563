/** The texts of the activities screens, My Work and the agent dashboard (the spec leaves them to us). */

export const ACTIVITY_TEXT = {
  // Lists
  activities: 'Activities',
  noActivities: 'No activities in this window.',
  searchActivities: 'Search name, location or description',
  name: 'Name',
  type: 'Type',
  status: 'Status',
  start: 'Start',
  end: 'End',
  assignedAgents: 'Assigned agents',
  location: 'Location',
  createdBy: 'Created by',
  noOne: 'Nobody',
  newActivity: 'New activity',
  dateWindow: 'Dates',
  allStatuses: 'All statuses',
  allTypes: 'All types',
  filterByStatus: 'Filter by status',
  filterByType: 'Filter by type',
  byStatus: 'By status',
  byType: 'By type',
  widgetsFailed: 'The counts could not be loaded.',
  noCounts: 'Nothing to count in this window.',
  calendar: 'Calendar',
  calendarView: 'Show the calendar by',
  month: 'Month',
  week: 'Week',
  previous: 'Previous',
  next: 'Next',
  agentActivity: 'Agent activity',
  catalogueFailed: 'The activity types or statuses could not be loaded.',

  // Bulk update
  bulkUpdate: 'Bulk update',
  bulkUpdateTitle: 'Update several activities',
  bulkUpdateIntro: 'Tick the activities to change, then choose what to change. Every ticked activity changes, or none does.',
  bulkNewStatus: 'New status',
  bulkNewType: 'New type',
  bulkNewStart: 'New start',
  bulkNewEnd: 'New end',
  bulkNewAgents: 'Replace assigned agents with',
  bulkNewAgentsHint: 'Leave empty to keep each activity’s agents.',
  bulkStatusHint: 'Sets the status of every assignment of the ticked activities.',
  unchanged: 'Unchanged',

  // Agent activity
  agent: 'Agent',
  userName: 'User name',
  tenant: 'Tenant',
  total: 'Total',
  lastStatusChange: 'Last status change',
  noAgents: 'No agents to show.',
  searchAgents: 'Search agents',
  showActivities: 'Show activities',

  // Form
  createActivity: 'Create activity',
  backToActivities: 'Back to activities',
  backToMyWork: 'Back to My Work',
  backToActivity: 'Back to the activity',
  description: 'Description',
  startDateTime: 'Starts',
  endDateTime: 'Ends (optional)',
  endHint: 'Empty: the activity ends when it starts.',
  locationHint: 'Leave empty and the activity takes the location of the tenant you are acting for, with its coordinates.',
  latitude: 'Latitude',
  longitude: 'Longitude',
  /** The map beside the typed location: its own label, so no two fields of the form read 'Location'. */
  mapPosition: 'Position on the map',
  mapHint: 'Optional: click the map or drag the marker to set the coordinates.',
  mapLabel: 'Map: click to set where the activity takes place',
  agentsToAssign: 'Assigned agents',
  agentsHint: 'Each new assignee starts with the company’s default status.',
  clients: 'Clients',
  leads: 'Leads',
  chooseType: 'Choose a type',
  activityCreated: 'The activity has been created.',
  activitySaved: 'The activity has been saved.',

  // View
  assignments: 'Assignments',
  noAssignments: 'Nobody is assigned to this activity.',
  noStatusHistory: 'No status changes yet.',
  position: 'Position',
  noPositionRecorded: 'No position recorded',
  changedAt: 'When',
  changedBy: 'By',
  files: 'Files',
  noFiles: 'No files yet.',
  addFiles: 'Add files',
  filesHint: 'At most 10 files of 10 MB each at a time.',
  fileAdded: 'The file has been added.',
  filesAdded: 'The files have been added.',
  fileRemoved: 'The file has been removed.',
  removeFileDetail: 'The file is removed from the activity.',
  uploadedOn: 'Added',
  uploadedBy: 'By',
  size: 'Size',
  linkedClients: 'Clients',
  linkedLeads: 'Leads',
  activityPlans: 'Route plans',
  created: 'Created',
  modified: 'Modified',
  deleteActivity: 'Delete',
  deleteActivityDetail: 'The activity is removed from every list, with its assignments. This cannot be undone.',
  activityDeleted: 'The activity has been deleted.',
  edit: 'Edit',

  // Status update
  statusUpdated: 'Status updated.',

  // My Work
  today: 'Today',
  startDay: 'Start day',
  stopDay: 'Stop day',
  stopDayQuestion: 'Stop your day?',
  stopDayDetail: 'Your position and the time are recorded, and you show as offline until you start again.',
  keepWorking: 'Keep working',
  dayStarted: 'Your day has started.',
  dayStopped: 'Your day has ended.',
  dayRunning: 'Your day is running',
  dayNotStarted: 'Your day has not started',
  dayStateFailed: 'Whether your day has started could not be checked.',
  /** What still works on the activity screens offline (offlineNoticeMessage). */
  offlineStillWorks: 'My Work shows your day as this device kept it, and status changes there are saved on the device',
  keptActivity: 'This activity as your device kept it',
  yourStatus: 'Your status',
  dayStateNotKept:
    'You are offline, and this device has not kept whether your day has started. It is checked again when you are back online.',
  noActivitiesToday: 'No activities for you today.',
  activitiesToday: 'Activities today',
  completed: 'Completed',
  inProgress: 'In progress',
  pending: 'Pending',
  dashboard: 'My dashboard',

  // Agent dashboard
  online: 'Online',
  offline: 'Offline',
  startedAt: 'Day started',
  notStarted: 'Not started',
  onlineToday: 'Online today',
  todaysProgress: 'Today’s progress',
  assignedToMe: 'Assigned to me today',
  unassignedToday: 'Unassigned today',
  overall: 'All my activities',
  assignedActivities: 'Assigned activities',
  unassignedActivities: 'Unassigned activities',
  toMyWork: 'Go to My Work',
} as const;

/** "3 of 8 completed" under the day's progress. */
export const progressText = (done: number, total: number) => `${done} of ${total} completed`;

/** "2 h 05 min" of online time. */
export const durationText = (minutes: number) => {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  return hours > 0 ? `${hours} h ${String(whole % 60).padStart(2, '0')} min` : `${whole} min`;
};

export const deleteActivityQuestion = (name: string) => `Delete the activity '${name}'?`;
export const removeFileQuestion = (fileName: string) => `Remove '${fileName}'?`;
export const downloadFileLabel = (fileName: string) => `Download ${fileName}`;
export const removeFileLabel = (fileName: string) => `Remove ${fileName}`;
export const statusOfLabel = (name: string) => `Status of ${name}`;
export const bulkUpdateButton = (count: number) => `Update ${count} ${count === 1 ? 'activity' : 'activities'}`;
export const bulkUpdatedMessage = (count: number) => `${count} ${count === 1 ? 'activity' : 'activities'} updated.`;
/** "Lerato Dube's activities". */
export const activitiesOfTitle = (agentName: string) => `${agentName}’s activities`;
/** The name of the button that shows one agent's activities: its visible words first, then whose (WCAG 2.5.3). */
export const showActivitiesOf = (agentName: string) => `${ACTIVITY_TEXT.showActivities} of ${agentName}`;
export const moreEventsText = (count: number) => `+${count} more`;
