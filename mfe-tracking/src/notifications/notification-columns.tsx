/** How tracking notification rows are written: icon and type, message, device (to the map), time, read or not. */
import { Badge, Flex, Typography } from 'antd';
import type { TrackingNotification } from '@meridian/shared/contract/tracking-live';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';
import type { PagedColumn } from '@meridian/shared/ui/paged-table';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { iconOf, NotificationIcon } from '../parts/notification-icon';
import { deviceOnMapPath } from '../parts/tracking-paths';
import { mapOfLabel, notificationTypeName, TRACKING_TEXT } from '../parts/tracking-text';

export type ListedNotification = TrackingNotification & { read?: boolean };

export function notificationColumns(format: TenantFormatters): PagedColumn<ListedNotification>[] {
  return [
    {
      title: TRACKING_TEXT.notificationType,
      key: 'itemType',
      render: (_: unknown, n: ListedNotification) => (
        <Flex gap={8} align="center" wrap={false}>
          <NotificationIcon icon={iconOf(n)} />
          <Typography.Text>{notificationTypeName(n.itemType)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: TRACKING_TEXT.message,
      key: 'message',
      render: (_: unknown, n: ListedNotification) => <Typography.Text strong={!n.read}>{n.message}</Typography.Text>,
    },
    {
      title: TRACKING_TEXT.device,
      key: 'device',
      render: (_: unknown, n: ListedNotification) => (
        <LinkButton to={deviceOnMapPath(n.deviceId)} type="link" size="small" aria-label={mapOfLabel(n.messageData.deviceName)}>
          {n.messageData.deviceName}
        </LinkButton>
      ),
    },
    {
      title: TRACKING_TEXT.time,
      dataIndex: 'dateCreated',
      sortField: 'dateCreated',
      render: (iso: string) => <time dateTime={iso}>{format.moment(iso)}</time>,
    },
    {
      title: TRACKING_TEXT.read,
      key: 'read',
      render: (_: unknown, n: ListedNotification) =>
        n.read ? (
          <Typography.Text type="secondary">{TRACKING_TEXT.read}</Typography.Text>
        ) : (
          <Badge status="processing" text={TRACKING_TEXT.unread} />
        ),
    },
  ];
}
