import { screen, waitFor, within } from '@testing-library/react';
import {
  confirmDialog,
  fakeServer,
  ok,
  page,
  queryOf,
  renderAppPage,
  resetSession,
  setOnline,
  typist,
  writes,
  type FakeCall,
  type FakeReply,
} from '@meridian/shared/testing/page-test-kit';
import { forgetDeviceStores } from '@meridian/shared/offline/device-store';
import { bid, DESK_ID, signInDesk } from '../testing/bids-test-kit';
import { BID_TEXT } from './bid-text';
import { keepBidsOnDevice } from './bids-offline';
import BidsPage from './bids-page';

jest.setTimeout(30_000);

const LIST = '/api/vehicles/bids/00000000-0000-0000-0000-000000000000';
const declined = bid({ id: '60000000-0000-4000-8000-000000000002', bidderName: 'Sipho Dlamini', amountMinor: 40_250_000 });

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === LIST) return page([bid(), declined]);
    if (call.method === 'GET' && call.path === '/api/vehicles/repossessions/public-listing') return page([]);
    if (call.method === 'PUT' && call.path === '/api/vehicles/bids-accept')
      return ok(bid({ status: 'accepted', repossessionStatus: 'Sold' }));
    return undefined;
  });
}
const renderBids = () => renderAppPage(<BidsPage />, { path: '/vehicles/bids', at: '/vehicles/bids' });

beforeEach(() => {
  forgetDeviceStores();
  signInDesk();
});
afterEach(resetSession);

describe('bids', () => {
  test('lists the bids newest received first, with the vehicle, the bidder and the amount in the currency', async () => {
    const { calls } = server();
    renderBids();
    const table = await screen.findByRole('table', { name: BID_TEXT.bids });
    const row = (await within(table).findByText('Anna van Wyk')).closest('tr')!;
    expect(row).toHaveTextContent('GP 66 FF 66 Toyota Hilux');
    expect(row).toHaveTextContent(/R\s?410\s000,00/);
    const listCall = calls.find((c) => c.path === LIST)!;
    expect(queryOf(listCall)).toMatchObject({ sortField: 'receivedDate', sortOrder: 'DESC' });
  });

  test('accepting asks first, then sends the bid and reloads the list', async () => {
    const user = typist();
    const { calls } = server();
    renderBids();
    await user.click(await screen.findByRole('button', { name: `${BID_TEXT.accept} Anna van Wyk` }));
    await waitFor(() => expect(confirmDialog()).not.toBeNull());
    expect(confirmDialog()).toHaveTextContent(/Accept the bid of R\s?410\s000,00 from Anna van Wyk\?/);
    expect(writes(calls)).toHaveLength(0);
    const before = calls.filter((c) => c.path === LIST).length;
    await user.click(within(confirmDialog()!).getByRole('button', { name: BID_TEXT.accept }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ bidId: bid().id });
    await waitFor(() => expect(calls.filter((c) => c.path === LIST).length).toBeGreaterThan(before));
    expect(await screen.findByText(BID_TEXT.accepted)).toBeInTheDocument();
  });

  test('without the permission to accept, no accept button is shown', async () => {
    resetSession();
    signInDesk(['VEHICLES/REPOSSESSIONS']);
    server();
    renderBids();
    await screen.findByText('Anna van Wyk');
    expect(screen.queryByRole('button', { name: `${BID_TEXT.accept} Anna van Wyk` })).not.toBeInTheDocument();
  });

  test('offline, the copy kept on the device is shown with a notice that it is the saved copy, and no bids are asked of the server', async () => {
    const { calls } = server();
    await keepBidsOnDevice(DESK_ID);
    setOnline(false);
    const listCalls = () => calls.filter((c) => c.path.startsWith('/api/vehicles/')).length;
    const before = listCalls();
    renderBids();
    expect(await screen.findByText(/You are offline: these are the bids saved on this device at/)).toBeInTheDocument();
    expect(await screen.findByText('Sipho Dlamini')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    expect(listCalls()).toBe(before);
  });

  test('offline with nothing kept, the screen says so', async () => {
    server();
    setOnline(false);
    renderBids();
    expect(await screen.findByText(BID_TEXT.noSavedCopy)).toBeInTheDocument();
  });
});
