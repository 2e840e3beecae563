/**
 * Edit a scheduled report (/reports/schedulereport/edit?id=...: the spec's path has no id, so the query
 * names it), with its history of runs below the form.
 */
import { Alert, Divider, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { scheduledReports } from '@meridian/shared/contract/areas/reports';
import type { ScheduledReport } from '@meridian/shared/contract/scheduled-report';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { SCHEDULE_API } from './scheduled-report-api';
import { ScheduledReportForm } from './scheduled-report-form';
import { ScheduledReportRuns } from './scheduled-report-runs';
import { SCHEDULE_TEXT } from './scheduled-report-text';

export default function ScheduledReportEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const state = useLoad((signal) => api.get<ScheduledReport>(SCHEDULE_API.one(id), { signal }).then((r) => r.data), [id]);
  if (!id) {
    return (
      <PageFrame title={SCHEDULE_TEXT.editSchedule}>
        <Alert type="warning" showIcon title={SCHEDULE_TEXT.notFound} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={state.status === 'loaded' ? state.data.name : SCHEDULE_TEXT.editSchedule}>
      <LoadPanel state={state}>
        {(schedule) => (
          <>
            <div style={{ maxWidth: 640 }}>
              <ScheduledReportForm schedule={schedule} onSaved={() => void navigate(scheduledReports.screens.list)} />
            </div>
            <Divider />
            <Typography.Title level={5}>{SCHEDULE_TEXT.history}</Typography.Title>
            <ScheduledReportRuns scheduleId={schedule.id} />
          </>
        )}
      </LoadPanel>
    </PageFrame>
  );
}
