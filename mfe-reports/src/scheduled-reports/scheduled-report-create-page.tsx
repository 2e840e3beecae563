/** A new scheduled report (/reports/schedulereport/create); saved, it leads back to the list. */
import { useNavigate } from 'react-router';
import { scheduledReports } from '@meridian/shared/contract/areas/reports';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { ScheduledReportForm } from './scheduled-report-form';
import { SCHEDULE_TEXT } from './scheduled-report-text';

export default function ScheduledReportCreatePage() {
  const navigate = useNavigate();
  return (
    <PageFrame title={SCHEDULE_TEXT.newSchedule}>
      <div style={{ maxWidth: 640 }}>
        <ScheduledReportForm schedule={null} onSaved={() => void navigate(scheduledReports.screens.list)} />
      </div>
    </PageFrame>
  );
}
