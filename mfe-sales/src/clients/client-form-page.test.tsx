import { fakeServer, writes } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import type { MapPickerProps } from '@meridian/shared/ui/map-picker';
import { fail, ok, renderSalesPage, signInSales, signOut, typist, type FakeCall } from '../testing/sales-test-kit';
import ClientFormPage from './client-form-page';
import { ALL_CLIENT_PERMISSIONS, GROUP_ID, inFull, lerato, LERATO_ID } from './clients-test-kit';

/** jsdom draws no map: a stand-in that shows the position it is given and picks one on a click. */
jest.mock('@meridian/shared/ui/map-picker', () => ({
  MapPicker: ({ lat, lng, onPick }: MapPickerProps) => (
    <button type="button" data-testid="map" onClick={() => onPick({ lat: -26.2041, lng: 28.0473 })}>
      {`map at ${lat ?? '-'}, ${lng ?? '-'}`}
    </button>
  ),
}));

const createPage = () => renderSalesPage(<ClientFormPage />, { path: '/clients/create', at: '/clients/create' });
const editPage = () => renderSalesPage(<ClientFormPage />, { path: '/clients/edit/:id', at: `/clients/edit/${LERATO_ID}` });
const field = (label: string) => screen.getByLabelText(label);

const server = (also: (call: FakeCall) => ReturnType<typeof ok> | undefined = () => undefined) =>
  fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === `/api/clients/${LERATO_ID}`)
      return ok(inFull(lerato(), [{ Id: GROUP_ID, name: 'Soweto savers' }]));
    if (call.method === 'POST' && call.path === '/api/clients') return { ...ok(inFull(lerato()), 'Client created.'), status: 201 };
    if (call.method === 'PUT' && call.path === `/api/clients/${LERATO_ID}`) return ok(inFull(lerato()), 'Client saved.');
    return undefined;
  });

beforeEach(() => signInSales(ALL_CLIENT_PERMISSIONS));
afterEach(signOut);
jest.setTimeout(60_000);

describe('client form', () => {
  test("checks the fields as they are typed, against the spec's rules", async () => {
    server();
    createPage();
    const user = typist();

    await user.type(field(MESSAGES.firstName), 'Lerato2');
    expect(await screen.findByText('First name cannot contain digits.')).toBeInTheDocument();
    await user.clear(field(MESSAGES.firstName));
    await user.type(field(MESSAGES.firstName), 'Le@rato');
    expect(await screen.findByText('First name cannot contain special characters.')).toBeInTheDocument();
    await user.clear(field(MESSAGES.firstName));
    await user.type(field(MESSAGES.firstName), 'Leratolongerthantwenty');
    expect(await screen.findByText('First name can be at most 20 characters.')).toBeInTheDocument();

    await user.type(field(MESSAGES.mobile), '082123');
    expect(await screen.findByText('A phone number is 0 followed by 9 digits.')).toBeInTheDocument();
    await user.type(field('ID number'), '80010150');
    expect(await screen.findByText('An ID number has 13 or more digits.')).toBeInTheDocument();
    await user.type(field(MESSAGES.emailAddress), 'lerato@');
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
  });

  test('a point needs both coordinates, and is refused with one alone', async () => {
    const { calls } = server();
    createPage();
    const user = typist();
    await user.type(field(MESSAGES.firstName), 'Lerato');
    await user.type(field(MESSAGES.lastName), 'Dube');
    await user.type(field(MESSAGES.latitude), '-26.2');
    expect(await screen.findByText('Give both latitude and longitude, or neither.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    expect(writes(calls)).toHaveLength(0);
  });

  test('creates the client with what was typed and the point picked on the map, then goes back to the list', async () => {
    const { calls } = server();
    const { location } = createPage();
    const user = typist();

    await user.type(field(MESSAGES.firstName), 'Lerato');
    await user.type(field(MESSAGES.lastName), 'Dube');
    await user.type(field(MESSAGES.mobile), '0821234567');
    await user.type(field(MESSAGES.emailAddress), 'Lerato.Dube@Example.com');
    await user.click(screen.getByTestId('map'));
    expect(screen.getByTestId('map')).toHaveTextContent('map at -26.2041, 28.0473');
    await user.click(screen.getByRole('button', { name: 'Create client' }));

    await waitFor(() => expect(location().pathname).toBe('/clients/list'));
    const [post] = writes(calls);
    expect(post).toMatchObject({ method: 'POST', path: '/api/clients' });
    expect(post!.body).toMatchObject({
      firstName: 'Lerato',
      lastName: 'Dube',
      mobile: '0821234567',
      emailAddress: 'lerato.dube@example.com',
      idNumber: null,
      lat: -26.2041,
      lng: 28.0473,
    });
  });

  test("a refusal keeps what was typed and shows the server's message under its field", async () => {
    const { calls } = server((call) =>
      call.method === 'POST'
        ? fail(400, 'VALIDATION', 'Some fields are not valid.', { fieldErrors: { idNumber: ['This ID number is already on record.'] } })
        : undefined,
    );
    const { location } = createPage();
    const user = typist();

    await user.type(field(MESSAGES.firstName), 'Sipho');
    await user.type(field(MESSAGES.lastName), 'Nkosi');
    await user.type(field('ID number'), '8001015009087');
    await user.click(screen.getByRole('button', { name: 'Create client' }));

    expect(await screen.findByText('This ID number is already on record.')).toBeInTheDocument();
    expect(field(MESSAGES.firstName)).toHaveValue('Sipho');
    expect(field('ID number')).toHaveValue('8001015009087');
    expect(location().pathname).toBe('/clients/create');
    expect(writes(calls)).toHaveLength(1);
  });

  test('editing loads the client, names their groups, and saves the change with PUT', async () => {
    const { calls } = server();
    const { location } = editPage();
    expect(await screen.findByDisplayValue('Lerato')).toBeInTheDocument();
    expect(screen.getByText('Soweto savers')).toBeInTheDocument();
    expect(field(CLIENT_DOB)).toHaveValue('1980-01-01');
    const user = typist();

    await user.clear(field('City'));
    await user.type(field('City'), 'Johannesburg');
    await user.click(screen.getByRole('button', { name: MESSAGES.save }));

    await waitFor(() => expect(location().pathname).toBe('/clients/list'));
    const [put] = writes(calls);
    expect(put).toMatchObject({ method: 'PUT', path: `/api/clients/${LERATO_ID}` });
    expect(put!.body).toMatchObject({ firstName: 'Lerato', city: 'Johannesburg', dateOfBirth: '1980-01-01', gender: 'FEMALE' });
  });
});

const CLIENT_DOB = 'Date of birth';
