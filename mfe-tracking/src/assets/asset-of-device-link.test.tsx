import { fakeServer, page, queryOf } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import { DEVICE_A, ok, renderTrackingPage, resetSession, signInOperator, typist } from '../testing/tracking-test-kit';
import { ASSET_TEXT } from './asset-text';
import { AssetOfDeviceLink } from './asset-of-device-link';
import { asset, ASSET_ID } from './asset-fixtures';

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
  test("opens the panel of the asset the device is fitted in now over the map, with a way to the asset's page", async () => {
    const { callsTo } = fakeServer((call) => {
      if (call.path === HISTORY) return page([stretch(null)]);
      if (call.path === `/api/geo/assets/details/${ASSET_ID}`) return ok(asset());
      return undefined;
    });
    renderLink();
    await typist().click(await screen.findByRole('button', { name: 'Asset of Truck 12' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('ND 123-456 Toyota Hilux', { selector: '.ant-drawer-title' })).toBeInTheDocument();
    expect(within(drawer).getByRole('tab', { name: ASSET_TEXT.tabDetails })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: new RegExp(ASSET_TEXT.openAssetPage) })).toHaveAttribute(
      'href',
      `/tracking/assets/${ASSET_ID}`,
    );
    expect(queryOf(callsTo(HISTORY)[0]!)).toMatchObject({ deviceId: DEVICE_A, sortField: 'linkedAt', sortOrder: 'DESC' });
  });

  test('shows nothing for a device taken out of its asset', async () => {
    const { callsTo } = fakeServer((call) => (call.path === HISTORY ? page([stretch('2025-02-01T00:00:00.000Z')]) : undefined));
    renderLink();
    await waitFor(() => expect(callsTo(HISTORY)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Asset of Truck 12' })).not.toBeInTheDocument();
  });

  test('asks nothing for someone who may not read assets', () => {
    signInOperator(['TRACKING/COMMANDS']);
    const { calls } = fakeServer(() => undefined);
    renderLink();
    expect(calls).toHaveLength(0);
  });
});
