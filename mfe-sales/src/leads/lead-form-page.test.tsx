import { fakeServer, writes } from '@meridian/shared/testing/page-test-kit';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import type { MapPickerProps } from '@meridian/shared/ui/map-picker';
import { fieldSyncStore } from '@meridian/shared/offline/field-sync';
import {
  fail,
  ok,
  renderSalesPage,
  setOnline,
  signInSales,
  signOut,
  startFieldWork,
  typist,
  type FakeCall,
  type FakeReply,
} from '../testing/sales-test-kit';
import LeadFormPage from './lead-form-page';
import { ALL_LEAD_PERMISSIONS, leadInFull, lerato, LERATO_LEAD } from './leads-test-kit';

/** jsdom draws no map: a stand-in that shows the position it is given and picks one on a click. */
jest.mock('@meridian/shared/ui/map-picker', () => ({
  MapPicker: ({ lat, lng, onPick }: MapPickerProps) => (
    <button type="button" data-testid="map" onClick={() => onPick({ lat: -26.2041, lng: 28.0473 })}>
      {`map at ${lat ?? '-'}, ${lng ?? '-'}`}
    </button>
  ),
}));

const createPage = () => renderSalesPage(<LeadFormPage />, { path: '/sales/leads/create', at: '/sales/leads/create' });
const editPage = () => renderSalesPage(<LeadFormPage />, { path: '/sales/leads/edit/:id', at: `/sales/leads/edit/${LERATO_LEAD}` });
const field = (label: string) => screen.getByLabelText(label);
/** The help text under a field. */
const helpOf = (label: string) => field(label).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
/** What an antd select shows as chosen. */
const chosenIn = (label: string) => field(label).closest('.ant-select')!.querySelector('.ant-select-content')?.getAttribute('title');

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === `/api/leads/${LERATO_LEAD}`) {
      return ok(
        leadInFull(lerato(), {
          addresses: [
            {
              Id: 'a1',
              leadId: LERATO_LEAD,
              type: 'HOME',
              lineone: '12 Vilakazi Street',
              city: 'Soweto',
              postcode: '1804',
              state: 'Gauteng',
              country: 'South Africa',
              latitude: 0,
              longitude: 0,
              dateCreated: '2025-03-04T08:00:00.000Z',
            },
          ],
          statusHistory: [
            { Id: 'h1', status: 'New', changedByUserId: null, changedBy: 'Thandi Mokoena', dateCreated: '2025-03-04T08:00:00.000Z' },
          ],
        }),
      );
    }
    if (call.method === 'POST' && call.path === '/api/leads') return { ...ok(leadInFull(), 'Lead created.'), status: 201 };
    if (call.method === 'PUT' && call.path === `/api/leads/${LERATO_LEAD}`) return ok(leadInFull(), 'Lead saved.');
    return undefined;
  });
}

async function typeTheLead() {
  const user = typist();
  await user.type(field(MESSAGES.firstName), 'Naledi');
  await user.type(field(MESSAGES.lastName), 'Khumalo');
  await user.type(field('Contact number'), '0841234567');
  await user.type(field(MESSAGES.emailAddress), 'naledi@example.com');
}

beforeEach(() => signInSales(ALL_LEAD_PERMISSIONS));
afterEach(signOut);
jest.setTimeout(60_000);

