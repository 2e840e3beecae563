import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ATTRIBUTE_ID,
  FEATURE_ID,
  fakeServer,
  ok,
  page,
  renderVehiclesPage,
  REPOSSESSION_ID,
  repossession,
  repossessionDetails,
  resetSession,
  signInManager,
  typist,
  vehicleDetails,
  VEHICLE_ID,
  writes,
  type FakeCall,
  type FakeReply,
} from '../testing/vehicles-test-kit';
import { VEHICLE_TEXT } from './vehicle-text';
import VehiclePage from './vehicle-page';

jest.mock('@meridian/shared/realtime/realtime-connection', () => ({ subscribe: () => () => undefined, send: () => false }));
jest.setTimeout(30_000);

const DETAILS = `/api/vehicles/details/${VEHICLE_ID}`;
const REPOSSESSIONS = '/api/vehicles/repossessions/00000000-0000-0000-0000-000000000000';

const shown = vehicleDetails({
  bluebook: { id: 'b1', valueMinor: 21_990_050, currency: 'ZAR' },
  features: [{ id: FEATURE_ID, name: 'Tow bar' }],
  attributes: [{ attributeId: ATTRIBUTE_ID, name: 'Condition', value: 'Good' }],
  assetId: 'a0000000-0000-4000-8000-000000000001',
});

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === DETAILS) return ok(shown);
    if (call.method === 'GET' && call.path === REPOSSESSIONS) return page([repossession({ status: 'Cancelled' })], 1);
    if (call.method === 'POST' && call.path === `/api/vehicles/${VEHICLE_ID}/photos`) return { ...ok([]), status: 201 };
    if (call.method === 'POST' && call.path === '/api/vehicles/repossessions') return { ...ok(repossessionDetails()), status: 201 };
    return undefined;
  });
}

beforeEach(() => signInManager());
afterEach(resetSession);

const renderVehicle = () => renderVehiclesPage(<VehiclePage />, { path: '/vehicles/:id', at: `/vehicles/${VEHICLE_ID}` });

describe('a vehicle’s page', () => {
  test('shows the details, the bluebook value in its currency, features, attribute values and the vehicle’s repossessions', async () => {
    const { callsTo } = server();
    renderVehicle();
    expect(await screen.findByText(/R\s?219\s900,50/)).toBeInTheDocument();
    expect(screen.getByText('Tow bar')).toBeInTheDocument();
    expect(screen.getByText('Condition')).toBeInTheDocument();
    expect(screen.getByText('Good')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: VEHICLE_TEXT.repossessions });
    expect(await within(table).findByText('Cancelled')).toBeInTheDocument();
    expect(callsTo(REPOSSESSIONS)[0]!.query.get('vehicleId')).toBe(VEHICLE_ID);
    // Without a tracking grant the tracked asset's position and trips are neither shown nor asked for.
    expect(screen.queryByText(VEHICLE_TEXT.position)).not.toBeInTheDocument();
    expect(callsTo(`/api/geo/assets/devices/${shown.assetId}`)).toHaveLength(0);
  });

  test('several photos chosen together are uploaded in one call', async () => {
    const { calls } = server();
    const view = renderVehicle();
    await screen.findByText(VEHICLE_TEXT.noPhotos);
    const input = view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
    const files = ['front.jpg', 'back.jpg'].map((name) => new File(['x'], name, { type: 'image/jpeg' }));
    fireEvent.change(input, { target: { files } });
    await waitFor(() => expect(writes(calls).filter((c) => c.path.endsWith('/photos'))).toHaveLength(1));
    const form = writes(calls).find((c) => c.path.endsWith('/photos'))!.body as FormData;
    expect(form.getAll('photo').map((f) => (f as File).name)).toEqual(['front.jpg', 'back.jpg']);
  });

  test('"Raise repossession" sends the reason and opens the new repossession', async () => {
    const { calls } = server();
    const view = renderVehicle();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: new RegExp(VEHICLE_TEXT.raiseRepossession) }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(VEHICLE_TEXT.reason), 'Arrears');
    await user.click(within(dialog).getByRole('button', { name: VEHICLE_TEXT.raise }));
    await waitFor(() => expect(view.location().pathname).toBe(`/vehicles/repossessions/${REPOSSESSION_ID}`));
    expect(writes(calls).find((c) => c.path === '/api/vehicles/repossessions')!.body).toEqual({
      vehicleId: VEHICLE_ID,
      reason: 'Arrears',
      notes: null,
    });
  });
});
