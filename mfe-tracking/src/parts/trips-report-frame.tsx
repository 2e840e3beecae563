/**
 * The frame of a trips report (device trips, asset trips): the subject (a device or an asset) and the period
 * in the address, the trips and stops in tables and on the map (the route of the trip chosen), and the
 * export as CSV or XLSX. A page names its subject and how its rows load and export; the rest is here, so
 * the two reports behave the same.
 */
import { useState } from 'react';
import { Alert, App, Button, Col, DatePicker, Empty, Flex, Form, Row, Select, Table, Tabs } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import type { DeviceStop, DeviceTrip, TripExportFormat } from '@meridian/shared/contract/device-trip';
import { errorText } from '@meridian/shared/http/api-errors';
import { saveFile } from '@meridian/shared/http/save-file';
import type { LoadState } from '@meridian/shared/http/use-load';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { TableBox } from '@meridian/shared/ui/table-box';
import { TrackingNotifications } from './tracking-notifications';
import { exportFileName, firstStopsText, TRACKING_TEXT } from './tracking-text';
import { stopColumns, tripColumns } from './trip-columns';
import { TripMap } from './trip-map';
import { defaultTripPeriod, periodOf, type TripPeriod } from './trip-period';
import { useTripRoute } from './trip-route';

const DAY_FORMAT = 'YYYY-MM-DD';
export type TripsTab = 'trips' | 'stops';

export interface TripsReportRows {
  trips: DeviceTrip[];
  stops: DeviceStop[];
  /** Stops in the period; more than `stops` holds when the table shows only the first page. */
  stopsTotal: number;
  /** The subject's name as the report gives it, when it does. */
  subjectName?: string;
}

/** The subject and period in the address (`?{param}=…&from=…&to=…`), so other screens link straight to a report. */
export function useTripsAddress(param: string) {
  const format = useTenantFormat();
  const [params, setParams] = useSearchParams();
  const subjectId = params.get(param);
  const period = periodOf(params.get('from'), params.get('to'), defaultTripPeriod(format.format));
  const change = (next: { subjectId?: string; period?: TripPeriod }) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next.subjectId) changed.set(param, next.subjectId);
        if (next.period) {
          changed.set('from', next.period.from);
          changed.set('to', next.period.to);
        }
        return changed;
      },
      { replace: true },
    );
  return { subjectId, period, change };
}
export type TripsAddress = ReturnType<typeof useTripsAddress>;

interface Choices {
  /** How the subjects load (a failure is shown with a retry). */
  load: LoadState<unknown> & { reload: () => void };
  options: { value: string; label: string }[];
}

export interface TripsReportFrameProps {
  title: string;
  address: TripsAddress;
  subject: { label: string; inputId: string; placeholder: string; chooseFirst: string; choices: Choices };
  report: LoadState<TripsReportRows | null> & { reload: () => void };
  /** The tab's rows of the period as a file. */
  exportRows: (tab: TripsTab, format: TripExportFormat) => Promise<Blob>;
}

export function TripsReportFrame({ title, address, subject, report, exportRows }: TripsReportFrameProps) {
  const format = useTenantFormat();
  const { message } = App.useApp();
  const { subjectId, period } = address;
  const [tab, setTab] = useState<TripsTab>('trips');
  const [selectedTrip, setSelectedTrip] = useState<DeviceTrip | null>(null);
  const [exporting, setExporting] = useState<TripExportFormat | null>(null);
  const route = useTripRoute(selectedTrip);
  const loaded = report.status === 'loaded' ? report.data : null;
  const trips = loaded?.trips ?? [];
  const stops = loaded?.stops ?? [];
  const subjectName = loaded?.subjectName ?? subject.choices.options.find((c) => c.value === subjectId)?.label ?? subjectId ?? '';

  const change = (next: { subjectId?: string; period?: TripPeriod }) => {
    setSelectedTrip(null);
    address.change(next);
  };

  const download = async (fileFormat: TripExportFormat) => {
    setExporting(fileFormat);
    try {
      saveFile(await exportRows(tab, fileFormat), exportFileName(`${subjectName}-${tab}`, period.from, period.to, fileFormat));
    } catch (error) {
      void message.error(`${TRACKING_TEXT.exportFailed} ${errorText(error)}`);
    } finally {
      setExporting(null);
    }
  };

  const table = <T extends { id: string }>(label: string, columns: object[], rows: T[], emptyText: string) => (
    <TableBox>
      <Table<T>
        aria-label={label}
        rowKey={(row) => row.id}
        columns={columns}
        dataSource={rows}
        loading={report.status === 'loading'}
        locale={{ emptyText }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
      />
    </TableBox>
  );

  return (
    <PageFrame
      title={title}
      actions={
        subjectId && (
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
          <Form.Item label={subject.label} htmlFor={subject.inputId} style={{ minWidth: 260, flex: '1 1 260px', maxWidth: 420 }}>
            <Select
              id={subject.inputId}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={subject.placeholder}
              options={subject.choices.options}
              loading={subject.choices.load.status === 'loading'}
              value={subjectId ?? undefined}
              onChange={(value: string) => change({ subjectId: value })}
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
      {subject.choices.load.status === 'failed' && (
        <LoadFailedAlert error={subject.choices.load.error} onRetry={subject.choices.load.reload} />
      )}
      {!subjectId ? (
        <Empty description={subject.chooseFirst} />
      ) : report.status === 'failed' ? (
        <LoadFailedAlert error={report.error} onRetry={report.reload} />
      ) : (
        <Row gutter={[24, 16]}>
          <Col xs={24} xl={14}>
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key as TripsTab)}
              items={[
                {
                  key: 'trips',
                  label: `${TRACKING_TEXT.trips}${loaded ? ` (${trips.length})` : ''}`,
                  children: table(
                    TRACKING_TEXT.trips,
                    tripColumns(format, setSelectedTrip, selectedTrip?.id ?? null),
                    trips,
                    TRACKING_TEXT.noTrips,
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
                      {table(TRACKING_TEXT.stops, stopColumns(format), stops, TRACKING_TEXT.noStops)}
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
