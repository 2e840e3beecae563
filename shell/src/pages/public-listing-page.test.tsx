import { screen, waitFor, within } from '@testing-library/react';
import type { PublicListing, PublicListingVehicle } from '@meridian/shared/contract/public-listing';
import PublicListingPage from './public-listing-page';
import { PUBLIC_LISTING_TEXT as TEXT } from './public-listing-text';
import { fail, fakeFetch, ok, renderPage, resetSession, typist, type FakeCall, type FakeReply } from './parts/page-test-kit';

const KEY = 'meridian-lending';
const LISTING = `/api/public/listing/${KEY}`;
const VEHICLE_ID = '30000000-0000-4000-8000-000000000001';
const BIDS = `${LISTING}/${VEHICLE_ID}/bids`;

const hilux = (overrides: Partial<PublicListingVehicle> = {}): PublicListingVehicle => ({
  id: VEHICLE_ID,
  registration: 'GP••••66',
  make: 'Toyota',
  model: 'Hilux',
  year: 2021,
  colour: 'Grey',
  photoUrl: `${LISTING}/${VEHICLE_ID}/photo`,
  bluebookValue: { amountMinor: 42_500_000, currency: 'ZAR' },
  currency: 'ZAR',
  ...overrides,
});
const listing = (vehicles = [hilux()]): FakeReply => {
  const reply = ok({ sellerName: 'Meridian Lending', vehicles } satisfies PublicListing);
  (reply.body as { meta: unknown }).meta = { paging: { pageNumber: 1, pageSize: 12, total: vehicles.length } };
  return reply;
};

function server(
  onBid: (call: FakeCall) => FakeReply = () => ({
    status: 201,
    body: { result: { success: true, message: 'OK' }, data: { received: true } },
  }),
) {
  return fakeFetch((call) => (call.path === LISTING ? listing() : call.path === BIDS ? onBid(call) : fail(404, 'NOT_FOUND', 'no')));
}
const open = (key = KEY) => renderPage(<PublicListingPage />, { path: '/listing/:tenantKey', at: `/listing/${key}` });

async function openBidForm() {
  const user = typist();
  open();
  await user.click(await screen.findByRole('button', { name: TEXT.makeBid }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

// antd forms type slowly in jsdom, more so beside other test files.
jest.setTimeout(30_000);

afterEach(() => resetSession());

describe('public listing page', () => {
  test("shows the seller's listed vehicles with photo, masked registration and book value, signed out", async () => {
    const { callsTo } = server();
    open();
    expect(await screen.findByRole('heading', { name: TEXT.title('Meridian Lending') })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2021 Toyota Hilux' })).toBeInTheDocument();
    expect(screen.getByText(/GP••••66/)).toBeInTheDocument();
    expect(screen.getByText(/R\s?425\s000,00/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '2021 Toyota Hilux' })).toHaveAttribute('src', `${LISTING}/${VEHICLE_ID}/photo`);
    expect(callsTo('/api/config/client')).toHaveLength(0);
  });

  test('an unknown seller is said plainly', async () => {
    fakeFetch(() => fail(404, 'NOT_FOUND', 'This listing does not exist.'));
    open('nobody-here');
    expect(await screen.findByText(TEXT.missingTitle)).toBeInTheDocument();
  });

  test('the offer form checks as typed, sends whole cents with the currency, and thanks the bidder', async () => {
    const { calls } = server();
    const { user, dialog } = await openBidForm();
    const form = within(dialog);
    await user.type(form.getByLabelText(TEXT.name), 'T');
    await user.type(form.getByLabelText(TEXT.contact), '12');
    await user.type(form.getByLabelText(TEXT.amount('ZAR')), '12.345');
    expect(await form.findByText('Your name is required.')).toBeInTheDocument();
    expect(await form.findByText('Give a phone number (7 to 15 digits) or an e-mail address.')).toBeInTheDocument();
    expect(await form.findByText(/Type the amount in whole units and cents/)).toBeInTheDocument();

    await user.type(form.getByLabelText(TEXT.name), 'habo Nkosi');
    await user.clear(form.getByLabelText(TEXT.contact));
    await user.type(form.getByLabelText(TEXT.contact), '+27 82 555 0101');
    await user.clear(form.getByLabelText(TEXT.amount('ZAR')));
    await user.type(form.getByLabelText(TEXT.amount('ZAR')), '395000.50');
    await user.click(form.getByRole('button', { name: TEXT.send }));
    expect(await screen.findByText(TEXT.sent)).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === BIDS);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ name: 'Thabo Nkosi', contact: '+27 82 555 0101', amountMinor: 39_500_050, currency: 'ZAR' });
  });

  test('too many offers (429) is explained with the wait; a server field message lands on its field', async () => {
    const replies: FakeReply[] = [
      fail(400, 'VALIDATION', '', { fieldErrors: { amountMinor: ['An amount is at most 100000000000 cents.'] } }),
      fail(429, 'RATE_LIMITED', 'Too many bids from this network just now.', { retryAfter: 600 }),
    ];
    server(() => replies.shift()!);
    const { user, dialog } = await openBidForm();
    const form = within(dialog);
    await user.type(form.getByLabelText(TEXT.name), 'Anna van Wyk');
    await user.type(form.getByLabelText(TEXT.contact), 'anna@example.com');
    await user.type(form.getByLabelText(TEXT.amount('ZAR')), '1000');
    await user.click(form.getByRole('button', { name: TEXT.send }));
    expect(await form.findByText('An amount is at most 100000000000 cents.')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: TEXT.send }));
    await waitFor(() => expect(form.getByText(TEXT.throttled(600))).toBeInTheDocument());
    expect(screen.queryByText(TEXT.sent)).not.toBeInTheDocument();
  });
});
