/**
 * Scheduled reports (issue 22 item 5; screens /scheduledReport/index, /reports/schedulereport/create and
 * /reports/schedulereport/edit?id=). The spec shows no REST calls for them; the calls are this product's
 * own (README, "Scheduled reports"):
 *
 * - GET /api/scheduled-reports (paged, sortField, search), GET /api/scheduled-reports/:id
 * - POST /api/scheduled-reports, PUT /api/scheduled-reports/:id, DELETE /api/scheduled-reports/:id
 * - POST /api/scheduled-reports/:id/pause and /resume
 * - POST /api/scheduled-reports/:id/run (run now) and GET /api/scheduled-reports/:id/runs (history, paged)
 *
 * A schedule belongs to the tenant the caller acts for and runs as the user who last saved it; its report
 * file is e-mailed to each recipient through the outbox with the file attached.
 */
import { z } from 'zod';
import { emailSchema, idSchema } from '../validation';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { EXPORT_FORMATS, REPORT_RUN_LIMITS, STANDARD_REPORT_IDS } from './report-run';
import { SCHEDULE_KINDS, SCHEDULE_LIMITS, TIME_OF_DAY, cronProblem } from '../reports/report-schedule';
import '../validation-messages';

export const SCHEDULED_REPORT_LIMITS = { maxRecipients: 20, maxNameLength: 120 } as const;

export const RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_TRIGGERS = ['schedule', 'manual'] as const;

const parameters = z
  .record(z.string().min(1).max(64), z.string().max(REPORT_RUN_LIMITS.maxParameterLength))
  .refine((p) => Object.keys(p).length <= REPORT_RUN_LIMITS.maxParameters, { message: 'Too many report parameters.' });

/** The fields the form and the API share; each schedule kind needs its own ones (checked below, naming the field). */
export const scheduledReportFields = z.strictObject({
  name: z.string().trim().min(1, 'Give the schedule a name.').max(SCHEDULED_REPORT_LIMITS.maxNameLength),
  reportId: z.union([z.enum(STANDARD_REPORT_IDS), idSchema], { message: 'Choose a report.' }),
  parameters: parameters.default({}),
  format: z.enum(EXPORT_FORMATS, { message: 'Choose PDF, XLSX or CSV.' }),
  scheduleKind: z.enum(SCHEDULE_KINDS, { message: 'Choose daily, weekly, monthly or cron.' }),
  time: z.string().regex(TIME_OF_DAY, 'Give a time as HH:MM (24 hours).').nullish(),
  dayOfWeek: z.number().int().min(0, 'Choose a day of the week.').max(6, 'Choose a day of the week.').nullish(),
  dayOfMonth: z
    .number()
    .int()
    .min(1, `Choose a day from 1 to ${SCHEDULE_LIMITS.maxDayOfMonth}.`)
    .max(SCHEDULE_LIMITS.maxDayOfMonth, `Choose a day from 1 to ${SCHEDULE_LIMITS.maxDayOfMonth}.`)
    .nullish(),
  cron: z.string().max(SCHEDULE_LIMITS.maxCronLength).nullish(),
  recipients: z
    .array(emailSchema)
    .min(1, 'Add at least one recipient.')
    .max(SCHEDULED_REPORT_LIMITS.maxRecipients, `At most ${SCHEDULED_REPORT_LIMITS.maxRecipients} recipients.`),
  active: z.boolean().default(true),
});

type Fields = z.infer<typeof scheduledReportFields>;
/** What the per-kind check reads (the form's own values hold these too). */
export type ScheduleCheckFields = Pick<Fields, 'scheduleKind' | 'time' | 'dayOfWeek' | 'dayOfMonth' | 'cron'>;

