/** The texts of the agent history screens (actions of a day, summary report, a position). */
import type { SummaryPeriod } from '@meridian/shared/contract/field-agent';

export const AGENT_TEXT = {
  history: 'Actions of a day',
  summary: 'Summary report',
  agent: 'Agent',
  chooseAgentFirst: 'Choose an agent to see their actions of the day.',
  actions: 'Agent actions',
  noActions: 'No actions on this day.',
  searchActions: 'Search actions, places and records',
  time: 'Time',
  action: 'Action',
  place: 'Place',
  position: 'Position',
  accuracy: 'Accuracy',
  record: 'Record',
  downloadCsv: 'Download CSV',
  downloadFailed: 'The file could not be downloaded.',
  actionsMap: 'Where the actions were recorded',
  noPositionsThatDay: 'None of the day’s actions has a position.',
  period: 'Period',
  reportDay: 'Report day',
  region: 'Region',
  userName: 'User name',
  tenant: 'Tenant',
  online: 'Online',
  activitiesCompleted: 'Activities completed',
  filesAdded: 'Files added',
  lastPosition: 'Last position',
  noAgents: 'No agents to show.',
  searchAgents: 'Search agents and regions',
  showOnMap: 'Show on the map',
  // Location page
  location: 'Agent location',
  coordinates: 'Coordinates',
  invalidPosition: 'These coordinates are not a position on the map.',
  back: 'Back',
} as const;

export const PERIOD_NAMES: Record<SummaryPeriod, string> = { day: 'Day', week: 'Week', month: 'Month' };

/** Minutes online as "3 h 05 min" (or "45 min"). */
export function onlineText(minutes: number) {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h ${String(rest).padStart(2, '0')} min` : `${rest} min`;
}

export const accuracyText = (metres: number | null) => (metres === null ? '—' : `${Math.round(metres).toLocaleString()} m`);
export const actionsFileName = (day: string) => `agent-actions-${day}.csv`;
