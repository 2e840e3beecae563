/**
 * /reports/standard/userLoginReport: per user of the subtree who tried to sign in in the window, successful
 * sign-ins, failures and lock-outs (GET /api/users/loginreport/per-user). Definitions: contract/standard-report.ts.
 * Its export runs `userLoginsPerUserReport`, these rows; `userLoginReport` would export the attempts one by one.
 */
import { standardReports } from '@meridian/shared/contract/areas/reports';
import type { UserLoginsReport, UserLoginsRow } from '@meridian/shared/contract/standard-report';
import { fullName } from '@meridian/shared/format';
import { apiPath } from '@meridian/shared/http/api-path';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { ReportFilterBar, useReportFilters } from './report-filters';
import { queryOf, StandardReportFrame } from './standard-report-frame';
import { REPORT_TEXT } from './standard-report-text';

export default function UserLoginReportPage() {
  const format = useTenantFormat();
  const report = useReportFilters();
  const query = queryOf(report.filters);
  const columns: PagedColumn<UserLoginsRow>[] = [
    { title: REPORT_TEXT.user, key: 'name', render: (_: unknown, row: UserLoginsRow) => fullName(row) },
    { title: REPORT_TEXT.userName, dataIndex: 'userName', sortField: 'userName' },
    { title: REPORT_TEXT.tenant, dataIndex: 'tenantName', sortField: 'tenantName' },
    { title: REPORT_TEXT.signIns, dataIndex: 'signIns', sortField: 'signIns', align: 'right' },
    { title: REPORT_TEXT.failures, dataIndex: 'failures', sortField: 'failures', align: 'right' },
    { title: REPORT_TEXT.lockOuts, dataIndex: 'lockOuts', sortField: 'lockOuts', align: 'right' },
    {
      title: REPORT_TEXT.lastSignIn,
      dataIndex: 'lastSignInAt',
      render: (at: string | null) => (at ? format.moment(at) : REPORT_TEXT.noFigure),
    },
    {
      title: REPORT_TEXT.lastFailure,
      dataIndex: 'lastFailureAt',
      render: (at: string | null) => (at ? format.moment(at) : REPORT_TEXT.noFigure),
    },
  ];
  return (
    <StandardReportFrame
      title={REPORT_TEXT.userLoginTitle}
      subtitle={REPORT_TEXT.userLoginHint}
      reportId="userLoginsPerUserReport"
      query={query}
      filters={<ReportFilterBar report={report} />}
    >
      <PagedTable<UserLoginsRow>
        url={apiPath(standardReports.api.userLogins)}
        filters={query}
        columns={columns}
        rowKey={(row) => row.userId}
        rowsOf={(answer) => (answer as UserLoginsReport).users}
        label={REPORT_TEXT.userLoginTable}
        emptyText={REPORT_TEXT.noLogins}
        searchPlaceholder={REPORT_TEXT.searchUsers}
        defaultSort={{ field: 'userName', order: 'ASC' }}
      />
    </StandardReportFrame>
  );
}