/** The fields a schedule kind needs, with the message shown under each when it is missing or wrong. */
export function checkScheduleFields(value: ScheduleCheckFields, ctx: z.RefinementCtx) {
  const missing = (path: keyof ScheduleCheckFields, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (value.scheduleKind === 'cron') {
    // The check also runs when other fields failed (see `whenAnObject`): a field may be of any type here.
    const problem = cronProblem(typeof value.cron === 'string' ? value.cron : '');
    if (problem) missing('cron', problem);
    return;
  }
  if (!value.time) missing('time', 'Give a time as HH:MM (24 hours).');
  if (value.scheduleKind === 'weekly' && value.dayOfWeek == null) missing('dayOfWeek', 'Choose a day of the week.');
  if (value.scheduleKind === 'monthly' && value.dayOfMonth == null)
    missing('dayOfMonth', `Choose a day from 1 to ${SCHEDULE_LIMITS.maxDayOfMonth}.`);
}

/**
 * The per-kind check runs even when another field failed, so that a form shows a wrong cron expression as
 * it is typed, before the rest is filled in; only a body that is no object at all skips it.
 */
export const whenAnObject = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

/** Create and edit (PUT replaces every field). */
export const scheduledReportSaveSchema = scheduledReportFields.superRefine(checkScheduleFields, whenAnObject);
export type ScheduledReportSave = z.input<typeof scheduledReportSaveSchema>;

export interface ScheduledReport {
  id: string;
  tenantId: string;
  tenantName: string;
  name: string;
  reportId: string;
  parameters: Record<string, string>;
  format: (typeof EXPORT_FORMATS)[number];
  scheduleKind: (typeof SCHEDULE_KINDS)[number];
  time: string | null;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  cron: string | null;
  /** The cron expression every kind comes down to, evaluated in `timeZone`. */
  cronExpression: string;
  /** The tenant's zone the schedule runs in. */
  timeZone: string;
  recipients: string[];
  active: boolean;
  /** The next occurrence; null while paused. */
  nextRunAt: string | null;
  lastRunAt: string | null;
  lastRunStatus: RunStatus | null;
  /** The user the report runs as: whoever last saved the schedule. */
  runAsUserId: string;
  runAsUserName: string;
  dateCreated: string;
  dateModified: string;
}

export const scheduledReportSchema: z.ZodType<ScheduledReport> = z
  .strictObject({
    id: answerId,
    tenantId: answerId,
    tenantName: z.string(),
    name: z.string(),
    reportId: z.string(),
    parameters: z.record(z.string(), z.string()),
    format: z.enum(EXPORT_FORMATS),
    scheduleKind: z.enum(SCHEDULE_KINDS),
    time: z.string().nullable(),
    dayOfWeek: z.number().int().nullable(),
    dayOfMonth: z.number().int().nullable(),
    cron: z.string().nullable(),
    cronExpression: z.string(),
    timeZone: z.string(),
    recipients: z.array(z.string()),
    active: z.boolean(),
    nextRunAt: answerInstant.nullable(),
    lastRunAt: answerInstant.nullable(),
    lastRunStatus: z.enum(RUN_STATUSES).nullable(),
    runAsUserId: answerId,
    runAsUserName: z.string(),
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'ScheduledReport' });

/** One run of a schedule: by its schedule (an occurrence) or by "run now". */
export interface ScheduledReportRun {
  id: string;
  scheduleId: string;
  trigger: (typeof RUN_TRIGGERS)[number];
  /** The schedule's occurrence this run is for (null for "run now"). */
  occurrenceAt: string | null;
  status: RunStatus;
  /** Attempts made so far (a failed attempt is retried with backoff). */
  attempt: number;
  startedAt: string | null;
  finishedAt: string | null;
  fileId: string | null;
  fileName: string | null;
  rows: number | null;
  /** The last attempt's error. */
  error: string | null;
  dateCreated: string;
  /** `/api/reports/files/:id/download` when the run kept a file. */
  downloadPath: string | null;
}

export const scheduledReportRunSchema: z.ZodType<ScheduledReportRun> = z
  .strictObject({
    id: answerId,
    scheduleId: answerId,
    trigger: z.enum(RUN_TRIGGERS),
    occurrenceAt: answerInstant.nullable(),
    status: z.enum(RUN_STATUSES),
    attempt: answerCount,
    startedAt: answerInstant.nullable(),
    finishedAt: answerInstant.nullable(),
    fileId: answerId.nullable(),
    fileName: z.string().nullable(),
    rows: answerCount.nullable(),
    error: z.string().nullable(),
    dateCreated: answerInstant,
    downloadPath: z.string().nullable(),
  })
  .meta({ id: 'ScheduledReportRun' });

/** The download address of a kept report file (the report files' route). */
export const reportFileDownloadPath = (fileId: string) => `/api/reports/files/${fileId}/download`;
