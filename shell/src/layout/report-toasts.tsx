/** Report completion messages of spec 7.7: a success or error toast, and the file opened after 1000 ms. */
import { useEffect } from 'react';
import { App } from 'antd';
import { REPORT_OPEN_DELAY_MS } from '@meridian/shared/constants';
import { MESSAGES } from '@meridian/shared/messages';
import { subscribe } from '../realtime/realtime-connection';

interface ReportComplete { success: boolean; filePath?: string; reportName?: string; heading?: string; body?: string }

export function ReportToasts() {
  const { notification } = App.useApp();
  useEffect(() => {
    const show = (csv: boolean) => (payload: unknown) => {
      const report = payload as ReportComplete;
      if (report.success) {
        notification.success({ message: csv ? MESSAGES.csvReportGenerated : MESSAGES.reportGenerated, description: report.reportName });
        if (report.filePath) setTimeout(() => window.open(report.filePath, '_blank', 'noopener'), REPORT_OPEN_DELAY_MS);
      } else {
        notification.error({ message: report.heading || MESSAGES.reportWithErrors, description: report.body });
      }
    };
    const stops = [subscribe('reportComplete', show(false)), subscribe('csvReportComplete', show(true))];
    return () => stops.forEach((stop) => stop());
  }, [notification]);
  return null;
}
