/** A schedule's history of runs (newest first), each with its file's download link once it kept one. */
import { useCallback, useEffect, useState } from 'react';
import { Tag, Typography } from 'antd';
import type { RunStatus, ScheduledReportRun } from '@meridian/shared/contract/scheduled-report';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { DownloadLink } from '@meridian/shared/ui/download-link';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { SCHEDULE_API } from './scheduled-report-api';
import { RUN_STATUS_NAMES, SCHEDULE_TEXT } from './scheduled-report-text';

const STATUS_COLOURS: Record<RunStatus, string> = { queued: 'blue', running: 'processing', done: 'green', failed: 'red' };
const DEFAULT_SORT = { field: 'dateCreated', order: 'DESC' } as const;
/** How often the history is read again while a run of it has not ended. */
export const RUNS_REFRESH_MS = 3000;

const unsettled = (run: ScheduledReportRun) => run.status === 'queued' || run.status === 'running';

/** While a run shown is queued or running, asks for the history again every few seconds, so it is seen to end. */
function RefreshWhileRunning({ runs, onTick }: { runs: ScheduledReportRun[]; onTick(): void }) {
  const waiting = runs.some(unsettled);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(onTick, RUNS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [waiting, onTick]);
  return null;
}

export function RunStatusTag({ status }: { status: RunStatus }) {
  return <Tag color={STATUS_COLOURS[status]}>{RUN_STATUS_NAMES[status]}</Tag>;
}

export function ScheduledReportRuns({ scheduleId, reloadToken = 0 }: { scheduleId: string; reloadToken?: number }) {
  const format = useTenantFormat();
  const [ticks, setTicks] = useState(0);
  const tick = useCallback(() => setTicks((t) => t + 1), []);
  const text = SCHEDULE_TEXT.runs;
  const columns: PagedColumn<ScheduledReportRun>[] = [
    { title: text.when, key: 'dateCreated', sortField: 'dateCreated', render: (_, r) => format.moment(r.occurrenceAt ?? r.dateCreated) },
    { title: text.trigger, key: 'trigger', optional: true, render: (_, r) => (r.trigger === 'manual' ? text.manual : text.schedule) },
    { title: text.status, key: 'status', sortField: 'status', render: (_, r) => <RunStatusTag status={r.status} /> },
    { title: text.attempt, key: 'attempt', optional: true, render: (_, r) => r.attempt },
    { title: text.finished, key: 'finishedAt', sortField: 'finishedAt', optional: true, render: (_, r) => format.moment(r.finishedAt) },
    {
      title: text.file,
      key: 'file',
      render: (_, r) => (r.downloadPath && r.fileName ? <DownloadLink path={r.downloadPath} fileName={r.fileName} /> : (r.fileName ?? '')),
    },
    {
      title: text.error,
      key: 'error',
      maxWidth: 280,
      render: (_, r) => (r.error ? <Typography.Text type="danger">{r.error}</Typography.Text> : ''),
    },
  ];
  return (
    <PagedTable<ScheduledReportRun>
      url={SCHEDULE_API.runs(scheduleId)}
      columns={columns}
      rowKey={(r) => r.id}
      label={SCHEDULE_TEXT.history}
      emptyText={text.none}
      searchable={false}
      defaultSort={DEFAULT_SORT}
      reloadToken={reloadToken + ticks}
      summary={(answer) => <RefreshWhileRunning runs={Array.isArray(answer) ? (answer as ScheduledReportRun[]) : []} onTick={tick} />}
      // Its own paging and sort in the address: the schedules list's search there is not the history's.
      stateKey="runs"
      tableId="reports-scheduled-report-runs"
    />
  );
}
