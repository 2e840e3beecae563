/**
 * "Export PDF / XLSX / CSV" for a report screen (issue 22 item 4): one button per format, the one under way
 * spinning and the others held until it ends, the rows written so far beside them, and a refusal shown
 * where the buttons are. The finished file's toast and its opening are the shell's (report-toasts.tsx).
 * A screen gives only what to run: `reportId`, `parameters` (its query fields as text) and `formats`.
 */
import { Button, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { EXPORT_FORMATS, type ExportFormat } from '../contract/report-run';
import { exportLabel, rowsWrittenText } from '../reports/report-export-text';
import { useReportExport, type ReportExportRequest } from './use-report-export';

export interface ReportExportButtonsProps extends ReportExportRequest {
  /** The formats offered; all three unless said. */
  formats?: readonly ExportFormat[];
}

export function ReportExportButtons({ reportId, parameters, formats = EXPORT_FORMATS }: ReportExportButtonsProps) {
  const { running, rowsDone, refusal, start } = useReportExport({ reportId, parameters });
  return (
    <Space direction="vertical" size={4}>
      <Space wrap>
        {formats.map((format) => (
          <Button
            key={format}
            icon={<DownloadOutlined aria-hidden />}
            loading={running === format}
            disabled={running !== null && running !== format}
            onClick={() => void start(format)}
          >
            {exportLabel(format)}
          </Button>
        ))}
      </Space>
      <div aria-live="polite">
        {running !== null && rowsDone !== null ? <Typography.Text type="secondary">{rowsWrittenText(rowsDone)}</Typography.Text> : null}
      </div>
      {refusal ? (
        <Typography.Text type="danger" role="alert">
          {refusal}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
