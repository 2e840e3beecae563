/**
 * Report completion messages of spec 7.7: a success or error toast, and the file opened after 1000 ms, fetched
 * with the access token (open-report-file.ts) in the tab that asked for it. A file that could not be fetched
 * is said so in a toast.
 */
import { App } from 'antd';
import { REPORT_OPEN_DELAY_MS } from '@meridian/shared/constants';
import { MESSAGES } from '@meridian/shared/messages';
import type { ReportComplete } from '@meridian/shared/contract/realtime';
import { useRealtime } from '@meridian/shared/realtime/use-realtime';
import { claimRun } from '@meridian/shared/realtime/realtime-connection';
import { errorText } from '@meridian/shared/http/api-errors';
import { openReportFile } from './open-report-file';

export function ReportToasts() {
  const { notification } = App.useApp();
  const show = (csv: boolean) => (report: ReportComplete) => {
    if (report.success) {
      notification.success({ message: csv ? MESSAGES.csvReportGenerated : MESSAGES.reportGenerated, description: report.reportName });
      const { filePath } = report;
      // Every tab of the user toasts; the one that started the run opens its file (a message without a run id: any tab).
      if (filePath && (report.runId === undefined || claimRun(report.runId))) {
        setTimeout(() => {
          openReportFile(filePath, report.reportName ?? 'Report').catch((error: unknown) =>
            notification.error({ message: report.reportName ?? MESSAGES.reportWithErrors, description: errorText(error) }),
          );
        }, REPORT_OPEN_DELAY_MS);
      }
    } else {
      notification.error({ message: report.heading || MESSAGES.reportWithErrors, description: report.body });
    }
  };
  useRealtime('reportComplete', show(false));
  useRealtime('csvReportComplete', show(true));
  return null;
}
