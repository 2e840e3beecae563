/**
 * /reports/standard/tenantLoansReport: per tenant of the subtree, its own loans disbursed in the window and
 * their amount, and its PAR30 figures at the window's end (GET /api/reports/standard/tenant-loans).
 */
import { Typography } from 'antd';
import { standardReports } from '@meridian/shared/contract/areas/reports';
import type { TenantLoansReport, TenantLoansRow } from '@meridian/shared/contract/portfolio-report';
import { apiPath } from '@meridian/shared/http/api-path';
import { formatMinor } from '@meridian/shared/money-text';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { ReportFilterBar, useReportFilters } from './report-filters';
import { queryOf, StandardReportFrame } from './standard-report-frame';
import { percentText, REPORT_TEXT } from './standard-report-text';

const money = (field: 'disbursedMinor' | 'outstandingPrincipalMinor' | 'atRiskPrincipalMinor') => (_: unknown, row: TenantLoansRow) =>
  formatMinor(row[field], row.currency);

const tenantLoansColumns: PagedColumn<TenantLoansRow>[] = [
  { title: REPORT_TEXT.tenant, dataIndex: 'tenantName' },
  { title: REPORT_TEXT.currency, dataIndex: 'currency' },
  { title: REPORT_TEXT.disbursedLoans, dataIndex: 'loansDisbursed', align: 'right' },
  { title: REPORT_TEXT.disbursed, key: 'disbursed', align: 'right', render: money('disbursedMinor') },
  { title: REPORT_TEXT.loans, dataIndex: 'loans', align: 'right' },
  { title: REPORT_TEXT.loansAtRisk, dataIndex: 'loansAtRisk', align: 'right' },
  { title: REPORT_TEXT.outstanding, key: 'outstanding', align: 'right', render: money('outstandingPrincipalMinor') },
  { title: REPORT_TEXT.atRisk, key: 'atRisk', align: 'right', render: money('atRiskPrincipalMinor') },
  { title: REPORT_TEXT.par30, dataIndex: 'par30Percent', align: 'right', render: (p: string | null) => percentText(p) },
];

export default function TenantLoansPage() {
  const report = useReportFilters();
  const query = queryOf(report.filters);
  return (
    <StandardReportFrame
      title={REPORT_TEXT.tenantLoansTitle}
      reportId="tenantLoansReport"
      query={query}
      filters={<ReportFilterBar report={report} />}
    >
      <PagedTable<TenantLoansRow>
        url={apiPath(standardReports.api.tenantLoans)}
        filters={query}
        columns={tenantLoansColumns}
        rowKey={(row) => `${row.tenantId}:${row.currency}`}
        rowsOf={(answer) => (answer as TenantLoansReport).tenants}
        summary={(answer) =>
          answer ? (
            <Typography.Text type="secondary">{`${REPORT_TEXT.par30}: ${REPORT_TEXT.asOf.toLowerCase()} ${(answer as TenantLoansReport).asOf}`}</Typography.Text>
          ) : null
        }
        label={REPORT_TEXT.tenantLoansTable}
        emptyText={REPORT_TEXT.noTenantLoans}
        searchable={false}
      />
    </StandardReportFrame>
  );
}
