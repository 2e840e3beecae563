/**
 * Notifications (/tracking/notifications): the tenant's tracking notifications (geofence enter and
 * exit, alarms), newest first, paged and searched on the server, filtered by type, device, days (the
 * tenant's) and unread; the operator marks the chosen ones or all as read (read state is each
 * operator's own). New ones arriving over the socket are announced above the table rather than
 * pushed into it, so the rows do not move while someone reads them. Filters live in the address.
 */
import { useState } from 'react';
import { Alert, App, Button, DatePicker, Select, Switch, Flex, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { trackingNotifications } from '@meridian/shared/contract/areas/tracking';
import { TRACKING_NOTIFICATION_TYPES, type TrackingNotificationsAllMarked } from '@meridian/shared/contract/tracking-notification';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import { useRealtime } from '@meridian/shared/realtime/use-realtime';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable } from '@meridian/shared/ui/paged-table';
import { TRACKING_API } from '../parts/tracking-api';
import { TrackingNotifications } from '../parts/tracking-notifications';
import { markSelectedText, newNotificationsText, notificationTypeName, TRACKING_TEXT } from '../parts/tracking-text';
import { useDeviceChoices } from '../parts/use-device-choices';
import { isPlainDay } from '../parts/trip-period';
import { notificationColumns, type ListedNotification } from './notification-columns';

const DAY_FORMAT = 'YYYY-MM-DD';
const DEFAULT_SORT = { field: 'dateCreated', order: 'DESC' } as const;
const TYPE_CHOICES = [
  { value: '', label: TRACKING_TEXT.allTypes },
  ...TRACKING_NOTIFICATION_TYPES.map((type) => ({ value: type, label: notificationTypeName(type) })),
];

/** The filters the address asks for; anything unreadable is left out. */
function filtersOf(params: URLSearchParams) {
  const from = params.get('from');
  const to = params.get('to');
  return {
    itemType: params.get('type') || undefined,
    deviceId: params.get('device') || undefined,
    fromDate: isPlainDay(from) ? from : undefined,
    toDate: isPlainDay(to) ? to : undefined,
    unread: params.get('unread') === 'true' ? 'true' : undefined,
  };
}

export default function NotificationsPage() {
  const format = useTenantFormat();
  const { message } = App.useApp();
  const canRead = useCan(trackingNotifications, 'read');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const { devices, choices } = useDeviceChoices();
  const [selected, setSelected] = useState<string[]>([]);
  const [arrived, setArrived] = useState(0);
  const [reloadToken, setReloadToken] = useState(0);
  const [marking, setMarking] = useState(false);
  /** Once all are marked read, the list stays at that instant: what arrives later is announced above it, not slipped into it. */
  const [pinnedBefore, setPinnedBefore] = useState<string | undefined>(undefined);

  useRealtime('tracking:notification', () => setArrived((n) => n + 1));

  const reload = () => {
    setArrived(0);
    setSelected([]);
    setReloadToken((n) => n + 1);
  };
  const showNew = () => {
    setPinnedBefore(undefined);
    reload();
  };

  const change = (key: string, value: string | undefined) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (value) changed.set(key, value);
        else changed.delete(key);
        return changed;
      },
      { replace: true },
    );
  const changePeriod = (from: string | undefined, to: string | undefined) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        for (const [key, value] of [
          ['from', from],
          ['to', to],
        ] as const)
          if (value) changed.set(key, value);
          else changed.delete(key);
        return changed;
      },
      { replace: true },
    );

  const mark = async (call: () => Promise<string | undefined>, done: string) => {
    setMarking(true);
    try {
      const readBefore = await call();
      void message.success(done);
      if (readBefore) setPinnedBefore(readBefore);
      reload();
    } catch (error) {
      void message.error(`${TRACKING_TEXT.markReadFailed} ${errorText(error)}`);
    } finally {
      setMarking(false);
    }
  };

  return (
    <PageFrame
      title={TRACKING_TEXT.notifications}
      actions={
        canRead && (
          <>
            <Button
              icon={<CheckOutlined />}
              disabled={!selected.length}
              loading={marking}
              onClick={() =>
                void mark(
                  () => api.post(TRACKING_API.markNotificationsRead, { ids: selected }).then(() => undefined),
                  TRACKING_TEXT.markedRead,
                )
              }
            >
              {selected.length ? markSelectedText(selected.length) : TRACKING_TEXT.markRead}
            </Button>
            <Button
              loading={marking}
              onClick={() =>
                void mark(
                  () => api.post<TrackingNotificationsAllMarked>(TRACKING_API.markAllNotificationsRead).then((r) => r.data.readBefore),
                  TRACKING_TEXT.allMarkedRead,
                )
              }
            >
              {TRACKING_TEXT.markAllRead}
            </Button>
          </>
        )
      }
    >
      <TrackingNotifications />
      {arrived > 0 && (
        <Alert
          type="info"
          showIcon
          role="status"
          style={{ marginBottom: 16 }}
          message={newNotificationsText(arrived)}
          action={
            <Button size="small" type="primary" onClick={showNew}>
              {TRACKING_TEXT.showNew}
            </Button>
          }
        />
      )}
      <PagedTable<ListedNotification>
        url={TRACKING_API.notifications}
        filters={{ ...filters, before: pinnedBefore }}
        columns={notificationColumns(format)}
        rowKey={(n) => n.Id}
        label={TRACKING_TEXT.notifications}
        emptyText={TRACKING_TEXT.noNotifications}
        searchPlaceholder={TRACKING_TEXT.searchNotifications}
        defaultSort={DEFAULT_SORT}
        reloadToken={reloadToken}
        selection={{ keys: selected, onChange: setSelected }}
        tableId="tracking-notifications"
        toolbar={
          <Flex gap={8} wrap align="center">
            <Select
              aria-label={TRACKING_TEXT.filterByType}
              value={filters.itemType ?? ''}
              options={TYPE_CHOICES}
              onChange={(value: string) => change('type', value || undefined)}
              style={{ minWidth: 150 }}
            />
            <Select
              aria-label={TRACKING_TEXT.filterByDevice}
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              placeholder={TRACKING_TEXT.allDevices}
              value={filters.deviceId}
              options={choices}
              loading={devices.status === 'loading'}
              onChange={(value: string | undefined) => change('device', value)}
              style={{ minWidth: 200 }}
            />
            <DatePicker.RangePicker
              aria-label={TRACKING_TEXT.notificationPeriod}
              format={DAY_FORMAT}
              value={filters.fromDate && filters.toDate ? [dayjs(filters.fromDate), dayjs(filters.toDate)] : null}
              onChange={(values) => changePeriod(values?.[0]?.format(DAY_FORMAT), values?.[1]?.format(DAY_FORMAT))}
            />
            <Flex gap={6} align="center">
              <Switch
                id="notifications-unread"
                size="small"
                checked={filters.unread === 'true'}
                onChange={(on) => change('unread', on ? 'true' : undefined)}
              />
              <Typography.Text>
                <label htmlFor="notifications-unread">{TRACKING_TEXT.unreadOnly}</label>
              </Typography.Text>
            </Flex>
          </Flex>
        }
      />
    </PageFrame>
  );
}
