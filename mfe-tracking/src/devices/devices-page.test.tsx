import { fakeServer, openPicker, page, pickOption, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import type { GeoDevice } from '@meridian/shared/contract/geo-device';
import type { DeviceHardware } from '@meridian/shared/contract/device-hardware';
import { MESSAGES } from '@meridian/shared/messages';
import {
  confirmDialog,
  DEVICE_A,
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
import DevicesPage from './devices-page';

jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());
jest.setTimeout(30_000);

const LIST = `/api/geo/device/${OPERATOR_ID}`;
const HARDWARE: DeviceHardware[] = [
  {
    id: '40000000-0000-4000-8000-000000000002',
    make: 'Teltonika',
    model: 'FMB920',
    protocol: 'teltonika',
    description: null,
    dateCreated: '2025-01-01T00:00:00.000Z',
  },
  {
    id: '40000000-0000-4000-8000-000000000001',
    make: 'Generic',
    model: 'OsmAnd phone',
    protocol: 'osmand',
    description: null,
    dateCreated: '2025-01-01T00:00:00.000Z',
  },
  {
    id: '40000000-0000-4000-8000-000000000003',
    make: 'Teltonika',
    model: 'FMB120',
    protocol: 'teltonika',
    description: null,
    dateCreated: '2025-01-01T00:00:00.000Z',
  },
];

const device = (overrides: Partial<GeoDevice> = {}): GeoDevice => ({
  id: DEVICE_A,
  type: 'device',
  name: 'Truck 12',
  uniqueId: '356307042441013',
  status: 'online',
  disabled: false,
  hardwareId: HARDWARE[0]!.id,
  make: 'Teltonika',
  hardwareModel: 'FMB920',
  protocol: 'teltonika',
  phone: null,
  model: null,
  category: 'truck',
  contact: null,
  positionId: 77,
  lastUpdate: '2025-03-03T12:00:00.000Z',
  position: null,
  attributes: {},
  tenantId: 't',
  tenantName: 'Meridian Tracking',
  userId: OPERATOR_ID,
  dateCreated: '2025-01-01T00:00:00.000Z',
  dateModified: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === LIST)
      return page([device(), device({ id: 'b', name: 'Van 3', status: 'offline', uniqueId: 'van-3' })]);
    if (call.method === 'GET' && call.path === '/api/geo/device-hardware') return page(HARDWARE);
    if (call.method === 'GET' && call.path.startsWith('/api/geo/device/exists/'))
      return ok({ uniqueId: decodeURIComponent(call.path.split('/').pop()!), exists: call.path.endsWith('/356307042441013') });
    if (call.method === 'POST' && call.path === '/api/geo/device') return { ...ok(device(call.body as Partial<GeoDevice>)), status: 201 };
    if (call.method === 'PUT' && call.path === `/api/geo/device/delete/${DEVICE_A}`) return ok(null);
    return undefined;
  });
}

beforeEach(() => signInOperator());
afterEach(resetSession);

const renderDevices = (at = '/tracking/devices') => renderTrackingPage(<DevicesPage />, { path: '/tracking/devices', at });

describe('devices', () => {
  test('the table shows each device with its status, and the status filter asks the server for that status', async () => {
    const { callsTo } = server();
    renderDevices();
    const table = await screen.findByRole('table', { name: TRACKING_TEXT.devices });
    const truck = (await within(table).findByText('Truck 12')).closest('tr')!;
    expect(truck).toHaveTextContent(TRACKING_TEXT.online);
    expect(truck).toHaveTextContent('Teltonika FMB920');
    expect(within(table).getByText('Van 3').closest('tr')).toHaveTextContent(TRACKING_TEXT.offline);
    expect(queryOf(callsTo(LIST)[0]!)).toMatchObject({ sortField: 'name', sortOrder: 'DESC', page: '1' });

    openPicker(TRACKING_TEXT.filterByStatus);
    pickOption(TRACKING_TEXT.offline);
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!)).toMatchObject({ filter: 'offline' }));
  });

  test('each row leads to the device on the live map and to its trips', async () => {
    server();
    renderDevices();
    const link = await screen.findByRole('link', { name: 'Truck 12 on the map' });
    expect(link).toHaveAttribute('href', `/tracking/map?device=${DEVICE_A}`);
    expect(screen.getByRole('link', { name: 'Trips of Truck 12' })).toHaveAttribute('href', `/tracking/device-trips?device=${DEVICE_A}`);
  });

  test('a unique id another device already reports as is said as it is typed', async () => {
    server();
    renderDevices();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: new RegExp(TRACKING_TEXT.newDevice) }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.uniqueId }), '356307042441013');
    expect(await screen.findByText(TRACKING_TEXT.uniqueIdTaken)).toBeInTheDocument();
  });

  test('a new device is created with the hardware chosen from a list sorted by make', async () => {
    const { calls } = server();
    renderDevices();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: new RegExp(TRACKING_TEXT.newDevice) }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.deviceName }), 'Bakkie 7');
    await user.type(within(drawer).getByRole('textbox', { name: TRACKING_TEXT.uniqueId }), '861230043907626');
    openPicker(TRACKING_TEXT.hardware);
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(3));
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual([
      'Generic OsmAnd phone',
      'Teltonika FMB120',
      'Teltonika FMB920',
    ]);
    pickOption('Teltonika FMB120');
    await user.click(screen.getByRole('button', { name: TRACKING_TEXT.createDevice }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({
      name: 'Bakkie 7',
      uniqueId: '861230043907626',
      hardwareId: HARDWARE[2]!.id,
      disabled: false,
    });
    expect(await screen.findByText(TRACKING_TEXT.deviceCreated)).toBeInTheDocument();
  });

  test('delete asks first, then removes the device through the delete path', async () => {
    const { calls } = server();
    renderDevices();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Delete Truck 12' }));
    await waitFor(() => expect(confirmDialog()).not.toBeNull());
    expect(writes(calls)).toHaveLength(0);
    await user.click(within(confirmDialog()!).getByRole('button', { name: MESSAGES.deleteAction }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([expect.objectContaining({ method: 'PUT', path: `/api/geo/device/delete/${DEVICE_A}` })]),
    );
  });

  test('someone who may only read devices sees no way to change them', async () => {
    signInOperator(['TRACKING/MAP']);
    server();
    renderDevices();
    expect(await screen.findByRole('link', { name: 'Truck 12 on the map' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: new RegExp(TRACKING_TEXT.newDevice) })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Truck 12' })).not.toBeInTheDocument();
  });
});
