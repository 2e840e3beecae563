import { act, screen, within } from '@testing-library/react';
import type { TrackingLivePosition } from '@meridian/shared/contract/tracking-live';
import { serverSends } from '@meridian/shared/testing/fake-realtime';
import { fakeServer, ok, renderVehiclesPage, resetSession, signInManager, vehicleDetails } from '../testing/vehicles-test-kit';
import { VehicleTracking } from './vehicle-tracking';
import { VEHICLE_TEXT } from './vehicle-text';

jest.mock('@meridian/shared/realtime/realtime-connection', () =>
  jest.requireActual('@meridian/shared/testing/fake-realtime').fakeRealtimeModule(),
);
// The map base draws nothing in jsdom (it is tested in shared): here its points are listed as text.
jest.mock('@meridian/shared/ui/points-map', () => ({
  PointsMap: ({ points, label }: { points: { key: string; lat: number; lng: number }[]; label: string }) => (
    <ul aria-label={label}>
      {points.map((p) => (
        <li key={p.key}>{`${p.lat}, ${p.lng}`}</li>
      ))}
    </ul>
  ),
}));
jest.setTimeout(30_000);

const ASSET_ID = 'a0000000-0000-4000-8000-000000000001';
const tracked = vehicleDetails({
  assetId: ASSET_ID,
  latestPosition: { latitude: -26.2, longitude: 28.04, fixTime: '2026-11-28T08:00:00.000Z' },
});
const report = (call: { method: string; path: string }) => {
  if (call.method === 'GET' && call.path === `/api/geo/assets/devices/${ASSET_ID}`) return ok([{ deviceId: 'd1' }]);
  if (call.method === 'POST' && call.path === '/api/geo/asset/trips')
    return ok({
      assetId: ASSET_ID,
      trips: [{ id: 't1', startTime: '2026-11-27T06:00:00.000Z', endTime: '2026-11-27T07:00:00.000Z', distance: 12_300 }],
    });
  return undefined;
};
const position = (deviceId: string, latitude: number, fixTime: string) =>
  ({ deviceId, latitude, longitude: 28.1, fixTime, speed: 0, course: 0, attributes: {} }) as unknown as TrackingLivePosition;

afterEach(resetSession);

describe('where a tracked vehicle is', () => {
  test("with assets and trips grants the page shows the asset's last position, moves it when the asset's device reports, and lists its last trips", async () => {
    signInManager(['VEHICLES', 'TRACKING']);
    fakeServer(report);
    renderVehiclesPage(<VehicleTracking vehicle={tracked} />, { path: '/vehicles/:id', at: `/vehicles/${tracked.id}` });
    const map = await screen.findByRole('list', { name: VEHICLE_TEXT.position });
    expect(within(map).getByText('-26.2, 28.04')).toBeInTheDocument();
    expect(await screen.findByText('12.3 km')).toBeInTheDocument();

    // Wait for the asset's devices to be known before the socket speaks.
    await screen.findByRole('table', { name: VEHICLE_TEXT.lastTrips });
    await act(async () => {
      serverSends('tracking:positions', [position('d1', -26.3, '2026-11-28T09:00:00.000Z')]);
      // Later, but another vehicle's device: it must not move this one.
      serverSends('tracking:positions', [position('another-device', -29.8, '2026-11-28T09:05:00.000Z')]);
    });
    expect(await within(map).findByText('-26.3, 28.1')).toBeInTheDocument();
    expect(within(map).queryByText(/-29.8/)).not.toBeInTheDocument();
  });

  test('without a tracking grant nothing of the asset is shown or asked for', async () => {
    signInManager(['VEHICLES']);
    const { calls } = fakeServer(report);
    renderVehiclesPage(<VehicleTracking vehicle={tracked} />, { path: '/vehicles/:id', at: `/vehicles/${tracked.id}` });
    expect(screen.queryByRole('list', { name: VEHICLE_TEXT.position })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
