/**
 * Device trips (/tracking/device-trips): a device and a period (days as YYYY-MM-DD, by default from one
 * day ago to 7 days ahead, tracking spec 5 and 9), its trips and stops in tables and on the map (the
 * route of the trip chosen), exported as CSV or XLSX (the API answers the same rows as a file). The
 * device and the days live in the address, so the live map and the devices list link straight to them.
 */
import { useState } from 'react';
import { Alert, App, Button, Col, DatePicker, Empty, Flex, Form, Row, Select, Table, Tabs } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import type { DeviceTrip, TripExportFormat } from '@meridian/shared/contract/device-trip';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { saveFile } from '@meridian/shared/http/save-file';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { TableBox } from '@meridian/shared/ui/table-box';
import { TRACKING_API } from '../parts/tracking-api';
import { TrackingNotifications } from '../parts/tracking-notifications';
import { useDeviceChoices } from '../parts/use-device-choices';
import { exportFileName, TRACKING_TEXT } from '../parts/tracking-text';
import { stopColumns, tripColumns } from '../parts/trip-columns';
import { TripMap } from '../parts/trip-map';
import { defaultTripPeriod, periodOf, type TripPeriod } from '../parts/trip-period';
import { useTripRoute } from '../parts/trip-route';
import { tripQuery, useDeviceTrips } from './use-device-trips';

const DAY_FORMAT = 'YYYY-MM-DD';
type Tab = 'trips' | 'stops';

export default function DeviceTripsPage() {
  const format = useTenantFormat();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const deviceId = params.get('device');
  const fallback = defaultTripPeriod(format.format);
  const period = periodOf(params.get('from'), params.get('to'), fallback);
  const [tab, setTab] = useState<Tab>('trips');
  const [selectedTrip, setSelectedTrip] = useState<DeviceTrip | null>(null);
  const [exporting, setExporting] = useState<TripExportFormat | null>(null);

  const { devices, choices: deviceChoices } = useDeviceChoices();
  const deviceName = deviceChoices.find((c) => c.value === deviceId)?.label ?? deviceId ?? '';

  const report = useDeviceTrips(deviceId, period);
  const route = useTripRoute(selectedTrip);
  const loaded = report.status === 'loaded' ? report.data : null;
  const trips = loaded?.[0].trips ?? [];
  const stops = loaded?.[1].stops ?? [];

  const change = (next: { device?: string | null; period?: TripPeriod }) => {
    setSelectedTrip(null);
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next.device !== undefined) {
          if (next.device) changed.set('device', next.device);
          else changed.delete('device');
        }
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
    if (!deviceId) return;
    setExporting(fileFormat);
    try {
      const blob = await api.download(tab === 'stops' ? TRACKING_API.stops : TRACKING_API.trips, {
        query: { ...tripQuery(deviceId, period), format: fileFormat },
      });
      saveFile(blob, exportFileName(`${deviceName}-${tab}`, period.from, period.to, fileFormat));
    } catch (error) {
      void message.error(`${TRACKING_TEXT.exportFailed} ${errorText(error)}`);
    } finally {
      setExporting(null);
    }
  };

  return (
    <PageFrame
      title={TRACKING_TEXT.deviceTrips}
      actions={
        deviceId && (
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
          <Form.Item label={TRACKING_TEXT.device} htmlFor="trips-device" style={{ minWidth: 260, flex: '1 1 260px', maxWidth: 420 }}>
            <Select
              id="trips-device"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={TRACKING_TEXT.chooseDevice}
              options={deviceChoices}
              loading={devices.status === 'loading'}
              value={deviceId ?? undefined}
              onChange={(value: string) => change({ device: value })}
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
      {devices.status === 'failed' && <LoadFailedAlert error={devices.error} onRetry={devices.reload} />}
      {!deviceId ? (
        <Empty description={TRACKING_TEXT.chooseDeviceForTrips} />
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
                  label: `${TRACKING_TEXT.stops}${loaded ? ` (${stops.length})` : ''}`,
                  children: (
                    <TableBox>
                      <Table
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
