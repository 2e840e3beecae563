import { fakeServer, page } from '@meridian/shared/testing/page-test-kit';
import { act, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@meridian/shared/constants';
import type { TrackingNotification } from '@meridian/shared/contract/tracking-live';
import { MESSAGES } from '@meridian/shared/messages';
import { anyScreenWidth, screenWidth } from '@meridian/shared/testing/screen-width';
import { opened, made, resetFakeMaps } from '../testing/fake-map';
import {
  DEVICE_A,
  DEVICE_B,
  DEVICE_C,
  fail,
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
import LiveMapPage from './live-map-page';

jest.mock('@meridian/shared/map/map-base', () => jest.requireActual('../testing/fake-map').fakeMapBaseModule());
jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());

jest.setTimeout(30_000);

const DEVICES = [
  mapItem(),
  mapItem({
    id: DEVICE_B,
    name: 'Van 3',
    uniqueId: 'van-3',
    status: 'offline',
    latitude: -26.2,
    longitude: 28.2,
    lastUpdate: '2025-03-01T08:00:00.000Z',
  }),
  mapItem({
    id: DEVICE_C,
    name: 'Spare tracker',
    uniqueId: 'spare',
    status: 'unknown',
    latitude: null,
    longitude: null,
    lastUpdate: null,
    fixTime: null,
  }),
];

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.path === `/api/geo/device/map/${OPERATOR_ID}`) return ok(DEVICES);
    if (call.path === '/api/geo/fences') return page([]);
    if (call.path === `/api/geo/device/details/${DEVICE_A}/latest-position`)
      return ok({
        id: 77,
        deviceId: DEVICE_A,
        fixTime: '2025-03-03T12:00:00.000Z',
        speed: 20,
        attributes: { batteryLevel: 84, odometer: 123_456, sat: 9 },
      });
    return undefined;
  });
}

const map = () => opened.maps[0]!;
type Drawn = { kind: string; id?: string; x: number; y: number };
/** A device's dot in the device layer's last drawing. */
const drawnDevice = (id: string) => ((made.instances[0]?.items ?? []) as Drawn[]).find((item) => item.kind === 'device' && item.id === id);

beforeEach(() => {
  resetFakeMaps();
  signInOperator();
  // jsdom has no 2D canvas; the layer still works out what it draws.
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
});
afterEach(() => {
  resetSession();
  anyScreenWidth();
});

async function openLiveMap(at = '/tracking/map') {
  const view = renderTrackingPage(<LiveMapPage />, { path: '/tracking/map', at });
  await screen.findByRole('button', { name: /Truck 12/ });
  await waitFor(() => expect(made.layers).toBe(1));
  return view;
}

