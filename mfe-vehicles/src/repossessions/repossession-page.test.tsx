import { screen, waitFor, within } from '@testing-library/react';
import {
  fail,
  fakeServer,
  ok,
  renderVehiclesPage,
  repossessionDetails,
  REPOSSESSION_ID,
  resetSession,
  signInManager,
  typist,
  writes,
  type FakeCall,
  type FakeReply,
} from '../testing/vehicles-test-kit';
import { REPOSSESSION_MOVES, type RepossessionDetails } from '@meridian/shared/contract/repossession';
import { moveLabel, REPOSSESSION_TEXT } from './repossession-text';
import RepossessionPage from './repossession-page';

jest.setTimeout(30_000);

const ONE = `/api/vehicles/repossession/${REPOSSESSION_ID}`;
const STATUS = '/api/vehicles/repossessions-status';

function server(current: () => RepossessionDetails, also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === ONE) return ok(current());
    if (call.method === 'PUT' && call.path === STATUS) return ok(current());
    return undefined;
  });
}

beforeEach(() => signInManager());
afterEach(resetSession);

const renderRepossession = () =>
  renderVehiclesPage(<RepossessionPage />, { path: '/vehicles/repossessions/:id', at: `/vehicles/repossessions/${REPOSSESSION_ID}` });

const moveButtons = () =>
  screen
    .queryAllByRole('button')
    .map((b) => b.textContent ?? '')
    .filter((text) => text.startsWith(REPOSSESSION_TEXT.moveTo));

describe('a repossession’s page', () => {
  test('only the moves the workflow allows from the current status are offered', async () => {
    let current = repossessionDetails({ status: 'Dispatched' });
    server(() => current);
    const view = renderRepossession();
    await screen.findByRole('button', { name: moveLabel('Sighted') });
    expect(moveButtons()).toEqual(REPOSSESSION_MOVES.Dispatched.map(moveLabel));
    view.unmount();

    current = repossessionDetails({ status: 'Sold' });
    renderRepossession();
    expect(await screen.findByText(REPOSSESSION_TEXT.noMoves)).toBeInTheDocument();
    expect(moveButtons()).toEqual([]);
  });

  test('a move sends the status with the note, then reads the repossession again', async () => {
    let current = repossessionDetails({ status: 'New' });
    const { calls, callsTo } = server(() => current);
    renderRepossession();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: moveLabel('Dispatched') }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(REPOSSESSION_TEXT.note), 'Agent Dube takes it');
    current = repossessionDetails({ status: 'Dispatched' });
    await user.click(within(dialog).getByRole('button', { name: moveLabel('Dispatched') }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ id: REPOSSESSION_ID, status: 'Dispatched', note: 'Agent Dube takes it' });
    await waitFor(() => expect(callsTo(ONE)).toHaveLength(2));
    expect(await screen.findByRole('button', { name: moveLabel('Sighted') })).toBeInTheDocument();
  });

  test('a final move asks first, saying it closes the repossession; no note sends none', async () => {
    const { calls } = server(() => repossessionDetails({ status: 'Listed' }));
    renderRepossession();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: moveLabel('Sold') }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(REPOSSESSION_TEXT.finalMoveDetail);
    expect(writes(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: moveLabel('Sold') }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ id: REPOSSESSION_ID, status: 'Sold' });
  });

  test('the server’s 409 is shown in the dialog and nothing changes on the page', async () => {
    const refusal = 'A repossession in Sighted cannot move to Dispatched; allowed next: Recovered, Returned, Cancelled.';
    server(
      () => repossessionDetails({ status: 'New' }),
      (call) => (call.method === 'PUT' ? fail(409, 'CONFLICT', refusal) : undefined),
    );
    renderRepossession();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: moveLabel('Dispatched') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: moveLabel('Dispatched') }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
  });

  test('the History tab (kept in the address) lists each move with who, from, to and the note, for a holder of the repossessions grant alone', async () => {
    signInManager(['VEHICLES/REPOSSESSIONS']);
    server(() =>
      repossessionDetails({
        status: 'Dispatched',
        history: [
          ...repossessionDetails().history,
          {
            id: 'h2',
            fromStatus: 'New',
            toStatus: 'Dispatched',
            note: 'Agent Dube takes it',
            userId: null,
            userName: 'Sipho Dube',
            dateCreated: '2025-03-02T08:00:00.000Z',
          },
        ],
      }),
    );
    const view = renderVehiclesPage(<RepossessionPage />, {
      path: '/vehicles/repossessions/:id',
      at: `/vehicles/repossessions/${REPOSSESSION_ID}?tab=history`,
    });
    const table = await screen.findByRole('table', { name: REPOSSESSION_TEXT.history });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Sipho Dube');
    expect(rows[1]).toHaveTextContent('NewDispatchedAgent Dube takes it');
    expect(view.location().search).toBe('?tab=history');
  });
});
