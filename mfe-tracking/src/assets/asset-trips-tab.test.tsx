import { fakeServer } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import type { AssetTripsReport } from '@meridian/shared/contract/fleet-report';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';
import { DEVICE_A, ok, renderTrackingPage, resetSession, signInOperator, type FakeCall } from '../testing/tracking-test-kit';
import { assetTripsPeriodText, TRACKING_TEXT } from '../parts/tracking-text';
import { asset, ASSET_ID } from './asset-fixtures';
import { AssetTripsTab } from './asset-trips-tab';

jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());
jest.setTimeout(30_000);

const REPORT: AssetTripsReport = {
  assetId: ASSET_ID,
  assetName: 'ND 123-456 Toyota Hilux',
  fromDate: '2025-03-02',
  toDate: '2025-03-10',
  timeZone: SETTING_DEFAULTS.timeZone,
  zeros: false,
  computedAt: '2025-03-03T09:00:00.000Z',
  cached: true,
  trips: [
    {
      id: 'trip-1',
      assetId: ASSET_ID,
      assetName: 'ND 123-456 Toyota Hilux',
      deviceId: DEVICE_A,
      deviceName: 'Truck 12',
      startTime: '2025-03-03T06:00:00.000Z',
      endTime: '2025-03-03T06:42:00.000Z',
      startLat: -29.8587,
      startLon: 31.0218,
      endLat: -29.7,
      endLon: 31.05,
      startAddress: 'Durban depot',
      endAddress: 'Umhlanga Ridge',
      distance: 18_400,
      averageSpeed: 14,
      maxSpeed: 40,
      duration: 42 * 60_000,
      startOdometer: 0,
      endOdometer: 18_400,
      driverUniqueId: null,
      driverName: null,
    },
  ],
};

beforeEach(() => signInOperator());
afterEach(resetSession);

describe('the asset panel’s Trips tab', () => {
  test('lists the asset’s trips of the default period from the kept report, and links to the Asset trips page for those days', async () => {
    const { calls } = fakeServer((call: FakeCall) =>
      call.method === 'POST' && call.path === '/api/geo/asset/trips' ? ok(REPORT) : undefined,
    );
    renderTrackingPage(<AssetTripsTab asset={asset()} />, { path: '/tracking/assets/:id', at: `/tracking/assets/${ASSET_ID}` });
    const table = await screen.findByRole('table', { name: TRACKING_TEXT.trips });
    const row = (await within(table).findByText('Durban depot')).closest('tr')!;
    expect(row).toHaveTextContent('Umhlanga Ridge');
    expect(row).toHaveTextContent('18.4 km');
    expect(row).toHaveTextContent('42 min');
    // The server works the default days out in the tenant's zone: the tab sends none.
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ assetId: ASSET_ID }]);
    expect(screen.getByText(assetTripsPeriodText('2025-03-02', '2025-03-10'))).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: new RegExp(TRACKING_TEXT.openAssetTrips) })).toHaveAttribute(
        'href',
        `/tracking/asset-trips?asset=${ASSET_ID}&from=2025-03-02&to=2025-03-10`,
      ),
    );
  });
});
