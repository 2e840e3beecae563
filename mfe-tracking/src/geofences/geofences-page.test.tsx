import { fakeServer, openPicker, page, pickOption, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { DeviceGeofence } from '@meridian/shared/contract/device-geofence';
import type { Geofence } from '@meridian/shared/contract/geofence';
import { MESSAGES } from '@meridian/shared/messages';
import { FakeShape, opened, resetFakeMaps } from '../testing/fake-map';
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
import { closedRing, geometryOfDrawn } from './geofence-drawing';
import GeofencesPage from './geofences-page';

jest.mock('@meridian/shared/map/map-base', () => jest.requireActual('../testing/fake-map').fakeMapBaseModule());
jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());
jest.mock('@geoman-io/leaflet-geoman-free', () => ({}));
jest.setTimeout(30_000);

const FENCE_ID = '50000000-0000-4000-8000-000000000001';
const fence = (overrides: Partial<Geofence> = {}): Geofence => ({
  id: FENCE_ID,
  name: 'Durban depot',
  description: 'Where the trucks sleep',
  type: 'geofence',
  shape: 'circle',
  geometry: { type: 'Point', coordinates: [31.0218, -29.8587] },
  radius: 250,
  width: null,
  bounds: { minLat: -29.86, minLon: 31.02, maxLat: -29.85, maxLon: 31.03 },
  attributes: {},
  deviceCount: 0,
  tenantId: 't',
  tenantName: 'Meridian Tracking',
  dateCreated: '2025-01-01T00:00:00.000Z',
  dateModified: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  const links: DeviceGeofence[] = [];
  const fake = fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === '/api/geo/fences') return page([fence()]);
    if (call.method === 'GET' && call.path === '/api/geo/fences/poi') return page([]);
    if (call.method === 'GET' && call.path === `/api/geo/device/map/${OPERATOR_ID}`)
      return ok([mapItem({ latitude: -29.8587, longitude: 31.0218 })]);
    if (call.method === 'POST' && call.path === '/api/geo/fences') {
      const body = call.body as Partial<Geofence>;
      return { ...ok(fence({ ...body, shape: 'circle' })), status: 201 };
    }
    if (call.method === 'GET' && call.path === '/api/geo/permissions') return ok(links);
    if (call.method === 'POST' && call.path === '/api/geo/permissions') {
      const { deviceId, geofenceId } = call.body as { deviceId: string; geofenceId: string };
      const link = {
        Id: 'l1',
        deviceId,
        geofenceId,
        deviceName: 'Truck 12',
        geofenceName: 'Durban depot',
        geofenceType: 'geofence' as const,
        dateCreated: '2025-01-01T00:00:00.000Z',
      };
      links.push(link);
      return { ...ok(link), status: 201 };
    }
    if (call.method === 'DELETE' && call.path === '/api/geo/permissions') {
      links.splice(0);
      return ok(null);
    }
    return undefined;
  });
  return { ...fake, links };
}

beforeEach(() => {
  resetFakeMaps();
  signInOperator();
});
afterEach(resetSession);

const renderGeofences = (at = '/tracking/geofences') => renderTrackingPage(<GeofencesPage />, { path: '/tracking/geofences', at });
const editorMap = () => opened.maps.at(-1)!;

