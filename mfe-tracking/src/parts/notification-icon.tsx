/**
 * The icon of a tracking notification (tracking spec 3): Tamper, Asset Battery Disconnected, Keep in
 * zone and Keep out zone have their own pictures; any other event shows the first two letters of its
 * type, BC without one (the rule itself is shared/tracking/notification-icon, used by the server too).
 */
import { Avatar } from 'antd';
import { DisconnectOutlined, LoginOutlined, StopOutlined, WarningOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { TrackingNotification } from '@meridian/shared/contract/tracking-live';
import { isTrackingIconSymbol, trackingNotificationIcon, type TrackingIconSymbol } from '@meridian/shared/tracking/notification-icon';

const SYMBOL_ICONS: Record<TrackingIconSymbol, { icon: ReactNode; colour: string }> = {
  tamper: { icon: <WarningOutlined />, colour: '#cf1322' },
  assetBatteryDisconnected: { icon: <DisconnectOutlined />, colour: '#d46b08' },
  keepInZone: { icon: <LoginOutlined />, colour: '#389e0d' },
  keepOutZone: { icon: <StopOutlined />, colour: '#cf1322' },
};

/** The server names the icon with the notification; an older or partial one is worked out from its type. */
export const iconOf = (notification: Pick<TrackingNotification, 'itemType' | 'messageData'>): string =>
  notification.messageData?.icon || trackingNotificationIcon(notification.itemType, notification.messageData?.alarm);

export function NotificationIcon({ icon }: { icon: string }) {
  if (isTrackingIconSymbol(icon)) {
    const { icon: picture, colour } = SYMBOL_ICONS[icon];
    return <Avatar aria-hidden="true" data-icon={icon} style={{ background: colour, flex: 'none' }} icon={picture} />;
  }
  return (
    <Avatar aria-hidden="true" data-icon={icon} style={{ background: '#1668dc', flex: 'none' }}>
      {icon}
    </Avatar>
  );
}
