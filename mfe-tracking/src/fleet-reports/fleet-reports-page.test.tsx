import { fakeServer, page, queryOf } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import type { DeviceUsage, Hotspot } from '@meridian/shared/contract/fleet-report';
import { saveFile } from '@meridian/shared/http/save-file';
import { resetFakeMaps } from '../testing/fake-map';
import { ok, renderTrackingPage, resetSession, signInOperator, typist, type FakeCall } from '../testing/tracking-test-kit';
import { TRACKING_TEXT } from '../parts/tracking-text';
import { FLEET_TEXT } from './fleet-report-text';
import FleetReportsPage from './fleet-reports-page';

jest.mock('@meridian/shared/map/map-base', () => jest.requireActual('../testing/fake-map').fakeMapBaseModule());
jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());
jest.mock('@meridian/shared/http/save-file', () => ({ saveFile: jest.fn() }));
// The points map has its own tests (shared/ui/points-map.test.tsx); here, what the page gives it.
jest.mock('@meridian/shared/ui/points-map', () => ({
  PointsMap: ({ label, points }: { label: string; points: { key: string; label: string; lat: number; lng: number }[] }) => (
    <ol role="application" aria-label={label}>
      {points.map((p) => (
        <li key={p.key}>{`${p.label} at ${p.lat}, ${p.lng}`}</li>
      ))}
    </ol>
  ),
}));
jest.setTimeout(30_000);

const ASSET = '40000000-0000-4000-8000-000000000001';
const USAGE: DeviceUsage = {
  assetId: ASSET,
  assetName: 'ND 123-456 Toyota Hilux',
  trips: 4,
  distance: 42_500,
  drivingTime: 95 * 60_000,
  stops: 3,
  stoppedTime: 3 * 3_600_000,
  idleTime: 12 * 60_000,
};
const HOTSPOT: Hotspot = { latitude: -29.7266, longitude: 31.067, stops: 7, assets: 2, duration: 5 * 3_600_000, weight: 1 };

function server() {
  const fake = fakeServer((call: FakeCall) => {
    if (call.path === '/api/geo/asset') return ok([{ id: ASSET, name: USAGE.assetName }]);
    if (call.path === '/api/geo/asset/reports/stops')
      return page([
        {
          id: '90000000-0000-4000-8000-000000000001',
          assetId: ASSET,
          assetName: USAGE.assetName,
          deviceId: ASSET,
          deviceName: 'Hilux tracker',
          startTime: '2025-03-03T10:00:00.000Z',
          endTime: '2025-03-03T10:30:00.000Z',
          latitude: -29.86,
          longitude: 31.02,
          address: 'Quality Street, Durban',
          duration: 1_800_000,
          engineHours: 0,
          startOdometer: 0,
          endOdometer: 0,
        },
      ]);
    if (call.path === '/api/geo/asset/reports/device-usage') return page([USAGE], 120, Number(queryOf(call).page ?? 1), 50);
    if (call.path === '/api/geo/asset/reports/hotspots')
      return ok({
        fromDate: queryOf(call).fromDate,
        toDate: queryOf(call).toDate,
        timeZone: 'UTC',
        cellDegrees: 0.0025,
        hotspots: [HOTSPOT],
      });
    return undefined;
  });
  const answering = globalThis.fetch;
  globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
    const response = await answering(...args);
    return Object.assign(response, { blob: async () => new Blob(['asset\n'], { type: 'text/csv' }) });
  }) as typeof fetch;
  return fake;
}

beforeEach(() => {
  resetFakeMaps();
  signInOperator();
});
afterEach(resetSession);

const renderReports = (at: string) => renderTrackingPage(<FleetReportsPage />, { path: '/tracking/fleet-reports', at });

describe('fleet reports', () => {
  test("device usage opens first: each asset's trips, distance and times, for the default period", async () => {
    const { callsTo } = server();
    renderReports('/tracking/fleet-reports');
    const table = await screen.findByRole('table');
    const row = (await within(table).findByText(USAGE.assetName)).closest('tr')!;
    expect(within(row).getByText('42.5 km')).toBeInTheDocument();
    const query = queryOf(callsTo('/api/geo/asset/reports/device-usage')[0]!);
    expect(query.fromDate! < query.toDate!).toBe(true);
    expect(query.assetId).toBeUndefined();
  });

  test('hotspots for one asset show on the heat map, and the report exports as a file with the same query', async () => {
    const { callsTo } = server();
    renderReports(`/tracking/fleet-reports?report=hotspots&asset=${ASSET}&from=2025-03-01&to=2025-03-31`);
    expect(await screen.findByTestId('hotspot-map')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/api/geo/asset/reports/hotspots')).toHaveLength(1));
    expect(queryOf(callsTo('/api/geo/asset/reports/hotspots')[0]!)).toEqual({
      fromDate: '2025-03-01',
      toDate: '2025-03-31',
      assetId: ASSET,
    });
    expect(await screen.findByText('5 h 00 min')).toBeInTheDocument();
    await typist().click(screen.getByRole('button', { name: new RegExp(TRACKING_TEXT.exportCsv) }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'hotspots-2025-03-01-2025-03-31.csv'));
    const exported = callsTo('/api/geo/asset/reports/hotspots').map(queryOf);
    expect(exported.at(-1)).toEqual({ fromDate: '2025-03-01', toDate: '2025-03-31', assetId: ASSET, format: 'csv' });
  });

  test('a list report is paged by the server: a page at a time, the next asked when the user turns to it', async () => {
    const { callsTo } = server();
    renderReports('/tracking/fleet-reports');
    await screen.findByText(USAGE.assetName);
    expect(queryOf(callsTo('/api/geo/asset/reports/device-usage')[0]!)).toMatchObject({ page: '1', size: '50' });
    await typist().click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(queryOf(callsTo('/api/geo/asset/reports/device-usage').at(-1)!)).toMatchObject({ page: '2', size: '50' }));
  });

  test("a report with places draws the page's rows on a map beside the table", async () => {
    server();
    renderReports('/tracking/fleet-reports?report=stops');
    expect(await screen.findByText('Quality Street, Durban')).toBeInTheDocument();
    const map = screen.getByRole('application', { name: FLEET_TEXT.placesOfPage });
    expect(map).toHaveTextContent(`${USAGE.assetName}`);
    expect(map).toHaveTextContent('at -29.86, 31.02');
  });

  test('the report is chosen from the list of reports', async () => {
    server();
    renderReports('/tracking/fleet-reports');
    expect(await screen.findByText(FLEET_TEXT.usage)).toBeInTheDocument();
  });
});