describe('geofences', () => {
  test('the tables list the geofences and, in their tab, the points of interest', async () => {
    const { callsTo } = server();
    renderGeofences();
    const table = await screen.findByRole('table', { name: TRACKING_TEXT.geofences });
    const row = (await within(table).findByText('Durban depot')).closest('tr')!;
    expect(row).toHaveTextContent('Circle · 250 m');
    expect(queryOf(callsTo('/api/geo/fences')[0]!)).toMatchObject({ sortField: 'name', sortOrder: 'DESC' });

    await typist().click(screen.getByRole('tab', { name: TRACKING_TEXT.pointsOfInterest }));
    expect(await screen.findByText(TRACKING_TEXT.noPois)).toBeInTheDocument();
    expect(callsTo('/api/geo/fences/poi')).toHaveLength(1);
  });

  test('drawing a circle fills the geofence form, and the fence is saved as a point with its radius', async () => {
    const { calls } = server();
    renderGeofences();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: new RegExp(TRACKING_TEXT.newGeofence) }));
    const drawer = await screen.findByRole('dialog');
    const drawCircle = within(drawer).getByRole('button', { name: new RegExp(TRACKING_TEXT.drawCircle) });
    await waitFor(() => expect(drawCircle).toBeEnabled());
    await user.click(drawCircle);
    expect(editorMap().pm.enableDraw).toHaveBeenCalledWith('Circle');

    // geoman reports the drawn circle.
    const circle = new FakeShape('circle', { lat: -29.858712345, lng: 31.021834567 }, { radius: 312.46 });
    act(() => editorMap().fire('pm:create', { shape: 'Circle', layer: circle }));
    expect(within(drawer).getByTestId('drawn-shape')).toHaveTextContent(TRACKING_TEXT.circle);
    expect(within(drawer).getByRole('spinbutton', { name: TRACKING_TEXT.radius })).toHaveValue('312.5');

    // Dragging its edge afterwards is reported too.
    circle.options.radius = 400;
    act(() => circle.fire('pm:edit'));
    await waitFor(() => expect(within(drawer).getByRole('spinbutton', { name: TRACKING_TEXT.radius })).toHaveValue('400'));

    await user.type(within(drawer).getByRole('textbox', { name: MESSAGES.name }), 'Gate');
    await user.click(within(drawer).getByRole('button', { name: TRACKING_TEXT.createGeofence }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({
      name: 'Gate',
      type: 'geofence',
      geometry: { type: 'Point', coordinates: [31.021835, -29.858712] },
      radius: 400,
      width: null,
    });
    // Saved: it stays open to link its devices.
    expect(await within(drawer).findByRole('heading', { name: TRACKING_TEXT.linkedDevices })).toBeInTheDocument();
  });

  test('a fence without a shape is not sent, and says what is missing', async () => {
    const { calls } = server();
    renderGeofences();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: new RegExp(TRACKING_TEXT.newGeofence) }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByRole('textbox', { name: MESSAGES.name }), 'Nowhere');
    await user.click(within(drawer).getByRole('button', { name: TRACKING_TEXT.createGeofence }));
    expect(await within(drawer).findByText(/shape/i, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  test('a device is linked to a fence and unlinked again', async () => {
    const { calls, callsTo } = server();
    renderGeofences();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Edit Durban depot' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText(TRACKING_TEXT.noLinkedDevices)).toBeInTheDocument();
    expect(queryOf(callsTo('/api/geo/permissions')[0]!)).toEqual({ geofenceId: FENCE_ID });

    openPicker(TRACKING_TEXT.deviceToLink);
    await waitFor(() => pickOption('Truck 12'));
    await user.click(within(drawer).getByRole('button', { name: new RegExp(`^(link )?${TRACKING_TEXT.linkDevice}$`, 'i') }));
    await waitFor(() => expect(writes(calls)).toEqual([expect.objectContaining({ method: 'POST', path: '/api/geo/permissions' })]));
    expect(writes(calls)[0]!.body).toMatchObject({ deviceId: DEVICE_A, geofenceId: FENCE_ID });
    expect(await within(drawer).findByText('Truck 12')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Unlink Truck 12' }));
    await waitFor(() =>
      expect(writes(calls).at(-1)).toMatchObject({ method: 'DELETE', body: { deviceId: DEVICE_A, geofenceId: FENCE_ID } }),
    );
    expect(await within(drawer).findByText(TRACKING_TEXT.noLinkedDevices)).toBeInTheDocument();
  });
});

describe('geofence drawing', () => {
  test('a drawn polygon becomes one closed ring of [longitude, latitude]', () => {
    const drawn = geometryOfDrawn('Polygon', {
      getLatLngs: () => [
        [
          { lat: -29.1, lng: 31.1 },
          { lat: -29.2, lng: 31.1 },
          { lat: -29.2, lng: 31.2 },
        ],
      ],
    });
    expect(drawn).toEqual({
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [31.1, -29.1],
            [31.1, -29.2],
            [31.2, -29.2],
            [31.1, -29.1],
          ],
        ],
      },
      radius: null,
    });
  });

  test("a polygon's holes are kept after its outline", () => {
    const square = (d: number) => [
      { lat: -d, lng: d },
      { lat: -d, lng: -d },
      { lat: d, lng: -d },
      { lat: d, lng: d },
    ];
    const drawn = geometryOfDrawn('Polygon', { getLatLngs: () => [square(2), square(1)] });
    expect(drawn?.geometry.type === 'Polygon' && drawn.geometry.coordinates.map((ring) => ring.length)).toEqual([5, 5]);
  });

  test('a corridor line needs two positions; a ring already closed is kept as it is', () => {
    expect(geometryOfDrawn('Line', { getLatLngs: () => [{ lat: -29.1, lng: 31.1 }] })).toBeNull();
    expect(
      geometryOfDrawn('Line', {
        getLatLngs: () => [
          { lat: -29.1, lng: 31.1 },
          { lat: -29.2, lng: 31.3 },
        ],
      })?.geometry,
    ).toEqual({
      type: 'LineString',
      coordinates: [
        [31.1, -29.1],
        [31.3, -29.2],
      ],
    });
    const ring: [number, number][] = [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 1],
    ];
    expect(closedRing(ring)).toBe(ring);
  });
});
