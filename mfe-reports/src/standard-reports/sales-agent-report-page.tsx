/**
 * /reports/standard/salesAgentReport: per agent of the subtree, activities by status, leads, conversions,
 * distance travelled and time in the field over the window (one day ago to 30 days ahead by default;
 * GET /api/reports/standard/sales-agents). Definitions: contract/standard-report.ts.
 */
import { Typography } from 'antd';
import { standardReports } from '@meridian/shared/contract/areas/reports';
import { STANDARD_REPORT_WINDOWS, type SalesAgentReport, type SalesAgentRow } from '@meridian/shared/contract/standard-report';
import { apiPath } from '@meridian/shared/http/api-path';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { ReportFilterBar, useReportFilters } from './report-filters';
import { queryOf, StandardReportFrame } from './standard-report-frame';
import { distanceText, minutesText, REPORT_TEXT } from './standard-report-text';

const salesAgentColumns: PagedColumn<SalesAgentRow>[] = [
  { title: REPORT_TEXT.agent, dataIndex: 'agentName', sortField: 'agentName' },
  { title: REPORT_TEXT.userName, dataIndex: 'userName', sortField: 'userName', hiddenByDefault: true },
  { title: REPORT_TEXT.tenant, dataIndex: 'tenantName', sortField: 'tenantName' },
  { title: REPORT_TEXT.activities, dataIndex: 'activities', align: 'right' },
  {
    title: REPORT_TEXT.byStatus,
    key: 'byStatus',
    render: (_: unknown, row: SalesAgentRow) =>
      row.activitiesByStatus.length ? row.activitiesByStatus.map((s) => `${s.status} ${s.count}`).join(', ') : REPORT_TEXT.noFigure,
  },
  { title: REPORT_TEXT.leads, dataIndex: 'leads', align: 'right' },
  { title: REPORT_TEXT.conversions, dataIndex: 'conversions', align: 'right' },
  { title: REPORT_TEXT.distance, dataIndex: 'distanceMeters', align: 'right', render: (m: number) => distanceText(m) },
  { title: REPORT_TEXT.fieldTime, dataIndex: 'fieldMinutes', align: 'right', render: (m: number) => minutesText(m) },
];

export default function SalesAgentReportPage() {
  const report = useReportFilters(STANDARD_REPORT_WINDOWS.agentDaysAhead);
  const query = queryOf(report.filters);
  return (
    <StandardReportFrame
      title={REPORT_TEXT.salesAgentTitle}
      subtitle={REPORT_TEXT.salesAgentHint}
      reportId="salesAgentReport"
      query={query}
      filters={<ReportFilterBar report={report} />}
    >
      <PagedTable<SalesAgentRow>
        url={apiPath(standardReports.api.salesAgents)}
        filters={query}
        columns={salesAgentColumns}
        rowKey={(row) => row.userId}
        rowsOf={(answer) => (answer as SalesAgentReport).agents}
        summary={(answer) =>
          answer ? (
            <Typography.Text type="secondary">{`${(answer as SalesAgentReport).fromDate} – ${(answer as SalesAgentReport).toDate}`}</Typography.Text>
          ) : null
        }
        label={REPORT_TEXT.salesAgentTable}
        emptyText={REPORT_TEXT.noAgents}
        searchPlaceholder={REPORT_TEXT.searchAgents}
        defaultSort={{ field: 'agentName', order: 'ASC' }}
      />
    </StandardReportFrame>
  );
}