describe('lead form', () => {
  test("checks the spec's rules while the user types", async () => {
    server();
    createPage();
    const user = typist();

    await user.type(field(MESSAGES.firstName), 'Naledi7');
    await waitFor(() => expect(helpOf(MESSAGES.firstName)).toBe('First name cannot contain digits.'));
    await user.clear(field(MESSAGES.firstName));
    await user.type(field(MESSAGES.firstName), 'Na#ledi');
    await waitFor(() => expect(helpOf(MESSAGES.firstName)).toBe('First name cannot contain special characters.'));
    await user.clear(field(MESSAGES.firstName));
    await user.type(field(MESSAGES.firstName), 'Nalediwithaverylongname');
    await waitFor(() => expect(helpOf(MESSAGES.firstName)).toBe('First name can be at most 20 characters.'));
    await user.clear(field(MESSAGES.firstName));
    await user.type(field(MESSAGES.firstName), 'Naledi');
    await waitFor(() => expect(helpOf(MESSAGES.firstName)).toBe(''));

    await user.type(field('Contact number'), '841234567');
    await waitFor(() => expect(helpOf('Contact number')).toBe('A phone number is 0 followed by 9 digits.'));
    await user.clear(field('Contact number'));
    await user.type(field('Contact number'), '0841234567');
    await waitFor(() => expect(helpOf('Contact number')).toBe(''));

    await user.type(field('ID number'), '123456789012');
    await waitFor(() => expect(helpOf('ID number')).toBe('An ID number has 13 or more digits.'));
    await user.type(field('ID number'), '3');
    await waitFor(() => expect(helpOf('ID number')).toBe(''));

    await user.type(field(MESSAGES.emailAddress), 'naledi@');
    await waitFor(() => expect(helpOf(MESSAGES.emailAddress)).toBe('Enter a valid e-mail address.'));
  });

  test('an amount the user typed is kept and explained, never rewritten; a corrected amount is saved as typed', async () => {
    const { calls } = server();
    const { location } = createPage();
    const user = typist();
    await typeTheLead();

    await user.type(field('Instalment amount'), '-500');
    await user.type(field('Total affordability'), 'abc');
    await user.tab();
    expect(field('Instalment amount')).toHaveValue('-500');
    expect(field('Total affordability')).toHaveValue('abc');
    await waitFor(() => expect(helpOf('Instalment amount')).toBe('An instalment amount cannot be negative.'));
    expect(helpOf('Total affordability')).toBe('Enter a number.');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    expect(writes(calls)).toHaveLength(0);
    expect(field('Instalment amount')).toHaveValue('-500');

    await user.clear(field('Instalment amount'));
    await user.type(field('Instalment amount'), '1500.50');
    await user.clear(field('Total affordability'));
    await user.type(field('Total affordability'), '4000');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    await waitFor(() => expect(location().pathname).toBe('/sales/leads'));
    expect(writes(calls)[0]!.body).toMatchObject({ installmentAmount: 1500.5, totalAffordability: 4000 });
  });

  test("a new lead shows the spec's defaults: status New, consent NONE PROVIDED, affordability NONE, coordinates 0", async () => {
    server();
    createPage();
    expect(chosenIn(MESSAGES.status)).toBe('New');
    expect(chosenIn('Consent status')).toBe('NONE PROVIDED');
    expect(chosenIn('Affordability outcome')).toBe('NONE');
    const position = screen.getByRole('group', { name: 'Position' });
    expect(within(position).getByLabelText(MESSAGES.latitude)).toHaveAttribute('aria-valuenow', '0');
    expect(within(position).getByLabelText(MESSAGES.longitude)).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByTestId('map')).toHaveTextContent('map at 0, 0');
  });

  test('creates the lead with its addresses and the point picked on the map, then goes back to the list', async () => {
    const { calls } = server();
    const { location } = createPage();
    const user = typist();
    await typeTheLead();

    await user.click(screen.getByRole('button', { name: /Add address/ }));
    await user.click(screen.getByRole('button', { name: /Add address/ }));
    const first = screen.getByRole('group', { name: 'Address 1' });
    await user.type(within(first).getByLabelText('Address line'), '3 Main Road');
    await user.type(within(first).getByLabelText('City'), 'Durban');
    const second = screen.getByRole('group', { name: 'Address 2' });
    await user.type(within(second).getByLabelText('City'), 'Pinetown');
    await user.click(screen.getByRole('button', { name: 'Remove address 2' }));
    expect(screen.queryByRole('group', { name: 'Address 2' })).not.toBeInTheDocument();

    await user.click(screen.getByTestId('map'));
    expect(within(screen.getByRole('group', { name: 'Position' })).getByLabelText(MESSAGES.latitude)).toHaveAttribute(
      'aria-valuenow',
      '-26.2041',
    );
    await user.click(screen.getByRole('button', { name: 'Create lead' }));

    await waitFor(() => expect(location().pathname).toBe('/sales/leads'));
    const [post] = writes(calls);
    expect(post).toMatchObject({ method: 'POST', path: '/api/leads' });
    expect(post!.body).toMatchObject({
      firstName: 'Naledi',
      lastName: 'Khumalo',
      contactNumber: '0841234567',
      emailAddress: 'naledi@example.com',
      status: 'New',
      consentStatus: 'NONE PROVIDED',
      affordabilityOutcome: 'NONE',
      latitude: -26.2041,
      longitude: 28.0473,
      addresses: [
        {
          type: 'HOME',
          lineone: '3 Main Road',
          city: 'Durban',
          postcode: null,
          state: null,
          country: null,
          latitude: null,
          longitude: null,
        },
      ],
    });
  });

  test("'Use my position' fills in the device's coordinates, and says why when the device gives none", async () => {
    server();
    createPage();
    const position = screen.getByRole('group', { name: 'Position' });
    const device = (answer: (found: PositionCallback, failed: PositionErrorCallback) => void) =>
      Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition: answer } });

    device((_found, failed) => failed({ code: 1 } as GeolocationPositionError));
    await typist().click(screen.getByRole('button', { name: /Use my position/ }));
    expect(await screen.findByText('No position available: User denied the request for Geolocation.')).toBeInTheDocument();
    expect(within(position).getByLabelText(MESSAGES.latitude)).toHaveAttribute('aria-valuenow', '0');

    device((found) => found({ coords: { latitude: -29.858681, longitude: 31.021839, accuracy: 12 } } as GeolocationPosition));
    await typist().click(screen.getByRole('button', { name: /Use my position/ }));
    await waitFor(() => expect(within(position).getByLabelText(MESSAGES.latitude)).toHaveAttribute('aria-valuenow', '-29.8587'));
    expect(within(position).getByLabelText(MESSAGES.longitude)).toHaveAttribute('aria-valuenow', '31.0218');
    expect(screen.getByTestId('map')).toHaveTextContent('map at -29.8587, 31.0218');
  });

  test("a duplicate is refused with the spec's message, its reason under contact number and e-mail, and the form kept filled", async () => {
    const { calls } = server((call) =>
      call.method === 'POST' && call.path === '/api/leads'
        ? fail(400, 'VALIDATION', MESSAGES.leadExists, {
            fieldErrors: { contactNumber: [MESSAGES.leadDuplicateDetail], emailAddress: [MESSAGES.leadDuplicateDetail] },
          })
        : undefined,
    );
    const { location } = createPage();
    await typeTheLead();
    await typist().click(screen.getByRole('button', { name: 'Create lead' }));

    expect(await screen.findByText('Unable to create lead, lead already exists.')).toBeInTheDocument();
    expect(helpOf('Contact number')).toBe('Duplicate email or phone number.');
    expect(helpOf(MESSAGES.emailAddress)).toBe('Duplicate email or phone number.');
    expect(field(MESSAGES.firstName)).toHaveValue('Naledi');
    expect(field('Contact number')).toHaveValue('0841234567');
    expect(field(MESSAGES.emailAddress)).toHaveValue('naledi@example.com');
    expect(location().pathname).toBe('/sales/leads/create');
    expect(writes(calls)).toHaveLength(1);
  });

  test('offline, a field user creates the lead on the device and goes to the leads list; a second with its number is refused as the server would; back online, it is created with its own Id', async () => {
    const { calls } = server();
    startFieldWork();
    setOnline(false);
    const { location } = createPage();
    await typeTheLead();
    await typist().click(screen.getByRole('button', { name: 'Create lead' }));

    // The toast lives in the shell's App, which this test's page leaves with the form: the e2e reads it.
    await waitFor(() => expect(location().pathname).toBe('/sales/leads'));
    expect(writes(calls)).toEqual([]);
    expect(fieldSyncStore.getState().waiting).toBe(1);

    cleanup();
    createPage();
    const user = typist();
    await user.type(field(MESSAGES.firstName), 'Other');
    await user.type(field(MESSAGES.lastName), 'Person');
    await user.type(field('Contact number'), '0841234567');
    await user.click(screen.getByRole('button', { name: 'Create lead' }));
    expect(await screen.findByText(MESSAGES.leadExists)).toBeInTheDocument();
    expect(helpOf('Contact number')).toBe(MESSAGES.leadDuplicateDetail);
    expect(fieldSyncStore.getState().waiting).toBe(1);

    setOnline(true);
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const sent = writes(calls)[0]!;
    expect([sent.method, sent.path, sent.headers['idempotency-key']]).toEqual(['POST', '/api/leads', expect.any(String)]);
    expect(sent.body).toMatchObject({
      Id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      firstName: 'Naledi',
      contactNumber: '0841234567',
      status: 'New',
      source: 'UI',
    });
    await waitFor(() => expect(fieldSyncStore.getState().waiting).toBe(0));
  });

  test('editing loads the lead with its addresses and status history, and saves with PUT', async () => {
    const { calls } = server();
    const { location } = editPage();
    expect(await screen.findByDisplayValue('Lerato')).toBeInTheDocument();
    expect(screen.getByDisplayValue('12 Vilakazi Street')).toBeInTheDocument();
    expect(screen.getByText('Status history')).toBeInTheDocument();
    const user = typist();

    await user.clear(field('Contact number'));
    await user.type(field('Contact number'), '0829990000');
    await user.click(screen.getByRole('button', { name: MESSAGES.save }));

    await waitFor(() => expect(location().pathname).toBe('/sales/leads'));
    const [put] = writes(calls);
    expect(put).toMatchObject({ method: 'PUT', path: `/api/leads/${LERATO_LEAD}` });
    expect(put!.body).toMatchObject({
      firstName: 'Lerato',
      contactNumber: '0829990000',
      addresses: [{ lineone: '12 Vilakazi Street', city: 'Soweto' }],
    });
  });
});
