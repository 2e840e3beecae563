/**
 * /reports/standard/parVarThirtyReport: PAR30 (CGAP) as of a day by branch, team, officer or product, with the
 * whole portfolio's figures per currency above the groups, and the trend by month over the report's window as
 * a chart (GET /api/reports/standard/par-over-thirty and .../trend). Definitions: contract/portfolio-report.ts.
 */
import { Alert, Descriptions, Empty, Flex, Typography } from 'antd';
import { standardReports } from '@meridian/shared/contract/areas/reports';
import { PAR_GROUPINGS, type ParGroup, type ParGrouping, type ParReport, type ParTrend } from '@meridian/shared/contract/portfolio-report';
import { api } from '@meridian/shared/http/api';
import { apiPath } from '@meridian/shared/http/api-path';
import { useLoad } from '@meridian/shared/http/use-load';
import { formatMinor } from '@meridian/shared/money-text';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { ReportChart } from '@meridian/shared/ui/report-chart';
import { ChoiceFilter, DayFilter, ReportFilterBar, useReportFilters } from './report-filters';
import { queryOf, StandardReportFrame } from './standard-report-frame';
import { GROUP_BY_TEXT, percentText, REPORT_TEXT } from './standard-report-text';

const isGrouping = (value: string): value is ParGrouping => (PAR_GROUPINGS as readonly string[]).includes(value);

const parColumns: PagedColumn<ParGroup>[] = [
  { title: REPORT_TEXT.groupBy, key: 'group', render: (_: unknown, g: ParGroup) => g.groupName ?? REPORT_TEXT.outsideGroups },
  { title: REPORT_TEXT.currency, dataIndex: 'currency' },
  { title: REPORT_TEXT.loans, dataIndex: 'loans', align: 'right' },
  { title: REPORT_TEXT.loansAtRisk, dataIndex: 'loansAtRisk', align: 'right' },
  {
    title: REPORT_TEXT.outstanding,
    key: 'outstanding',
    align: 'right',
    render: (_: unknown, g: ParGroup) => formatMinor(g.outstandingPrincipalMinor, g.currency),
  },
  {
    title: REPORT_TEXT.atRisk,
    key: 'atRisk',
    align: 'right',
    render: (_: unknown, g: ParGroup) => formatMinor(g.atRiskPrincipalMinor, g.currency),
  },
  { title: REPORT_TEXT.par30, dataIndex: 'par30Percent', align: 'right', render: (p: string | null) => percentText(p) },
];

/** The whole portfolio per currency, above the groups. */
function ParTotals({ report }: { report: ParReport | null }) {
  if (!report || report.totals.length === 0) return null;
  return (
    <Flex vertical gap={8}>
      {report.totals.map((total) => (
        <Descriptions
          key={total.currency}
          size="small"
          bordered
          column={{ xs: 1, sm: 2, md: 4 }}
          title={`${REPORT_TEXT.parTotals} (${total.currency}, ${REPORT_TEXT.asOf.toLowerCase()} ${report.asOf})`}
          items={[
            {
              key: 'loans',
              label: REPORT_TEXT.loans,
              children: `${total.loans} (${total.loansAtRisk} ${REPORT_TEXT.loansAtRisk.toLowerCase()})`,
            },
            { key: 'outstanding', label: REPORT_TEXT.outstanding, children: formatMinor(total.outstandingPrincipalMinor, total.currency) },
            { key: 'atRisk', label: REPORT_TEXT.atRisk, children: formatMinor(total.atRiskPrincipalMinor, total.currency) },
            { key: 'par', label: REPORT_TEXT.par30, children: percentText(total.par30Percent) },
          ]}
        />
      ))}
    </Flex>
  );
}

/** Month-end PAR30 as lines, one per currency; the figures in words are the chart's name. */
export function ParTrendChart({ trend }: { trend: ParTrend }) {
  const months = [...new Set(trend.points.map((p) => p.asOf))].sort();
  const currencies = [...new Set(trend.points.map((p) => p.currency))].sort();
  if (trend.points.length === 0) return <Empty description={REPORT_TEXT.noTrend} />;
  const at = (currency: string, day: string) => trend.points.find((p) => p.currency === currency && p.asOf === day);
  const series = currencies.map((currency) => ({
    name: `${REPORT_TEXT.par30} ${currency}`,
    // Only the drawing reads the percentage as a number; every figure shown is the API's text.
    values: months.map((day) => {
      const percent = at(currency, day)?.par30Percent;
      return percent === null || percent === undefined ? null : Number(percent);
    }),
  }));
  const summary = `${REPORT_TEXT.parTrend}: ${currencies
    .map((currency) => `${currency} ${months.map((day) => `${day} ${percentText(at(currency, day)?.par30Percent ?? null)}`).join(', ')}`)
    .join('; ')}`;
  return (
    <ReportChart
      kind="line"
      labels={months.map((day) => day.slice(0, 7))}
      series={series}
      summary={summary}
      valueText={(v) => `${v.toFixed(1)} %`}
    />
  );
}

function ParTrendSection({ fromDate, toDate, tenantId }: { fromDate: string; toDate: string; tenantId: string }) {
  const trend = useLoad(
    (signal) => api.get<ParTrend>(apiPath(standardReports.api.parTrend), { signal, query: queryOf({ fromDate, toDate, tenantId }) }),
    [fromDate, toDate, tenantId],
  );
  return (
    <Flex vertical gap={8} style={{ marginTop: 24 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {REPORT_TEXT.parTrend}
      </Typography.Title>
      {trend.status === 'failed' && <LoadFailedAlert error={trend.error} onRetry={trend.reload} />}
      {trend.status === 'loading' && <Alert type="info" title={`${REPORT_TEXT.parTrend}…`} />}
      {trend.status === 'loaded' && <ParTrendChart trend={trend.data.data} />}
    </Flex>
  );
}

export default function ParReportPage() {
  const report = useReportFilters();
  const { filters, given, set, today } = report;
  const groupBy = isGrouping(given('groupBy')) ? (given('groupBy') as ParGrouping) : 'branch';
  const asOf = given('asOf');
  const tableQuery = queryOf({ asOf, groupBy, tenantId: filters.tenantId });
  return (
    <StandardReportFrame
      title={REPORT_TEXT.parTitle}
      reportId="parVarThirtyReport"
      query={{ ...filters, ...tableQuery }}
      filters={
        <ReportFilterBar report={report}>
          <DayFilter label={REPORT_TEXT.asOf} value={asOf || today} max={today} onChange={(day) => set('asOf', day)} />
          <ChoiceFilter label={REPORT_TEXT.groupBy} value={groupBy} choices={GROUP_BY_TEXT} onChange={(next) => set('groupBy', next)} />
        </ReportFilterBar>
      }
    >
      <PagedTable<ParGroup>
        url={apiPath(standardReports.api.parOverThirty)}
        filters={tableQuery}
        columns={parColumns}
        rowKey={(g) => `${g.groupId ?? 'none'}:${g.currency}`}
        rowsOf={(answer) => (answer as ParReport).groups}
        summary={(answer) => <ParTotals report={answer as ParReport | null} />}
        label={REPORT_TEXT.parTable}
        emptyText={REPORT_TEXT.noPar}
        searchable={false}
      />
      <ParTrendSection fromDate={filters.fromDate} toDate={filters.toDate} tenantId={filters.tenantId} />
    </StandardReportFrame>
  );
}
