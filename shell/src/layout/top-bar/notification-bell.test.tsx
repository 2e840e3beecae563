import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@meridian/shared/contract/notification';
import { MESSAGES } from '@meridian/shared/messages';
import {
  asNotification,
  EMPTY_BELL,
  formatEventTime,
  NotificationBell,
  notificationIcon,
  withFetched,
  withPushed,
} from './notification-bell';
import { DEMO, installFakeFetch, renderInShell, resetSession, signInAs } from './top-bar-test-kit';

// @ant-design/icons 6.3.4's CommonJS build requires the ES build of @ant-design/colors' generate, which Jest cannot load.

// The realtime module opens a socket.io connection; here its subscribe keeps the handlers so a test can push.
const mockRealtimeHandlers = new Map<string, Set<(payload: unknown) => void>>();
jest.mock('@meridian/shared/realtime/realtime-connection', () => ({
  subscribe: (event: string, handler: (payload: unknown) => void) => {
    const handlers = mockRealtimeHandlers.get(event) ?? new Set();
    handlers.add(handler);
    mockRealtimeHandlers.set(event, handlers);
    return () => handlers.delete(handler);
  },
}));

/** What the socket delivers to every `subscribe('notification', ...)` handler. */
const push = (payload: unknown, event = 'notification') =>
  act(() => mockRealtimeHandlers.get(event)?.forEach((handler) => handler(payload)));

/** A tracking notification as the API lists it and the socket pushes it. */
const tracking = (message: string, dateCreated: string, itemType = 'geofenceEnter', icon = 'GE') => ({
  Id: `60000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`,
  tenantId: DEMO.administrator.tenant.Id,
  deviceId: '30000000-0000-4000-8000-00000000000a',
  itemType,
  message,
  messageData: {
    deviceId: '30000000-0000-4000-8000-00000000000a',
    deviceName: 'Truck 12',
    eventId: 1,
    positionId: 1,
    time: dateCreated,
    icon,
  },
  dateCreated,
});
const TRACKING_READER = { rolepermissions: [{ hierarchy: 'SALES' }, { hierarchy: 'TRACKING/NOTIFICATIONS' }] };

