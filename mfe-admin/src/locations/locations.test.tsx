import { screen, waitFor, within } from '@testing-library/react';
import type { Location } from '@meridian/shared/contract/location';
import { MESSAGES } from '@meridian/shared/messages';
import type { MapPickerProps } from '@meridian/shared/ui/map-picker';
import {
  COMPANY,
  dialog,
  fail,
  fakeFetch,
  globalAdmin,
  ok,
  renderAdminPage,
  resetSession,
  signInAs,
  typist,
  type FakeCall,
  type FakeReply,
} from '../testing/admin-test-kit';
import LocationFormPage from './location-form-page';
import LocationsListPage from './locations-list-page';
import { LOCATION_TEXT } from './location-text';

/** jsdom draws no map: a stand-in that shows the position it is given and picks one on a click. */
jest.mock('@meridian/shared/ui/map-picker', () => ({
  MapPicker: ({ lat, lng, onPick }: MapPickerProps) => (
    <button type="button" data-testid="map" onClick={() => onPick({ lat: -26.2041, lng: 28.0473 })}>
      {`map at ${lat ?? '-'}, ${lng ?? '-'}`}
    </button>
  ),
}));

jest.setTimeout(30_000);

const LOCATION_ID = '80000000-0000-4000-8000-000000000001';
const location = (overrides: Partial<Location> = {}): Location => ({
  Id: LOCATION_ID,
  tenantId: COMPANY,
  tenantName: 'Meridian Lending',
  name: 'Soweto office',
  address: '1 Vilakazi Street, Soweto',
  lat: null,
  lng: null,
  active: true,
  dateCreated: '2025-03-01T08:00:00.000Z',
  dateUpdated: '2025-03-01T08:00:00.000Z',
  ...overrides,
});

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeFetch((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === '/api/locations') {
      const reply = ok([location()]);
      (reply.body as { meta: unknown }).meta = { paging: { pageNumber: 1, pageSize: 20, total: 1 } };
      return reply;
    }
    if (call.method === 'GET' && call.path === `/api/locations/${LOCATION_ID}`) return ok(location());
    if (call.method === 'POST' && call.path === '/api/locations') return { ...ok(location(call.body as Partial<Location>)), status: 201 };
    if (call.method === 'PUT' && call.path === `/api/locations/${LOCATION_ID}`) return ok(location(call.body as Partial<Location>));
    if (call.method === 'DELETE' && call.path === `/api/locations/${LOCATION_ID}`) return ok(null);
    return fail(404, 'NOT_FOUND', 'Not found.');
  });
}

const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET');

beforeEach(() => signInAs(globalAdmin()));
afterEach(resetSession);

describe('location form', () => {
  test('a point picked on the map fills in latitude and longitude, and is saved with the location', async () => {
    const { calls } = server();
    const view = renderAdminPage(<LocationFormPage />, { path: '/admin/locations/edit/:id', at: `/admin/locations/edit/${LOCATION_ID}` });
    const user = typist();

    await waitFor(() => expect(screen.getByLabelText(MESSAGES.name)).toHaveValue('Soweto office'));
    await user.click(screen.getByTestId('map'));
    await waitFor(() => expect(screen.getByLabelText(MESSAGES.latitude)).toHaveValue('-26.2041'));
    expect(screen.getByLabelText(MESSAGES.longitude)).toHaveValue('28.0473');
    expect(screen.getByTestId('map')).toHaveTextContent('map at -26.2041, 28.0473');

    await user.click(screen.getByText(MESSAGES.save).closest('button')!);
    await waitFor(() => expect(view.location().pathname).toBe('/admin/locations'));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      path: `/api/locations/${LOCATION_ID}`,
      body: { name: 'Soweto office', address: '1 Vilakazi Street, Soweto', lat: -26.2041, lng: 28.0473, active: true },
    });
  });

  test('half a point is refused as it is typed, and nothing is sent', async () => {
    const { calls } = server();
    renderAdminPage(<LocationFormPage />, { path: '/admin/locations/create', at: '/admin/locations/create' });
    const user = typist();

    await user.type(screen.getByLabelText(MESSAGES.name), 'Depot');
    await user.type(screen.getByLabelText(MESSAGES.latitude), '-26.1');
    expect(await screen.findByText('Give both latitude and longitude, or neither.')).toBeInTheDocument();
    await user.click(screen.getByText(LOCATION_TEXT.createLocation).closest('button')!);
    expect(writes(calls)).toHaveLength(0);

    await user.type(screen.getByLabelText(MESSAGES.longitude), '28');
    await waitFor(() => expect(screen.queryByText('Give both latitude and longitude, or neither.')).not.toBeInTheDocument());
  });
});

describe('locations list', () => {
  test('deleting a location asks first', async () => {
    const { calls } = server();
    renderAdminPage(<LocationsListPage />, { path: '/admin/locations', at: '/admin/locations' });

    await typist().click(await screen.findByLabelText('Delete Soweto office'));
    await waitFor(() => expect(dialog()).not.toBeNull());
    expect(dialog()).toHaveTextContent("Delete the location 'Soweto office'?");
    expect(writes(calls)).toHaveLength(0);
    await typist().click(within(dialog()!).getByRole('button', { name: MESSAGES.deleteAction }));
    await waitFor(() => expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /api/locations/${LOCATION_ID}`]));
  });
});
