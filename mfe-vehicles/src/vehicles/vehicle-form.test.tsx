import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import {
  ATTRIBUTE_ID,
  fail,
  fakeServer,
  FEATURE_ID,
  ok,
  openPicker,
  pickOption,
  REFERENCES,
  renderVehiclesPage,
  resetSession,
  setOnline,
  signInManager,
  typist,
  vehicleDetails,
  VEHICLE_ID,
  writes,
  type FakeCall,
  type FakeReply,
} from '../testing/vehicles-test-kit';
import { VehicleForm } from './vehicle-form';
import { identifierTakenText, VEHICLE_TEXT } from './vehicle-text';

jest.setTimeout(30_000);

const EXIST = '/api/vehicles/exist';
const noneTaken = { exists: false, registrationNumber: false, engineNumber: false, vehicleIdentificationNumber: false };

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === '/api/vehicles/features') return ok(REFERENCES.features);
    if (call.method === 'GET' && call.path === '/api/vehicles/attributes') return ok(REFERENCES.attributes);
    if (call.method === 'GET' && call.path === '/api/vehicles/categories') return ok(REFERENCES.categories);
    if (call.method === 'POST' && call.path === EXIST) return ok(noneTaken);
    if (call.method === 'POST' && call.path === '/api/vehicles') return { ...ok(vehicleDetails()), status: 201 };
    if (call.method === 'PUT' && call.path === `/api/vehicles/${VEHICLE_ID}`) return ok(vehicleDetails());
    return undefined;
  });
}

beforeEach(() => signInManager());
afterEach(resetSession);

const renderForm = (vehicle = null as ReturnType<typeof vehicleDetails> | null, onSaved = jest.fn()) => {
  renderVehiclesPage(<VehicleForm vehicle={vehicle} onSaved={onSaved} />, { path: '/vehicles', at: '/vehicles' });
  return onSaved;
};

