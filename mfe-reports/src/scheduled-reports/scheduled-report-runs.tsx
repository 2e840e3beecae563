/** A schedule's history of runs (newest first), each with its file's download link once it kept one. */
import { Tag, Typography } from 'antd';
import type { RunStatus, ScheduledReportRun } from '@meridian/shared/contract/scheduled-report';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { SCHEDULE_API } from './scheduled-report-api';
import { RUN_STATUS_NAMES, SCHEDULE_TEXT } from './scheduled-report-text';

const STATUS_COLOURS: Record<RunStatus, string> = { queued: 'blue', running: 'processing', done: 'green', failed: 'red' };
const DEFAULT_SORT = { field: 'dateCreated', order: 'DESC' } as const;

export function RunStatusTag({ status }: { status: RunStatus }) {
  return <Tag color={STATUS_COLOURS[status]}>{RUN_STATUS_NAMES[status]}</Tag>;
}

export function ScheduledReportRuns({ scheduleId, reloadToken }: { scheduleId: string; reloadToken?: number }) {
  const format = useTenantFormat();
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
      render: (_, r) =>
        r.downloadPath ? (
          <a href={r.downloadPath} download={r.fileName ?? undefined}>
            {r.fileName}
          </a>
        ) : (
          (r.fileName ?? '')
        ),
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
      reloadToken={reloadToken}
      tableId="reports-scheduled-report-runs"
    />
  );
}
