/**
 * Test support for the scheduled report screens (imported by *.test.tsx only), over the product's shared page kit:
 * a signed-in manager of Meridian Lending holding the reports grants asked for, and a schedule fixture.
 */
import type { ScheduledReport, ScheduledReportRun } from '@meridian/shared/contract/scheduled-report';
import { fakeServer, signInAs, type FakeCall, type FakeReply } from '@meridian/shared/testing/page-test-kit';
import { fakeUser } from '@meridian/shared/testing/session-fixtures';

export const LENDING_TENANT = '10000000-0000-4000-8000-000000000002';
export const SCHEDULE_ID = '70000000-0000-4000-8000-000000000001';
export const MANAGER_ID = '20000000-0000-4000-8000-000000000003';

export const signInManager = (hierarchies: string[] = ['CRM/REPORTS', 'REPORTS']) =>
  signInAs(
    fakeUser({
      Id: MANAGER_ID,
      firstName: 'Naledi',
      lastName: 'Khumalo',
      tenantId: LENDING_TENANT,
      roles: [{ Id: 'r-manager', name: 'Managing Director' }],
      rolepermissions: hierarchies.map((hierarchy) => ({ hierarchy })),
    }),
  );

/** Answers through `answer`; the tenant's settings are left to their defaults (Africa/Johannesburg). */
export const reportsServer = (answer: (call: FakeCall) => FakeReply | undefined) => fakeServer(answer);

export const schedule = (overrides: Partial<ScheduledReport> = {}): ScheduledReport => ({
  id: SCHEDULE_ID,
  tenantId: LENDING_TENANT,
  tenantName: 'Meridian Lending',
  name: 'PAR over 30 days, Monday mornings',
  reportId: 'parVarThirtyReport',
  parameters: { groupBy: 'branch' },
  format: 'XLSX',
  scheduleKind: 'weekly',
  time: '07:00',
  dayOfWeek: 1,
  dayOfMonth: null,
  cron: null,
  cronExpression: '0 7 * * 1',
  timeZone: 'Africa/Johannesburg',
  recipients: ['board@example.com', 'risk@example.com'],
  active: true,
  nextRunAt: '2026-11-30T05:00:00.000Z',
  lastRunAt: '2026-11-23T05:00:00.000Z',
  lastRunStatus: 'done',
  runAsUserId: MANAGER_ID,
  runAsUserName: 'managing-director',
  dateCreated: '2026-11-01T08:00:00.000Z',
  dateModified: '2026-11-01T08:00:00.000Z',
  ...overrides,
});

export const run = (overrides: Partial<ScheduledReportRun> = {}): ScheduledReportRun => ({
  id: '71000000-0000-4000-8000-000000000001',
  scheduleId: SCHEDULE_ID,
  trigger: 'schedule',
  occurrenceAt: '2026-11-23T05:00:00.000Z',
  status: 'done',
  attempt: 1,
  startedAt: '2026-11-23T05:00:01.000Z',
  finishedAt: '2026-11-23T05:00:40.000Z',
  fileId: '72000000-0000-4000-8000-000000000001',
  fileName: 'parVarThirtyReport-2026-11-23.xlsx',
  rows: 120,
  error: null,
  dateCreated: '2026-11-23T05:00:00.000Z',
  downloadPath: '/api/reports/files/72000000-0000-4000-8000-000000000001/download',
  ...overrides,
});
