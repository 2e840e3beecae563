import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import {
  confirmDialog,
  fail,
  fakeServer,
  ok,
  openPicker,
  page,
  pickOption,
  queryOf,
  renderVehiclesPage,
  resetSession,
  setOnline,
  signInManager,
  typist,
  vehicle,
  VEHICLE_ID,
  writes,
  type FakeCall,
  type FakeReply,
} from '../testing/vehicles-test-kit';
import { VEHICLE_TEXT } from './vehicle-text';
import VehiclesPage from './vehicles-page';

jest.setTimeout(30_000);

const LIST = '/api/vehicles';

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === LIST)
      return page([vehicle(), vehicle({ id: 'v2', registrationNumber: 'GP 22 BB 22', status: 'repossession' })], 2);
    if (call.method === 'POST' && call.path === '/api/vehicles/delete') return ok(null);
    return undefined;
  });
}

beforeEach(() => signInManager());
afterEach(resetSession);

const renderVehicles = (at = '/vehicles') => renderVehiclesPage(<VehiclesPage />, { path: '/vehicles', at });

describe('the vehicle list', () => {
  test('asks for one page newest first, shows each vehicle with its status, linked to its page', async () => {
    const { callsTo } = server();
    renderVehicles();
    const table = await screen.findByRole('table', { name: VEHICLE_TEXT.vehicles });
    const row = (await within(table).findByText('GP 22 BB 22')).closest('tr')!;
    expect(row).toHaveTextContent('Under repossession');
    expect(within(table).getByRole('link', { name: 'GP 11 AA 11' })).toHaveAttribute('href', `/vehicles/${VEHICLE_ID}`);
    expect(queryOf(callsTo(LIST)[0]!)).toMatchObject({ page: '1', sortField: 'dateCreated', sortOrder: 'DESC' });
  });

  test('the status filter and the search ask the server', async () => {
    const { callsTo } = server();
    renderVehicles();
    await screen.findByText('GP 22 BB 22');
    openPicker(VEHICLE_TEXT.filterByStatus);
    pickOption('Sold');
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!)).toMatchObject({ status: 'sold' }));
    const user = typist();
    await user.type(screen.getByRole('searchbox', { name: VEHICLE_TEXT.searchVehicles }), 'corolla{Enter}');
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!)).toMatchObject({ status: 'sold', search: 'corolla' }));
  });

  test('no vehicles: the list says so', async () => {
    server((call) => (call.path === LIST ? page([], 0) : undefined));
    renderVehicles();
    expect(await screen.findByText(VEHICLE_TEXT.noVehicles)).toBeInTheDocument();
  });

  test('delete asks first, then sends the id in the body', async () => {
    const { calls } = server();
    renderVehicles();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: `${MESSAGES.deleteAction} GP 11 AA 11` }));
    await waitFor(() => expect(confirmDialog()).not.toBeNull());
    expect(writes(calls)).toHaveLength(0);
    await user.click(within(confirmDialog()!).getByRole('button', { name: MESSAGES.deleteAction }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ id: VEHICLE_ID });
  });

  test('the lookup by registration number opens the vehicle it finds, and says when none has it', async () => {
    const { callsTo } = server((call) => {
      if (call.path === '/api/vehicles/regNumber/GP%2011%20AA%2011') return ok(vehicle());
      if (call.path.startsWith('/api/vehicles/regNumber/')) return fail(404, 'NOT_FOUND', 'Vehicle not found.');
      return undefined;
    });
    const view = renderVehicles();
    const user = typist();
    const box = await screen.findByRole('searchbox', { name: VEHICLE_TEXT.lookupLabel });
    await user.type(box, 'NOPE 1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(VEHICLE_TEXT.lookupNotFound);
    await user.clear(box);
    await user.type(box, 'GP 11 AA 11{Enter}');
    await waitFor(() => expect(view.location().pathname).toBe(`/vehicles/${VEHICLE_ID}`));
    expect(callsTo('/api/vehicles/regNumber/GP%2011%20AA%2011')).toHaveLength(1);
  });

  test('offline the lookup says it is not available offline and asks nothing', async () => {
    const { calls } = server();
    renderVehicles();
    const box = await screen.findByRole('searchbox', { name: VEHICLE_TEXT.lookupLabel });
    setOnline(false);
    await typist().type(box, 'GP 11 AA 11{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(VEHICLE_TEXT.lookupOffline);
    expect(calls.filter((c) => c.path.includes('regNumber'))).toHaveLength(0);
  });
});
