/**
 * The notification bell of spec 2.6, 4 and 7.4: a badge with the unread count, a dropdown list of the
 * unread notifications, live additions pushed over the realtime socket (each also shown as a toast at
 * top right), and "Mark all as read", which clears the list and the count.
 *
 * For someone who may read tracking notifications (geofence enter and exit, alarms) the bell holds
 * the acting tenant's unread ones too, in the same list and count, arriving live the same way; "Mark
 * all as read" marks both kinds.
 *
 * The list and count logic are small pure functions (`withFetched`, `withPushed`, `notificationIcon`)
 * so they are tested without a browser; the component only wires them to the API and the socket.
 */
import { useEffect, useId, useState, type CSSProperties, type ReactNode } from 'react';
import { App, Avatar, Badge, Button, Empty, Flex, Popover, Typography, theme } from 'antd';
import { AimOutlined, BellOutlined, StopOutlined, ThunderboltOutlined, ToolOutlined } from '@ant-design/icons';
import { useShallow } from 'zustand/react/shallow';
import type { Notification } from '@meridian/shared/contract/notification';
import { trackingNotifications } from '@meridian/shared/contract/areas/tracking';
import type { TrackingNotification } from '@meridian/shared/contract/tracking-live';
import type { TrackingNotificationsUnread } from '@meridian/shared/contract/tracking-notification';
import { apiPath } from '@meridian/shared/http/api-path';
import { useCan } from '@meridian/shared/session/use-can';
import { api } from '@meridian/shared/http/api';
import { isAbortError } from '@meridian/shared/http/api-error';
import { MESSAGES, unreadCountMessage } from '@meridian/shared/messages';
import { isLoggedIn, useSession } from '@meridian/shared/session/session-store';
import { useRealtime } from '@meridian/shared/realtime/use-realtime';
import { VisuallyHidden } from '@meridian/shared/ui/visually-hidden';
import { TOP_BAR_INK } from './top-bar-colours';

// ---------------------------------------------------------------------------------------------
// Pure state

export interface BellState {
  notifications: Notification[];
  /** Unread on the server; may exceed the list, which the server cuts at 100. */
  count: number;
}

export const EMPTY_BELL: BellState = { notifications: [], count: 0 };

/** The answer of GET /api/notification/unreadnotifications. */
export interface UnreadNotifications {
  notifications: Notification[];
  count: number;
}

/** A socket payload that can be shown, or null (the socket is not typed, so it is checked before use). */
export function asNotification(payload: unknown): Notification | null {
  if (payload === null || typeof payload !== 'object') return null;
  const candidate = payload as Partial<Notification>;
  if (typeof candidate.message !== 'string') return null;
  return candidate as Notification;
}

/** A pushed notification goes on top and counts once; the same one pushed twice is ignored. */
export function withPushed(state: BellState, notification: Notification): BellState {
  if (notification.Id && state.notifications.some((n) => n.Id === notification.Id)) return state;
  return { notifications: [notification, ...state.notifications], count: state.count + 1 };
}

/**
 * The loaded list, keeping anything pushed while the load was under way that the server's answer
 * does not contain yet (it arrived after the server read the list).
 */
export function withFetched(state: BellState, fetched: UnreadNotifications): BellState {
  const known = new Set(fetched.notifications.map((n) => n.Id));
  const newer = state.notifications.filter((n) => !known.has(n.Id));
  return { notifications: [...newer, ...fetched.notifications], count: fetched.count + newer.length };
}

/** How many unread tracking notifications the bell lists; the count says how many there are in all. */
export const TRACKING_IN_BELL = 20;

/** A tracking notification as a bell item: the device is its header, the fix time its event time. */
export function fromTracking(notification: TrackingNotification, userId: string): Notification {
  return {
    Id: notification.Id,
    userId,
    itemType: notification.itemType,
    message: notification.message,
    icon: notification.messageData?.icon ?? null,
    header: notification.messageData?.deviceName ?? null,
    eventText: null,
    eventTime: notification.messageData?.time ?? null,
    dateCreated: notification.dateCreated,
    messageData: notification.messageData,
    read: false,
  };
}

/** The user's own unread and the tenant's unread tracking ones, as one list, newest first. */
export function combined(own: UnreadNotifications, tracking: UnreadNotifications | null): UnreadNotifications {
  if (!tracking) return own;
  const notifications = [...own.notifications, ...tracking.notifications].sort((a, b) => b.dateCreated.localeCompare(a.dateCreated));
  return { notifications, count: own.count + tracking.count };
}

