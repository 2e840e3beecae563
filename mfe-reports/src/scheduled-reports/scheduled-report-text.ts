/** Texts of the scheduled report screens. */
import type { StandardReportId } from '@meridian/shared/contract/report-run';
import type { RunStatus } from '@meridian/shared/contract/scheduled-report';
import type { ScheduleKind } from '@meridian/shared/reports/report-schedule';

export const SCHEDULE_TEXT = {
  list: 'Scheduled reports',
  newSchedule: 'New scheduled report',
  editSchedule: 'Edit scheduled report',
  noSchedules: 'No scheduled reports yet.',
  search: 'Search by name, report or recipient',
  name: 'Name',
  report: 'Report',
  parameters: 'Parameters',
  parametersHint: 'One name=value per line, as the report takes them (e.g. groupBy=branch). Leave empty for its defaults.',
  format: 'Format',
  schedule: 'Schedule',
  scheduleKind: 'Runs',
  time: 'Time (HH:MM)',
  dayOfWeek: 'Day of the week',
  dayOfMonth: 'Day of the month',
  cron: 'Cron expression',
  cronHint: 'Five fields: minute hour day-of-month month day-of-week, e.g. 30 6 * * 1-5 (weekdays at 06:30).',
  recipients: 'Recipients',
  recipientsHint: 'E-mail addresses, separated by commas or new lines.',
  active: 'Active',
  paused: 'Paused',
  nextRuns: 'Next runs',
  nextRunsIn: (zone: string) => `Next runs (${zone})`,
  noNextRuns: 'The next runs show once the schedule is complete.',
  nextRun: 'Next run',
  lastRun: 'Last run',
  actions: 'Actions',
  edit: 'Edit',
  runNow: 'Run now',
  pause: 'Pause',
  resume: 'Resume',
  delete: 'Delete',
  history: 'History',
  historyOf: (name: string) => `Runs of ${name}`,
  confirmDelete: (name: string) => `Delete the scheduled report "${name}" and its history of runs?`,
  create: 'Create scheduled report',
  saved: 'Scheduled report saved.',
  created: 'Scheduled report created.',
  deleted: 'Scheduled report deleted.',
  queued: 'The report is queued; its recipients will receive it by e-mail.',
  notFound: 'This scheduled report was not found.',
  runs: {
    when: 'Queued',
    trigger: 'Trigger',
    status: 'Status',
    attempt: 'Attempt',
    finished: 'Finished',
    file: 'File',
    error: 'Error',
    none: 'No runs yet.',
    manual: 'Run now',
    schedule: 'Scheduled',
  },
} as const;

export const REPORT_NAMES: Record<StandardReportId, string> = {
  parVarThirtyReport: 'PAR > 30 report',
  collectionsSummaryReport: 'Collections summary report',
  salesAgentReport: 'Sales agent report',
  userLoginReport: 'User login report (each attempt)',
  userLoginsPerUserReport: 'Sign-ins per user',
  tenantLoansReport: 'Tenant loans report',
};

export const KIND_NAMES: Record<ScheduleKind, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', cron: 'Cron expression' };

export const RUN_STATUS_NAMES: Record<RunStatus, string> = { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' };
