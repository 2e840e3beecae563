/**
 * /reports/standard/collectionsSummaryReport: per day, week or month of the window, what fell due and what was
 * collected, the on-time rate and the arrears recovered (GET /api/reports/standard/collections-summary), the
 * page's periods also drawn as bars. Definitions: contract/portfolio-report.ts.
 */
import { Typography } from 'antd';
import { standardReports } from '@meridian/shared/contract/areas/reports';
import {
  COLLECTION_PERIODS,
  type CollectionPeriod,
  type CollectionsPeriod,
  type CollectionsSummary,
} from '@meridian/shared/contract/portfolio-report';
import { apiPath } from '@meridian/shared/http/api-path';
import { formatMinor, minorToDecimalText } from '@meridian/shared/money-text';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { ReportChart } from '@meridian/shared/ui/report-chart';
import { ChoiceFilter, ReportFilterBar, useReportFilters } from './report-filters';
import { queryOf, StandardReportFrame } from './standard-report-frame';
import { PERIOD_TEXT, percentText, REPORT_TEXT } from './standard-report-text';

const isPeriod = (value: string): value is CollectionPeriod => (COLLECTION_PERIODS as readonly string[]).includes(value);
const periodName = (p: Pick<CollectionsPeriod, 'periodStart' | 'periodEnd'>) =>
  p.periodStart === p.periodEnd ? p.periodStart : `${p.periodStart} – ${p.periodEnd}`;
const money = (field: keyof CollectionsPeriod) => (_: unknown, p: CollectionsPeriod) => formatMinor(p[field] as number, p.currency);

const collectionsColumns: PagedColumn<CollectionsPeriod>[] = [
  { title: REPORT_TEXT.periodColumn, key: 'period', render: (_: unknown, p: CollectionsPeriod) => periodName(p) },
  { title: REPORT_TEXT.currency, dataIndex: 'currency' },
  { title: REPORT_TEXT.expected, key: 'expected', align: 'right', render: money('expectedMinor') },
  { title: REPORT_TEXT.collected, key: 'collected', align: 'right', render: money('collectedMinor') },
  { title: REPORT_TEXT.paidOnTime, key: 'paidOnTime', align: 'right', render: money('paidOnTimeMinor') },
  { title: REPORT_TEXT.onTime, dataIndex: 'onTimePercent', align: 'right', render: (p: string | null) => percentText(p) },
  { title: REPORT_TEXT.arrearsRecovered, key: 'arrearsRecovered', align: 'right', render: money('arrearsRecoveredMinor') },
  { title: REPORT_TEXT.overpaid, key: 'overpaid', align: 'right', render: money('overpaymentMinor'), hiddenByDefault: true },
];

/**
 * Expected against collected for the periods on the page, in the currency most of them are in (amounts of
 * different currencies are never drawn on one axis). Drawn in major units; the words and the table give the exact amounts.
 */
export function CollectionsChart({ summary }: { summary: CollectionsSummary | null }) {
  if (!summary || summary.periods.length === 0) return null;
  const counts = new Map<string, number>();
  for (const p of summary.periods) counts.set(p.currency, (counts.get(p.currency) ?? 0) + 1);
  const currency = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  const periods = summary.periods.filter((p) => p.currency === currency);
  const major = (minor: number) => Number(minorToDecimalText(minor));
  const words = `${REPORT_TEXT.collectionsChart} (${currency}) per ${summary.period}: ${periods
    .map(
      (p) =>
        `${periodName(p)} ${REPORT_TEXT.expected.toLowerCase()} ${formatMinor(p.expectedMinor, currency)}, ${REPORT_TEXT.collected.toLowerCase()} ${formatMinor(p.collectedMinor, currency)}`,
    )
    .join('; ')}`;
  return (
    <div style={{ marginBottom: 8 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {`${REPORT_TEXT.collectionsChart} (${currency})`}
      </Typography.Title>
      <ReportChart
        kind="bar"
        labels={periods.map((p) => p.periodStart)}
        series={[
          { name: REPORT_TEXT.expected, values: periods.map((p) => major(p.expectedMinor)) },
          { name: REPORT_TEXT.collected, values: periods.map((p) => major(p.collectedMinor)) },
        ]}
        summary={words}
        valueText={(v) => Math.round(v).toLocaleString('en')}
      />
    </div>
  );
}

export default function CollectionsSummaryPage() {
  const report = useReportFilters();
  const { filters, given, set } = report;
  const period = isPeriod(given('period')) ? (given('period') as CollectionPeriod) : 'day';
  const query = queryOf({ ...filters, period });
  return (
    <StandardReportFrame
      title={REPORT_TEXT.collectionsTitle}
      reportId="collectionsSummaryReport"
      query={query}
      filters={
        <ReportFilterBar report={report}>
          <ChoiceFilter label={REPORT_TEXT.period} value={period} choices={PERIOD_TEXT} onChange={(next) => set('period', next)} />
        </ReportFilterBar>
      }
    >
      <PagedTable<CollectionsPeriod>
        url={apiPath(standardReports.api.collectionsSummary)}
        filters={query}
        columns={collectionsColumns}
        rowKey={(p) => `${p.periodStart}:${p.currency}`}
        rowsOf={(answer) => (answer as CollectionsSummary).periods}
        summary={(answer) => <CollectionsChart summary={answer as CollectionsSummary | null} />}
        label={REPORT_TEXT.collectionsTable}
        emptyText={REPORT_TEXT.noCollections}
        searchable={false}
      />
    </StandardReportFrame>
  );
}
