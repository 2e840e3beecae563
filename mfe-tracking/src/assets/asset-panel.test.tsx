import { fakeServer, page, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import type { AssetEvent } from '@meridian/shared/contract/asset-event';
import type { CrashEvent } from '@meridian/shared/contract/crash-event';
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
import { ASSET_TEXT } from './asset-text';
import { asset, ASSET_ID, CATEGORIES, GROUP_ID, GROUPS } from './asset-fixtures';
import AssetDetailsPage from './asset-details-page';

jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());
jest.setTimeout(30_000);

const CRASH_ID = '60000000-0000-4000-8000-000000000001';

const event = (overrides: Partial<AssetEvent>): AssetEvent => ({
  id: 1,
  assetId: ASSET_ID,
  deviceId: DEVICE_A,
  deviceName: 'Truck 12',
  type: 'alarm',
  alarm: 'sos',
  eventTime: '2025-03-03T12:00:00.000Z',
  positionId: 7,
  latitude: -29.85,
  longitude: 31.03,
  geofenceId: null,
  geofenceName: null,
  attributes: {},
  ...overrides,
});

const crash: CrashEvent = {
  id: CRASH_ID,
  deviceId: DEVICE_A,
  deviceName: 'Truck 12',
  assetId: ASSET_ID,
  positionId: 7,
  eventId: null,
  occurredAt: '2025-03-03T12:00:00.000Z',
  kind: 'impact',
  reading: 3.1,
  status: 'NEW',
  automatic: true,
  latitude: -29.85,
  longitude: 31.03,
  reviewedBy: null,
  reviewedByName: null,
  reviewedAt: null,
  reviewComment: null,
  tenantId: 't',
  createdAt: '2025-03-03T12:00:00.000Z',
};

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === `/api/geo/assets/details/${ASSET_ID}`) return ok(asset());
    if (call.method === 'GET' && call.path === `/api/geo/notification-event/asset/${ASSET_ID}/alarm`)
      return page([event({ id: 2, alarm: 'accident' }), event({ id: 1 })], 2, 1, 100);
    if (call.method === 'GET' && call.path === `/api/geo/notification-event/asset/${ASSET_ID}/event`)
      return page([event({ id: 3, type: 'geofenceEnter', alarm: null, geofenceName: 'Depot' })], 1, 1, 100);
    if (call.method === 'GET' && call.path === `/api/geo/crash-event/${ASSET_ID}/NEW`) return page([crash], 1, 1, 100);
    if (call.method === 'GET' && call.path === `/api/geo/crash-event/${ASSET_ID}/APPROVED`) return page([], 0, 1, 100);
    if (call.method === 'PUT' && call.path === `/api/geo/crash-event/${CRASH_ID}/review`) return ok({ ...crash, status: 'APPROVED' });
    if (call.method === 'GET' && call.path === '/api/geo/device-asset-history')
      return page([
        {
          id: 'h1',
          deviceId: DEVICE_A,
          deviceName: 'Truck 12',
          uniqueId: '356307042441013',
          assetId: ASSET_ID,
          assetName: 'ND 123-456 Toyota Hilux',
          deviceTypeId: 1,
          devicetypename: 'Primary',
          linkedAt: '2025-01-01T00:00:00.000Z',
          unlinkedAt: null,
        },
      ]);
    if (call.method === 'GET' && call.path === '/api/geo/asset-group') return ok(GROUPS);
    if (call.method === 'GET' && call.path === '/api/geo/asset-category') return ok(CATEGORIES);
    if (call.method === 'GET' && call.path === '/api/geo/device/unlinked-device') return page([]);
    return undefined;
  });
}

beforeEach(() => signInOperator());
afterEach(resetSession);

const renderAsset = () => renderTrackingPage(<AssetDetailsPage />, { path: '/tracking/assets/:id', at: `/tracking/assets/${ASSET_ID}` });

