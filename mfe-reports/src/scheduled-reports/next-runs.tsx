/** The next three runs of the schedule being typed, in the tenant's zone: what the server will keep. */
import { List, Typography } from 'antd';
import { cronExpressionOf, cronProblem, nextRunTimes, type ScheduleFields } from '@meridian/shared/reports/report-schedule';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { SCHEDULE_TEXT } from './scheduled-report-text';

const NEXT_RUNS_SHOWN = 3;

/** The next runs, or none while the schedule is incomplete or its cron expression is wrong. */
export function upcomingRuns(schedule: ScheduleFields, timeZone: string, now = new Date()): Date[] {
  const expression = cronExpressionOf(schedule);
  if (!expression || cronProblem(expression)) return [];
  return nextRunTimes(expression, timeZone, NEXT_RUNS_SHOWN, now);
}

export function NextRuns({ schedule }: { schedule: ScheduleFields }) {
  const format = useTenantFormat();
  const runs = upcomingRuns(schedule, format.format.timeZone);
  const title = SCHEDULE_TEXT.nextRunsIn(format.format.timeZone);
  return (
    <section aria-label={SCHEDULE_TEXT.nextRuns} style={{ marginBottom: 16 }}>
      <Typography.Text strong>{title}</Typography.Text>
      {runs.length === 0 ? (
        <Typography.Paragraph type="secondary">{SCHEDULE_TEXT.noNextRuns}</Typography.Paragraph>
      ) : (
        <List size="small" dataSource={runs} renderItem={(run) => <List.Item>{format.moment(run.toISOString())}</List.Item>} />
      )}
    </section>
  );
}
