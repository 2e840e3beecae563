/** Report completion messages of spec 7.7: a success or error toast, and the file opened after 1000 ms. */
import { App } from 'antd';
import { REPORT_OPEN_DELAY_MS } from '@meridian/shared/constants';
import { MESSAGES } from '@meridian/shared/messages';
import type { ReportComplete } from '@meridian/shared/contract/realtime';
import { useRealtime } from '@meridian/shared/realtime/use-realtime';

export function ReportToasts() {
  const { notification } = App.useApp();
  const show = (csv: boolean) => (report: ReportComplete) => {
    if (report.success) {
      notification.success({ message: csv ? MESSAGES.csvReportGenerated : MESSAGES.reportGenerated, description: report.reportName });
      if (report.filePath) setTimeout(() => window.open(report.filePath, '_blank', 'noopener'), REPORT_OPEN_DELAY_MS);
    } else {
      notification.error({ message: report.heading || MESSAGES.reportWithErrors, description: report.body });
    }
  };
  useRealtime('reportComplete', show(false));
  useRealtime('csvReportComplete', show(true));
  return null;
}