export type SpecialIcon = 'tamper' | 'assetBatteryDisconnected' | 'keepInZone' | 'keepOutZone';
export type NotificationIconSpec = { kind: SpecialIcon } | { kind: 'initials'; text: string };

/** Letters only, lower case: 'Keep in zone', 'KEEP_IN_ZONE' and 'keepInZone' are one kind. */
const kindKey = (value: string | null | undefined) => (value ?? '').toLowerCase().replace(/[^a-z]/g, '');

const SPECIAL_ICONS: Record<string, SpecialIcon> = {
  tamper: 'tamper',
  assetbatterydisconnected: 'assetBatteryDisconnected',
  keepinzone: 'keepInZone',
  keepoutzone: 'keepOutZone',
};

export const DEFAULT_NOTIFICATION_INITIALS = 'BC';

/**
 * Spec 2.6: Tamper, Asset Battery Disconnected, Keep in zone and Keep out zone get their own icons
 * (named by the item type or the notification's icon field); any other shows the first two letters
 * of its item type, or BC when it has none.
 */
export function notificationIcon(notification: Pick<Notification, 'itemType' | 'icon'>): NotificationIconSpec {
  for (const candidate of [notification.itemType, notification.icon]) {
    const special = SPECIAL_ICONS[kindKey(candidate)];
    if (special) return { kind: special };
  }
  const letters = (notification.itemType ?? '').trim().slice(0, 2).toUpperCase();
  return { kind: 'initials', text: letters || DEFAULT_NOTIFICATION_INITIALS };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-MM-dd HH:mm' in local time (spec 9); an unreadable value is shown as it came. */
export function formatEventTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

// ---------------------------------------------------------------------------------------------
// Components

/** The list's height stays within the spec's 200 to 230 px; longer lists scroll inside it. */
const LIST_STYLE: CSSProperties = { height: 'clamp(200px, 30vh, 230px)', overflowY: 'auto', listStyle: 'none', margin: 0, padding: 0 };
const PANEL_WIDTH = 340;

export function NotificationIcon({ notification }: { notification: Pick<Notification, 'itemType' | 'icon'> }) {
  const { token } = theme.useToken();
  const spec = notificationIcon(notification);
  const special: Record<SpecialIcon, { icon: ReactNode; colour: string }> = {
    tamper: { icon: <ToolOutlined />, colour: token.colorError },
    assetBatteryDisconnected: { icon: <ThunderboltOutlined />, colour: token.colorWarning },
    keepInZone: { icon: <AimOutlined />, colour: token.colorInfo },
    keepOutZone: { icon: <StopOutlined />, colour: token.colorError },
  };
  if (spec.kind === 'initials') {
    return (
      <Avatar style={{ backgroundColor: token.colorPrimary, flex: 'none' }} data-icon="initials">
        {spec.text}
      </Avatar>
    );
  }
  const { icon, colour } = special[spec.kind];
  return <Avatar icon={icon} style={{ backgroundColor: colour, flex: 'none' }} data-icon={spec.kind} />;
}

function NotificationItem({ notification }: { notification: Notification }) {
  const time = formatEventTime(notification.eventTime ?? notification.dateCreated);
  return (
    <li style={{ display: 'flex', gap: 12, padding: '8px 4px', alignItems: 'flex-start' }}>
      <NotificationIcon notification={notification} />
      <div style={{ minWidth: 0 }}>
        {notification.header && (
          <Typography.Text strong style={{ display: 'block' }}>
            {notification.header}
          </Typography.Text>
        )}
        <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 3 }}>
          {notification.message}
        </Typography.Paragraph>
        {time && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <time dateTime={notification.eventTime ?? notification.dateCreated}>{time}</time>
          </Typography.Text>
        )}
      </div>
    </li>
  );
}

/** The acting tenant's unread tracking notifications, as bell items. */
async function unreadTracking(userId: string, signal: AbortSignal): Promise<UnreadNotifications> {
  const [list, unread] = await Promise.all([
    api.get<TrackingNotification[]>(apiPath(trackingNotifications.api.list), { signal, query: { unread: 'true', size: TRACKING_IN_BELL } }),
    api.get<TrackingNotificationsUnread>(apiPath(trackingNotifications.api.unread), { signal }),
  ]);
  return { notifications: (list.data ?? []).map((n) => fromTracking(n, userId)), count: unread.data?.count ?? 0 };
}

