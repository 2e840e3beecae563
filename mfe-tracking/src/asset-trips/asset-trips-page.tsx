/**
 * Asset trips (/tracking/asset-trips): an asset and a period (days as YYYY-MM-DD in the tenant's zone,
 * by default from one day ago to 7 days ahead, tracking spec 9), its trips and stops in tables and on
 * the map (the route of the trip chosen, from the positions of the device that made it), exported as CSV
 * or XLSX by the fleet reports' trips and stops routes. The device trips page with an asset in place of
 * a device: a trip belongs to the asset whose Primary device made it, so a tracker moved between
 * vehicles does not move its past. The asset and the days live in the address, so the asset panel links
 * straight to them.
 */
import { useState } from 'react';
import { Alert, App, Button, Col, DatePicker, Empty, Flex, Form, Row, Select, Table, Tabs } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import type { DeviceStop, DeviceTrip, TripExportFormat } from '@meridian/shared/contract/device-trip';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { saveFile } from '@meridian/shared/http/save-file';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { TableBox } from '@meridian/shared/ui/table-box';
import { TRACKING_API } from '../parts/tracking-api';
import { TrackingNotifications } from '../parts/tracking-notifications';
import { exportFileName, firstStopsText, TRACKING_TEXT } from '../parts/tracking-text';
import { stopColumns, tripColumns } from '../parts/trip-columns';
import { TripMap } from '../parts/trip-map';
import { defaultTripPeriod, periodOf, type TripPeriod } from '../parts/trip-period';
import { useTripRoute } from '../parts/trip-route';
import { useAssetChoices } from '../parts/use-asset-choices';
import { assetTripQuery, useAssetTrips } from './use-asset-trips';

const DAY_FORMAT = 'YYYY-MM-DD';
type Tab = 'trips' | 'stops';