describe('the vehicle form', () => {
  test('as the user types a registration number another vehicle has, the field says so once typing pauses', async () => {
    const { callsTo } = server((call) =>
      call.path === EXIST && (call.body as { registrationNumber?: string }).registrationNumber === 'GP 11 AA 11'
        ? ok({ ...noneTaken, exists: true, registrationNumber: true })
        : undefined,
    );
    renderForm();
    const user = typist();
    await user.type(screen.getByLabelText(VEHICLE_TEXT.registrationNumber), 'GP 11 AA 11');
    expect(await screen.findByText(identifierTakenText('registrationNumber'))).toBeInTheDocument();
    // Debounced: one check for the whole typed value, not one per key.
    expect(callsTo(EXIST).map((c) => (c.body as { registrationNumber?: string }).registrationNumber)).toEqual(['GP 11 AA 11']);
    expect(screen.queryByText(identifierTakenText('engineNumber'))).not.toBeInTheDocument();
  });

  test('an edit checks with its own id left out', async () => {
    const { callsTo } = server();
    renderForm(vehicleDetails());
    const user = typist();
    await user.type(screen.getByLabelText(VEHICLE_TEXT.engineNumber), '9');
    await waitFor(() => expect(callsTo(EXIST)).toHaveLength(1));
    expect(callsTo(EXIST)[0]!.body).toMatchObject({ engineNumber: 'ENG-19', exceptId: VEHICLE_ID });
  });

  test('offline the check answers success false: the form says it could not check, asks nothing, and still saves', async () => {
    const { callsTo, calls } = server();
    renderForm();
    setOnline(false);
    const user = typist();
    await user.type(screen.getByLabelText(VEHICLE_TEXT.registrationNumber), 'GP 99 ZZ 99');
    expect(await screen.findByText(VEHICLE_TEXT.couldNotCheck)).toBeInTheDocument();
    expect(callsTo(EXIST)).toHaveLength(0);
    await user.type(screen.getByLabelText(VEHICLE_TEXT.make), 'Kia');
    await user.click(screen.getByRole('button', { name: VEHICLE_TEXT.createVehicle }));
    await waitFor(() => expect(writes(calls).filter((c) => c.path === '/api/vehicles')).toHaveLength(1));
  });

  test('a failed check also says it could not check', async () => {
    server((call) => (call.path === EXIST ? fail(500, 'SERVER_ERROR', 'Boom') : undefined));
    renderForm();
    await typist().type(screen.getByLabelText(VEHICLE_TEXT.registrationNumber), 'GP 1');
    expect(await screen.findByText(VEHICLE_TEXT.couldNotCheck)).toBeInTheDocument();
  });

  test('the contract’s rules are checked before anything is sent', async () => {
    const { calls } = server();
    renderForm();
    const user = typist();
    await user.type(screen.getByLabelText(VEHICLE_TEXT.year), '1800');
    await user.click(screen.getByRole('button', { name: VEHICLE_TEXT.createVehicle }));
    expect(await screen.findByText('A registration number is required.')).toBeInTheDocument();
    expect(screen.getByText('A make is required.')).toBeInTheDocument();
    expect(screen.getByText('A year is 1900 or later.')).toBeInTheDocument();
    expect(writes(calls).filter((c) => c.path === '/api/vehicles')).toHaveLength(0);
  });

  test('a new vehicle is sent with its features and attribute values; the server’s 400 goes on the field it names', async () => {
    const { calls } = server((call) =>
      call.method === 'POST' && call.path === '/api/vehicles'
        ? fail(400, 'VALIDATION_FAILED', 'Check the highlighted fields.', { fieldErrors: { make: ['This make is not known here.'] } })
        : undefined,
    );
    const onSaved = renderForm();
    const user = typist();
    await user.type(screen.getByLabelText(VEHICLE_TEXT.registrationNumber), 'GP 12');
    await user.type(screen.getByLabelText(VEHICLE_TEXT.make), 'Kia');
    await waitFor(() => expect(screen.getByRole('button', { name: new RegExp(VEHICLE_TEXT.addAttribute) })).toBeEnabled());
    openPicker(VEHICLE_TEXT.features);
    pickOption('Tow bar');
    await user.click(screen.getByRole('button', { name: new RegExp(VEHICLE_TEXT.addAttribute) }));
    openPicker(`${VEHICLE_TEXT.attribute} 1`);
    pickOption('Condition');
    await user.type(screen.getByLabelText(`${VEHICLE_TEXT.attributeValue} 1`), 'Good');
    await user.click(screen.getByRole('button', { name: VEHICLE_TEXT.createVehicle }));
    expect(await screen.findByText('This make is not known here.')).toBeInTheDocument();
    const sent = writes(calls).find((c) => c.path === '/api/vehicles')!;
    expect(sent.body).toMatchObject({
      registrationNumber: 'GP 12',
      make: 'Kia',
      status: 'active',
      featureIds: [FEATURE_ID],
      attributes: [{ attributeId: ATTRIBUTE_ID, value: 'Good' }],
      assetId: null,
    });
    expect(screen.getByLabelText(VEHICLE_TEXT.registrationNumber)).toHaveValue('GP 12');
    expect(onSaved).not.toHaveBeenCalled();
  });

  test('a 409 naming a taken identifier is shown beside it; the edit keeps the vehicle’s tracked asset', async () => {
    const { calls } = server((call) =>
      call.method === 'PUT'
        ? fail(409, 'CONFLICT', 'Another vehicle already has this engine number.', {
            fieldErrors: { engineNumber: ['Another vehicle already has this engine number.'] },
          })
        : undefined,
    );
    renderForm(vehicleDetails({ assetId: 'a0000000-0000-4000-8000-000000000001' }));
    await typist().click(screen.getByRole('button', { name: MESSAGES.save }));
    expect(await screen.findByText('Another vehicle already has this engine number.')).toBeInTheDocument();
    expect(writes(calls).find((c) => c.method === 'PUT')!.body).toMatchObject({ assetId: 'a0000000-0000-4000-8000-000000000001' });
  });
});

describe('the tracked asset of a vehicle', () => {
  const ASSET = { id: 'a0000000-0000-4000-8000-000000000002', name: 'ND 123-456 Toyota Hilux' };
  const assetList = (call: FakeCall) => (call.method === 'GET' && call.path === '/api/geo/asset' ? ok([ASSET]) : undefined);

  test('those who may read assets link a new vehicle to one of the assets they see', async () => {
    signInManager(['VEHICLES', 'TRACKING']);
    const { calls } = server(assetList);
    renderForm();
    const user = typist();
    await user.type(screen.getByLabelText(VEHICLE_TEXT.registrationNumber), 'GP 77');
    await user.type(screen.getByLabelText(VEHICLE_TEXT.make), 'Toyota');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/geo/asset')).toBe(true));
    openPicker(VEHICLE_TEXT.trackedAsset);
    pickOption(ASSET.name);
    await user.click(screen.getByRole('button', { name: VEHICLE_TEXT.createVehicle }));
    await waitFor(() => expect(writes(calls).find((c) => c.path === '/api/vehicles')?.body).toMatchObject({ assetId: ASSET.id }));
  });

  test('without an assets grant the field is not offered, no asset is asked for, and an edit keeps the link', async () => {
    const { calls } = server(assetList);
    renderForm(vehicleDetails({ assetId: ASSET.id }));
    expect(screen.queryByLabelText(VEHICLE_TEXT.trackedAsset)).not.toBeInTheDocument();
    await typist().click(screen.getByRole('button', { name: MESSAGES.save }));
    await waitFor(() => expect(writes(calls).find((c) => c.method === 'PUT')?.body).toMatchObject({ assetId: ASSET.id }));
    expect(calls.some((c) => c.path === '/api/geo/asset')).toBe(false);
  });
});