export function NotificationBell() {
  const { userId, loggedIn, tenantId } = useSession(
    useShallow((s) => ({ userId: s.user?.Id ?? null, loggedIn: isLoggedIn(s), tenantId: s.selectedTenantId })),
  );
  const readsTracking = useCan(trackingNotifications, 'read');
  const { notification: toast } = App.useApp();
  const [state, setState] = useState<BellState>(EMPTY_BELL);
  const [open, setOpen] = useState(false);
  const [marking, setMarking] = useState(false);
  const countId = useId();

  // The unread list, once per signed-in user (and per acting tenant for the tracking ones).
  useEffect(() => {
    setState(EMPTY_BELL);
    if (!userId || !loggedIn) return undefined;
    const controller = new AbortController();
    const { signal } = controller;
    const own = api.get<UnreadNotifications>('/api/notification/unreadnotifications', { signal }).then(({ data }) => ({
      notifications: data?.notifications ?? [],
      count: data?.count ?? 0,
    }));
    const tracking = readsTracking ? unreadTracking(userId, signal) : Promise.resolve(null);
    Promise.all([own, tracking])
      .then(([mine, tenants]) => setState((current) => withFetched(current, combined(mine, tenants))))
      .catch((error: unknown) => {
        if (!isAbortError(error)) console.error('[top-bar] could not load notifications:', error);
      });
    return () => controller.abort();
  }, [userId, loggedIn, readsTracking, tenantId]);

  // Live additions from the socket, with a toast at top right.
  const pushed = (notification: Notification) => {
    setState((current) => withPushed(current, notification));
    toast.open({
      title: notification.header || notification.itemType,
      description: notification.message,
      placement: 'topRight',
      icon: <NotificationIcon notification={notification} />,
    });
  };
  useRealtime('notification', (payload) => {
    const notification = asNotification(payload);
    if (notification) pushed(notification);
  });
  // The socket brings tracking ones only to those who may read them; the tracking screens show their own toast.
  useRealtime('tracking:notification', (payload) => {
    if (readsTracking && userId) setState((current) => withPushed(current, fromTracking(payload, userId)));
  });

  const markAllRead = async () => {
    setMarking(true);
    try {
      await Promise.all([
        api.post('/api/notification/markallread'),
        readsTracking ? api.post(apiPath(trackingNotifications.api.readAll)) : null,
      ]);
      setState(EMPTY_BELL);
    } catch (error) {
      console.error('[top-bar] could not mark notifications as read:', error);
      toast.error({ title: error instanceof Error ? error.message : MESSAGES.serverError, placement: 'topRight' });
    } finally {
      setMarking(false);
    }
  };

  const panel = (
    <div style={{ width: PANEL_WIDTH, maxWidth: '90vw' }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{MESSAGES.notifications}</Typography.Text>
        <Button
          type="link"
          size="small"
          loading={marking}
          disabled={state.count === 0 && state.notifications.length === 0}
          onClick={() => void markAllRead()}
        >
          {MESSAGES.markAllRead}
        </Button>
      </Flex>
      <ul style={LIST_STYLE} data-testid="notification-list">
        {state.notifications.length === 0 ? (
          <li>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGES.noNotifications} />
          </li>
        ) : (
          state.notifications.map((n, index) => <NotificationItem key={n.Id ?? `pushed-${index}`} notification={n} />)
        )}
      </ul>
    </div>
  );

  return (
    <span style={{ display: 'inline-flex' }}>
      {/* The count is drawn beside the button, not inside it: said by the description (aria-describedby), it
          would otherwise be visible text the button's name "Notifications" does not hold. */}
      <Badge count={state.count} size="small" overflowCount={99} offset={[-6, 6]}>
        <Popover trigger="click" placement="bottomRight" arrow={false} open={open} onOpenChange={setOpen} content={panel}>
          <Button
            type="text"
            aria-label={MESSAGES.notifications}
            aria-describedby={countId}
            aria-haspopup="dialog"
            aria-expanded={open}
            icon={<BellOutlined style={{ color: TOP_BAR_INK, fontSize: 18 }} />}
          />
        </Popover>
      </Badge>
      <VisuallyHidden id={countId}>{unreadCountMessage(state.count)}</VisuallyHidden>
    </span>
  );
}