export default function AssetTripsPage() {
  const format = useTenantFormat();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const assetId = params.get('asset');
  const period = periodOf(params.get('from'), params.get('to'), defaultTripPeriod(format.format));
  const [tab, setTab] = useState<Tab>('trips');
  const [selectedTrip, setSelectedTrip] = useState<DeviceTrip | null>(null);
  const [exporting, setExporting] = useState<TripExportFormat | null>(null);

  const { assets, choices: assetChoices } = useAssetChoices();
  const report = useAssetTrips(assetId, period);
  const route = useTripRoute(selectedTrip);
  const loaded = report.status === 'loaded' ? report.data : null;
  const trips = loaded?.report.trips ?? [];
  const stops = loaded?.stops ?? [];
  const assetName = loaded?.report.assetName ?? assetChoices.find((c) => c.value === assetId)?.label ?? assetId ?? '';

  const change = (next: { asset?: string; period?: TripPeriod }) => {
    setSelectedTrip(null);
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next.asset) changed.set('asset', next.asset);
        if (next.period) {
          changed.set('from', next.period.from);
          changed.set('to', next.period.to);
        }
        return changed;
      },
      { replace: true },
    );
  };

  const download = async (fileFormat: TripExportFormat) => {
    if (!assetId) return;
    setExporting(fileFormat);
    try {
      const blob = await api.download(tab === 'stops' ? TRACKING_API.assetStopRows : TRACKING_API.assetTripRows, {
        query: { ...assetTripQuery(assetId, period), format: fileFormat },
      });
      saveFile(blob, exportFileName(`${assetName}-${tab}`, period.from, period.to, fileFormat));
    } catch (error) {
      void message.error(`${TRACKING_TEXT.exportFailed} ${errorText(error)}`);
    } finally {
      setExporting(null);
    }
  };

  return (
    <PageFrame
      title={TRACKING_TEXT.assetTrips}
      actions={
        assetId && (
          <>
            <Button icon={<DownloadOutlined />} loading={exporting === 'csv'} onClick={() => void download('csv')}>
              {TRACKING_TEXT.exportCsv}
            </Button>
            <Button icon={<DownloadOutlined />} loading={exporting === 'xlsx'} onClick={() => void download('xlsx')}>
              {TRACKING_TEXT.exportXlsx}
            </Button>
          </>
        )
      }
    >
      <TrackingNotifications />
      <Form layout="vertical" component={false}>
        <Flex gap={16} wrap>
          <Form.Item label={TRACKING_TEXT.asset} htmlFor="trips-asset" style={{ minWidth: 260, flex: '1 1 260px', maxWidth: 420 }}>
            <Select
              id="trips-asset"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={TRACKING_TEXT.chooseAsset}
              options={assetChoices}
              loading={assets.status === 'loading'}
              value={assetId ?? undefined}
              onChange={(value: string) => change({ asset: value })}
            />
          </Form.Item>
          <Form.Item label={TRACKING_TEXT.period} htmlFor="trips-period">
            <DatePicker.RangePicker
              id={{ start: 'trips-period' }}
              format={DAY_FORMAT}
              allowClear={false}
              value={[dayjs(period.from), dayjs(period.to)]}
              onChange={(values) => {
                if (values?.[0] && values[1]) change({ period: { from: values[0].format(DAY_FORMAT), to: values[1].format(DAY_FORMAT) } });
              }}
            />
          </Form.Item>
        </Flex>
      </Form>
      {assets.status === 'failed' && <LoadFailedAlert error={assets.error} onRetry={assets.reload} />}
      {!assetId ? (
        <Empty description={TRACKING_TEXT.chooseAssetForTrips} />
      ) : report.status === 'failed' ? (
        <LoadFailedAlert error={report.error} onRetry={report.reload} />
      ) : (
        <Row gutter={[24, 16]}>
          <Col xs={24} xl={14}>
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key as Tab)}
              items={[
                {
                  key: 'trips',
                  label: `${TRACKING_TEXT.trips}${loaded ? ` (${trips.length})` : ''}`,
                  children: (
                    <TableBox>
                      <Table<DeviceTrip>
                        aria-label={TRACKING_TEXT.trips}
                        rowKey={(t) => t.id}
                        columns={tripColumns(format, setSelectedTrip, selectedTrip?.id ?? null)}
                        dataSource={trips}
                        loading={report.status === 'loading'}
                        locale={{ emptyText: TRACKING_TEXT.noTrips }}
                        pagination={{ pageSize: 20, hideOnSinglePage: true }}
                        scroll={{ x: 'max-content' }}
                      />
                    </TableBox>
                  ),
                },
                {
                  key: 'stops',
                  label: `${TRACKING_TEXT.stops}${loaded ? ` (${loaded.stopsTotal})` : ''}`,
                  children: (
                    <>
                      {loaded && loaded.stopsTotal > stops.length && (
                        <Alert type="info" showIcon title={firstStopsText(stops.length, loaded.stopsTotal)} style={{ marginBottom: 8 }} />
                      )}
                      <TableBox>
                        <Table<DeviceStop>
                          aria-label={TRACKING_TEXT.stops}
                          rowKey={(s) => s.id}
                          columns={stopColumns(format)}
                          dataSource={stops}
                          loading={report.status === 'loading'}
                          locale={{ emptyText: TRACKING_TEXT.noStops }}
                          pagination={{ pageSize: 20, hideOnSinglePage: true }}
                          scroll={{ x: 'max-content' }}
                        />
                      </TableBox>
                    </>
                  ),
                },
              ]}
            />
          </Col>
          <Col xs={24} xl={10}>
            {route.status === 'failed' && <Alert type="error" showIcon title={TRACKING_TEXT.routeFailed} style={{ marginBottom: 8 }} />}
            {!selectedTrip && trips.length > 0 && (
              <Alert type="info" showIcon title={TRACKING_TEXT.pickTripForRoute} style={{ marginBottom: 8 }} />
            )}
            <TripMap route={route.status === 'loaded' ? route.data : []} stops={tab === 'stops' ? stops : []} />
          </Col>
        </Row>
      )}
    </PageFrame>
  );
}
