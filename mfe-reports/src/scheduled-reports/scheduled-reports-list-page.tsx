/**
 * Scheduled reports (/scheduledReport/index): the acting tenant's schedules, paged, sorted and searched on
 * the server; run now, pause or resume, delete and edit for those who may edit; each schedule's history in
 * a drawer for everyone who may read.
 */
import { useState } from 'react';
import { App, Button, Drawer, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { scheduledReports } from '@meridian/shared/contract/areas/reports';
import type { ScheduledReport } from '@meridian/shared/contract/scheduled-report';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { editScreenOf, SCHEDULE_API } from './scheduled-report-api';
import { describeSchedule } from './schedule-description';
import { RunStatusTag, ScheduledReportRuns } from './scheduled-report-runs';
import { REPORT_NAMES, SCHEDULE_TEXT } from './scheduled-report-text';

const DEFAULT_SORT = { field: 'name', order: 'ASC' } as const;

const reportName = (id: string) => REPORT_NAMES[id as keyof typeof REPORT_NAMES] ?? id;

function useScheduleActions(onChanged: () => void) {
  const { modal, message } = App.useApp();
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      void message.success(done);
      onChanged();
    } catch (error) {
      void message.error(errorText(error));
    }
  };
  return {
    runNow: (s: ScheduledReport) => act(() => api.post(SCHEDULE_API.run(s.id)), SCHEDULE_TEXT.queued),
    toggle: (s: ScheduledReport) =>
      s.active
        ? act(() => api.post(SCHEDULE_API.pause(s.id)), `${s.name}: ${SCHEDULE_TEXT.paused}`)
        : act(() => api.post(SCHEDULE_API.resume(s.id)), `${s.name}: ${SCHEDULE_TEXT.active}`),
    remove: (s: ScheduledReport) =>
      void modal.confirm({
        title: SCHEDULE_TEXT.confirmDelete(s.name),
        okText: MESSAGES.deleteAction,
        okButtonProps: { danger: true },
        cancelText: MESSAGES.cancelAction,
        onOk: () => act(() => api.delete(SCHEDULE_API.one(s.id)), SCHEDULE_TEXT.deleted),
      }),
  };
}

export default function ScheduledReportsListPage() {
  const canCreate = useCan(scheduledReports, 'create');
  const canEdit = useCan(scheduledReports, 'edit');
  const format = useTenantFormat();
  const phone = usePhoneScreen();
  const navigate = useNavigate();
  const [changed, setChanged] = useState(0);
  const [history, setHistory] = useState<ScheduledReport | null>(null);
  const actions = useScheduleActions(() => setChanged((n) => n + 1));

  const columns: PagedColumn<ScheduledReport>[] = [
    {
      title: SCHEDULE_TEXT.name,
      key: 'name',
      sortField: 'name',
      render: (_, s) => (canEdit ? <Link to={editScreenOf(s.id)}>{s.name}</Link> : s.name),
    },
    { title: SCHEDULE_TEXT.report, key: 'reportId', sortField: 'reportId', render: (_, s) => reportName(s.reportId) },
    { title: SCHEDULE_TEXT.format, key: 'format', sortField: 'format', optional: true, render: (_, s) => s.format },
    { title: SCHEDULE_TEXT.schedule, key: 'schedule', sortField: 'scheduleKind', render: (_, s) => describeSchedule(s) },
    { title: SCHEDULE_TEXT.recipients, key: 'recipients', optional: true, maxWidth: 240, render: (_, s) => s.recipients.join(', ') },
    {
      title: SCHEDULE_TEXT.nextRun,
      key: 'nextRunAt',
      sortField: 'nextRunAt',
      render: (_, s) => (s.active ? format.moment(s.nextRunAt) : <Tag>{SCHEDULE_TEXT.paused}</Tag>),
    },
    {
      title: SCHEDULE_TEXT.lastRun,
      key: 'lastRun',
      optional: true,
      render: (_, s) => (s.lastRunStatus ? <RunStatusTag status={s.lastRunStatus} /> : ''),
    },
    {
      title: SCHEDULE_TEXT.actions,
      key: 'actions',
      actions: true,
      render: (_, s) => (
        <Space size="small" wrap>
          <Button size="small" onClick={() => setHistory(s)} aria-label={`${SCHEDULE_TEXT.history} ${s.name}`}>
            {SCHEDULE_TEXT.history}
          </Button>
          {canEdit && (
            <>
              <Button size="small" onClick={() => void actions.runNow(s)} aria-label={`${SCHEDULE_TEXT.runNow} ${s.name}`}>
                {SCHEDULE_TEXT.runNow}
              </Button>
              <Button
                size="small"
                onClick={() => void actions.toggle(s)}
                aria-label={`${s.active ? SCHEDULE_TEXT.pause : SCHEDULE_TEXT.resume} ${s.name}`}
              >
                {s.active ? SCHEDULE_TEXT.pause : SCHEDULE_TEXT.resume}
              </Button>
              <Button size="small" danger onClick={() => actions.remove(s)} aria-label={`${SCHEDULE_TEXT.delete} ${s.name}`}>
                {SCHEDULE_TEXT.delete}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <PageFrame
      title={SCHEDULE_TEXT.list}
      actions={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(scheduledReports.screens.create)}>
            {SCHEDULE_TEXT.newSchedule}
          </Button>
        )
      }
    >
      <PagedTable<ScheduledReport>
        url={SCHEDULE_API.list}
        columns={columns}
        rowKey={(s) => s.id}
        label={SCHEDULE_TEXT.list}
        emptyText={SCHEDULE_TEXT.noSchedules}
        searchPlaceholder={SCHEDULE_TEXT.search}
        defaultSort={DEFAULT_SORT}
        reloadToken={changed}
        tableId="reports-scheduled-reports"
      />
      <Drawer
        title={history ? SCHEDULE_TEXT.historyOf(history.name) : ''}
        open={history !== null}
        onClose={() => setHistory(null)}
        size={phone ? '100%' : 720}
        destroyOnHidden
      >
        {history && <ScheduledReportRuns scheduleId={history.id} reloadToken={changed} />}
      </Drawer>
    </PageFrame>
  );
}
