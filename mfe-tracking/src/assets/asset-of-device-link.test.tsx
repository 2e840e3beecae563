import { fakeServer, page, queryOf } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor } from '@testing-library/react';
import { DEVICE_A, renderTrackingPage, resetSession, signInOperator } from '../testing/tracking-test-kit';
import { AssetOfDeviceLink } from './asset-of-device-link';
import { ASSET_ID } from './asset-fixtures';

jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());

const HISTORY = '/api/geo/device-asset-history';
const stretch = (unlinkedAt: string | null) => ({
  id: 'h1',
  deviceId: DEVICE_A,
  deviceName: 'Truck 12',
  uniqueId: '356307042441013',
  assetId: ASSET_ID,
  assetName: 'ND 123-456 Toyota Hilux',
  deviceTypeId: 1,
  devicetypename: 'Primary',
  linkedAt: '2025-01-01T00:00:00.000Z',
  unlinkedAt,
});

beforeEach(() => signInOperator());
afterEach(resetSession);

const renderLink = () =>
  renderTrackingPage(<AssetOfDeviceLink deviceId={DEVICE_A} deviceName="Truck 12" />, { path: '/tracking/map', at: '/tracking/map' });

describe('the live map’s link from a device to its asset', () => {
  test('leads to the asset the device is fitted in now', async () => {
    const { callsTo } = fakeServer((call) => (call.path === HISTORY ? page([stretch(null)]) : undefined));
    renderLink();
    expect(await screen.findByRole('link', { name: 'Asset of Truck 12' })).toHaveAttribute('href', `/tracking/assets/${ASSET_ID}`);
    expect(queryOf(callsTo(HISTORY)[0]!)).toMatchObject({ deviceId: DEVICE_A, sortField: 'linkedAt', sortOrder: 'DESC' });
  });

  test('shows nothing for a device taken out of its asset', async () => {
    const { callsTo } = fakeServer((call) => (call.path === HISTORY ? page([stretch('2025-02-01T00:00:00.000Z')]) : undefined));
    renderLink();
    await waitFor(() => expect(callsTo(HISTORY)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Asset of Truck 12' })).not.toBeInTheDocument();
  });

  test('asks nothing for someone who may not read assets', () => {
    signInOperator(['TRACKING/COMMANDS']);
    const { calls } = fakeServer(() => undefined);
    renderLink();
    expect(calls).toHaveLength(0);
  });
});
