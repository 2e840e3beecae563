import { fakeServer, openPicker, page, pickOption, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import type { TrackingNotification } from '@meridian/shared/contract/tracking-live';
import {
  DEVICE_A,
  DEVICE_B,
  mapItem,
  ok,
  OPERATOR_ID,
  renderTrackingPage,
  resetSession,
  serverSends,
  signInOperator,
  typist,
  type FakeCall,
  type FakeReply,
} from '../testing/tracking-test-kit';
import { TRACKING_TEXT } from '../parts/tracking-text';
import NotificationsPage from './notifications-page';

jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());
jest.setTimeout(30_000);

const LIST = '/api/geo/notifications';
const ENTER = '50000000-0000-4000-8000-000000000001';
const TAMPER = '50000000-0000-4000-8000-000000000002';
const READ_BEFORE = '2025-03-03T12:05:00.000Z';

const notification = (Id: string, overrides: Partial<TrackingNotification & { read: boolean }> = {}) => ({
  Id,
  tenantId: 't',
  deviceId: DEVICE_A,
  itemType: 'geofenceEnter',
  message: 'Truck 12 entered Durban Depot',
  messageData: { deviceId: DEVICE_A, deviceName: 'Truck 12', eventId: 1, positionId: 1, time: '2025-03-03T12:00:00.000Z', icon: 'GE' },
  dateCreated: '2025-03-03T12:00:00.000Z',
  read: false,
  ...overrides,
});

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === LIST)
      return page([
        notification(ENTER),
        notification(TAMPER, { itemType: 'Tamper', message: 'Van 3: tamper alarm', deviceId: DEVICE_B, read: true }),
      ]);
    if (call.method === 'GET' && call.path === `/api/geo/device/map/${OPERATOR_ID}`)
      return ok([mapItem({ id: DEVICE_A, name: 'Truck 12' }), mapItem({ id: DEVICE_B, name: 'Van 3' })]);
    if (call.method === 'POST' && call.path === `${LIST}/read`) return ok({ marked: 1 });
    if (call.method === 'POST' && call.path === `${LIST}/read-all`) return ok({ marked: 1, readBefore: READ_BEFORE });
    return undefined;
  });
}

beforeEach(() => signInOperator());
afterEach(resetSession);

const renderNotifications = (at = '/tracking/notifications') =>
  renderTrackingPage(<NotificationsPage />, { path: '/tracking/notifications', at });

describe('tracking notifications', () => {
  test('each notification shows its type, message, device and whether it is read; newest first is asked of the server', async () => {
    const { callsTo } = server();
    renderNotifications();
    const table = await screen.findByRole('table', { name: TRACKING_TEXT.notifications });
    const enter = (await within(table).findByText('Truck 12 entered Durban Depot')).closest('tr')!;
    expect(enter).toHaveTextContent('Geofence enter');
    expect(enter).toHaveTextContent(TRACKING_TEXT.unread);
    expect(within(enter).getByRole('link', { name: 'Truck 12 on the map' })).toHaveAttribute('href', `/tracking/map?device=${DEVICE_A}`);
    expect(within(table).getByText('Van 3: tamper alarm').closest('tr')).toHaveTextContent(TRACKING_TEXT.read);
    expect(queryOf(callsTo(LIST)[0]!)).toMatchObject({ sortField: 'dateCreated', sortOrder: 'DESC' });
  });

  test('the type, device and unread filters are asked of the server and kept in the address', async () => {
    const { callsTo } = server();
    renderNotifications('/tracking/notifications?from=2025-03-01&to=2025-03-03');
    await screen.findByText('Truck 12 entered Durban Depot');
    expect(queryOf(callsTo(LIST)[0]!)).toMatchObject({ fromDate: '2025-03-01', toDate: '2025-03-03' });

    openPicker(TRACKING_TEXT.filterByType);
    pickOption('Alarm');
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!)).toMatchObject({ itemType: 'alarm' }));

    openPicker(TRACKING_TEXT.filterByDevice);
    pickOption('Van 3');
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!)).toMatchObject({ itemType: 'alarm', deviceId: DEVICE_B }));

    await typist().click(screen.getByRole('switch'));
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!)).toMatchObject({ unread: 'true', deviceId: DEVICE_B }));
  });

  test('the chosen notifications are marked read, and the list is asked again', async () => {
    const { calls, callsTo } = server();
    renderNotifications();
    const user = typist();
    const row = (await screen.findByText('Truck 12 entered Durban Depot')).closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Mark 1 as read/ }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([expect.objectContaining({ method: 'POST', path: `${LIST}/read`, body: { ids: [ENTER] } })]),
    );
    expect(await screen.findByText(TRACKING_TEXT.markedRead)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(LIST).length).toBe(2));
  });

  test('mark all as read asks the server once, then lists only what it covered until the operator asks for the new', async () => {
    const { calls, callsTo } = server();
    renderNotifications();
    await screen.findByText('Truck 12 entered Durban Depot');
    await typist().click(screen.getByRole('button', { name: TRACKING_TEXT.markAllRead }));
    await waitFor(() => expect(writes(calls)).toEqual([expect.objectContaining({ method: 'POST', path: `${LIST}/read-all` })]));
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!)).toMatchObject({ before: READ_BEFORE }));

    serverSends('tracking:notification', notification('50000000-0000-4000-8000-000000000003', { message: 'Truck 12 left Durban Depot' }));
    const notice = await screen.findByText('1 new notification has arrived.');
    const asked = callsTo(LIST).length;
    await typist().click(within(notice.closest('[role="status"]')! as HTMLElement).getByRole('button', { name: TRACKING_TEXT.showNew }));
    await waitFor(() => expect(callsTo(LIST)).toHaveLength(asked + 1));
    expect(queryOf(callsTo(LIST).at(-1)!)).not.toHaveProperty('before');
  });

  test('a notification arriving live is announced, and shown when the operator asks', async () => {
    const { callsTo } = server();
    renderNotifications();
    await screen.findByText('Truck 12 entered Durban Depot');
    serverSends('tracking:notification', notification('50000000-0000-4000-8000-000000000003', { message: 'Truck 12 left Durban Depot' }));
    const notice = await screen.findByText('1 new notification has arrived.');
    expect(callsTo(LIST)).toHaveLength(1);
    await typist().click(within(notice.closest('[role="status"]')! as HTMLElement).getByRole('button', { name: TRACKING_TEXT.showNew }));
    await waitFor(() => expect(callsTo(LIST)).toHaveLength(2));
    expect(screen.queryByText('1 new notification has arrived.')).not.toBeInTheDocument();
  });

  test('a failed mark is said, and nothing is lost', async () => {
    server((call) =>
      call.method === 'POST' && call.path === `${LIST}/read-all`
        ? ({ status: 500, body: { result: { success: false, message: 'Database unavailable' } } } as FakeReply)
        : undefined,
    );
    renderNotifications();
    await screen.findByText('Truck 12 entered Durban Depot');
    await typist().click(screen.getByRole('button', { name: TRACKING_TEXT.markAllRead }));
    expect(await screen.findByText(new RegExp(TRACKING_TEXT.markReadFailed))).toBeInTheDocument();
    expect(screen.getByText('Truck 12 entered Durban Depot')).toBeInTheDocument();
  });
});
