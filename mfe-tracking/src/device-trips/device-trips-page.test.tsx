import { fakeServer, queryOf } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import type { DeviceStop, DeviceTrip } from '@meridian/shared/contract/device-trip';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';
import { DEFAULT_TENANT_FORMAT } from '@meridian/shared/format';
import { saveFile } from '@meridian/shared/http/save-file';
import { resetFakeMaps } from '../testing/fake-map';
import {
  DEVICE_A,
  mapItem,
  ok,
  OPERATOR_ID,
  renderTrackingPage,
  resetSession,
  signInOperator,
  typist,
  type FakeCall,
  type FakeReply,
} from '../testing/tracking-test-kit';
import { TRACKING_TEXT } from '../parts/tracking-text';
import DeviceTripsPage from './device-trips-page';
import { defaultTripPeriod, periodOf } from '../parts/trip-period';

jest.mock('@meridian/shared/map/map-base', () => jest.requireActual('../testing/fake-map').fakeMapBaseModule());
jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());
jest.mock('@meridian/shared/http/save-file', () => ({ saveFile: jest.fn() }));
jest.setTimeout(30_000);

const TRIP: DeviceTrip = {
  id: 'trip-1',
  deviceId: DEVICE_A,
  deviceName: 'Truck 12',
  startTime: '2025-03-03T06:00:00.000Z',
  endTime: '2025-03-03T06:42:00.000Z',
  startLat: -29.8587,
  startLon: 31.0218,
  endLat: -29.7,
  endLon: 31.05,
  startAddress: 'Durban depot',
  endAddress: null,
  distance: 18_400,
  averageSpeed: 14,
  maxSpeed: 40,
  duration: 42 * 60_000,
  startOdometer: 0,
  endOdometer: 18_400,
  driverUniqueId: null,
  driverName: 'Sipho Dlamini',
};
const STOP: DeviceStop = {
  id: 'stop-1',
  deviceId: DEVICE_A,
  deviceName: 'Truck 12',
  startTime: '2025-03-03T06:42:00.000Z',
  endTime: '2025-03-03T08:00:00.000Z',
  latitude: -29.7,
  longitude: 31.05,
  address: 'Umhlanga Ridge',
  duration: 78 * 60_000,
  engineHours: 0,
  startOdometer: 18_400,
  endOdometer: 18_400,
};

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  const fake = fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    const window = {
      deviceId: DEVICE_A,
      fromDate: queryOf(call).fromDate,
      toDate: queryOf(call).toDate,
      timeZone: SETTING_DEFAULTS.timeZone,
    };
    if (call.path === `/api/geo/device/map/${OPERATOR_ID}`) return ok([mapItem()]);
    if (call.path === '/api/geo/device/trip/details') return ok({ ...window, trips: [TRIP] });
    if (call.path === '/api/geo/device/trip/stops') return ok({ ...window, stops: [STOP] });
    if (call.path.startsWith(`/api/geo/position/device/${DEVICE_A}/`)) return ok([]);
    return undefined;
  });
  // Exports are files: the shared client reads them as a Blob, which the kit's replies do not carry.
  const answering = globalThis.fetch;
  globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
    const response = await answering(...args);
    return Object.assign(response, { blob: async () => new Blob(['start,end\n'], { type: 'text/csv' }) });
  }) as typeof fetch;
  return fake;
}

