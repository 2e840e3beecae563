/**
 * Tracking notifications (geofence enter and exit, alarms) shown as they arrive over the realtime
 * socket, as antd notifications with the spec's icon, at the bottom left (`LIVE_NOTIFICATION_PLACEMENT`).
 * Every tracking screen mounts it, so an operator who is drawing a zone or reading trips still sees what
 * happens. A `onNotification` hook lets the live map act on one too (select its device).
 */
import { App, Typography } from 'antd';
import type { TrackingNotification } from '@meridian/shared/contract/tracking-live';
import { useRealtime } from '@meridian/shared/realtime/use-realtime';
import { LIVE_NOTIFICATION_PLACEMENT } from '@meridian/shared/notification-settings';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { iconOf, NotificationIcon } from './notification-icon';
import { TRACKING_TEXT } from './tracking-text';

export function TrackingNotifications({ onNotification }: { onNotification?: (notification: TrackingNotification) => void }) {
  const { notification } = App.useApp();
  const format = useTenantFormat();
  useRealtime('tracking:notification', (received) => {
    notification.open({
      key: received.Id,
      placement: LIVE_NOTIFICATION_PLACEMENT,
      title: received.message,
      description: (
        <Typography.Text type="secondary">
          {[received.messageData?.deviceName, format.moment(received.messageData?.time ?? received.dateCreated)]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
      ),
      icon: <NotificationIcon icon={iconOf(received)} />,
      role: 'status',
      props: { 'data-testid': 'tracking-notification', 'aria-label': `${TRACKING_TEXT.notificationFrom}: ${received.message}` },
    } as Parameters<typeof notification.open>[0]);
    onNotification?.(received);
  });
  return null;
}
