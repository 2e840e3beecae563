/**
 * Demo scheduled reports of Meridian Lending (issue 22 item 5): three schedules, one of each flavour, with
 * a short history of past runs so the list and history screens show something on a first start. The past
 * runs name their files but keep none (no file was made for them), so the history shows no download link.
 */
import { cronExpressionOf, nextRunTime, nextRunTimes, type ScheduleFields } from '@meridian/shared/reports/report-schedule';
import type { Database, Queryable } from '../db/database';
import { tenantTimeZone } from '../tenancy/tenant-time-zone';

interface DemoSchedule {
  name: string;
  /** Where it is kept and who runs it; the company administrator at Meridian Lending unless said. */
  at?: { tenant: string; owner: string };
  reportId: string;
  format: 'PDF' | 'XLSX' | 'CSV';
  schedule: ScheduleFields;
  recipients: string[];
  active: boolean;
  /** Outcomes of the latest past occurrences, newest first: null is a success. */
  pastRuns: (string | null)[];
}

const DEMO_SCHEDULES: DemoSchedule[] = [
  {
    name: 'PAR over 30 days, Monday mornings',
    reportId: 'parVarThirtyReport',
    format: 'XLSX',
    schedule: { scheduleKind: 'weekly', time: '07:00', dayOfWeek: 1 },
    recipients: ['managing-director@demo.meridian.test', 'regional-manager@demo.meridian.test'],
    active: true,
    pastRuns: [null, null, null],
  },
  {
    name: 'Month-end collections summary',
    reportId: 'collectionsSummaryReport',
    format: 'PDF',
    schedule: { scheduleKind: 'monthly', time: '18:00', dayOfMonth: 28 },
    recipients: ['managing-director@demo.meridian.test'],
    active: true,
    pastRuns: [null, 'The SMTP server refused the connection (demo history).'],
  },
  {
    name: 'Tenant loans on weekdays (cron)',
    reportId: 'tenantLoansReport',
    format: 'CSV',
    schedule: { scheduleKind: 'cron', cron: '30 6 * * 1-5' },
    recipients: ['company-administrator@demo.meridian.test'],
    active: false,
    pastRuns: [null],
  },
  // The team's own, kept by its branch manager: a manager acting for the team sees a schedule there too.
  {
    name: 'Soweto Team PAR, Friday afternoons',
    at: { tenant: 'Soweto Team', owner: 'branch-manager' },
    reportId: 'parVarThirtyReport',
    format: 'PDF',
    schedule: { scheduleKind: 'weekly', time: '15:00', dayOfWeek: 5 },
    recipients: ['branch-manager@demo.meridian.test'],
    active: true,
    pastRuns: [null],
  },
];

const EXTENSIONS = { PDF: 'pdf', XLSX: 'xlsx', CSV: 'csv' } as const;

/** The latest `count` occurrences before now (newest first), found by stepping back a week at a time. */
function pastOccurrences(expression: string, timeZone: string, count: number): Date[] {
  const now = Date.now();
  for (let weeks = 1; weeks <= 60; weeks += 1) {
    const from = new Date(now - weeks * 7 * 86_400_000);
    const found = nextRunTimes(expression, timeZone, 200, from).filter((d) => d.getTime() < now);
    if (found.length >= count) return found.slice(-count).reverse();
  }
  return [];
}

async function insertSchedule(q: Queryable, tenantId: string, userId: string, timeZone: string, demo: DemoSchedule) {
  const expression = cronExpressionOf(demo.schedule)!;
  const row = await q.one<{ id: string }>(
    `insert into scheduled_reports (tenant_id, name, report_id, parameters, format, schedule_kind, time_of_day, day_of_week,
       day_of_month, cron, cron_expression, recipients, active, next_run_at, run_as_user_id, created_by)
     values ($1, $2, $3, '{}', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) returning id`,
    [
      tenantId,
      demo.name,
      demo.reportId,
      demo.format,
      demo.schedule.scheduleKind,
      demo.schedule.time ?? null,
      demo.schedule.dayOfWeek ?? null,
      demo.schedule.dayOfMonth ?? null,
      demo.schedule.cron ?? null,
      expression,
      demo.recipients,
      demo.active,
      demo.active ? nextRunTime(expression, timeZone) : null,
      userId,
    ],
  );
  const occurrences = pastOccurrences(expression, timeZone, demo.pastRuns.length);
  for (const [i, occurrence] of occurrences.entries()) {
    const error = demo.pastRuns[i] ?? null;
    const day = occurrence.toISOString().slice(0, 10);
    await q.query(
      `insert into scheduled_report_runs (schedule_id, tenant_id, trigger, occurrence_at, status, attempt, started_at, finished_at,
         file_name, rows, error, date_created)
       values ($1, $2, 'schedule', $3, $4, $5, $3, $3::timestamptz + interval '40 seconds', $6, $7, $8, $3)`,
      [
        row!.id,
        tenantId,
        occurrence,
        error ? 'failed' : 'done',
        error ? 4 : 1,
        error ? null : `${demo.reportId}-${day}.${EXTENSIONS[demo.format]}`,
        error ? null : 120 + i * 7,
        error,
      ],
    );
  }
}

export async function seedDemoScheduledReports(db: Database) {
  const done = await db.one(`select 1 from system_settings where key = 'demo_scheduled_reports_seeded'`);
  if (done) return;
  await db.tx(async (q) => {
    const marked = await q.one(
      `insert into system_settings (key, value) values ('demo_scheduled_reports_seeded', now()::text) on conflict do nothing returning key`,
    );
    if (!marked) return;
    for (const demo of DEMO_SCHEDULES) {
      const { tenant: tenantName, owner: userName } = demo.at ?? { tenant: 'Meridian Lending', owner: 'company-administrator' };
      const tenant = await q.one<{ id: string }>(`select id from tenants where name = $1 and deleted_at is null`, [tenantName]);
      const owner = await q.one<{ id: string }>(`select id from users where user_name = $1`, [userName]);
      if (!tenant || !owner) continue;
      await insertSchedule(q, tenant.id, owner.id, await tenantTimeZone(q, tenant.id), demo);
    }
  });
}