/** Today as the tenant's zone has it, worked out without the page's own code. */
const todayInTenantZone = () => new Intl.DateTimeFormat('en-CA', { timeZone: SETTING_DEFAULTS.timeZone }).format(new Date());
const dayMoved = (day: string, days: number) => {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

beforeEach(() => {
  resetFakeMaps();
  signInOperator();
});
afterEach(resetSession);

const renderTrips = (at: string) => renderTrackingPage(<DeviceTripsPage />, { path: '/tracking/device-trips', at });

describe('device trips', () => {
  test('without a device it asks for one and loads no trips', async () => {
    const { callsTo } = server();
    renderTrips('/tracking/device-trips');
    expect(await screen.findByText(TRACKING_TEXT.chooseDeviceForTrips)).toBeInTheDocument();
    expect(callsTo('/api/geo/device/trip/details')).toHaveLength(0);
  });

  test('the trips page asks for the default period: from one day ago to 7 days ahead, as YYYY-MM-DD', async () => {
    const { callsTo } = server();
    renderTrips(`/tracking/device-trips?device=${DEVICE_A}`);
    await waitFor(() => expect(callsTo('/api/geo/device/trip/details')).toHaveLength(1));
    const today = todayInTenantZone();
    expect(queryOf(callsTo('/api/geo/device/trip/details')[0]!)).toEqual({
      deviceId: DEVICE_A,
      fromDate: dayMoved(today, -1),
      toDate: dayMoved(today, 7),
    });
    expect(queryOf(callsTo('/api/geo/device/trip/stops')[0]!)).toEqual({
      deviceId: DEVICE_A,
      fromDate: dayMoved(today, -1),
      toDate: dayMoved(today, 7),
    });
  });

  test('trips and stops are listed in the tenant’s units, and a trip’s route is asked for its own times', async () => {
    const { callsTo } = server();
    renderTrips(`/tracking/device-trips?device=${DEVICE_A}&from=2025-03-01&to=2025-03-04`);
    const trips = await screen.findByRole('table', { name: TRACKING_TEXT.trips });
    const row = (await within(trips).findByText('Durban depot')).closest('tr')!;
    // 14 and 40 knots are 26 and 74 km/h; times in the tenant's zone (UTC+2).
    expect(row).toHaveTextContent('2025-03-03 08:00');
    expect(row).toHaveTextContent('18.4 km');
    expect(row).toHaveTextContent('42 min');
    expect(row).toHaveTextContent('26 km/h');
    expect(row).toHaveTextContent('74 km/h');
    expect(row).toHaveTextContent('Sipho Dlamini');
    expect(queryOf(callsTo('/api/geo/device/trip/details')[0]!)).toMatchObject({ fromDate: '2025-03-01', toDate: '2025-03-04' });

    const user = typist();
    await user.click(within(row).getByRole('button', { name: new RegExp(TRACKING_TEXT.showRoute) }));
    await waitFor(() =>
      expect(
        callsTo(`/api/geo/position/device/${DEVICE_A}/${encodeURIComponent(TRIP.startTime)}/${encodeURIComponent(TRIP.endTime)}`),
      ).toHaveLength(1),
    );

    await user.click(screen.getByRole('tab', { name: /Stops/ }));
    const stops = await screen.findByRole('table', { name: TRACKING_TEXT.stops });
    expect((await within(stops).findByText('Umhlanga Ridge')).closest('tr')).toHaveTextContent('1 h 18 min');
  });

  test('the shown list is exported as CSV and as XLSX files of the same period', async () => {
    const { callsTo } = server();
    renderTrips(`/tracking/device-trips?device=${DEVICE_A}&from=2025-03-01&to=2025-03-04`);
    const user = typist();
    await screen.findByRole('table', { name: TRACKING_TEXT.trips });
    await user.click(screen.getByRole('button', { name: new RegExp(TRACKING_TEXT.exportCsv) }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(jest.mocked(saveFile).mock.calls[0]![1]).toBe('trips-Truck-12-trips-2025-03-01-2025-03-04.csv');
    await user.click(screen.getByRole('button', { name: new RegExp(TRACKING_TEXT.exportXlsx) }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(2));
    const exports = callsTo('/api/geo/device/trip/details').filter((c) => c.query.has('format'));
    expect(exports.map((c) => queryOf(c))).toEqual([
      { deviceId: DEVICE_A, fromDate: '2025-03-01', toDate: '2025-03-04', format: 'csv' },
      { deviceId: DEVICE_A, fromDate: '2025-03-01', toDate: '2025-03-04', format: 'xlsx' },
    ]);
  });
});

describe('trip period', () => {
  test('today is the tenant’s day, not the browser’s: late evening UTC is already tomorrow in Johannesburg', () => {
    const format = { ...DEFAULT_TENANT_FORMAT, timeZone: 'Africa/Johannesburg' };
    expect(defaultTripPeriod(format, new Date('2025-03-03T23:30:00Z'))).toEqual({ from: '2025-03-03', to: '2025-03-11' });
  });

  test('days from the address are kept, the wrong way round is turned, and what is not a day falls back', () => {
    const fallback = { from: '2025-03-02', to: '2025-03-10' };
    expect(periodOf('2025-04-09', '2025-04-01', fallback)).toEqual({ from: '2025-04-01', to: '2025-04-09' });
    expect(periodOf('yesterday', null, fallback)).toEqual(fallback);
  });
});