describe('live map', () => {
  test('the device list shows each device with its status and last update', async () => {
    server();
    await openLiveMap();
    const list = screen.getByRole('list', { name: TRACKING_TEXT.deviceList });
    const truck = within(list).getByRole('button', { name: /Truck 12/ });
    expect(truck).toHaveTextContent(TRACKING_TEXT.online);
    expect(truck).toHaveTextContent('2025-03-03');
    expect(within(list).getByRole('button', { name: /Van 3/ })).toHaveTextContent(TRACKING_TEXT.offline);
    const spare = within(list).getByRole('button', { name: /Spare tracker/ });
    expect(spare).toHaveTextContent(TRACKING_TEXT.unknown);
    expect(spare).toHaveTextContent(TRACKING_TEXT.neverHeardFrom);
    expect(screen.getByText('3 devices')).toBeInTheDocument();
  });

  test('searching the list keeps the devices whose name or unique id match', async () => {
    server();
    await openLiveMap();
    const user = typist();
    await user.type(screen.getByRole('searchbox', { name: TRACKING_TEXT.searchDevices }), 'van');
    await waitFor(() => expect(screen.getByText('1 of 3 devices')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Truck 12/ })).not.toBeInTheDocument();
  });

  test('a streamed position moves the marker without re-creating the layer', async () => {
    server();
    await openLiveMap();
    await waitFor(() => expect(drawnDevice(DEVICE_A)).toBeDefined());
    const before = drawnDevice(DEVICE_A)!;

    act(() =>
      serverSends('tracking:positions', [
        {
          deviceId: DEVICE_A,
          latitude: -26.15,
          longitude: 28.3,
          speed: 30,
          course: 180,
          fixTime: '2025-03-03T12:00:10.000Z',
          attributes: { motion: true },
        },
      ]),
    );
    await waitFor(() => expect(drawnDevice(DEVICE_A)!.x).not.toBe(before.x));
    const after = drawnDevice(DEVICE_A)!;
    expect(after.x - before.x).toBeCloseTo(200, 0);
    expect(after.y - before.y).toBeCloseTo(50, 0);
    expect(made.layers).toBe(1);
  });

  test('a position older than the one shown does not move the marker back', async () => {
    server();
    await openLiveMap();
    await waitFor(() => expect(drawnDevice(DEVICE_A)).toBeDefined());
    act(() =>
      serverSends('tracking:positions', [
        {
          deviceId: DEVICE_A,
          latitude: -26.15,
          longitude: 28.3,
          speed: 30,
          course: 180,
          fixTime: '2025-03-03T12:00:10.000Z',
          attributes: { motion: true },
        },
      ]),
    );
    // 0.2° east is 200 px from where it was drawn (28.1° E, 200 px into the canvas, which starts 100 px left of the view).
    await waitFor(() => expect(drawnDevice(DEVICE_A)!.x).toBeCloseTo(400, 0));
    act(() =>
      serverSends('tracking:positions', [
        {
          deviceId: DEVICE_A,
          latitude: -26.5,
          longitude: 28.9,
          speed: 30,
          course: 180,
          fixTime: '2025-03-03T11:59:00.000Z',
          attributes: { motion: true },
        },
      ]),
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(drawnDevice(DEVICE_A)!.x).toBeCloseTo(400, 0);
  });

  test('selecting a device follows it and shows its latest position and readings', async () => {
    server();
    await openLiveMap();
    const user = typist();
    await user.click(screen.getByRole('button', { name: /Truck 12/ }));
    const panel = await screen.findByTestId('device-panel');
    expect(within(panel).getByRole('heading', { name: 'Truck 12' })).toBeInTheDocument();
    expect(within(panel).getByText(TRACKING_TEXT.following)).toBeInTheDocument();
    // 20 knots is 37 km/h; the stored position adds battery, odometer and satellites.
    expect(within(panel).getByText('37 km/h')).toBeInTheDocument();
    expect(within(panel).getByText(TRACKING_TEXT.ignitionOn)).toBeInTheDocument();
    expect(await within(panel).findByText('84 %')).toBeInTheDocument();
    expect(within(panel).getByText('123.5 km')).toBeInTheDocument();
    expect(map().views.at(-1)).toEqual({ centre: { lat: -26.1, lng: 28.1 }, zoom: 17 });

    act(() =>
      serverSends('tracking:positions', [
        {
          deviceId: DEVICE_A,
          latitude: -26.11,
          longitude: 28.12,
          speed: 0,
          course: 0,
          fixTime: '2025-03-03T12:00:10.000Z',
          attributes: { motion: false },
        },
      ]),
    );
    await waitFor(() => expect(map().pans.at(-1)).toEqual({ lat: -26.11, lng: 28.12 }));
  });

  test('the address of the latest position is asked on demand, and a missing geocoder is said plainly', async () => {
    server((call) => (call.path === '/api/geo/geocoding/position/77' ? fail(503, 'SERVICE_UNAVAILABLE', 'No geocoder.') : undefined));
    await openLiveMap(`/tracking/map?device=${DEVICE_A}`);
    const user = typist();
    const panel = await screen.findByTestId('device-panel');
    await user.click(within(panel).getByRole('button', { name: new RegExp(TRACKING_TEXT.findAddress) }));
    expect(await within(panel).findByText(MESSAGES.geocoderUnavailable)).toBeInTheDocument();
  });

  test('geofences are drawn unless the stored preference hides them, and the switch keeps the choice', async () => {
    const fence = {
      id: 'f1',
      name: 'Depot',
      description: null,
      type: 'geofence',
      shape: 'circle',
      geometry: { type: 'Point', coordinates: [28.1, -26.1] },
      radius: 300,
      width: null,
    };
    const { callsTo } = server((call) => (call.path === '/api/geo/fences' ? page([fence]) : undefined));
    localStorage.setItem(STORAGE_KEYS.showGeofence, 'false');
    await openLiveMap();
    const toggle = screen.getByRole('switch', { name: TRACKING_TEXT.showGeofences });
    expect(toggle).not.toBeChecked();
    expect(callsTo('/api/geo/fences')).toHaveLength(0);

    const user = typist();
    await user.click(toggle);
    await waitFor(() => expect(callsTo('/api/geo/fences')).toHaveLength(1));
    expect(localStorage.getItem(STORAGE_KEYS.showGeofence)).toBe('true');
    await waitFor(() =>
      expect(map().added.some((layer) => (layer as { added?: { kind: string }[] }).added?.some((s) => s.kind === 'circle'))).toBe(true),
    );
  });

  test('a tracking notification pops up as it arrives, with the spec icon of its event', async () => {
    server();
    await openLiveMap();
    const notification: TrackingNotification = {
      Id: 'n1',
      tenantId: 't',
      deviceId: DEVICE_A,
      itemType: 'geofenceEnter',
      message: 'Truck 12 entered Depot',
      messageData: { deviceId: DEVICE_A, deviceName: 'Truck 12', eventId: 1, positionId: 77, time: '2025-03-03T12:00:00.000Z', icon: 'GE' },
      dateCreated: '2025-03-03T12:00:01.000Z',
    };
    act(() => serverSends('tracking:notification', notification));
    expect(await screen.findByText('Truck 12 entered Depot')).toBeInTheDocument();
    expect(screen.getByTestId('tracking-notification')).toHaveTextContent('Truck 12 entered Depot');
    expect(document.querySelector('[data-icon="GE"]')).toHaveTextContent('GE');

    act(() =>
      serverSends('tracking:notification', {
        ...notification,
        Id: 'n2',
        itemType: 'alarm',
        message: 'Truck 12: tampering',
        messageData: { ...notification.messageData, icon: 'tamper' },
      }),
    );
    expect(await screen.findByText('Truck 12: tampering')).toBeInTheDocument();
    expect(document.querySelector('[data-icon="tamper"]')).not.toHaveTextContent('TA');
  });

  test('a failed device list shows the failure with a retry, and the map still opens', async () => {
    let failing = true;
    server((call) =>
      call.path === `/api/geo/device/map/${OPERATOR_ID}` && failing ? fail(500, 'SERVER_ERROR', 'Database down.') : undefined,
    );
    renderTrackingPage(<LiveMapPage />, { path: '/tracking/map', at: '/tracking/map' });
    expect(await screen.findByText(MESSAGES.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('application', { name: TRACKING_TEXT.mapLabel })).toBeInTheDocument();
    failing = false;
    await typist().click(screen.getByRole('button', { name: MESSAGES.retry }));
    expect(await screen.findByRole('button', { name: /Truck 12/ })).toBeInTheDocument();
  });

  test('with no devices the list says so', async () => {
    server((call) => (call.path === `/api/geo/device/map/${OPERATOR_ID}` ? ok([]) : undefined));
    renderTrackingPage(<LiveMapPage />, { path: '/tracking/map', at: '/tracking/map' });
    expect(await screen.findByText(TRACKING_TEXT.noDevices)).toBeInTheDocument();
  });

  test('on a phone the list opens in a drawer, and choosing a device closes it', async () => {
    screenWidth(390);
    server();
    renderTrackingPage(<LiveMapPage />, { path: '/tracking/map', at: '/tracking/map' });
    expect(screen.queryByRole('list', { name: TRACKING_TEXT.deviceList })).not.toBeInTheDocument();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: TRACKING_TEXT.showDeviceList }));
    // The drawer holds the one list: the page beside the map has none on a phone.
    await user.click(await screen.findByRole('button', { name: /Van 3/ }));
    const panel = await screen.findByTestId('device-panel');
    expect(within(panel).getByRole('heading', { name: 'Van 3' })).toBeInTheDocument();
  });
});
