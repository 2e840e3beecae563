/**
 * Fleet reports (/tracking/fleet-reports; issue 19 item 8): one report at a time over a period (days,
 * by default one day ago to 7 days ahead, spec 9) for the whole fleet or one asset, in a table; the
 * hotspots also on a heat map; each exported as CSV or XLSX (the API answers the same rows as a file).
 * The report, asset and days live in the address.
 */
import { useState } from 'react';
import { App, Button, Col, DatePicker, Flex, Form, Row, Select, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import type { TripExportFormat } from '@meridian/shared/contract/device-trip';
import type { HotspotReport } from '@meridian/shared/contract/fleet-report';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { saveFile } from '@meridian/shared/http/save-file';
import { useLoad } from '@meridian/shared/http/use-load';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PointsMap } from '@meridian/shared/ui/points-map';
import { TableBox } from '@meridian/shared/ui/table-box';
import { TRACKING_TEXT } from '../parts/tracking-text';
import { useAssetChoices } from '../parts/use-asset-choices';
import { defaultTripPeriod, periodOf, type TripPeriod } from '../parts/trip-period';
import { REPORT_KINDS, type ReportKind, type ReportRow } from './fleet-report-kinds';
import { FLEET_TEXT } from './fleet-report-text';
import { HotspotMap } from './hotspot-map';

const DAY_FORMAT = 'YYYY-MM-DD';
/** A page of a list report, asked of the server; the export holds every row. */
const PAGE_SIZE = 50;
const KIND_CHOICES = (Object.keys(REPORT_KINDS) as ReportKind[]).map((kind) => ({ value: kind, label: REPORT_KINDS[kind].label }));
const isKind = (value: string | null): value is ReportKind => !!value && Object.hasOwn(REPORT_KINDS, value);

interface Loaded {
  rows: ReportRow[];
  total: number;
}

function useReport(kind: ReportKind, { from, to }: TripPeriod, assetId: string | null, page: number) {
  return useLoad(
    async (signal): Promise<Loaded> => {
      const spec = REPORT_KINDS[kind];
      const period = { from, to };
      const query = spec.paged
        ? { ...spec.query(period, assetId), page: String(page), size: String(PAGE_SIZE) }
        : spec.query(period, assetId);
      const answer = await api.get<ReportRow[] | HotspotReport>(spec.path(period), { signal, query });
      const rows = Array.isArray(answer.data) ? answer.data : answer.data.hotspots;
      return { rows, total: answer.paging?.total ?? rows.length };
    },
    [kind, from, to, assetId, page],
  );
}

export default function FleetReportsPage() {
  const format = useTenantFormat();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('report');
  const kind: ReportKind = isKind(kindParam) ? kindParam : 'usage';
  const assetId = params.get('asset');
  const period = periodOf(params.get('from'), params.get('to'), defaultTripPeriod(format.format));
  const [exporting, setExporting] = useState<TripExportFormat | null>(null);
  const spec = REPORT_KINDS[kind];
  const page = Math.max(1, Number(params.get('page')) || 1);
  const report = useReport(kind, period, assetId, page);
  const { assets, choices: assetChoices } = useAssetChoices();
  const loaded = report.status === 'loaded' ? report.data : null;

  const change = (next: Record<string, string | null>) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        // Another report, asset or period starts at its first page.
        if (!('page' in next)) changed.delete('page');
        for (const [key, value] of Object.entries(next)) {
          if (value) changed.set(key, value);
          else changed.delete(key);
        }
        return changed;
      },
      { replace: true },
    );

  const download = async (fileFormat: TripExportFormat) => {
    setExporting(fileFormat);
    try {
      const blob = await api.download(spec.path(period), { query: { ...spec.query(period, assetId), format: fileFormat } });
      saveFile(blob, `${kind}-${period.from}-${period.to}.${fileFormat}`);
    } catch (error) {
      void message.error(`${TRACKING_TEXT.exportFailed} ${errorText(error)}`);
    } finally {
      setExporting(null);
    }
  };

  const table = (
    <TableBox>
      <Table<ReportRow>
        aria-label={spec.label}
        rowKey={(row) => spec.rowKey(row, loaded?.rows.indexOf(row) ?? 0)}
        columns={spec.columns(format)}
        dataSource={loaded?.rows ?? []}
        loading={report.status === 'loading'}
        locale={{ emptyText: FLEET_TEXT.noRows }}
        pagination={
          spec.paged
            ? {
                current: page,
                pageSize: PAGE_SIZE,
                total: loaded?.total ?? 0,
                hideOnSinglePage: true,
                showSizeChanger: false,
                onChange: (next) => change({ page: next > 1 ? String(next) : null }),
              }
            : { pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }
        }
        scroll={{ x: 'max-content' }}
      />
    </TableBox>
  );

  return (
    <PageFrame
      title={FLEET_TEXT.title}
      actions={
        <>
          <Button icon={<DownloadOutlined />} loading={exporting === 'csv'} onClick={() => void download('csv')}>
            {TRACKING_TEXT.exportCsv}
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting === 'xlsx'} onClick={() => void download('xlsx')}>
            {TRACKING_TEXT.exportXlsx}
          </Button>
        </>
      }
    >
      <Form layout="vertical" component={false}>
        <Flex gap={16} wrap>
          <Form.Item label={FLEET_TEXT.report} htmlFor="fleet-report" style={{ minWidth: 200 }}>
            <Select id="fleet-report" options={KIND_CHOICES} value={kind} onChange={(value: ReportKind) => change({ report: value })} />
          </Form.Item>
          {kind !== 'battery' && (
            <Form.Item label={FLEET_TEXT.asset} htmlFor="fleet-asset" style={{ minWidth: 260, flex: '1 1 260px', maxWidth: 420 }}>
              <Select
                id="fleet-asset"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={FLEET_TEXT.allAssets}
                options={assetChoices}
                loading={assets.status === 'loading'}
                value={assetId ?? undefined}
                onChange={(value?: string) => change({ asset: value ?? null })}
              />
            </Form.Item>
          )}
          <Form.Item label={FLEET_TEXT.period} htmlFor="fleet-period">
            <DatePicker.RangePicker
              id={{ start: 'fleet-period' }}
              format={DAY_FORMAT}
              allowClear={false}
              value={[dayjs(period.from), dayjs(period.to)]}
              onChange={(values) => {
                if (values?.[0] && values[1]) change({ from: values[0].format(DAY_FORMAT), to: values[1].format(DAY_FORMAT) });
              }}
            />
          </Form.Item>
        </Flex>
      </Form>
      {report.status === 'failed' ? (
        <LoadFailedAlert error={report.error} onRetry={report.reload} />
      ) : (
        <>
          {kind === 'hotspots' ? (
            <Row gutter={[24, 16]}>
              <Col xs={24} xl={10}>
                {table}
              </Col>
              <Col xs={24} xl={14}>
                <HotspotMap hotspots={loaded ? (loaded.rows as HotspotReport['hotspots']) : []} />
              </Col>
            </Row>
          ) : spec.placeOf ? (
            <Row gutter={[24, 16]}>
              <Col xs={24} xl={14}>
                {table}
              </Col>
              <Col xs={24} xl={10}>
                <PointsMap
                  label={FLEET_TEXT.placesOfPage}
                  height={420}
                  points={(loaded?.rows ?? []).map((row, index) => ({ key: spec.rowKey(row, index), ...spec.placeOf!(row, format) }))}
                />
              </Col>
            </Row>
          ) : (
            table
          )}
        </>
      )}
    </PageFrame>
  );
}
