/**
 * Report files (/reports/files): the files report runs kept (exports from the report screens and scheduled
 * runs), newest first, paged and searched on the server; who made each and when, and its download through the
 * http client. The server shows each file only to those who may read its report now, in their subtree.
 */
import { Tag, Typography } from 'antd';
import { reportFiles } from '@meridian/shared/contract/areas/reports';
import type { ReportFile, ReportFileStatus } from '@meridian/shared/contract/report-run';
import { apiPath } from '@meridian/shared/http/api-path';
import { fileSizeText } from '@meridian/shared/messages';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { DownloadLink } from '@meridian/shared/ui/download-link';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { FILE_STATUS_NAMES, REPORT_FILES_TEXT as TEXT } from './report-files-text';

const STATUS_COLOURS: Record<ReportFileStatus, string> = { running: 'processing', done: 'green', failed: 'red' };

function FileStatus({ file }: { file: ReportFile }) {
  return (
    <>
      <Tag color={STATUS_COLOURS[file.status]}>{FILE_STATUS_NAMES[file.status]}</Tag>
      {file.failure ? <Typography.Text type="danger">{file.failure}</Typography.Text> : null}
    </>
  );
}

export default function ReportFilesPage() {
  const format = useTenantFormat();
  const columns: PagedColumn<ReportFile>[] = [
    { title: TEXT.report, key: 'reportName', render: (_, f) => f.reportName },
    { title: TEXT.format, key: 'format', render: (_, f) => f.format },
    { title: TEXT.rows, key: 'rows', optional: true, render: (_, f) => f.rows.toLocaleString('en') },
    { title: TEXT.size, key: 'size', optional: true, render: (_, f) => fileSizeText(f.sizeBytes) },
    { title: TEXT.madeBy, key: 'createdByName', render: (_, f) => f.createdByName },
    { title: TEXT.made, key: 'dateCreated', render: (_, f) => format.moment(f.dateCreated) },
    { title: TEXT.status, key: 'status', maxWidth: 320, render: (_, f) => <FileStatus file={f} /> },
    {
      title: TEXT.file,
      key: 'file',
      render: (_, f) => (f.downloadPath ? <DownloadLink path={f.downloadPath} fileName={f.fileName} /> : f.fileName),
    },
  ];
  return (
    <PageFrame title={TEXT.title} subtitle={TEXT.intro}>
      <PagedTable<ReportFile>
        url={apiPath(reportFiles.api.list)}
        columns={columns}
        rowKey={(f) => f.id}
        label={TEXT.table}
        emptyText={TEXT.none}
        searchPlaceholder={TEXT.search}
        tableId="reports-report-files"
      />
    </PageFrame>
  );
}
