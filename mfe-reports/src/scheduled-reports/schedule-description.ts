/** A schedule in words, as the list shows it: "Weekly on Monday at 07:00". */
import type { ScheduledReport } from '@meridian/shared/contract/scheduled-report';
import { WEEKDAY_NAMES } from '@meridian/shared/reports/report-schedule';

export function describeSchedule(s: Pick<ScheduledReport, 'scheduleKind' | 'time' | 'dayOfWeek' | 'dayOfMonth' | 'cron'>): string {
  if (s.scheduleKind === 'cron') return `Cron: ${s.cron ?? ''}`;
  if (s.scheduleKind === 'weekly') return `Weekly on ${WEEKDAY_NAMES[s.dayOfWeek ?? 0]} at ${s.time ?? ''}`;
  if (s.scheduleKind === 'monthly') return `Monthly on day ${s.dayOfMonth ?? ''} at ${s.time ?? ''}`;
  return `Daily at ${s.time ?? ''}`;
}