let nextId = 1;
function notification(overrides: Partial<Notification> = {}): Notification {
  const id = nextId++;
  return {
    Id: `30000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    userId: DEMO.salesManager.Id,
    itemType: 'activityAssignment',
    message: `Message ${id}`,
    icon: null,
    header: `Header ${id}`,
    eventText: null,
    eventTime: '2025-03-04T09:05:00',
    dateCreated: '2025-03-04T09:06:00.000Z',
    messageData: null,
    read: false,
    ...overrides,
  };
}

const bell = () => screen.getByRole('button', { name: MESSAGES.notifications });
/** The badge's number as shown (antd animates digit changes; the title carries the value at once). */
const badgeCount = () => bell().closest('.ant-badge')?.querySelector('.ant-badge-count') ?? null;

afterEach(() => {
  resetSession();
  document.body.querySelectorAll('.ant-notification').forEach((n) => n.remove());
});

describe('notification bell', () => {
  it("shows the unread count from GET /api/notification/unreadnotifications as the badge's text", async () => {
    installFakeFetch({
      'GET /api/notification/unreadnotifications': { data: { notifications: [notification(), notification(), notification()], count: 3 } },
    });
    signInAs(DEMO.salesManager);
    renderInShell(<NotificationBell />);

    await waitFor(() => expect(badgeCount()).toHaveTextContent(/^3$/));
    expect(screen.getByText('3 unread')).toBeInTheDocument();
  });

  it('lists each notification with its header, message and event time in a scrolling list of 200 to 230 px', async () => {
    installFakeFetch({
      'GET /api/notification/unreadnotifications': {
        data: {
          notifications: [
            notification({ header: 'New activity', message: 'Visit the client in Soweto', eventTime: '2025-03-04T09:05:00' }),
          ],
          count: 1,
        },
      },
    });
    signInAs(DEMO.salesManager);
    renderInShell(<NotificationBell />);
    await waitFor(() => expect(badgeCount()).toHaveTextContent('1'));

    fireEvent.click(bell());
    const list = await screen.findByTestId('notification-list');
    expect(within(list).getByText('New activity')).toBeInTheDocument();
    expect(within(list).getByText('Visit the client in Soweto')).toBeInTheDocument();
    expect(within(list).getByText('2025-03-04 09:05')).toBeInTheDocument();
    expect(list.style.height).toBe('clamp(200px, 30vh, 230px)');
    expect(list.style.overflowY).toBe('auto');
    // The item type's first two letters stand in for an icon.
    expect(within(list).getByText('AC')).toBeInTheDocument();
  });

  it('adds a pushed notification at the top, counts it, and shows it as a toast', async () => {
    installFakeFetch({
      'GET /api/notification/unreadnotifications': { data: { notifications: [notification({ header: 'Older' })], count: 1 } },
    });
    signInAs(DEMO.salesManager);
    renderInShell(<NotificationBell />);
    await waitFor(() => expect(badgeCount()).toHaveTextContent('1'));

    push(notification({ header: 'Tamper alarm', message: 'Device 42 was opened', itemType: 'Tamper' }));

    await waitFor(() => expect(badgeCount()).toHaveAttribute('title', '2'));
    expect(screen.getByText('2 unread')).toBeInTheDocument();
    // The toast (top right) names it.
    expect(await screen.findByText('Device 42 was opened', { selector: '.ant-notification *' })).toBeInTheDocument();
    expect(document.querySelector('.ant-notification-topRight')).not.toBeNull();

    fireEvent.click(bell());
    const list = await screen.findByTestId('notification-list');
    const headers = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('strong')?.textContent);
    expect(headers).toEqual(['Tamper alarm', 'Older']);
    expect(list.querySelector('[data-icon="tamper"]')).not.toBeNull();
  });

  it('ignores socket payloads that are not notifications', async () => {
    installFakeFetch({ 'GET /api/notification/unreadnotifications': { data: { notifications: [], count: 0 } } });
    signInAs(DEMO.salesManager);
    renderInShell(<NotificationBell />);
    await act(async () => {});
    push('not a notification');
    push(null);
    expect(screen.getByText('0 unread')).toBeInTheDocument();
  });

  it('"Mark all as read" posts to /api/notification/markallread, then clears the list and the count', async () => {
    const fake = installFakeFetch({
      'GET /api/notification/unreadnotifications': { data: { notifications: [notification(), notification()], count: 2 } },
      'POST /api/notification/markallread': { data: { marked: 2 } },
    });
    signInAs(DEMO.salesManager);
    renderInShell(<NotificationBell />);
    await waitFor(() => expect(badgeCount()).toHaveTextContent('2'));

    fireEvent.click(bell());
    fireEvent.click(await screen.findByRole('button', { name: MESSAGES.markAllRead }));

    await waitFor(() => expect(fake.callsTo('POST', '/api/notification/markallread')).toHaveLength(1));
    await waitFor(() => expect(screen.getByText('0 unread')).toBeInTheDocument());
    expect(badgeCount()).toBeNull();
    const list = screen.getByTestId('notification-list');
    expect(within(list).getByText(MESSAGES.noNotifications)).toBeInTheDocument();
  });

  it('keeps the list when marking as read fails, and says so', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    installFakeFetch({
      'GET /api/notification/unreadnotifications': { data: { notifications: [notification()], count: 1 } },
      'POST /api/notification/markallread': { status: 503, message: 'Service unavailable.' },
    });
    signInAs(DEMO.salesManager);
    renderInShell(<NotificationBell />);
    await waitFor(() => expect(badgeCount()).toHaveTextContent('1'));

    fireEvent.click(bell());
    fireEvent.click(await screen.findByRole('button', { name: MESSAGES.markAllRead }));

    expect(await screen.findByText('Service unavailable.')).toBeInTheDocument();
    expect(screen.getByText('1 unread')).toBeInTheDocument();
    error.mockRestore();
  });

  it('loads nothing when signed out', async () => {
    const fake = installFakeFetch({ 'GET /api/notification/unreadnotifications': { data: { notifications: [], count: 0 } } });
    renderInShell(<NotificationBell />);
    await act(async () => {});
    expect(fake.calls).toHaveLength(0);
  });
});

describe('notification bell state', () => {
  it('puts a pushed notification first and counts it once, even if pushed twice', () => {
    const first = notification();
    const state = withPushed(withPushed(EMPTY_BELL, first), first);
    expect(state).toEqual({ notifications: [first], count: 1 });
  });

  it('keeps notifications pushed while the list was loading that the answer lacks', () => {
    const pushedDuringLoad = notification();
    const alsoLoaded = notification();
    const loaded = notification();
    const state = withFetched(withPushed(withPushed(EMPTY_BELL, alsoLoaded), pushedDuringLoad), {
      notifications: [alsoLoaded, loaded],
      count: 7,
    });
    expect(state.notifications).toEqual([pushedDuringLoad, alsoLoaded, loaded]);
    expect(state.count).toBe(8);
  });

  it('accepts only payloads with a message', () => {
    expect(asNotification({ message: 'x', itemType: 'a' })).not.toBeNull();
    expect(asNotification({ itemType: 'a' })).toBeNull();
    expect(asNotification(42)).toBeNull();
  });
});

describe('notification icons', () => {
  it('gives Tamper, Asset Battery Disconnected, Keep in zone and Keep out zone their own icons', () => {
    expect(notificationIcon({ itemType: 'Tamper', icon: null })).toEqual({ kind: 'tamper' });
    expect(notificationIcon({ itemType: 'Asset Battery Disconnected', icon: null })).toEqual({ kind: 'assetBatteryDisconnected' });
    expect(notificationIcon({ itemType: 'Keep in zone', icon: null })).toEqual({ kind: 'keepInZone' });
    expect(notificationIcon({ itemType: 'Keep out zone', icon: null })).toEqual({ kind: 'keepOutZone' });
  });

  it('recognises them whatever their case or separators, and from the icon field too', () => {
    expect(notificationIcon({ itemType: 'KEEP_OUT_ZONE', icon: null })).toEqual({ kind: 'keepOutZone' });
    expect(notificationIcon({ itemType: 'alarm', icon: 'tamper' })).toEqual({ kind: 'tamper' });
  });

  it('otherwise shows the first two letters of the item type, and BC when there is none', () => {
    expect(notificationIcon({ itemType: 'activityComment', icon: null })).toEqual({ kind: 'initials', text: 'AC' });
    expect(notificationIcon({ itemType: 'DOCUMENT_EXTRACTION', icon: null })).toEqual({ kind: 'initials', text: 'DO' });
    expect(notificationIcon({ itemType: '', icon: null })).toEqual({ kind: 'initials', text: 'BC' });
    expect(notificationIcon({ itemType: null as unknown as string, icon: null })).toEqual({ kind: 'initials', text: 'BC' });
  });

  it('formats event times as yyyy-MM-dd HH:mm and leaves unreadable ones as they are', () => {
    expect(formatEventTime('2025-12-31T23:59:00')).toBe('2025-12-31 23:59');
    expect(formatEventTime('soon')).toBe('soon');
    expect(formatEventTime(null)).toBe('');
  });

  describe('for someone who may read tracking notifications', () => {
    it("lists the tenant's unread tracking notifications with their own, newest first, and counts both", async () => {
      const fake = installFakeFetch({
        'GET /api/notification/unreadnotifications': {
          data: { notifications: [notification({ header: 'Own', dateCreated: '2025-03-04T09:06:00.000Z' })], count: 1 },
        },
        'GET /api/geo/notifications': { data: [tracking('Truck 12 entered Durban Depot', '2025-03-05T10:00:00.000Z')] },
        'GET /api/geo/notifications/unread-count': { data: { count: 7 } },
      });
      signInAs(DEMO.administrator, TRACKING_READER);
      renderInShell(<NotificationBell />);
      await waitFor(() => expect(screen.getByText('8 unread')).toBeInTheDocument());
      expect(fake.callsTo('GET', '/api/geo/notifications')[0]!.url).toContain('unread=true');

      fireEvent.click(bell());
      const list = await screen.findByTestId('notification-list');
      const headers = within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('strong')?.textContent);
      expect(headers).toEqual(['Truck 12', 'Own']);
      expect(within(list).getByText('Truck 12 entered Durban Depot')).toBeInTheDocument();
    });

    it('counts a tracking notification pushed live, and marks both kinds read at once', async () => {
      const fake = installFakeFetch({
        'GET /api/notification/unreadnotifications': { data: { notifications: [], count: 0 } },
        'GET /api/geo/notifications': { data: [] },
        'GET /api/geo/notifications/unread-count': { data: { count: 0 } },
        'POST /api/notification/markallread': { data: { marked: 0 } },
        'POST /api/geo/notifications/read-all': { data: { marked: 1 } },
      });
      signInAs(DEMO.administrator, TRACKING_READER);
      renderInShell(<NotificationBell />);
      await waitFor(() => expect(fake.callsTo('GET', '/api/geo/notifications/unread-count')).toHaveLength(1));

      push(tracking('Truck 12: tamper alarm', '2025-03-05T10:00:00.000Z', 'alarm', 'tamper'), 'tracking:notification');
      await waitFor(() => expect(screen.getByText('1 unread')).toBeInTheDocument());
      fireEvent.click(bell());
      const list = await screen.findByTestId('notification-list');
      expect(list.querySelector('[data-icon="tamper"]')).not.toBeNull();

      fireEvent.click(await screen.findByRole('button', { name: MESSAGES.markAllRead }));
      await waitFor(() => expect(fake.callsTo('POST', '/api/geo/notifications/read-all')).toHaveLength(1));
      expect(fake.callsTo('POST', '/api/notification/markallread')).toHaveLength(1);
      await waitFor(() => expect(screen.getByText('0 unread')).toBeInTheDocument());
    });

    it('asks nothing of tracking for someone who may not read it', async () => {
      const fake = installFakeFetch({ 'GET /api/notification/unreadnotifications': { data: { notifications: [], count: 0 } } });
      signInAs(DEMO.salesManager);
      renderInShell(<NotificationBell />);
      await waitFor(() => expect(fake.callsTo('GET', '/api/notification/unreadnotifications')).toHaveLength(1));
      expect(fake.calls.filter((c) => c.url.includes('/api/geo/'))).toHaveLength(0);
    });
  });
});