describe('the asset details panel', () => {
  test('Asset Details shows the registration, make, address, telemetry, engine hours, odometer and features', async () => {
    server();
    renderAsset();
    expect(await screen.findByRole('heading', { name: 'ND 123-456 Toyota Hilux' })).toBeInTheDocument();
    expect(screen.getByText('Quality Street, Durban')).toBeInTheDocument();
    expect(screen.getByText('2140.0 h')).toBeInTheDocument();
    expect(screen.getByText('84210.0 km')).toBeInTheDocument();
    expect(screen.getByText('Canopy')).toBeInTheDocument();
    expect(screen.getByText(/Satellites: 9/)).toBeInTheDocument();
    expect(screen.getByText(ASSET_TEXT.noPhotos)).toBeInTheDocument();
  });

  test('Alerts and Events list the asset’s alarms and events, 100 a page', async () => {
    const { callsTo } = server();
    renderAsset();
    const user = typist();
    await user.click(await screen.findByRole('tab', { name: ASSET_TEXT.tabAlerts }));
    const alarms = await screen.findByRole('table', { name: ASSET_TEXT.alarms });
    expect(await within(alarms).findByText('Alarm accident')).toBeInTheDocument();
    expect(within(alarms).getByText('Alarm sos')).toBeInTheDocument();
    expect(queryOf(callsTo(`/api/geo/notification-event/asset/${ASSET_ID}/alarm`)[0]!)).toMatchObject({ page: '1', size: '100' });

    await user.click(screen.getByRole('tab', { name: ASSET_TEXT.tabEvents }));
    const events = await screen.findByRole('table', { name: ASSET_TEXT.events });
    expect(await within(events).findByText('Enter Depot')).toBeInTheDocument();
  });

  test('Info shows the group, category, devices and the device history', async () => {
    server();
    renderAsset();
    const user = typist();
    await user.click(await screen.findByRole('tab', { name: ASSET_TEXT.tabInfo }));
    expect(await screen.findByText('Light delivery vehicles')).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: ASSET_TEXT.history });
    expect(await within(history).findByText(ASSET_TEXT.stillFitted)).toBeInTheDocument();
  });

  test('a reviewer approves an automatic crash with a comment, and the review is sent', async () => {
    const { calls } = server();
    renderAsset();
    const user = typist();
    await user.click(await screen.findByRole('tab', { name: ASSET_TEXT.tabCrash }));
    const automatic = await screen.findByRole('table', { name: ASSET_TEXT.crashAutomatic });
    await user.click(await within(automatic).findByRole('button', { name: ASSET_TEXT.approve }));
    await user.type(await screen.findByRole('textbox', { name: ASSET_TEXT.reviewComment }), 'Confirmed by the driver');
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: ASSET_TEXT.approve }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        expect.objectContaining({
          method: 'PUT',
          path: `/api/geo/crash-event/${CRASH_ID}/review`,
          body: { status: 'APPROVED', comment: 'Confirmed by the driver' },
        }),
      ]),
    );
  });

  test('a rejection without a comment is not sent', async () => {
    const { calls } = server();
    renderAsset();
    const user = typist();
    await user.click(await screen.findByRole('tab', { name: ASSET_TEXT.tabCrash }));
    const automatic = await screen.findByRole('table', { name: ASSET_TEXT.crashAutomatic });
    await user.click(await within(automatic).findByRole('button', { name: ASSET_TEXT.reject }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: ASSET_TEXT.reject }));
    expect(await within(dialog).findByText('Say why the crash is rejected.')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  test('someone who may only read assets sees no Edit tab, no Crash tab and no photo upload', async () => {
    signInOperator(['TRACKING/MAP']);
    server();
    renderAsset();
    expect(await screen.findByRole('tab', { name: ASSET_TEXT.tabDetails })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: ASSET_TEXT.tabEdit })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: ASSET_TEXT.tabCrash })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: new RegExp(ASSET_TEXT.addPhoto) })).not.toBeInTheDocument();
  });

  test('the Edit tab saves the asset with its devices kept, and stays open on the saved asset', async () => {
    const { calls } = server((call) =>
      call.method === 'PUT' && call.path === `/api/geo/asset/${ASSET_ID}` ? ok(asset({ make: 'Toyota Hilux GD-6' })) : undefined,
    );
    renderAsset();
    const user = typist();
    await user.click(await screen.findByRole('tab', { name: ASSET_TEXT.tabEdit }));
    const make = await screen.findByRole('textbox', { name: ASSET_TEXT.make });
    expect(screen.getByRole('textbox', { name: ASSET_TEXT.registrationNumber })).toHaveValue('ND 123-456');
    await user.type(make, ' GD-6');
    await user.click(screen.getByRole('button', { name: MESSAGES.save }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({
      registrationNumber: 'ND 123-456',
      make: 'Toyota Hilux GD-6',
      groupId: GROUP_ID,
      features: ['Canopy'],
      asset_devices: [{ deviceId: DEVICE_A, deviceTypeId: 1 }],
    });
    expect(await screen.findByRole('tab', { name: ASSET_TEXT.tabEdit, selected: true })).toBeInTheDocument();
  });
});
