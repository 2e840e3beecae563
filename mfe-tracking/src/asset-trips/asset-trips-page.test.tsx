import { fakeServer, page, queryOf } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import type { AssetStop, AssetTrip, AssetTripsReport } from '@meridian/shared/contract/fleet-report';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';
import { saveFile } from '@meridian/shared/http/save-file';
import { resetFakeMaps } from '../testing/fake-map';
import {
  DEVICE_A,
  ok,
  renderTrackingPage,
  resetSession,
  signInOperator,
  typist,
  type FakeCall,
  type FakeReply,
} from '../testing/tracking-test-kit';
import { asset, ASSET_ID } from '../assets/asset-fixtures';
import { firstStopsText, TRACKING_TEXT } from '../parts/tracking-text';
import AssetTripsPage from './asset-trips-page';

jest.mock('@meridian/shared/map/map-base', () => jest.requireActual('../testing/fake-map').fakeMapBaseModule());
jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());
jest.mock('@meridian/shared/http/save-file', () => ({ saveFile: jest.fn() }));
jest.setTimeout(30_000);

const ASSET_NAME = 'ND 123-456 Toyota Hilux';
const TRIP: AssetTrip = {
  id: 'trip-1',
  assetId: ASSET_ID,
  assetName: ASSET_NAME,
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
const STOP: AssetStop = {
  id: 'stop-1',
  assetId: ASSET_ID,
  assetName: ASSET_NAME,
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

const reportOf = (body: { fromDate?: string; toDate?: string }): AssetTripsReport => ({
  assetId: ASSET_ID,
  assetName: ASSET_NAME,
  fromDate: body.fromDate ?? '2025-03-02',
  toDate: body.toDate ?? '2025-03-10',
  timeZone: SETTING_DEFAULTS.timeZone,
  zeros: false,
  computedAt: '2025-03-03T09:00:00.000Z',
  cached: false,
  trips: [TRIP],
});

function server(stopsTotal = 1) {
  const fake = fakeServer((call: FakeCall): FakeReply | undefined => {
    if (call.method === 'GET' && call.path === '/api/geo/asset') return page([asset()]);
    if (call.method === 'POST' && call.path === '/api/geo/asset/trips') return ok(reportOf(call.body as { fromDate?: string }));
    if (call.path === '/api/geo/asset/reports/stops' || call.path === '/api/geo/asset/reports/trips')
      return page(call.path.endsWith('stops') ? [STOP] : [TRIP], stopsTotal);
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
afterEach(() => {
  jest.mocked(saveFile).mockClear();
  resetSession();
});

const renderTrips = (at: string) => renderTrackingPage(<AssetTripsPage />, { path: '/tracking/asset-trips', at });
const tripReports = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST');

describe('asset trips', () => {
  test('without an asset it asks for one, offers the assets the caller sees, and loads no trips', async () => {
    const { calls } = server();
    renderTrips('/tracking/asset-trips');
    expect(await screen.findByText(TRACKING_TEXT.chooseAssetForTrips)).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/geo/asset')).toBe(true));
    expect(tripReports(calls)).toHaveLength(0);
    const user = typist();
    await user.click(screen.getByRole('combobox', { name: TRACKING_TEXT.asset }));
    await user.click(await screen.findByTitle(ASSET_NAME));
    await waitFor(() => expect(tripReports(calls)).toHaveLength(1));
    expect(tripReports(calls)[0]!.body).toMatchObject({ assetId: ASSET_ID });
  });

  test('the asset and the default period, one day ago to 7 days ahead as YYYY-MM-DD, are asked of the server', async () => {
    const { calls, callsTo } = server();
    renderTrips(`/tracking/asset-trips?asset=${ASSET_ID}`);
    await waitFor(() => expect(tripReports(calls)).toHaveLength(1));
    const today = todayInTenantZone();
    const days = { fromDate: dayMoved(today, -1), toDate: dayMoved(today, 7) };
    expect(tripReports(calls)[0]!.body).toEqual({ assetId: ASSET_ID, ...days });
    await waitFor(() => expect(callsTo('/api/geo/asset/reports/stops')).toHaveLength(1));
    expect(queryOf(callsTo('/api/geo/asset/reports/stops')[0]!)).toMatchObject({ assetId: ASSET_ID, ...days });
  });

  test('trips and stops are listed in the tenant’s units, and a trip’s route is asked of its device for its own times', async () => {
    const { calls, callsTo } = server();
    renderTrips(`/tracking/asset-trips?asset=${ASSET_ID}&from=2025-03-01&to=2025-03-04`);
    const trips = await screen.findByRole('table', { name: TRACKING_TEXT.trips });
    const row = (await within(trips).findByText('Durban depot')).closest('tr')!;
    // 14 and 40 knots are 26 and 74 km/h; times in the tenant's zone (UTC+2).
    expect(row).toHaveTextContent('2025-03-03 08:00');
    expect(row).toHaveTextContent('18.4 km');
    expect(row).toHaveTextContent('42 min');
    expect(row).toHaveTextContent('26 km/h');
    expect(row).toHaveTextContent('Sipho Dlamini');
    expect(tripReports(calls)[0]!.body).toEqual({ assetId: ASSET_ID, fromDate: '2025-03-01', toDate: '2025-03-04' });

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

  test('more stops than one page says so, and the tab counts them all', async () => {
    server(1500);
    renderTrips(`/tracking/asset-trips?asset=${ASSET_ID}&from=2025-03-01&to=2025-03-04`);
    const user = typist();
    await user.click(await screen.findByRole('tab', { name: /Stops \(1500\)/ }));
    expect(await screen.findByText(firstStopsText(1, 1500))).toBeInTheDocument();
  });

  test('the trips, then the stops, are exported as CSV and XLSX of the same asset and period', async () => {
    const { callsTo } = server();
    renderTrips(`/tracking/asset-trips?asset=${ASSET_ID}&from=2025-03-01&to=2025-03-04`);
    const user = typist();
    await screen.findByRole('table', { name: TRACKING_TEXT.trips });
    await user.click(screen.getByRole('button', { name: new RegExp(TRACKING_TEXT.exportCsv) }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(jest.mocked(saveFile).mock.calls[0]![1]).toBe('trips-ND-123-456-Toyota-Hilux-trips-2025-03-01-2025-03-04.csv');
    const days = { assetId: ASSET_ID, fromDate: '2025-03-01', toDate: '2025-03-04' };
    expect(callsTo('/api/geo/asset/reports/trips').map((c) => queryOf(c))).toEqual([{ ...days, format: 'csv' }]);

    await user.click(screen.getByRole('tab', { name: /Stops/ }));
    await user.click(screen.getByRole('button', { name: new RegExp(TRACKING_TEXT.exportXlsx) }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(2));
    const stopExports = callsTo('/api/geo/asset/reports/stops').filter((c) => c.query.has('format'));
    expect(stopExports.map((c) => queryOf(c))).toEqual([{ ...days, format: 'xlsx' }]);
  });
});
