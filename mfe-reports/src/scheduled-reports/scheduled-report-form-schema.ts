/**
 * The schedule form's schema: the contract's fields (scheduledReportFields) and its per-kind check, with
 * two fields typed as text: parameters (name=value lines) and recipients (addresses separated by commas or
 * lines), each turned into what the API takes, so the browser refuses what the API refuses.
 */
import { z } from 'zod';
import {
  SCHEDULED_REPORT_LIMITS,
  checkScheduleFields,
  scheduledReportFields,
  whenAnObject,
  type ScheduledReport,
} from '@meridian/shared/contract/scheduled-report';
import { emailSchema } from '@meridian/shared/validation';

const parametersText = z.string().transform((text, ctx) => {
  const parameters: Record<string, string> = {};
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line) continue;
    const cut = line.indexOf('=');
    if (cut < 1) {
      ctx.addIssue({ code: 'custom', message: `"${line}" is not name=value.` });
      return z.NEVER;
    }
    parameters[line.slice(0, cut).trim()] = line.slice(cut + 1).trim();
  }
  return parameters;
});

const recipientsText = z.string().transform((text, ctx) => {
  const addresses = text.split(/[\s,;]+/).filter(Boolean);
  if (addresses.length === 0) ctx.addIssue({ code: 'custom', message: 'Add at least one recipient.' });
  if (addresses.length > SCHEDULED_REPORT_LIMITS.maxRecipients)
    ctx.addIssue({ code: 'custom', message: `At most ${SCHEDULED_REPORT_LIMITS.maxRecipients} recipients.` });
  const valid: string[] = [];
  for (const address of addresses) {
    const parsed = emailSchema.safeParse(address);
    if (parsed.success) valid.push(parsed.data);
    else ctx.addIssue({ code: 'custom', message: `"${address}" is not a valid e-mail address.` });
  }
  return valid;
});

export const scheduledReportFormSchema = scheduledReportFields
  .extend({ parameters: parametersText, recipients: recipientsText })
  .superRefine(checkScheduleFields, whenAnObject);

export type ScheduledReportFormInput = z.input<typeof scheduledReportFormSchema>;
export type ScheduledReportFormValues = z.output<typeof scheduledReportFormSchema>;

export const SCHEDULE_FORM_FIELDS = [
  'name',
  'reportId',
  'parameters',
  'format',
  'scheduleKind',
  'time',
  'dayOfWeek',
  'dayOfMonth',
  'cron',
  'recipients',
  'active',
] as const;

export const scheduledReportFormValues = (schedule?: ScheduledReport | null): ScheduledReportFormInput => ({
  name: schedule?.name ?? '',
  reportId: (schedule?.reportId ?? 'parVarThirtyReport') as ScheduledReportFormInput['reportId'],
  parameters: Object.entries(schedule?.parameters ?? {})
    .map(([name, value]) => `${name}=${value}`)
    .join('\n'),
  format: schedule?.format ?? 'PDF',
  scheduleKind: schedule?.scheduleKind ?? 'daily',
  time: schedule?.time ?? '07:00',
  dayOfWeek: schedule?.dayOfWeek ?? 1,
  dayOfMonth: schedule?.dayOfMonth ?? 1,
  cron: schedule?.cron ?? '',
  recipients: (schedule?.recipients ?? []).join(', '),
  active: schedule?.active ?? true,
});
